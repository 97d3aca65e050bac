extension Migrations {
    // A fair quota: breaks (whole weeks of the person's calendar, planned before they begin or
    // for illness during them, as many a quarter as the strictest of their groups allows), and
    // the moment a person first joined any group, whose week owes a prorated quota. People
    // already in groups are counted as started when they first joined.
    static let v43QuotaBreaks = Migration(43, "quota breaks and first weeks") { _ in
        ["""
         CREATE TABLE quota_pauses (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             first_week TEXT NOT NULL,
             last_week TEXT NOT NULL,
             reason TEXT NOT NULL,
             created_at BIGINT NOT NULL)
         """,
         "CREATE INDEX quota_pauses_user ON quota_pauses (user_id, first_week)",
         """
         CREATE TABLE quota_starts (
             user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
             joined_at BIGINT NOT NULL)
         """,
         "INSERT INTO quota_starts (user_id, joined_at) SELECT user_id, MIN(joined_at) FROM group_members GROUP BY user_id",
         "ALTER TABLE training_groups ADD COLUMN illness_pauses_per_quarter INTEGER NOT NULL DEFAULT 2"]
    }
}
