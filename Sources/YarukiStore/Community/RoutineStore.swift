import Foundation
import YarukiCore
import YarukiJSON

/// Routines, their ordered items, and saves (a like on a public routine saves it to the
/// liker's "My routines"). A private routine is its author's alone; a blocked author's routines
/// are absent for the other, as their posts are.
public enum RoutineStore {
    public struct RoutineRow: Sendable, Equatable {
        public var id: UUID
        public var authorID: UUID
        public var authorName: String
        public var draft: RoutineDraft
        public var copiedFrom: UUID?
        public var saveCount: Int
        public var savedByMe: Bool
        public var createdAt: Date
        public var updatedAt: Date
    }

    public static func insert(id: UUID, author: UUID, _ draft: RoutineDraft, copiedFrom: UUID?, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO routines (id, author_id, title, description, public, copied_from, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, id, author, draft.title, draft.description, draft.isPublic, copiedFrom, now, now)
        try insertItems(id, draft.items, c)
        try SyncStore.touch(user: author, .routines, id, at: now, c)
    }

    private static func insertItems(_ id: UUID, _ items: [RoutineItem], _ c: SQLConnection) throws {
        for (position, item) in items.enumerated() {
            try c.execute("""
                INSERT INTO routine_items (routine_id, position, exercise_id, sets, reps, seconds, rest_seconds, superset) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, id, position, item.exerciseId, item.sets, item.reps, item.seconds, item.restSeconds, item.superset)
        }
    }

    /// Replaces the author's own routine; false when it is not theirs. Making it private drops
    /// everyone else's saves of it.
    public static func update(_ id: UUID, author: UUID, _ draft: RoutineDraft, at now: Date, _ c: SQLConnection) throws -> Bool {
        guard try c.execute("UPDATE routines SET title = ?, description = ?, public = ?, updated_at = ? WHERE id = ? AND author_id = ?",
                            draft.title, draft.description, draft.isPublic, now, id, author) == 1 else { return false }
        try c.execute("DELETE FROM routine_items WHERE routine_id = ?", id)
        try insertItems(id, draft.items, c)
        if !draft.isPublic {
            try c.execute("DELETE FROM routine_saves WHERE routine_id = ?", id)
            try c.execute("UPDATE routines SET save_count = 0 WHERE id = ?", id)
        }
        try SyncStore.touch(user: author, .routines, id, at: now, c)
        return true
    }

    /// Deletes the author's routine (an admin's: anyone's); the tombstone is the author's.
    public static func delete(_ id: UUID, author: UUID, admin: Bool, at now: Date, _ c: SQLConnection) throws -> Bool {
        guard let owner = try c.queryOne("SELECT author_id FROM routines WHERE id = ? AND (author_id = ? OR ?)", id, author, admin)?.uuid("author_id"),
              try c.execute("DELETE FROM routines WHERE id = ?", id) == 1 else { return false }
        try InboxStore.withdraw(about: id, c)
        try SyncStore.touch(user: owner, .routines, id, deleted: true, at: now, c)
        return true
    }

    static let columns = """
        r.id, r.author_id, u.display_name, r.title, r.description, r.public, r.copied_from, r.save_count, r.created_at, r.updated_at,
        EXISTS (SELECT 1 FROM routine_saves s WHERE s.routine_id = r.id AND s.user_id = ?) AS saved
        """

    /// Seen by `viewer`: public or their own, and no block between them and the author.
    static let visible = "(r.public = 1 OR r.author_id = ?) AND \(SafetyStore.unblocked("r.author_id"))"

    private static func rows(_ found: [Row], _ c: SQLConnection) throws -> [RoutineRow] {
        guard !found.isEmpty else { return [] }
        var items: [UUID: [RoutineItem]] = [:]
        let ids = try found.map { try $0.uuid("id") }
        for r in try c.query("""
            SELECT routine_id, exercise_id, sets, reps, seconds, rest_seconds, superset FROM routine_items
            WHERE routine_id IN (\(SQLFragment.marks(ids.count))) ORDER BY routine_id, position
            """, ids.map(\.sqlValue)) {
            items[try r.uuid("routine_id"), default: []].append(RoutineItem(
                exerciseId: try r.string("exercise_id"), sets: try r.int("sets"), reps: try r.optionalInt("reps"),
                seconds: try r.optionalInt("seconds"), restSeconds: try r.int("rest_seconds"), superset: try r.optionalInt("superset")))
        }
        return try found.map { r in
            let id = try r.uuid("id")
            return RoutineRow(id: id, authorID: try r.uuid("author_id"), authorName: try r.string("display_name"),
                              draft: RoutineDraft(title: try r.string("title"), description: try r.string("description"),
                                                  isPublic: try r.bool("public"), items: items[id] ?? []),
                              copiedFrom: try r.optionalString("copied_from").flatMap(UUID.init(strict:)), saveCount: try r.int("save_count"),
                              savedByMe: try r.bool("saved"), createdAt: try r.date("created_at"), updatedAt: try r.date("updated_at"))
        }
    }

    public static func routine(_ id: UUID, viewer: UUID, _ c: SQLConnection) throws -> RoutineRow? {
        try rows(try c.query("""
            SELECT \(columns) FROM routines r JOIN users u ON u.id = r.author_id WHERE r.id = ? AND \(visible)
            """, viewer, id, viewer, viewer, viewer), c).first
    }

    /// Public routines, newest first, whose title, description or exercise names hold `text`, or
    /// that use `exercise`; cursor as the feeds'.
    public static func search(viewer: UUID, text: String?, exercise: String?, before: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [RoutineRow] {
        var conditions = ["r.public = 1", SafetyStore.unblocked("r.author_id")]
        var values: [SQLValue] = [viewer.sqlValue, viewer.sqlValue, viewer.sqlValue]
        if let text, !text.isEmpty {
            // '!' escapes LIKE's wildcards in what the person typed (a backslash means different things to the two engines).
            // The title, the description, or an exercise's name in any of the three languages.
            conditions.append("""
                (LOWER(r.title) LIKE ? ESCAPE '!' OR LOWER(r.description) LIKE ? ESCAPE '!' OR EXISTS (
                 SELECT 1 FROM routine_items i JOIN exercises e ON e.id = i.exercise_id WHERE i.routine_id = r.id
                 AND (LOWER(e.name_en) LIKE ? ESCAPE '!' OR e.name_ja LIKE ? ESCAPE '!' OR e.name_ko LIKE ? ESCAPE '!')))
                """)
            values += Array(repeating: SQLFragment.containing(text), count: 5)
        }
        if let exercise {
            conditions.append("EXISTS (SELECT 1 FROM routine_items i WHERE i.routine_id = r.id AND i.exercise_id = ?)")
            values.append(.text(exercise))
        }
        let page = SQLFragment.keyset("r", before)
        values += page.values + [.integer(Int64(limit))]
        return try rows(try c.query("""
            SELECT \(columns) FROM routines r JOIN users u ON u.id = r.author_id
            WHERE \(conditions.joined(separator: " AND ")) \(page.sql) ORDER BY r.created_at DESC, r.id DESC LIMIT ?
            """, values), c)
    }

    /// "My routines": my own and the ones I saved, newest first.
    /// The author's own routines among `ids`.
    public static func authored(ids: [UUID], author: UUID, _ c: SQLConnection) throws -> [RoutineRow] {
        var found: [RoutineRow] = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)]
            found += try rows(try c.query("""
                SELECT \(columns) FROM routines r JOIN users u ON u.id = r.author_id WHERE r.author_id = ? AND r.id IN (\(SQLFragment.marks(chunk.count)))
                """, [author.sqlValue, author.sqlValue] + chunk.map(\.sqlValue)), c)
        }
        return found
    }

    public static func mine(_ user: UUID, _ c: SQLConnection) throws -> [RoutineRow] {
        try rows(try c.query("""
            SELECT \(columns) FROM routines r JOIN users u ON u.id = r.author_id
            WHERE (r.author_id = ? OR EXISTS (SELECT 1 FROM routine_saves s WHERE s.routine_id = r.id AND s.user_id = ?))
              AND \(visible)
            ORDER BY r.created_at DESC, r.id DESC LIMIT 500
            """, user, user, user, user, user, user), c)
    }

    /// Deletes every routine the person wrote (its saves go with it; posts that attached one keep their text).
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> Int {
        try InboxStore.withdraw(aboutAnyOf: "SELECT id FROM routines WHERE author_id = ?", user.sqlValue, in: c)
        return try c.execute("DELETE FROM routines WHERE author_id = ?", user)
    }

    /// True when the routine is the person's own.
    /// Whether any routine has this id (someone else's too).
    public static func exists(_ id: UUID, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT 1 AS one FROM routines WHERE id = ?", id) != nil
    }

    public static func isAuthor(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT 1 AS one FROM routines WHERE id = ? AND author_id = ?", id, user) != nil
    }

    /// True when the person may attach the routine to a post: it is public, or theirs.
    public static func attachable(_ id: UUID, by user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT 1 AS one FROM routines WHERE id = ? AND (public = 1 OR author_id = ?)", id, user) != nil
    }
}
