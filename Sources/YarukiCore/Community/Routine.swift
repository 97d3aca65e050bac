import Foundation

/// One step of a routine: an exercise from the catalog, so many sets of reps (or seconds, as
/// the exercise's unit says), and the rest after each set. Items side by side with the same
/// `superset` are done in rounds, the rest after the round. A session starts from these.
public struct RoutineItem: Codable, Equatable, Sendable {
    public var exerciseId: String
    public var sets: Int
    public var reps: Int?
    public var seconds: Int?
    public var restSeconds: Int
    public var superset: Int?

    public init(exerciseId: String, sets: Int, reps: Int? = nil, seconds: Int? = nil, restSeconds: Int, superset: Int? = nil) {
        self.exerciseId = exerciseId
        self.sets = sets
        self.reps = reps
        self.seconds = seconds
        self.restSeconds = restSeconds
        self.superset = superset
    }
}

/// What a person writes for a routine; `check` names every broken field.
public struct RoutineDraft: Codable, Equatable, Sendable {
    public var title: String
    public var description: String
    public var isPublic: Bool
    public var items: [RoutineItem]

    public static let maxTitle = 100
    public static let maxDescription = 2_000
    public static let maxItems = 30

    enum CodingKeys: String, CodingKey { case title, description, isPublic = "public", items }

    public init(title: String, description: String = "", isPublic: Bool, items: [RoutineItem]) {
        self.title = title
        self.description = description
        self.isPublic = isPublic
        self.items = items
    }

    /// Title, public and items are required; the description may be left out.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decode(String.self, forKey: .title)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        isPublic = try c.decode(Bool.self, forKey: .isPublic)
        items = try c.decode([RoutineItem].self, forKey: .items)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(Optional(description), forKey: .description)
        try c.encode(isPublic, forKey: .isPublic)
        try c.encode(items, forKey: .items)
    }

    /// Trimmed, NFC text.
    public var normalized: RoutineDraft {
        var copy = self
        copy.title = PostDraft.normalize(title)
        copy.description = PostDraft.normalize(description)
        return copy
    }

    /// Checks the draft as sent (before `normalized`); `units` maps the catalog's exercise ids to their unit.
    public static func check(_ r: RoutineDraft, units: [String: ExerciseUnit]) -> [FieldRuleError] {
        var errors: [FieldRuleError] = []
        errors += TextRule.check(r.title, field: "title", max: maxTitle, required: true)
        errors += TextRule.check(r.description, field: "description", max: maxDescription, required: false, paragraph: true)
        if r.items.isEmpty { errors.append(.init(field: "items", message: "needs at least one exercise")) }
        if r.items.count > maxItems {
            errors.append(.init(field: "items", message: "has more than \(maxItems) exercises"))
            return errors
        }
        for (i, item) in r.items.enumerated() {
            let base = "items[\(i)]"
            let unit = units[item.exerciseId]
            if item.exerciseId.range(of: Exercise.idPattern, options: .regularExpression) == nil {
                errors.append(.init(field: "\(base).exerciseId", message: "is not an exercise id (lower-case letters, digits and '-')"))
            } else if unit == nil {
                errors.append(.missing("\(base).exerciseId", "is not in the exercise catalog"))
            }
            if !(1...20).contains(item.sets) { errors.append(.init(field: "\(base).sets", message: "must be 1 to 20")) }
            if !(0...600).contains(item.restSeconds) { errors.append(.init(field: "\(base).restSeconds", message: "must be 0 to 600")) }
            if let reps = item.reps, !(1...500).contains(reps) { errors.append(.init(field: "\(base).reps", message: "must be 1 to 500")) }
            if let seconds = item.seconds, !(1...3600).contains(seconds) { errors.append(.init(field: "\(base).seconds", message: "must be 1 to 3600")) }
            errors += Workout.checkSuperset(item.superset, at: i, field: "\(base).superset", groups: r.items.map(\.superset))
            switch unit {
            case .reps:
                if item.reps == nil { errors.append(.conflict("\(base).reps", "is required for this exercise")) }
                if item.seconds != nil { errors.append(.conflict("\(base).seconds", "is not used by this exercise (it counts reps)")) }
            case .seconds:
                if item.seconds == nil { errors.append(.conflict("\(base).seconds", "is required for this exercise")) }
                if item.reps != nil { errors.append(.conflict("\(base).reps", "is not used by this exercise (it counts seconds)")) }
            case nil: break
            }
        }
        return errors
    }
}
