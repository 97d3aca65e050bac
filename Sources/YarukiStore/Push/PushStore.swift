import Foundation

/// The devices that receive a person's notifications when the app is closed (Web Push).
public enum PushStore {
    public struct Subscription: Sendable, Equatable {
        public var id: UUID
        public var userID: UUID
        public var endpoint: String
        /// The browser's P-256 key and auth secret, base64url as `PushSubscription.toJSON()` gives them.
        public var p256dh: String
        public var auth: String
        public var device: String
        public var createdAt: Date
        public var lastPushedAt: Date?

        public init(id: UUID, userID: UUID, endpoint: String, p256dh: String, auth: String, device: String, createdAt: Date, lastPushedAt: Date? = nil) {
            self.id = id
            self.userID = userID
            self.endpoint = endpoint
            self.p256dh = p256dh
            self.auth = auth
            self.device = device
            self.createdAt = createdAt
            self.lastPushedAt = lastPushedAt
        }
    }

    private static let columns = "id, user_id, endpoint, p256dh, auth, device, created_at, last_pushed_at"

    private static func subscription(_ r: Row) throws -> Subscription {
        Subscription(id: try r.uuid("id"), userID: try r.uuid("user_id"), endpoint: try r.string("endpoint"), p256dh: try r.string("p256dh"),
                     auth: try r.string("auth"), device: try r.string("device"), createdAt: try r.date("created_at"),
                     lastPushedAt: try r.optionalDate("last_pushed_at"))
    }

    /// Keeps `s`; the same endpoint again (a browser subscribing anew) is the same subscription,
    /// moved to whoever subscribed it now, with its new keys. Returns what is kept.
    public static func save(_ s: Subscription, _ c: SQLConnection) throws -> Subscription {
        try c.execute("DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id <> ?", s.endpoint, s.userID)
        let updated = try c.execute("UPDATE push_subscriptions SET p256dh = ?, auth = ?, device = ? WHERE endpoint = ?",
                                    s.p256dh, s.auth, s.device, s.endpoint)
        if updated == 0 {
            try c.execute("INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, device, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                          s.id, s.userID, s.endpoint, s.p256dh, s.auth, s.device, s.createdAt)
        }
        return try c.queryOne("SELECT \(columns) FROM push_subscriptions WHERE endpoint = ?", s.endpoint).map(subscription) ?? s
    }

    public static func list(user: UUID, _ c: SQLConnection) throws -> [Subscription] {
        try c.query("SELECT \(columns) FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, id", user).map(subscription)
    }

    public static func find(_ id: UUID, _ c: SQLConnection) throws -> Subscription? {
        try c.queryOne("SELECT \(columns) FROM push_subscriptions WHERE id = ?", id).map(subscription)
    }

    /// Removes one of the person's subscriptions (nil `user`: whoever's, as when the push service says it is gone).
    @discardableResult
    public static func delete(_ id: UUID, user: UUID?, _ c: SQLConnection) throws -> Bool {
        if let user { return try c.execute("DELETE FROM push_subscriptions WHERE id = ? AND user_id = ?", id, user) > 0 }
        return try c.execute("DELETE FROM push_subscriptions WHERE id = ?", id) > 0
    }

    public static func pushed(_ id: UUID, at now: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE push_subscriptions SET last_pushed_at = ? WHERE id = ?", now, id)
    }

    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM push_subscriptions WHERE user_id = ?", user)
    }
}
