extension Migrations {
    // The weekly digest by mail, for people who refuse push: off until the person turns it on.
    static let v34WeeklyDigest = Migration(34, "weekly digest") { _ in
        ["ALTER TABLE notification_settings ADD COLUMN weekly_digest INTEGER NOT NULL DEFAULT 0"]
    }
}
