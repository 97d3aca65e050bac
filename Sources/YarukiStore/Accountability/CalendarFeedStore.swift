import Foundation

/// The private calendar feed's token (as a hash) and what the feed shows: training days.
public enum CalendarFeedStore {
    public struct Feed: Sendable, Equatable {
        public var userID: UUID
        public var createdAt: Date
        public var lastReadAt: Date?
    }

    private static func feed(_ r: Row) throws -> Feed {
        Feed(userID: try r.uuid("user_id"), createdAt: try r.date("created_at"), lastReadAt: try r.optionalDate("last_read_at"))
    }

    /// Replaces any earlier feed of the person's: its link stops working at once.
    public static func replace(user: UUID, tokenHash: String, at now: Date, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM calendar_feeds WHERE user_id = ?", user)
        try c.execute("INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (?, ?, ?)", user, tokenHash, now)
    }

    public static func feed(user: UUID, _ c: SQLConnection) throws -> Feed? {
        try c.queryOne("SELECT user_id, created_at, last_read_at FROM calendar_feeds WHERE user_id = ?", user).map(feed)
    }

    public static func feed(tokenHash: String, _ c: SQLConnection) throws -> Feed? {
        try c.queryOne("SELECT user_id, created_at, last_read_at FROM calendar_feeds WHERE token_hash = ?", tokenHash).map(feed)
    }

    public static func markRead(user: UUID, at now: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE calendar_feeds SET last_read_at = ? WHERE user_id = ?", now, user)
    }

    @discardableResult
    public static func revoke(user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM calendar_feeds WHERE user_id = ?", user) > 0
    }

    /// Proofs per local day (the day each counts for) from `firstDay` on.
    public static func proofDays(user: UUID, from firstDay: String, _ c: SQLConnection) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for r in try c.query("SELECT recorded_day, COUNT(*) AS n FROM proofs WHERE user_id = ? AND recorded_day >= ? GROUP BY recorded_day",
                             user, firstDay) {
            counts[try r.string("recorded_day")] = try r.int("n")
        }
        return counts
    }

    public struct WorkoutLine: Sendable {
        public var id: UUID
        public var startedAt: Date
        public var exerciseIDs: [String]
    }

    /// Workouts started at or after `from`, each with its exercises in order (repeats removed).
    public static func workouts(user: UUID, from: Date, _ c: SQLConnection) throws -> [WorkoutLine] {
        var lines: [WorkoutLine] = []
        for r in try c.query("""
            SELECT w.id, w.started_at, s.exercise_id FROM workouts w LEFT JOIN workout_sets s ON s.workout_id = w.id
            WHERE w.user_id = ? AND w.started_at >= ? ORDER BY w.started_at, w.id, s.entry, s.position
            """, user, from) {
            let id = try r.uuid("id")
            if lines.last?.id != id { lines.append(WorkoutLine(id: id, startedAt: try r.date("started_at"), exerciseIDs: [])) }
            if let exercise = try r.optionalString("exercise_id"), !lines[lines.count - 1].exerciseIDs.contains(exercise) {
                lines[lines.count - 1].exerciseIDs.append(exercise)
            }
        }
        return lines
    }
}
