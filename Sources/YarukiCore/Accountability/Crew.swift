import Foundation

/// What an item of a group's feed tells: a proof recorded, a training session finished, a
/// challenge's milestone, a cheer, or a break taken.
public enum CrewKind: String, Codable, Sendable, CaseIterable {
    case proof, session, challenge, cheer, pause
}

/// Where a group's challenge got to: proposed, half of its goal, or its goal.
public enum ChallengeMilestone: String, Codable, Sendable, CaseIterable {
    case proposed, halfway, done

    /// The milestones a total newly reaches, given what it was told before (`proposed` is told
    /// when the challenge is made): half way only while the goal is still ahead.
    public static func reached(total: Int, goal: Int) -> ChallengeMilestone? {
        if total >= goal { return .done }
        return total * 2 >= goal ? .halfway : nil
    }
}
