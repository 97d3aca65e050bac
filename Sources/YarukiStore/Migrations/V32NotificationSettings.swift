extension Migrations {
    // How each person wants each kind of notification (push, in the app only, or off) and the
    // hours no push may wake them, in their own time zone. No row: every kind pushed, no quiet hours.
    static let v32NotificationSettings = Migration(32, "notification settings") { _ in
        ["""
         CREATE TABLE notification_settings (
             user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
             modes TEXT NOT NULL,
             quiet_start INTEGER,
             quiet_end INTEGER,
             updated_at BIGINT NOT NULL)
         """]
    }
}
