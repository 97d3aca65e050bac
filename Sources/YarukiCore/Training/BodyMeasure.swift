import Foundation

/// What a person measures of their body over time: weight in kilograms (shown in their unit),
/// body fat in percent, girths in centimetres. The weight also counts the body's own share of
/// body-weight exercises (`SetCounting`).
public enum BodyMeasure: String, Codable, Sendable, CaseIterable {
    case weight, bodyFat, waist, chest, hips, arm, thigh, neck

    /// The values a person may give, in the measure's unit.
    public var range: ClosedRange<Double> {
        switch self {
        case .weight: 20...400
        case .bodyFat: 2...75
        case .waist, .chest, .hips, .arm, .thigh, .neck: 10...300
        }
    }

    /// kg, % or cm.
    public var unit: String {
        switch self {
        case .weight: "kg"
        case .bodyFat: "%"
        case .waist, .chest, .hips, .arm, .thigh, .neck: "cm"
        }
    }
}

/// One day's measures, as the person wrote them.
public struct BodyDay: Codable, Equatable, Sendable {
    public var day: String
    /// By measure (`BodyMeasure`'s raw values): kg, % or cm.
    public var measures: [String: Double]

    public init(day: String, measures: [String: Double]) {
        self.day = day
        self.measures = measures
    }

    /// Each value a known measure, finite and in its range, to a tenth at most (null removes
    /// one, so `changes` may hold nil).
    public static func check(day: String, changes: [String: Double?], today: String) -> [FieldRuleError] {
        var errors: [FieldRuleError] = []
        if !PersonalCalendar.accepts(day) {
            errors.append(.init(field: "day", message: "must be a day, YYYY-MM-DD"))
        } else if day > today {
            errors.append(.conflict("day", "is after today (\(today))"))
        }
        if changes.isEmpty { errors.append(.init(field: "measures", message: "needs at least one measure")) }
        for key in changes.keys.sorted() {
            guard let measure = BodyMeasure(rawValue: key) else {
                errors.append(.init(field: "measures", message: "holds \"\(key.prefix(20))\", which is none of \(BodyMeasure.allCases.map(\.rawValue).joined(separator: ", "))"))
                continue
            }
            guard let value = changes[key] ?? nil else { continue }
            if !value.isFinite || !measure.range.contains(value) {
                errors.append(.init(field: "measures.\(key)", message: "must be \(Int(measure.range.lowerBound)) to \(Int(measure.range.upperBound)) \(measure.unit)"))
            }
        }
        return errors
    }
}
