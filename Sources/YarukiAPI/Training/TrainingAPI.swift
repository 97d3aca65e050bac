import Foundation
import YarukiCore

/// `POST /v1/workouts` and `PUT /v1/workouts/{id}`: a workout as logged (the id, when sent, must
/// be the path's; notes may be left out).
public struct WorkoutBody: APIModel, RuledModel {
    public var id: UUID?
    public var startedAt: Date
    public var endedAt: Date?
    public var notes: String?
    public var exercises: [WorkoutEntry]

    public init(id: UUID? = nil, startedAt: Date, endedAt: Date? = nil, notes: String? = nil, exercises: [WorkoutEntry]) {
        self.id = id
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.notes = notes
        self.exercises = exercises
    }

    public init(_ workout: Workout) {
        self.init(id: workout.id, startedAt: workout.startedAt, endedAt: workout.endedAt, notes: workout.notes, exercises: workout.exercises)
    }

    public static let rules: [String: FieldRule] = ["notes": .paragraph(max: Workout.maxNotes), "exercises": .list(1...Workout.maxExercises)]

    public static let example = WorkoutBody(Workout.example)
}

/// `PUT /v1/exercises/{id}/video-link`: a follow-along video elsewhere (it replaces an upload).
public struct ExerciseVideoLink: APIModel, RuledModel {
    public var url: String

    public init(url: String) { self.url = url }

    public static let rules: [String: FieldRule] = ["url": FieldRule(maxLength: Exercise.maxVideoURL, pattern: Exercise.videoURLPattern)]

    public static let example = ExerciseVideoLink(url: "https://videos.example/squat-follow-along.mp4")
}
