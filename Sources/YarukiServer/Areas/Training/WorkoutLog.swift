import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// What other areas may read of Training, inside a read of their own (on SQLite a calendar
/// month's counts or a lifelog day then see one moment; on PostgreSQL their statements go out in
/// one round trip): a person's workouts and the exercise catalog.
/// Training implements it over its store; no other area names that store.
protocol WorkoutLog: Sendable {
    /// When each of the person's workouts in [from, to) started.
    func starts(user: UUID, from: Date, to: Date, _ c: SQLConnection) throws -> [Date]
    /// The person's workouts that started in [from, to), newest first, at most `limit`.
    func workouts(user: UUID, from: Date, to: Date, limit: Int, _ c: SQLConnection) throws -> [Workout]
    /// The same workouts as their stored JSON (what a reply sends as it is), with their starts,
    /// answered later: the query goes out with the next one waited for (read it inside the read).
    func writtenWorkouts(user: UUID, from: Date, to: Date, limit: Int, _ c: SQLConnection) throws -> Later<[(startedAt: Date, json: Prewritten<Workout>)]>
    /// The exercise catalog, with the person's own exercises.
    func exercises(visibleTo user: UUID, _ c: SQLConnection) throws -> [Exercise]
    /// The unit of each exercise the person may use, for checking the sets another area keeps (a routine's).
    func units(visibleTo user: UUID, _ c: SQLConnection) throws -> [String: ExerciseUnit]
    /// The ids of the person's own exercises (which nobody else may see).
    func ownExerciseIDs(of user: UUID, _ c: SQLConnection) throws -> Set<String>
    /// Whether the exercise is the catalog's or the person's own, and the workout the person's (nil: nothing to check).
    func known(exercise: String?, workout: UUID?, of user: UUID, _ c: SQLConnection) throws -> (exercise: Bool, workout: Bool)
}

extension TrainingService: WorkoutLog {
    func starts(user: UUID, from: Date, to: Date, _ c: SQLConnection) throws -> [Date] {
        try TrainingStore.workoutStarts(user: user, from: from, to: to, c)
    }

    func workouts(user: UUID, from: Date, to: Date, limit: Int, _ c: SQLConnection) throws -> [Workout] {
        try TrainingStore.workouts(user: user, from: from, to: to, after: nil, limit: limit, c)
    }

    func writtenWorkouts(user: UUID, from: Date, to: Date, limit: Int, _ c: SQLConnection) throws -> Later<[(startedAt: Date, json: Prewritten<Workout>)]> {
        try TrainingStore.writtenWorkoutsLater(user: user, from: from, to: to, after: nil, limit: limit, c).map { $0.map { ($0.startedAt, Prewritten(json: $0.json)) } }
    }

    func exercises(visibleTo user: UUID, _ c: SQLConnection) throws -> [Exercise] { try TrainingStore.exercises(visibleTo: user, c) }

    func units(visibleTo user: UUID, _ c: SQLConnection) throws -> [String: ExerciseUnit] { try TrainingStore.units(visibleTo: user, c) }

    func ownExerciseIDs(of user: UUID, _ c: SQLConnection) throws -> Set<String> {
        Set(try TrainingStore.ownExercises(of: user, c).map(\.id))
    }

    func known(exercise: String?, workout: UUID?, of user: UUID, _ c: SQLConnection) throws -> (exercise: Bool, workout: Bool) {
        (try exercise.map { try TrainingStore.exercise($0, visibleTo: user, c) != nil } ?? true, try workout.map { try TrainingStore.workout($0, user: user, c) != nil } ?? true)
    }
}
