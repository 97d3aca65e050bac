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
        try await authorized(request("PUT", "/v1/workouts/\(workout.id.lowercasedString)", body: WorkoutBody(workout)))
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
        try await authorized(request("GET", "/v1/workouts/\(id.lowercasedString)"))
    }

    public func deleteWorkout(id: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/workouts/\(id.lowercasedString)"))
    }
}

extension YarukiClient {
    /// Starts a training session: from a routine, as a repeat of my last workout, or empty; its
    /// sets come pre-filled with last time's.
    public func startSession(routineId: UUID? = nil, repeatLast: Bool = false, title: String? = nil, defaultRest: Int? = nil) async throws -> TrainingSession {
        try await authorized(request("POST", "/v1/training/session",
                                     body: SessionStartBody(routineId: routineId, repeatLast: repeatLast ? true : nil, title: title, defaultRest: defaultRest)))
    }

    /// The session under way, nil when there is none.
    public func currentSession() async throws -> TrainingSession? {
        do {
            let session: TrainingSession = try await authorized(request("GET", "/v1/training/session"))
            return session
        } catch let YarukiClientError.problem(problem) where problem.status == 404 {
            return nil
        }
    }

    /// Keeps the device's state of the session on the server (another device then finds it).
    @discardableResult
    public func saveSession(_ session: TrainingSession) async throws -> TrainingSession {
        try await authorized(request("PUT", "/v1/training/session", body: session))
    }

    /// Finishes the session (this state of it, or the server's) into a workout; answers the summary and records.
    public func finishSession(_ session: TrainingSession? = nil) async throws -> SessionFinish {
        if let session { return try await authorized(request("POST", "/v1/training/session/finish", body: session)) }
        return try await authorized(request("POST", "/v1/training/session/finish"))
    }

    public func discardSession() async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/training/session"))
    }

    /// An exercise over time and its records.
    public func progress(exercise: String) async throws -> ExerciseProgress {
        try await authorized(request("GET", "/v1/training/progress?exercise=\(exercise)"))
    }
}
