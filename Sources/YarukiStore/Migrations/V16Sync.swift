extension Migrations {
    // Offline-first sync. Every record of a syncable zone (lifelog records, workouts, routines)
    // has a row here with the version of its last change, drawn from its person's one counter (a
    // row locked by the UPDATE that bumps it, so one person's versions commit in order even on
    // PostgreSQL), whether that change deleted it (a tombstone, kept for a while), and the client
    // change id that made it (a retried push is recognised) with the device and the time the
    // device says it was made (what a field-wise last-writer-wins merge compares). Tombstones older than the kept period
    // are purged and the counter remembers the highest version purged: a change token from
    // before it can no longer be answered (410). Existing records get versions in the order they
    // were last changed.
    static let v16Sync = Migration(16, "sync") { _ in
        ["""
         CREATE TABLE sync_records (
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             zone TEXT NOT NULL,
             record_id TEXT NOT NULL,
             version BIGINT NOT NULL,
             deleted INTEGER NOT NULL,
             change_id TEXT,
             changed_at BIGINT NOT NULL,
             modified_at BIGINT NOT NULL,
             device TEXT,
             PRIMARY KEY (user_id, zone, record_id))
         """,
         "CREATE INDEX sync_records_feed ON sync_records (user_id, zone, version)",
         "CREATE INDEX sync_records_tombstones ON sync_records (deleted, changed_at)",
         """
         CREATE TABLE sync_counters (
             user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
             version BIGINT NOT NULL,
             purged_through BIGINT NOT NULL)
         """,
         """
         INSERT INTO sync_records (user_id, zone, record_id, version, deleted, change_id, changed_at, modified_at, device)
         SELECT user_id, zone, id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY updated_at, zone, id), 0, NULL, updated_at, updated_at, NULL
         FROM (SELECT user_id, 'lifelog' AS zone, id, updated_at FROM lifelog_records
               UNION ALL SELECT user_id, 'workouts' AS zone, id, updated_at FROM workouts
               UNION ALL SELECT author_id AS user_id, 'routines' AS zone, id, updated_at FROM routines) everything
         """,
         "INSERT INTO sync_counters (user_id, version, purged_through) SELECT user_id, MAX(version), 0 FROM sync_records GROUP BY user_id"]
    }
}
