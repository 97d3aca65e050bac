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
