import Foundation

/// Each person's choices for their notifications: a mode per kind, quiet hours and the hour of
/// their quota reminder.
public enum NotificationSettingsStore {
    public struct Settings: Sendable, Equatable {
        /// Kind name → "push", "app" or "off"; a kind left out is pushed.
        public var modes: [String: String]
        /// Minutes after midnight in the person's zone; both or neither.
        public var quietStart: Int?
        public var quietEnd: Int?
        /// Minutes after midnight in the person's zone when the quota reminder comes.
        public var remindAt: Int
        /// A mail each week with what the inbox said (off until the person turns it on).
        public var weeklyDigest: Bool

        /// 20:00 unless the person chose.
        public static let defaultRemindAt = 20 * 60

        public init(modes: [String: String] = [:], quietStart: Int? = nil, quietEnd: Int? = nil, remindAt: Int = defaultRemindAt,
                    weeklyDigest: Bool = false) {
            self.modes = modes
            self.quietStart = quietStart
            self.quietEnd = quietEnd
            self.remindAt = remindAt
            self.weeklyDigest = weeklyDigest
        }
    }

    public static func settings(_ user: UUID, _ c: SQLConnection) throws -> Settings {
        guard let r = try c.queryOne("SELECT modes, quiet_start, quiet_end, remind_at, weekly_digest FROM notification_settings WHERE user_id = ?", user)
        else { return Settings() }
        let modes = (try? JSONDecoder().decode([String: String].self, from: Data(try r.string("modes").utf8))) ?? [:]
        return Settings(modes: modes, quietStart: try r.optionalInt("quiet_start"), quietEnd: try r.optionalInt("quiet_end"),
                        remindAt: try r.optionalInt("remind_at") ?? Settings.defaultRemindAt, weeklyDigest: try r.int("weekly_digest") == 1)
    }

    /// Everyone who turned the weekly digest on.
    public static func digestReaders(_ c: SQLConnection) throws -> [UUID] {
        try c.query("SELECT user_id FROM notification_settings WHERE weekly_digest = 1 ORDER BY user_id", []).map { try $0.uuid("user_id") }
    }

    /// The people among `users` who chose another hour for their quota reminder than 20:00, and theirs.
    public static func remindTimes(_ users: [UUID], _ c: SQLConnection) throws -> [UUID: Int] {
        var times: [UUID: Int] = [:]
        for slice in SQLFragment.slices(users) {
            for r in try c.query("SELECT user_id, remind_at FROM notification_settings WHERE remind_at IS NOT NULL AND user_id IN (\(SQLFragment.marks(slice.count)))",
                                 slice.map(\.sqlValue)) {
                times[try r.uuid("user_id")] = try r.int("remind_at")
            }
        }
        return times
    }

    public static func save(_ user: UUID, _ s: Settings, at now: Date, _ c: SQLConnection) throws {
        let modes = String(decoding: try JSONEncoder().encode(s.modes), as: UTF8.self)
        let remindAt = s.remindAt == Settings.defaultRemindAt ? nil : s.remindAt
        let digest = s.weeklyDigest ? 1 : 0
        let updated = try c.execute("""
            UPDATE notification_settings SET modes = ?, quiet_start = ?, quiet_end = ?, remind_at = ?, weekly_digest = ?, updated_at = ? WHERE user_id = ?
            """, modes, s.quietStart, s.quietEnd, remindAt, digest, now, user)
        if updated == 0 {
            try c.execute("""
                INSERT INTO notification_settings (user_id, modes, quiet_start, quiet_end, remind_at, weekly_digest, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, user, modes, s.quietStart, s.quietEnd, remindAt, digest, now)
        }
    }

    public static func delete(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM notification_settings WHERE user_id = ?", user)
    }
}
