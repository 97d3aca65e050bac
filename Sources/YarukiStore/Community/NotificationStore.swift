import Foundation

/// What happened to my things: a comment on my post, a like of it, a save of my routine; and
/// the server's word on my class orders (a refund, and why).
public enum NotificationStore {
    public enum Kind: String, Sendable {
        case comment, like, save
        /// A class order's money was given back (`orderReason` says why).
        case refund
        /// A class I hold a paid seat in moved to another time (its start says when).
        case classMoved
        /// A groupmate cheered me on, or gave me a push.
        case cheer, nudge
    }

    public struct Item: Sendable, Equatable {
        public var id: UUID
        public var kind: Kind
        public var actorID: UUID?
        public var actorName: String?
        public var postID: UUID?
        public var commentID: UUID?
        public var routineID: UUID?
        public var orderID: UUID?
        /// The order's reason code (full, expired, classCancelled…) and its class's title.
        public var orderReason: String?
        public var classTitle: String?
        public var classID: UUID?
        public var classStartsAt: Date?
        public var classTimeZone: String?
        public var read: Bool
        public var createdAt: Date
    }

    /// Nothing is sent for one's own actions.
    public static func add(_ kind: Kind, to user: UUID, actor: UUID, post: UUID? = nil, comment: UUID? = nil, routine: UUID? = nil,
                           at now: Date, _ c: SQLConnection) throws -> UUID? {
        guard user != actor else { return nil }
        let id = UUID()
        try c.execute("""
            INSERT INTO notifications (id, user_id, kind, actor_id, post_id, comment_id, routine_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, id, user, kind.rawValue, actor, post, comment, routine, now)
        return id
    }

    /// Tells a person about their class order (no actor: the server speaks).
    @discardableResult
    public static func add(_ kind: Kind, to user: UUID, order: UUID, at now: Date, _ c: SQLConnection) throws -> UUID {
        let id = UUID()
        try c.execute("INSERT INTO notifications (id, user_id, kind, order_id, created_at) VALUES (?, ?, ?, ?, ?)", id, user, kind.rawValue, order, now)
        return id
    }

    /// A like or save taken back takes its notification with it.
    public static func withdraw(_ kind: Kind, actor: UUID, post: UUID? = nil, routine: UUID? = nil, _ c: SQLConnection) throws {
        if let post { try c.execute("DELETE FROM notifications WHERE kind = ? AND actor_id = ? AND post_id = ?", kind.rawValue, actor, post) }
        if let routine { try c.execute("DELETE FROM notifications WHERE kind = ? AND actor_id = ? AND routine_id = ?", kind.rawValue, actor, routine) }
    }

    /// Newest first; leaves out what came from someone either side blocked.
    public static func list(_ user: UUID, before: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [Item] {
        let page = SQLFragment.keyset("n", before)
        let values: [SQLValue] = [user.sqlValue, user.sqlValue, user.sqlValue] + page.values + [.integer(Int64(limit))]
        return try c.query("""
            SELECT n.id, n.kind, n.actor_id, u.display_name, n.post_id, n.comment_id, n.routine_id, n.order_id, o.reason, k.title,
                   k.id AS class_id, k.starts_at, k.time_zone, n.read_at, n.created_at
            FROM notifications n LEFT JOIN users u ON u.id = n.actor_id
                 LEFT JOIN class_orders o ON o.id = n.order_id LEFT JOIN classes k ON k.id = o.class_id
            WHERE n.user_id = ? AND \(SafetyStore.unblocked("n.actor_id")) \(page.sql)
            ORDER BY n.created_at DESC, n.id DESC LIMIT ?
            """, values).compactMap { r in
            guard let kind = Kind(rawValue: try r.string("kind")) else { return nil }
            return Item(id: try r.uuid("id"), kind: kind, actorID: try r.optionalString("actor_id").flatMap(Row.parseUUID),
                        actorName: try r.optionalString("display_name"), postID: try r.optionalString("post_id").flatMap(Row.parseUUID),
                        commentID: try r.optionalString("comment_id").flatMap(Row.parseUUID),
                        routineID: try r.optionalString("routine_id").flatMap(Row.parseUUID),
                        orderID: try r.optionalString("order_id").flatMap(Row.parseUUID), orderReason: try r.optionalString("reason"),
                        classTitle: try r.optionalString("title"), classID: try r.optionalString("class_id").flatMap(Row.parseUUID),
                        classStartsAt: try r.optionalDate("starts_at"), classTimeZone: try r.optionalString("time_zone"),
                        read: try r.optionalDate("read_at") != nil, createdAt: try r.date("created_at"))
        }
    }

    public static func unreadCount(_ user: UUID, _ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM notifications n WHERE n.user_id = ? AND n.read_at IS NULL AND \(SafetyStore.unblocked("n.actor_id"))",
                       user, user, user)?.int("n") ?? 0
    }

    public static func markAllRead(_ user: UUID, at now: Date, _ c: SQLConnection) throws -> Int {
        try c.execute("UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL", now, user)
    }

    /// Deletes the person's notifications and those their doings made for others.
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM notifications WHERE user_id = ? OR actor_id = ?", user, user)
    }
}
