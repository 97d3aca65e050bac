import Foundation
import YarukiAPI
import YarukiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension YarukiClient {
    /// The exercise catalog (no sign-in needed).
    public func exercises() async throws -> [Exercise] {
        let items: Items<Exercise> = try await get("/v1/exercises")
        return items.items
    }

    /// Logs a workout under its own id, so a retry after a lost answer does not log it twice.
    @discardableResult
    public func log(_ workout: Workout) async throws -> Workout {
        try await authorized(request("PUT", "/v1/workouts/\(workout.id.uuidString.lowercased())", body: WorkoutBody(workout)))
    }

    /// "Save as workout": the sets a timer session recorded, as one exercise of a workout.
    @discardableResult
    public func save(_ machine: RepRestMachine, exerciseId: String, notes: String = "", endedAt: Date = Date()) async throws -> Workout {
        guard let first = machine.sets.first else { throw YarukiClientError.unexpectedResponse(status: 0) }
        let sets = machine.sets.map { WorkoutSet(reps: $0.reps, restSeconds: $0.restSeconds) }
        return try await log(Workout(startedAt: first.completedAt, endedAt: endedAt, notes: notes,
                                     exercises: [WorkoutEntry(exerciseId: exerciseId, sets: sets)]))
    }

    /// A page of my workouts between two dates (YYYY-MM-DD, in my time zone), newest first.
    public func workouts(from: String? = nil, to: String? = nil, cursor: String? = nil, limit: Int = 50) async throws -> Page<Workout> {
        var query = ["limit=\(limit)"]
        if let from { query.append("from=\(from)") }
        if let to { query.append("to=\(to)") }
        if let cursor { query.append("cursor=\(cursor)") }
        return try await authorized(request("GET", "/v1/workouts?" + query.joined(separator: "&")))
    }

    public func workout(id: UUID) async throws -> Workout {
        try await authorized(request("GET", "/v1/workouts/\(id.uuidString.lowercased())"))
    }

    public func deleteWorkout(id: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/workouts/\(id.uuidString.lowercased())"))
    }
}
