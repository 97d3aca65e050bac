extension Migrations {
    // Health: each source's totals for a local day (a day number, the person's own), kept per
    // source so a phone's and a watch's reports of the same day can both be rewritten and the
    // day shown once; an import is one source, its samples merged before they land. Goals are
    // one row per person (the standard ones until they set theirs). Imports leave a row each:
    // what a reload of the page, or another device, reads while one runs.
    static let v13Health = Migration(13, "health") { _ in
        ["""
         CREATE TABLE health_days (
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             day INTEGER NOT NULL,
             source TEXT NOT NULL,
             steps DOUBLE PRECISION NOT NULL,
             distance_m DOUBLE PRECISION NOT NULL,
             energy_kcal DOUBLE PRECISION NOT NULL,
             stand_minutes DOUBLE PRECISION NOT NULL,
             stand_hours DOUBLE PRECISION NOT NULL,
             exercise_minutes DOUBLE PRECISION NOT NULL,
             devices TEXT NOT NULL,
             updated_at BIGINT NOT NULL,
             PRIMARY KEY (user_id, day, source))
         """,
         """
         CREATE TABLE health_goals (
             user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
             steps INTEGER NOT NULL,
             energy_kcal INTEGER NOT NULL,
             stand_hours INTEGER NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         """
         CREATE TABLE health_imports (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             file_name TEXT NOT NULL,
             state TEXT NOT NULL,
             bytes_total BIGINT NOT NULL,
             records BIGINT NOT NULL,
             days INTEGER NOT NULL,
             first_day INTEGER,
             last_day INTEGER,
             message TEXT,
             created_at BIGINT NOT NULL,
             finished_at BIGINT)
         """,
         "CREATE INDEX health_imports_user ON health_imports (user_id, created_at)"]
    }
}
