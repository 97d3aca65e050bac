extension Migrations {
    // Each workout's JSON, written when it is saved, so a page of workouts reads one row per
    // workout instead of every set. `wire_rev` is the shape it was written in: one older than
    // `TrainingStore.wireRevision` (0 for every workout before this) is written again at start.
    static let v36WorkoutsWritten = Migration(36, "workouts written") { _ in
        ["ALTER TABLE workouts ADD COLUMN wire TEXT",
         "ALTER TABLE workouts ADD COLUMN wire_rev INTEGER NOT NULL DEFAULT 0"]
    }
}
