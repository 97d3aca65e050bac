extension Migrations {
    // Reminders the server sends on its own (the week at risk, a class soon): the hour each
    // person wants the quota reminder (minutes after midnight in their zone; none: 20:00), the
    // numbers an inbox entry tells (JSON, like {"toGo":2,"daysLeft":2}), and each reminder sent,
    // under a key that names its occasion, so each is sent exactly once however many nodes look.
    static let v33Reminders = Migration(33, "reminders") { _ in
        ["ALTER TABLE notification_settings ADD COLUMN remind_at INTEGER",
         "ALTER TABLE inbox ADD COLUMN facts TEXT",
         """
         CREATE TABLE reminders_sent (
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             occasion TEXT NOT NULL,
             sent_at BIGINT NOT NULL,
             PRIMARY KEY (user_id, occasion))
         """,
         "CREATE INDEX reminders_sent_at ON reminders_sent (sent_at)"]
    }
}
