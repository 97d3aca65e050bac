import Foundation

/// One step of a routine: an exercise from the catalog, so many sets of reps (or seconds, as
/// the exercise's unit says), and the rest after each set. The timer starts from these.
public struct RoutineItem: Codable, Equatable, Sendable {
    public var exerciseId: String
    public var sets: Int
    public var reps: Int?
    public var seconds: Int?
    public var restSeconds: Int

    public init(exerciseId: String, sets: Int, reps: Int? = nil, seconds: Int? = nil, restSeconds: Int) {
        self.exerciseId = exerciseId
        self.sets = sets
        self.reps = reps
        self.seconds = seconds
        self.restSeconds = restSeconds
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

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        isPublic = try c.decodeIfPresent(Bool.self, forKey: .isPublic) ?? false
        items = try c.decodeIfPresent([RoutineItem].self, forKey: .items) ?? []
    }

    /// Trimmed, NFC text.
    public var normalized: RoutineDraft {
        var copy = self
        copy.title = PostDraft.normalize(title)
        copy.description = PostDraft.normalize(description)
        return copy
    }

    /// `units` maps the catalog's exercise ids to their unit.
    public static func check(_ r: RoutineDraft, units: [String: ExerciseUnit]) -> [FieldRuleError] {
        var errors: [FieldRuleError] = []
        if r.title.isEmpty || r.title.count > maxTitle { errors.append(.init(field: "title", message: "must be 1 to \(maxTitle) characters")) }
        if r.description.count > maxDescription {
            errors.append(.init(field: "description", message: "is longer than \(maxDescription) characters"))
        }
        if r.items.isEmpty { errors.append(.init(field: "items", message: "needs at least one exercise")) }
        if r.items.count > maxItems {
            errors.append(.init(field: "items", message: "has more than \(maxItems) exercises"))
            return errors
        }
        for (i, item) in r.items.enumerated() {
            let base = "items[\(i)]"
            let unit = units[item.exerciseId]
            if unit == nil { errors.append(.init(field: "\(base).exerciseId", message: "is not in the exercise catalog")) }
            if !(1...20).contains(item.sets) { errors.append(.init(field: "\(base).sets", message: "must be 1 to 20")) }
            if !(0...600).contains(item.restSeconds) { errors.append(.init(field: "\(base).restSeconds", message: "must be 0 to 600")) }
            switch unit {
            case .reps:
                if !(1...500).contains(item.reps ?? 0) { errors.append(.init(field: "\(base).reps", message: "must be 1 to 500 for this exercise")) }
                if item.seconds != nil { errors.append(.init(field: "\(base).seconds", message: "is not used by this exercise (it counts reps)")) }
            case .seconds:
                if !(1...3600).contains(item.seconds ?? 0) {
                    errors.append(.init(field: "\(base).seconds", message: "must be 1 to 3600 for this exercise"))
                }
                if item.reps != nil { errors.append(.init(field: "\(base).reps", message: "is not used by this exercise (it counts seconds)")) }
            case nil: break
            }
        }
        return errors
    }
}
