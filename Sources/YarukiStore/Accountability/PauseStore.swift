import Foundation
import YarukiCore

/// Breaks from the quota, when each person first joined a group, and how many illness breaks a
/// quarter each group allows. Only the owner's rows are read by id.
public enum PauseStore {
    private static let columns = "id, first_week, last_week, reason, created_at"

    private static func pause(_ r: Row) throws -> QuotaPause {
        QuotaPause(id: try r.uuid("id"), firstWeek: try r.string("first_week"), lastWeek: try r.string("last_week"),
                   reason: QuotaPause.Reason(rawValue: try r.string("reason")) ?? .planned, createdAt: try r.date("created_at"))
    }

    /// The person's breaks, oldest first.
    public static func pauses(of user: UUID, _ c: SQLConnection) throws -> [QuotaPause] {
        try c.query("SELECT \(columns) FROM quota_pauses WHERE user_id = ? ORDER BY first_week, id", user).map(pause)
    }

    /// The breaks of a group's members (one query, joined in the database).
    public static func pauses(group: UUID, _ c: SQLConnection) throws -> [UUID: [QuotaPause]] {
        var found: [UUID: [QuotaPause]] = [:]
        for row in try c.query("""
            SELECT p.user_id, p.id, p.first_week, p.last_week, p.reason, p.created_at FROM quota_pauses p
            JOIN group_members m ON m.user_id = p.user_id WHERE m.group_id = ? ORDER BY p.first_week
            """, group) {
            found[try row.uuid("user_id"), default: []].append(try pause(row))
        }
        return found
    }

    public static func add(_ p: QuotaPause, user: UUID, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO quota_pauses (id, user_id, first_week, last_week, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                      p.id, user, p.firstWeek, p.lastWeek, p.reason.rawValue, p.createdAt)
        try GroupStore.forgetStreak(user, c)
    }

    /// Removes one of the person's breaks; false when it is not theirs.
    public static func remove(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Bool {
        guard try c.execute("DELETE FROM quota_pauses WHERE id = ? AND user_id = ?", id, user) == 1 else { return false }
        try GroupStore.forgetStreak(user, c)
        return true
    }

    /// The fewest illness breaks a quarter among the person's groups (nil: in no group).
    public static func illnessPerQuarter(of user: UUID, _ c: SQLConnection) throws -> Int? {
        try c.queryOne("""
            SELECT MIN(g.illness_pauses_per_quarter) AS n FROM training_groups g JOIN group_members m ON m.group_id = g.id WHERE m.user_id = ?
            """, user)?.optionalInt("n")
    }

    public static func setIllnessPerQuarter(group: UUID, _ n: Int, _ c: SQLConnection) throws {
        try c.execute("UPDATE training_groups SET illness_pauses_per_quarter = ? WHERE id = ?", n, group)
    }

    /// When the person first joined a group (nil: never).
    public static func started(_ user: UUID, _ c: SQLConnection) throws -> Date? {
        try c.queryOne("SELECT joined_at FROM quota_starts WHERE user_id = ?", user).map { try $0.date("joined_at") }
    }

    /// Notes the person's first joining; false when they had joined a group before.
    public static func start(_ user: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("INSERT INTO quota_starts (user_id, joined_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING", user, now) == 1
    }

    /// Deletes the person's breaks and start, for their account's deletion; how many breaks.
    public static func deletePersonal(_ user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM quota_starts WHERE user_id = ?", user)
        return try c.execute("DELETE FROM quota_pauses WHERE user_id = ?", user)
    }
}
