extension Migrations {
    // The catalog of the whole gym: each exercise's kind (what its sets hold, how its records and
    // volume count), equipment, level and the muscles it also trains, and the catalog revision
    // whose facts an entry has (0: none yet, so the next start writes them). An existing entry's
    // kind follows from its unit and category.
    static let v38ExerciseCatalog = Migration(38, "exercise catalog") { _ in
        ["ALTER TABLE exercises ADD COLUMN kind TEXT NOT NULL DEFAULT 'weightReps'",
         "ALTER TABLE exercises ADD COLUMN equipment TEXT",
         "ALTER TABLE exercises ADD COLUMN level TEXT",
         "ALTER TABLE exercises ADD COLUMN secondary_muscles TEXT NOT NULL DEFAULT ''",
         "ALTER TABLE exercises ADD COLUMN catalog_rev INTEGER NOT NULL DEFAULT 0",
         """
         UPDATE exercises SET kind = CASE WHEN unit = 'seconds' THEN 'duration'
                                          WHEN category = 'strength' THEN 'weightReps' ELSE 'bodyweightReps' END
         """]
    }
}
