import Foundation

public enum ExerciseUnit: String, Codable, Sendable, CaseIterable {
    /// Counted in repetitions (push-ups).
    case reps
    /// Held or done for a time (plank).
    case seconds
}

public enum ExerciseCategory: String, Codable, Sendable, CaseIterable {
    case bodyweight, strength, core, cardio, stretch
}

/// What a set of the exercise holds, and so how its records and volume count.
public enum ExerciseKind: String, Codable, Sendable, CaseIterable {
    /// A bar or a dumbbell: weight × reps (bench press).
    case weightReps
    /// The body's own weight × reps (push-up).
    case bodyweightReps
    /// The body plus a belt or a vest (weighted pull-up).
    case weightedBodyweight
    /// The body less a band's or a machine's help (assisted pull-up).
    case assistedBodyweight
    /// Held or done for a time (plank, a stretch).
    case duration
    /// Covered in a time (a treadmill run).
    case distanceDuration
    /// A weight carried a distance (farmer's walk).
    case weightDistance

    /// What a set counts today: a time for the timed kinds, else reps.
    public var unit: ExerciseUnit {
        switch self {
        case .duration, .distanceDuration, .weightDistance: .seconds
        case .weightReps, .bodyweightReps, .weightedBodyweight, .assistedBodyweight: .reps
        }
    }

    /// The kind an entry sent without one has: timed ones a duration, a bar's weight × reps,
    /// everything else the body's own.
    public static func of(unit: ExerciseUnit, category: ExerciseCategory) -> ExerciseKind {
        if unit == .seconds { return .duration }
        return category == .strength ? .weightReps : .bodyweightReps
    }
}

/// What an exercise is done with: the catalog's filter, named in each language for search.
public enum ExerciseEquipment: String, Codable, Sendable, CaseIterable {
    case barbell, dumbbell, cable, machine, kettlebell, band, medicineBall = "medicine-ball", exerciseBall = "exercise-ball"
    case foamRoller = "foam-roller", ezBar = "ez-bar", bodyweight, other

    /// Its names in en, ja and ko, as the browser's dictionaries have them (`equipment.*`).
    public var names: [String] {
        switch self {
        case .barbell: ["Barbell", "バーベル", "바벨"]
        case .dumbbell: ["Dumbbell", "ダンベル", "덤벨"]
        case .cable: ["Cable", "ケーブル", "케이블"]
        case .machine: ["Machine", "マシン", "머신"]
        case .kettlebell: ["Kettlebell", "ケトルベル", "케틀벨"]
        case .band: ["Band", "バンド", "밴드"]
        case .medicineBall: ["Medicine ball", "メディシンボール", "메디신 볼"]
        case .exerciseBall: ["Exercise ball", "バランスボール", "짐볼"]
        case .foamRoller: ["Foam roller", "フォームローラー", "폼롤러"]
        case .ezBar: ["EZ bar", "EZバー", "EZ바"]
        case .bodyweight: ["Body weight", "自重", "맨몸"]
        case .other: ["Other", "その他", "기타"]
        }
    }
}

/// One exercise of the catalog.
public struct Exercise: Codable, Equatable, Sendable {
    /// A short slug: `push-up`.
    public var id: String
    public var category: ExerciseCategory
    /// The muscles it trains most, in English (the browser names them in each language).
    public var muscles: [String]
    /// The muscles it also trains.
    public var secondaryMuscles: [String]
    public var unit: ExerciseUnit
    public var kind: ExerciseKind
    public var equipment: ExerciseEquipment?
    /// beginner, intermediate or expert, where the catalog says.
    public var level: String?
    /// Names by language: en, ja and ko are always present.
    public var names: [String: String]
    /// A link to a follow-along video elsewhere.
    public var videoURL: String?
    /// Shipped with Yaruki (admins may still edit it).
    public var builtIn: Bool
    /// Where the follow-along video a coach uploaded plays from, on this server; it wins over
    /// `videoURL`. The server's to say.
    public var videoFile: String?

    public init(id: String, category: ExerciseCategory, muscles: [String], unit: ExerciseUnit, names: [String: String],
                videoURL: String? = nil, builtIn: Bool = false, videoFile: String? = nil, kind: ExerciseKind? = nil,
                equipment: ExerciseEquipment? = nil, secondaryMuscles: [String] = [], level: String? = nil) {
        self.id = id
        self.category = category
        self.muscles = muscles
        self.secondaryMuscles = secondaryMuscles
        self.unit = unit
        self.kind = kind ?? ExerciseKind.of(unit: unit, category: category)
        self.equipment = equipment
        self.level = level
        self.names = names
        self.videoURL = videoURL
        self.builtIn = builtIn
        self.videoFile = videoFile
    }

    enum CodingKeys: String, CodingKey {
        case id, category, muscles, secondaryMuscles, unit, kind, equipment, level, names, videoURL, builtIn, videoFile
    }

    /// `builtIn` and `videoFile` are the server's to say; a body that leaves them out is fine,
    /// and one that sends them is still held to their types (the document's), then not believed.
    /// A body without a kind gets the one its unit and category suggest.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        category = try c.decode(ExerciseCategory.self, forKey: .category)
        muscles = try c.decodeIfPresent([String].self, forKey: .muscles) ?? []
        secondaryMuscles = try c.decodeIfPresent([String].self, forKey: .secondaryMuscles) ?? []
        unit = try c.decode(ExerciseUnit.self, forKey: .unit)
        kind = try c.decodeIfPresent(ExerciseKind.self, forKey: .kind) ?? ExerciseKind.of(unit: unit, category: category)
        equipment = try c.decodeIfPresent(ExerciseEquipment.self, forKey: .equipment)
        level = try c.decodeIfPresent(String.self, forKey: .level)
        names = try c.decode([String: String].self, forKey: .names)
        videoURL = try c.decodeIfPresent(String.self, forKey: .videoURL)
        builtIn = try c.decodeIfPresent(Bool.self, forKey: .builtIn) ?? false
        _ = try c.decodeIfPresent(String.self, forKey: .videoFile)
        videoFile = nil
    }

    /// Replies always say `builtIn`, `kind` and the muscles; they are written as optional so the
    /// document does not require them of a request body, which may leave them out.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(category, forKey: .category)
        try c.encodeIfPresent(Optional(muscles), forKey: .muscles)
        try c.encodeIfPresent(Optional(secondaryMuscles), forKey: .secondaryMuscles)
        try c.encode(unit, forKey: .unit)
        try c.encodeIfPresent(Optional(kind), forKey: .kind)
        try c.encodeIfPresent(equipment, forKey: .equipment)
        try c.encodeIfPresent(level, forKey: .level)
        try c.encode(names, forKey: .names)
        try c.encodeIfPresent(videoURL, forKey: .videoURL)
        try c.encodeIfPresent(Optional(builtIn), forKey: .builtIn)
        try c.encodeIfPresent(videoFile, forKey: .videoFile)
    }

    /// Catalog ids: lower-case letters, digits and '-'.
    public static let idPattern = "^[a-z0-9-]{1,64}$"
    public static let maxName = 80
    public static let maxMuscles = 12
    public static let maxMuscle = 40
    public static let maxVideoURL = 500
    public static let levels = ["beginner", "intermediate", "expert"]
    /// http(s), a host name (ASCII; an international one in its xn-- form), an optional port, then
    /// anything without spaces.
    public static let videoURLPattern = "^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?([/?#][^\(TextRule.spaceClass)\(TextRule.controlClass)]*)?$"

    /// Names keyed by anything but the app's languages (en, ja, ko) are refused, not dropped.
    public static func checkLanguages(_ names: [String: String]) -> [FieldRuleError] {
        names.keys.filter { AppLanguage(rawValue: $0) == nil }.sorted().map { key in
            FieldRuleError(field: "names", message: "holds \"\(key.prefix(20))\", which is not one of the app's languages (en, ja, ko)")
        }
    }

    /// Checks a catalog entry an admin sends; every problem, each naming its field.
    public static func check(_ e: Exercise) -> [FieldRuleError] {
        var errors: [FieldRuleError] = []
        if e.id.isEmpty || e.id.count > 64 || !e.id.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }) {
            errors.append(.init(field: "id", message: "must be 1 to 64 lower-case letters, digits or '-'"))
        }
        if e.kind.unit != e.unit {
            errors.append(.init(field: "kind", message: "counts \(e.kind.unit.rawValue), but the unit is \(e.unit.rawValue)"))
        }
        for language in AppLanguage.allCases {
            guard let name = e.names[language.rawValue] else {
                errors.append(.init(field: "names.\(language.rawValue)", message: "is required"))
                continue
            }
            errors += TextRule.check(name, field: "names.\(language.rawValue)", max: maxName, required: true)
        }
        errors += checkLanguages(e.names)
        if e.muscles.count > maxMuscles { errors.append(.init(field: "muscles", message: "has more than \(maxMuscles) names")) }
        for (i, muscle) in e.muscles.enumerated() { errors += TextRule.check(muscle, field: "muscles[\(i)]", max: maxMuscle, required: true) }
        if e.secondaryMuscles.count > maxMuscles { errors.append(.init(field: "secondaryMuscles", message: "has more than \(maxMuscles) names")) }
        for (i, muscle) in e.secondaryMuscles.enumerated() {
            errors += TextRule.check(muscle, field: "secondaryMuscles[\(i)]", max: maxMuscle, required: true)
        }
        if let level = e.level, !levels.contains(level) { errors.append(.init(field: "level", message: "must be one of \(levels.joined(separator: ", "))")) }
        if let url = e.videoURL { errors += checkVideoURL(url, field: "videoURL") }
        return errors
    }

    /// A follow-along video's link: what `videoURLPattern` says, at most `maxVideoURL` characters.
    public static func checkVideoURL(_ url: String, field: String) -> [FieldRuleError] {
        guard TextRule.length(url) > maxVideoURL || url.range(of: videoURLPattern, options: .regularExpression) == nil else { return [] }
        return [.init(field: field, message: "must be an http(s) link")]
    }
}

/// What a set was for, as lifters log it: a warm-up counts for no record and no volume.
public enum SetType: String, Codable, Sendable, CaseIterable {
    case warmup, working, drop, failure
}

/// One set: reps or seconds (which one the exercise's unit says), an optional weight, the rest
/// after it; what it was for (`type`, working when absent), how hard it was (RPE 6–10 in halves,
/// or reps in reserve), and a distance for the kinds that cover one.
public struct WorkoutSet: Codable, Equatable, Sendable {
    public var reps: Int?
    public var seconds: Int?
    public var weightKg: Double?
    public var restSeconds: Int?
    public var type: SetType?
    public var rpe: Double?
    public var rir: Int?
    public var distanceM: Double?

    public init(reps: Int? = nil, seconds: Int? = nil, weightKg: Double? = nil, restSeconds: Int? = nil, type: SetType? = nil,
                rpe: Double? = nil, rir: Int? = nil, distanceM: Double? = nil) {
        self.reps = reps
        self.seconds = seconds
        self.weightKg = weightKg
        self.restSeconds = restSeconds
        self.type = type
        self.rpe = rpe
        self.rir = rir
        self.distanceM = distanceM
    }

    /// A warm-up counts for no record and no volume.
    public var counts: Bool { type != .warmup }

    public static let rpeRange = 6.0...10.0
    public static let rirRange = 0...10
    public static let maxDistanceM = 1_000_000.0

    /// The set's own bounds, each problem under `field`.
    static func check(_ set: WorkoutSet, field: String) -> [FieldRuleError] {
        var errors: [FieldRuleError] = []
        if let reps = set.reps, !(0...1000).contains(reps) { errors.append(.init(field: "\(field).reps", message: "must be 0 to 1000")) }
        if let s = set.seconds, !(0...86_400).contains(s) { errors.append(.init(field: "\(field).seconds", message: "must be 0 to 86400")) }
        if let kg = set.weightKg, !(kg >= 0 && kg <= 1000) || !kg.isFinite {
            errors.append(.init(field: "\(field).weightKg", message: "must be 0 to 1000"))
        }
        if let rest = set.restSeconds, !(0...3600).contains(rest) {
            errors.append(.init(field: "\(field).restSeconds", message: "must be 0 to 3600"))
        }
        if let rpe = set.rpe, !(rpeRange.contains(rpe) && (rpe * 2).rounded() == rpe * 2) {
            errors.append(.init(field: "\(field).rpe", message: "must be 6 to 10 in halves"))
        }
        if let rir = set.rir, !rirRange.contains(rir) { errors.append(.init(field: "\(field).rir", message: "must be 0 to 10")) }
        if set.rpe != nil, set.rir != nil { errors.append(.conflict("\(field).rir", "is given with rpe: say one or the other")) }
        if let m = set.distanceM, !(m >= 0 && m <= maxDistanceM) || !m.isFinite {
            errors.append(.init(field: "\(field).distanceM", message: "must be 0 to 1000000"))
        }
        return errors
    }
}

/// One exercise of a workout: its sets in order, the lifter's notes on it, and the superset it
/// belongs to (entries side by side with the same number are done in rounds).
public struct WorkoutEntry: Codable, Equatable, Sendable {
    public var exerciseId: String
    public var sets: [WorkoutSet]
    public var notes: String?
    public var superset: Int?

    public init(exerciseId: String, sets: [WorkoutSet], notes: String? = nil, superset: Int? = nil) {
        self.exerciseId = exerciseId
        self.sets = sets
        self.notes = notes
        self.superset = superset
    }

    public static let maxNotes = 1000
    public static let supersetRange = 1...25
}

/// A workout as a person logs it: when, which exercises in order, their sets, and notes.
public struct Workout: Codable, Equatable, Sendable {
    public var id: UUID
    public var startedAt: Date
    public var endedAt: Date?
    public var notes: String
    public var exercises: [WorkoutEntry]

    public init(id: UUID = UUID.timeOrdered(), startedAt: Date, endedAt: Date? = nil, notes: String = "", exercises: [WorkoutEntry]) {
        self.id = id
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.notes = notes
        self.exercises = exercises
    }

    public static let maxExercises = 50
    public static let maxSetsPerExercise = 100
    public static let maxSets = 500
    public static let maxNotes = 5000

    /// A superset's number is 1 to 25, and its exercises stand side by side (`groups`: every
    /// item's number, in order).
    public static func checkSuperset(_ group: Int?, at i: Int, field: String, groups: [Int?]) -> [FieldRuleError] {
        guard let group else { return [] }
        if !WorkoutEntry.supersetRange.contains(group) { return [.init(field: field, message: "must be 1 to \(WorkoutEntry.supersetRange.upperBound)")] }
        if i > 0, groups[i - 1] != group, groups[..<(i - 1)].contains(group) {
            return [.conflict(field, "joins superset \(group), whose exercises must stand side by side")]
        }
        return []
    }

    /// Every rule a logged workout must meet, each failure naming its field
    /// (`exercises[1].sets[0].reps`). `units` maps the catalog's exercise ids to their unit.
    public static func check(_ w: Workout, units: [String: ExerciseUnit], now: Date) -> [FieldRuleError] {
        var errors: [FieldRuleError] = []
        if w.startedAt > now.addingTimeInterval(24 * 3600) { errors.append(.conflict("startedAt", "is more than a day in the future")) }
        if w.startedAt < Date(timeIntervalSince1970: 0) { errors.append(.conflict("startedAt", "is before 1970")) }
        if let end = w.endedAt, end < w.startedAt {
            errors.append(.conflict("endedAt", "is before startedAt"))
        } else if let end = w.endedAt, end.timeIntervalSince(w.startedAt) > 24 * 3600 {
            errors.append(.conflict("endedAt", "is more than a day after startedAt"))
        }
        errors += TextRule.check(w.notes, field: "notes", max: maxNotes, required: false, paragraph: true)
        if w.exercises.isEmpty { errors.append(.init(field: "exercises", message: "needs at least one exercise")) }
        if w.exercises.count > maxExercises {
            errors.append(.init(field: "exercises", message: "has more than \(maxExercises) exercises"))
            return errors
        }
        if w.exercises.reduce(0, { $0 + $1.sets.count }) > maxSets {
            errors.append(.conflict("exercises", "has more than \(maxSets) sets in all"))
        }
        for (i, entry) in w.exercises.enumerated() {
            let base = "exercises[\(i)]"
            let unit = units[entry.exerciseId]
            if !entry.exerciseId.isEmpty, entry.exerciseId.count <= 40,
               entry.exerciseId.allSatisfy({ ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }) {
                if unit == nil { errors.append(.missing("\(base).exerciseId", "is not in the exercise catalog")) }
            } else {
                errors.append(.init(field: "\(base).exerciseId", message: "is not an exercise id (lower-case letters, digits and '-')"))
            }
            if entry.sets.isEmpty { errors.append(.init(field: "\(base).sets", message: "needs at least one set")) }
            if entry.sets.count > maxSetsPerExercise {
                errors.append(.init(field: "\(base).sets", message: "has more than \(maxSetsPerExercise) sets"))
                continue
            }
            if let notes = entry.notes { errors += TextRule.check(notes, field: "\(base).notes", max: WorkoutEntry.maxNotes, required: false, paragraph: true) }
            errors += checkSuperset(entry.superset, at: i, field: "\(base).superset", groups: w.exercises.map(\.superset))
            for (j, set) in entry.sets.enumerated() {
                let field = "\(base).sets[\(j)]"
                errors += WorkoutSet.check(set, field: field)
                switch unit {
                case .reps where set.reps == nil: errors.append(.conflict("\(field).reps", "is required for this exercise"))
                case .seconds where set.seconds == nil: errors.append(.conflict("\(field).seconds", "is required for this exercise"))
                default: break
                }
            }
        }
        return errors
    }
}
