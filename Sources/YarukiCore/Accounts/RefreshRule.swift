import Foundation

/// What presenting a refresh token means, decided from its record alone. RFC 9700 §4.14.2:
/// a spent token presented again is a sign of theft, so its whole family is revoked, except
/// within a short grace window in which two clients that refreshed at once (two tabs, a phone
/// and a watch) both get the same successor and stay signed in.
public enum RefreshDecision: Equatable, Sendable {
    /// Spend the token and issue its successor.
    case rotate
    /// Spent moments ago: answer with the same successor again.
    case replayWithinGrace
    /// Spent earlier than the grace window: revoke the session and refuse.
    case reuseDetected
    /// The session was revoked or has been unused too long.
    case sessionEnded
}

public struct RefreshRule: Sendable {
    public var grace: TimeInterval
    public var idleLifetime: TimeInterval

    public init(grace: TimeInterval = 10, idleLifetime: TimeInterval = 30 * 24 * 3600) {
        self.grace = grace
        self.idleLifetime = idleLifetime
    }

    public func decide(spentAt: Date?, sessionRevoked: Bool, sessionLastUsed: Date, now: Date) -> RefreshDecision {
        if sessionRevoked { return .sessionEnded }
        guard let spentAt else {
            return now.timeIntervalSince(sessionLastUsed) > idleLifetime ? .sessionEnded : .rotate
        }
        // A clock that went backwards counts as "just now", never as an old reuse.
        return now.timeIntervalSince(spentAt) <= grace ? .replayWithinGrace : .reuseDetected
    }
}
