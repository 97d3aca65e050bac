import Foundation
import YarukiCore
import YarukiJSON

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

/// A logged workout read without `JSONDecoder`: its `Decodable` walk was a ninth of the server's
/// work on a write.
extension WorkoutBody: JSONReadable {
    public static func read(json: Data) throws -> WorkoutBody? {
        try JSONReader.body(json) { r in
            var body = WorkoutBody(startedAt: Date(timeIntervalSince1970: 0), exercises: [])
            var (started, exercises): (Date?, [WorkoutEntry]?) = (nil, nil)
            try r.object { r, name in
                switch name {
                case "id": body.id = try r.optionalUUID()
                case "startedAt": started = try r.requiredString(RFC3339.date)
                case "endedAt": body.endedAt = try r.optionalString(RFC3339.date)
                case "notes": body.notes = try r.optionalString()
                case "exercises": exercises = try r.objects(WorkoutEntry.read)
                default: return false
                }
                return true
            }
            guard let started, let exercises else { return nil }
            (body.startedAt, body.exercises) = (started, exercises)
            return body
        }
    }
}

extension WorkoutEntry {
    /// The members of an entry whose `{` was just read.
    static func read(_ r: inout JSONReader) throws -> WorkoutEntry {
        var entry = WorkoutEntry(exerciseId: "", sets: [])
        var (exercise, sets): (String?, [WorkoutSet]?) = (nil, nil)
        try r.uniqueMembers { r, name in
            switch name {
            case "exerciseId": exercise = try r.requiredString()
            case "sets": sets = try r.objects(WorkoutSet.read)
            case "notes": entry.notes = try r.optionalString()
            case "superset": entry.superset = try r.optionalInt()
            default: return false
            }
            return true
        }
        guard let exercise, let sets else { throw JSONReader.Unusual() }
        (entry.exerciseId, entry.sets) = (exercise, sets)
        return entry
    }
}

extension WorkoutSet {
    /// The members of a set whose `{` was just read.
    static func read(_ r: inout JSONReader) throws -> WorkoutSet {
        var set = WorkoutSet()
        try r.uniqueMembers { r, name in
            switch name {
            case "reps": set.reps = try r.optionalInt()
            case "seconds": set.seconds = try r.optionalInt()
            case "weightKg": set.weightKg = try r.optionalNumber()
            case "restSeconds": set.restSeconds = try r.optionalInt()
            case "type": set.type = try r.optionalString(SetType.init(rawValue:))
            case "rpe": set.rpe = try r.optionalNumber()
            case "rir": set.rir = try r.optionalInt()
            case "distanceM": set.distanceM = try r.optionalNumber()
            default: return false
            }
            return true
        }
        return set
    }
}

/// `POST /v1/me/exercises` and `PUT /v1/me/exercises/{id}`: an exercise of my own, seen by me
/// alone. A name in one language is enough: it stands for the others until they are written.
public struct OwnExerciseBody: APIModel, RuledModel {
    public var names: [String: String]
    public var kind: ExerciseKind
    public var equipment: ExerciseEquipment?
    public var muscles: [String]?

    public init(names: [String: String], kind: ExerciseKind, equipment: ExerciseEquipment? = nil, muscles: [String]? = nil) {
        self.names = names
        self.kind = kind
        self.equipment = equipment
        self.muscles = muscles
    }

    public static let rules: [String: FieldRule] = [
        "names": .languageNames(max: Exercise.maxName, all: false), "muscles": .list(0...Exercise.maxMuscles, .line(max: Exercise.maxMuscle)),
    ]

    public static let example = OwnExerciseBody(names: ["en": "Hip adductor machine", "ja": "アダクター"], kind: .weightReps, equipment: .machine,
                                                muscles: ["adductors"])

    /// The exercise it describes under `id`: each language without a name takes the first one
    /// given (English, Japanese, Korean); the category follows from the kind.
    public func exercise(id: String) -> Exercise {
        let given = AppLanguage.allCases.compactMap { language in names[language.rawValue].map { TextRule.trim($0) } }.first { !$0.isEmpty } ?? ""
        var filled: [String: String] = [:]
        for language in AppLanguage.allCases {
            let name = TextRule.trim(names[language.rawValue] ?? "")
            filled[language.rawValue] = name.isEmpty ? given : name
        }
        let category: ExerciseCategory = switch kind {
        case .weightReps, .weightDistance: .strength
        case .bodyweightReps, .weightedBodyweight, .assistedBodyweight: .bodyweight
        case .duration: .core
        case .distanceDuration: .cardio
        }
        return Exercise(id: id, category: category, muscles: muscles ?? [], unit: kind.unit, names: filled, kind: kind, equipment: equipment)
    }
}

/// `POST /v1/me/exercises/{id}/merge`: my exercise's sets move to another I may log, and it goes.
public struct ExerciseMergeBody: APIModel, RuledModel {
    public var into: String

    public init(into: String) { self.into = into }

    public static let rules: [String: FieldRule] = ["into": .matching(Exercise.idPattern)]
    public static let example = ExerciseMergeBody(into: "cable-crossover")
}

/// `PUT /v1/exercises/{id}/video-link`: a follow-along video elsewhere (it replaces an upload).
public struct ExerciseVideoLink: APIModel, RuledModel {
    public var url: String

    public init(url: String) { self.url = url }

    public static let rules: [String: FieldRule] = ["url": FieldRule(maxLength: Exercise.maxVideoURL, pattern: Exercise.videoURLPattern)]

    public static let example = ExerciseVideoLink(url: "https://videos.example/squat-follow-along.mp4")
}

/// `POST /v1/training/session`: start a session from a routine (mine or one I can see), as a
/// repeat of my last workout, or empty. Sets come pre-filled with last time's.
public struct SessionStartBody: APIModel, RuledModel {
    public var routineId: UUID?
    public var repeatLast: Bool?
    public var title: String?
    /// Seconds of rest after a set, where the exercise says none (default 90).
    public var defaultRest: Int?

    public init(routineId: UUID? = nil, repeatLast: Bool? = nil, title: String? = nil, defaultRest: Int? = nil) {
        self.routineId = routineId
        self.repeatLast = repeatLast
        self.title = title
        self.defaultRest = defaultRest
    }

    public static let rules: [String: FieldRule] = ["title": .line(max: TrainingSession.maxTitle, required: false),
                                                    "defaultRest": .integer(TrainingSession.restRange)]

    public static let example = SessionStartBody(routineId: Example.otherID, repeatLast: false, title: "Leg day", defaultRest: 90)
}

extension TrainingSession.SessionSet: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = ["reps": .integer(0...1000), "seconds": .integer(0...86_400), "weightKg": .number(0...1000),
                                                    "rpe": .effort, "rir": .integer(WorkoutSet.rirRange), "distanceM": .number(0...WorkoutSet.maxDistanceM)]

    public static let example = TrainingSession.SessionSet(reps: 5, seconds: 30, weightKg: 80, done: true, completedAt: Example.instant,
                                                           previous: WorkoutSet(reps: 5, weightKg: 77.5), type: .working, rpe: 8, distanceM: 0)
}

extension TrainingSession.SessionExercise: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = ["exerciseId": .matching(Exercise.idPattern), "restSeconds": .integer(TrainingSession.restRange),
                                                    "sets": .list(1...TrainingSession.maxSets), "superset": .integer(WorkoutEntry.supersetRange),
                                                    "notes": .paragraph(max: WorkoutEntry.maxNotes)]

    public static let example = TrainingSession.SessionExercise(exerciseId: "squat", restSeconds: 120, sets: [.example], superset: 1, notes: "Belt on")
}

extension TrainingSession.Phase: APIEnumeration {
    public static var wireValues: [String] { [TrainingSession.Phase.training, .rest, .finished].map(\.rawValue) }
}

extension TrainingSession: RuledModel {
    public static let rules: [String: FieldRule] = ["title": .line(max: TrainingSession.maxTitle, required: false),
                                                    "defaultRest": .integer(TrainingSession.restRange), "restLength": .integer(TrainingSession.restRange),
                                                    "counted": .integer(0...10_000), "exercises": .list(0...TrainingSession.maxExercises)]
}

extension TrainingSession: APIModel {
    /// A session in its first rest: one squat set done, two to go, last time's sets beside them.
    public static let example: TrainingSession = {
        var session = TrainingSession(id: Example.otherID, startedAt: Example.instant, title: "Leg day", routineId: Example.personID, defaultRest: 90,
                                      exercises: [TrainingSession.planned("squat", sets: 3, restSeconds: 120,
                                                                          lastTime: [WorkoutSet(reps: 5, weightKg: 80), WorkoutSet(reps: 5, weightKg: 80),
                                                                                     WorkoutSet(reps: 4, weightKg: 80)])])
        session.send(.toggleSet(exercise: 0, set: 0), at: Example.instant.addingTimeInterval(120))
        return session
    }()
}

extension PersonalRecords.Record: APIModel {
    public static let example = PersonalRecords.Record(exerciseId: "squat", kind: .estimatedOneRepMax, value: 96, weightKg: 80, reps: 6, previous: 93.5)
}

extension PersonalRecords.Kind: APIEnumeration {
    public static var wireValues: [String] { allCases.map(\.rawValue) }
}

extension SessionSummary.Comparison: APIModel {
    public static let example = SessionSummary.Comparison(startedAt: Example.instant.addingTimeInterval(-7 * 86_400), volumeKg: 1150, sets: 9,
                                                          durationSeconds: 2_400)
}

extension SessionSummary: APIModel {
    public static let example = SessionSummary(Workout.example, history: [], lastTime: Workout.example)
}

/// `POST /v1/training/session/finish`: the workout it saved and what the session came to.
public struct SessionFinish: APIModel, Equatable {
    public var workout: Workout
    public var summary: SessionSummary

    public init(workout: Workout, summary: SessionSummary) {
        self.workout = workout
        self.summary = summary
    }

    public static let example = SessionFinish(workout: .example, summary: .example)
}

extension TrainingProgress.Point: APIModel {
    public static let example = TrainingProgress.Point(day: Example.day, estimatedOneRepMaxKg: 96, heaviestKg: 85, volumeKg: 1_310, sets: 3)
}

extension TrainingProgress.Week: APIModel {
    public static let example = TrainingProgress.Week(weekStart: "2026-11-30", volumeKg: 4_820, sessions: 3)
}

/// The most reps done at one weight.
public struct RepsAtWeight: APIModel, Equatable {
    public var weightKg: Double
    public var reps: Int

    public init(weightKg: Double, reps: Int) {
        self.weightKg = weightKg
        self.reps = reps
    }

    public static let example = RepsAtWeight(weightKg: 80, reps: 6)
}

/// `GET /v1/training/progress?exercise=`: an exercise over time, and its records.
public struct ExerciseProgress: APIModel, Equatable {
    public var exerciseId: String
    public var points: [TrainingProgress.Point]
    public var heaviestKg: Double?
    public var estimatedOneRepMaxKg: Double?
    public var mostReps: [RepsAtWeight]
    /// For the timed kinds: the longest set, seconds.
    public var longestSeconds: Int?
    /// For the kinds that cover a distance: the farthest set, metres.
    public var farthestM: Double?

    public init(exerciseId: String, points: [TrainingProgress.Point], heaviestKg: Double?, estimatedOneRepMaxKg: Double?, mostReps: [RepsAtWeight],
                longestSeconds: Int? = nil, farthestM: Double? = nil) {
        self.exerciseId = exerciseId
        self.points = points
        self.heaviestKg = heaviestKg
        self.estimatedOneRepMaxKg = estimatedOneRepMaxKg
        self.mostReps = mostReps
        self.longestSeconds = longestSeconds
        self.farthestM = farthestM
    }

    public static let example = ExerciseProgress(exerciseId: "squat", points: [.example], heaviestKg: 85, estimatedOneRepMaxKg: 96,
                                                 mostReps: [.example], longestSeconds: 40, farthestM: 0)
}

extension BodyDay: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = ["day": .day]
    public static let example = BodyDay(day: "2026-11-30", measures: ["weight": 72.4, "waist": 81])
}

extension BodyMeasure: APIEnumeration {}

/// `PUT /v1/me/body/{day}`: the day's measures to set (kg, % or cm by measure), and those to remove.
public struct BodyDayBody: APIModel, RuledModel {
    public var measures: [String: Double]
    public var remove: [String]?

    public init(measures: [String: Double], remove: [String]? = nil) {
        self.measures = measures
        self.remove = remove
    }

    public static let rules: [String: FieldRule] = [
        "measures": FieldRule(items: [.number(2...400)], allowedKeys: BodyMeasure.allCases.map(\.rawValue)),
        "remove": FieldRule.list(0...BodyMeasure.allCases.count, .words(BodyMeasure.allCases.map(\.rawValue))).and(FieldRule(uniqueItems: true)),
    ]

    public static let example = BodyDayBody(measures: ["weight": 72.4, "waist": 81], remove: ["bodyFat"])

    /// `remove` names each measure once at most.
    public var problems: [FieldRuleError] {
        guard let remove else { return [] }
        return Set(remove).count == remove.count ? [] : [.init(field: "remove", message: "names a measure more than once")]
    }

    /// The changes it asks: a value sets a measure, nil removes one.
    public var changes: [String: Double?] {
        var changes: [String: Double?] = measures.mapValues { $0 }
        for key in remove ?? [] where changes[key] == nil { changes[key] = .some(nil) }
        return changes
    }
}

/// What an import of another app's log found or did: its workouts and sets, the days they
/// span, each exercise name with what it maps to, and (once landed) what was added.
public struct WorkoutImportReport: APIModel {
    public struct Name: APIModel {
        public var name: String
        public var sets: Int
        public var exerciseId: String?
        public var how: ExerciseMatcher.How
        public var suggestions: [String]

        public init(name: String, sets: Int, exerciseId: String?, how: ExerciseMatcher.How, suggestions: [String]) {
            self.name = name
            self.sets = sets
            self.exerciseId = exerciseId
            self.how = how
            self.suggestions = suggestions
        }

        public static let example = Name(name: "Bench Press (Dumbbell)", sets: 120, exerciseId: "dumbbell-bench-press", how: .equipment,
                                         suggestions: ["dumbbell-bench-press", "incline-dumbbell-press"])
    }

    public var format: WorkoutImport.Format
    public var workouts: Int
    public var sets: Int
    public var firstDay: String?
    public var lastDay: String?
    public var names: [Name]
    /// Whether anything landed: false for a preview (`dryRun`).
    public var landed: Bool
    /// Workouts added, and those already there from an earlier import of the same file.
    public var added: Int
    public var alreadyThere: Int
    /// Names made the person's own exercises (`createMissing`).
    public var created: [String]

    public init(format: WorkoutImport.Format, workouts: Int, sets: Int, firstDay: String?, lastDay: String?, names: [Name], landed: Bool,
                added: Int = 0, alreadyThere: Int = 0, created: [String] = []) {
        self.format = format
        self.workouts = workouts
        self.sets = sets
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.names = names
        self.landed = landed
        self.added = added
        self.alreadyThere = alreadyThere
        self.created = created
    }

    public static let example = WorkoutImportReport(format: .strong, workouts: 412, sets: 9_870, firstDay: "2021-03-02", lastDay: "2026-11-28",
                                                    names: [.example], landed: true, added: 410, alreadyThere: 2, created: ["Hip Thrust (Machine)"])
}

extension WorkoutImport.Format: APIEnumeration {}
extension ExerciseMatcher.How: APIEnumeration {}

/// An import's progress, on the person's event stream as `workout-import` while it runs.
public struct WorkoutImportProgress: APIModel {
    /// reading (the first pass, checking), or landing.
    public var phase: String
    public var bytesRead: Int
    public var bytesTotal: Int
    public var workouts: Int

    public init(phase: String, bytesRead: Int, bytesTotal: Int, workouts: Int) {
        self.phase = phase
        self.bytesRead = bytesRead
        self.bytesTotal = bytesTotal
        self.workouts = workouts
    }

    public static let example = WorkoutImportProgress(phase: "landing", bytesRead: 1_200_000, bytesTotal: 3_400_000, workouts: 140)
}

/// `PUT /v1/me/imports/names`: the exercise each name of another app's file means, remembered
/// for this import and the next.
public struct ImportNamesBody: APIModel, RuledModel {
    public var names: [String: String]

    public init(names: [String: String]) { self.names = names }

    public static let rules: [String: FieldRule] = ["names": FieldRule(items: [.matching(Exercise.idPattern)])]
    public static let example = ImportNamesBody(names: ["Lat Pulldown (Machine)": "wide-grip-lat-pulldown"])
}

/// A progress photo: the owner's alone, by day. Its copies are fetched with the owner's token
/// (`/v1/me/body/photos/{id}/display` or `/thumbnail`), never by a shareable link.
public struct BodyPhoto: APIModel {
    public var id: UUID
    public var day: String
    public var width: Int
    public var height: Int

    public init(id: UUID, day: String, width: Int, height: Int) {
        self.id = id
        self.day = day
        self.width = width
        self.height = height
    }

    public static let example = BodyPhoto(id: Example.otherID, day: "2026-11-30", width: 1200, height: 1600)
}
