import Foundation

/// Each person's choices for their notifications: a mode per kind and quiet hours.
public enum NotificationSettingsStore {
    public struct Settings: Sendable, Equatable {
        /// Kind name → "push", "app" or "off"; a kind left out is pushed.
        public var modes: [String: String]
        /// Minutes after midnight in the person's zone; both or neither.
        public var quietStart: Int?
        public var quietEnd: Int?

        public init(modes: [String: String] = [:], quietStart: Int? = nil, quietEnd: Int? = nil) {
            self.modes = modes
            self.quietStart = quietStart
            self.quietEnd = quietEnd
        }
    }

    public static func settings(_ user: UUID, _ c: SQLConnection) throws -> Settings {
        guard let r = try c.queryOne("SELECT modes, quiet_start, quiet_end FROM notification_settings WHERE user_id = ?", user) else { return Settings() }
        let modes = (try? JSONDecoder().decode([String: String].self, from: Data(try r.string("modes").utf8))) ?? [:]
        return Settings(modes: modes, quietStart: try r.optionalInt("quiet_start"), quietEnd: try r.optionalInt("quiet_end"))
    }

    public static func save(_ user: UUID, _ s: Settings, at now: Date, _ c: SQLConnection) throws {
        let modes = String(decoding: try JSONEncoder().encode(s.modes), as: UTF8.self)
        let updated = try c.execute("UPDATE notification_settings SET modes = ?, quiet_start = ?, quiet_end = ?, updated_at = ? WHERE user_id = ?",
                                    modes, s.quietStart, s.quietEnd, now, user)
        if updated == 0 {
            try c.execute("INSERT INTO notification_settings (user_id, modes, quiet_start, quiet_end, updated_at) VALUES (?, ?, ?, ?, ?)",
                          user, modes, s.quietStart, s.quietEnd, now)
        }
    }

    public static func delete(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM notification_settings WHERE user_id = ?", user)
    }
}
