import Foundation

/// Blocks (each of two people stops seeing the other) and, later, reports.
public enum SafetyStore {
    public struct Blocked: Sendable, Equatable {
        public var id: UUID
        public var displayName: String
        public var since: Date
    }

    /// Neither of the two has blocked the other (`?` twice: the viewer).
    static func unblocked(_ author: String) -> String {
        "NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ? AND b.blocked_id = \(author)) OR (b.blocker_id = \(author) AND b.blocked_id = ?))"
    }

    @discardableResult
    public static func block(_ blocked: UUID, by blocker: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", blocker, blocked, now) == 1
    }

    @discardableResult
    public static func unblock(_ blocked: UUID, by blocker: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", blocker, blocked) == 1
    }

    public static func blocked(by blocker: UUID, _ c: SQLConnection) throws -> [Blocked] {
        try c.query("""
            SELECT u.id, u.display_name, b.created_at FROM blocks b JOIN users u ON u.id = b.blocked_id
            WHERE b.blocker_id = ? ORDER BY b.created_at DESC
            """, blocker).map { Blocked(id: try $0.uuid("id"), displayName: try $0.string("display_name"), since: try $0.date("created_at")) }
    }

    /// Deletes the person's blocks, both ways, and the reports they filed.
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> (blocks: Int, reports: Int) {
        (try c.execute("DELETE FROM blocks WHERE blocker_id = ? OR blocked_id = ?", user, user),
         try c.execute("DELETE FROM reports WHERE reporter_id = ?", user))
    }
}


/// Reports of posts and comments. A target reported by `threshold` different people is hidden
/// (from feeds and threads) until an admin restores or deletes it.
public enum ReportStore {
    public enum Kind: String, Sendable, CaseIterable {
        case post, comment

        var table: String { self == .post ? "posts" : "comments" }
    }

    public struct Pending: Sendable, Equatable {
        public var kind: Kind
        public var id: UUID
        public var authorID: UUID
        public var authorName: String
        public var body: String
        public var hidden: Bool
        public var reports: Int
        public var reasons: [String]
        public var lastReportedAt: Date
        /// Whether its author's account is suspended.
        public var authorBanned: Bool
    }

    /// The author of a target `viewer` can see; nil when they cannot.
    public static func author(of kind: Kind, _ id: UUID, viewer: UUID, _ c: SQLConnection) throws -> UUID? {
        switch kind {
        case .post: return try PostStore.post(id, viewer: viewer, c)?.authorID
        case .comment:
            return try c.queryOne("""
                SELECT m.author_id FROM comments m JOIN posts p ON p.id = m.post_id
                WHERE m.id = ? AND m.hidden = 0 AND p.hidden = 0 AND \(SafetyStore.unblocked("m.author_id")) AND \(SafetyStore.unblocked("p.author_id"))
                """, id, viewer, viewer, viewer, viewer)?.uuid("author_id")
        }
    }

    /// Files a report (once per person and target); hides the target when `threshold` people
    /// reported it. Returns whether it is hidden now.
    public static func report(_ kind: Kind, _ id: UUID, by reporter: UUID, reason: String, threshold: Int, at now: Date,
                              _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            INSERT INTO reports (target_kind, target_id, reporter_id, reason, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """, kind.rawValue, id, reporter, reason, now)
        let count = try c.queryOne("SELECT COUNT(*) AS n FROM reports WHERE target_kind = ? AND target_id = ?", kind.rawValue, id)?.int("n") ?? 0
        guard count >= threshold else { return false }
        try c.execute("UPDATE \(kind.table) SET hidden = 1 WHERE id = ?", id)
        return true
    }

    /// Every reported target, hidden ones first, then by the most recent report.
    public static func pending(_ c: SQLConnection) throws -> [Pending] {
        var found: [Pending] = []
        for kind in Kind.allCases {
            for r in try c.query("""
                SELECT t.id, t.author_id, u.display_name, u.banned_at, t.body, t.hidden, COUNT(*) AS reports, MAX(x.created_at) AS last_at
                FROM reports x JOIN \(kind.table) t ON t.id = x.target_id JOIN users u ON u.id = t.author_id
                WHERE x.target_kind = ? GROUP BY t.id, t.author_id, u.display_name, u.banned_at, t.body, t.hidden
                """, kind.rawValue) {
                let id = try r.uuid("id")
                let reasons = try c.query("SELECT reason FROM reports WHERE target_kind = ? AND target_id = ? ORDER BY created_at",
                                          kind.rawValue, id).map { try $0.string("reason") }.filter { !$0.isEmpty }
                found.append(Pending(kind: kind, id: id, authorID: try r.uuid("author_id"), authorName: try r.string("display_name"),
                                     body: try r.string("body"), hidden: try r.bool("hidden"), reports: try r.int("reports"), reasons: reasons,
                                     lastReportedAt: try r.date("last_at"), authorBanned: try r.optionalInt("banned_at") != nil))
            }
        }
        return found.sorted { ($0.hidden ? 1 : 0, $0.lastReportedAt) > ($1.hidden ? 1 : 0, $1.lastReportedAt) }
    }

    /// An admin hides the target now, however few reported it; its reports stay for the decision.
    public static func hide(_ kind: Kind, _ id: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE \(kind.table) SET hidden = 1 WHERE id = ?", id) == 1
    }

    /// The reported target's author and the post it is (or is on), for telling the author.
    public static func target(_ kind: Kind, _ id: UUID, _ c: SQLConnection) throws -> (author: UUID, post: UUID)? {
        let row = kind == .post ? try c.queryOne("SELECT author_id, id AS post_id FROM posts WHERE id = ?", id)
            : try c.queryOne("SELECT author_id, post_id FROM comments WHERE id = ?", id)
        return try row.map { (try $0.uuid("author_id"), try $0.uuid("post_id")) }
    }

    /// An admin keeps the target: it shows again and its reports are cleared.
    public static func restore(_ kind: Kind, _ id: UUID, _ c: SQLConnection) throws -> Bool {
        let changed = try c.execute("UPDATE \(kind.table) SET hidden = 0 WHERE id = ?", id) == 1
        try c.execute("DELETE FROM reports WHERE target_kind = ? AND target_id = ?", kind.rawValue, id)
        return changed
    }

}
