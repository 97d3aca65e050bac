extension Migrations {
    // The streak cache also keeps the days proved in the week after `through_week` (the week
    // in progress), so a group page in a steady week reads no proofs at all: any change to
    // the person's proofs already marks the row invalid.
    static let v7WeekDaysInTheStreakCache = Migration(7, "week days in the streak cache") { _ in
        // Rows from before have no days: none may be trusted (a new version, so a page may write them again).
        ["ALTER TABLE streak_cache ADD COLUMN week_days TEXT NOT NULL DEFAULT ''", "UPDATE streak_cache SET valid = 0, version = version + 1"]
    }
}
