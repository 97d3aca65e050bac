import Foundation

/// What a group's challenge counts, over a month of each member's own days.
public enum ChallengeMetric: String, Codable, Sendable, CaseIterable {
    /// Proofs recorded.
    case proofs
    /// Minutes of training sessions (workouts, from start to end).
    case minutes
    /// Steps from Health.
    case steps

    /// The largest goal a month can have.
    public var maxGoal: Int {
        switch self {
        case .proofs: 100_000
        case .minutes: 10_000_000
        case .steps: 1_000_000_000
        }
    }
}

/// A month, "YYYY-MM".
public enum Month {
    /// Its first and last day numbers; nil when it is no month.
    public static func days(_ month: String) -> (first: Int, last: Int)? {
        let u = Array(month.utf8)
        guard u.count == 7, u[4] == 45, let year = Int(month.prefix(4)), let m = Int(month.suffix(2)), (1...12).contains(m), year >= 1900 else { return nil }
        let first = DayNumber.of(year: year, month: m, day: 1)
        let next = m == 12 ? DayNumber.of(year: year + 1, month: 1, day: 1) : DayNumber.of(year: year, month: m + 1, day: 1)
        return (first, next - 1)
    }

    /// The month holding a day.
    public static func of(day: String) -> String { String(day.prefix(7)) }

    /// The month after.
    public static func after(_ month: String) -> String? {
        guard let (_, last) = days(month) else { return nil }
        return of(day: DayNumber.day(last + 1))
    }
}
