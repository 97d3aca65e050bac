import Foundation

/// A person's link to a row (a like on a post, a save of a routine) whose count is kept on that
/// row. The count moves in the same transaction and only when the link itself was added or
/// removed, so repeats and races count once and a page reads the count without aggregating.
public struct CountedLink: Sendable {
    let table: String
    let targetColumn: String
    let counted: String
    let counter: String

    public static let postLikes = CountedLink(table: "post_likes", targetColumn: "post_id", counted: "posts", counter: "like_count")
    public static let routineSaves = CountedLink(table: "routine_saves", targetColumn: "routine_id", counted: "routines", counter: "save_count")

    /// True when this call added the link.
    public func add(_ target: UUID, user: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        guard try c.execute("INSERT INTO \(table) (\(targetColumn), user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                            target, user, now) == 1 else { return false }
        try c.execute("UPDATE \(counted) SET \(counter) = \(counter) + 1 WHERE id = ?", target)
        return true
    }

    /// True when this call removed the link.
    public func remove(_ target: UUID, user: UUID, _ c: SQLConnection) throws -> Bool {
        guard try c.execute("DELETE FROM \(table) WHERE \(targetColumn) = ? AND user_id = ?", target, user) == 1 else { return false }
        try c.execute("UPDATE \(counted) SET \(counter) = \(counter) - 1 WHERE id = ?", target)
        return true
    }

    /// Takes every link of the person away, each counted row's count with it; returns how many.
    public func removeAll(user: UUID, _ c: SQLConnection) throws -> Int {
        let targets = try c.query("SELECT \(targetColumn) AS target FROM \(table) WHERE user_id = ?", user).map { try $0.uuid("target") }
        for target in targets { _ = try remove(target, user: user, c) }
        return targets.count
    }

    /// The rows the person linked (the posts they liked, the routines they saved).
    public func targets(user: UUID, _ c: SQLConnection) throws -> [UUID] {
        try c.query("SELECT \(targetColumn) AS target FROM \(table) WHERE user_id = ? ORDER BY created_at", user).map { try $0.uuid("target") }
    }

    public func count(_ target: UUID, _ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT \(counter) AS n FROM \(counted) WHERE id = ?", target)?.int("n") ?? 0
    }
}
