extension Migrations {
    // Location history brought in from elsewhere. An import is read once for its preview (kept as
    // JSON), landed when the person says so, and can be undone as a whole: the check-ins it added
    // are listed by id (an edited one still goes), and the track's points carry its id. The track
    // is where someone was between their records: a recorded path's points (`path` 1) or lone
    // fixes, at most one per instant per person, so the same history brought in twice adds nothing.
    static let v46LifelogImports = Migration(46, "lifelog imports and track") { _ in
        ["""
         CREATE TABLE lifelog_imports (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             file_name TEXT NOT NULL,
             format TEXT,
             state TEXT NOT NULL,
             bytes_total BIGINT NOT NULL,
             preview TEXT,
             added_visits BIGINT NOT NULL DEFAULT 0,
             added_points BIGINT NOT NULL DEFAULT 0,
             message TEXT,
             created_at BIGINT NOT NULL,
             finished_at BIGINT)
         """,
         "CREATE INDEX lifelog_imports_user ON lifelog_imports (user_id, created_at)",
         """
         CREATE TABLE lifelog_import_records (
             import_id TEXT NOT NULL REFERENCES lifelog_imports(id) ON DELETE CASCADE,
             record_id TEXT NOT NULL,
             PRIMARY KEY (import_id, record_id))
         """,
         """
         CREATE TABLE lifelog_track (
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             at BIGINT NOT NULL,
             utc_offset INTEGER NOT NULL,
             latitude DOUBLE PRECISION NOT NULL,
             longitude DOUBLE PRECISION NOT NULL,
             altitude DOUBLE PRECISION,
             accuracy DOUBLE PRECISION,
             path INTEGER NOT NULL,
             import_id TEXT REFERENCES lifelog_imports(id) ON DELETE CASCADE,
             PRIMARY KEY (user_id, at))
         """,
         "CREATE INDEX lifelog_track_import ON lifelog_track (import_id)"]
    }
}
