import Foundation

/// Attempts a throttle counts, shared by every node (`throttle_hits`): one row per attempt.
public enum ThrottleStore {
    /// How many attempts under `key` since `since`, and when the oldest of them was.
    public static func hits(_ key: String, since: Date, _ c: SQLConnection) throws -> (count: Int, oldest: Date?) {
        guard let row = try c.queryOne("SELECT COUNT(*) AS n, MIN(at) AS oldest FROM throttle_hits WHERE key = ? AND at > ?", key, since) else {
            return (0, nil)
        }
        return (try row.int("n"), try row.optionalDate("oldest"))
    }

    public static func hit(_ keys: [String], at now: Date, _ c: SQLConnection) throws {
        for key in keys { try c.execute("INSERT INTO throttle_hits (key, at) VALUES (?, ?)", key, now) }
    }

    public static func clear(_ key: String, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM throttle_hits WHERE key = ?", key)
    }

    @discardableResult
    public static func prune(before: Date, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM throttle_hits WHERE at < ?", before)
    }
}
