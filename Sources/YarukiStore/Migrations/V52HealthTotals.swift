extension Migrations {
    // Each day's figures with its sources merged, as the pages show them: each metric's largest
    // among the day's sources, and every source's devices, in the order of their sources. A
    // month's page read two rows a day (a watch's and a phone's) and merged them on every read;
    // it now reads one, kept by every write of a source's day (`HealthStore.put`). The days
    // written before it are merged here by the statement `put` runs.
    static let v52HealthTotals = Migration(52, "health totals") { dialect in
        ["""
         CREATE TABLE health_totals (
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             day INTEGER NOT NULL,
             steps DOUBLE PRECISION NOT NULL,
             distance_m DOUBLE PRECISION NOT NULL,
             energy_kcal DOUBLE PRECISION NOT NULL,
             stand_minutes DOUBLE PRECISION NOT NULL,
             stand_hours DOUBLE PRECISION NOT NULL,
             exercise_minutes DOUBLE PRECISION NOT NULL,
             devices TEXT NOT NULL,
             PRIMARY KEY (user_id, day))\(dialect == .sqlite ? " WITHOUT ROWID" : "")
         """,
         HealthStore.mergeStatement(dialect, "TRUE")]
    }
}
