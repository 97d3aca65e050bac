extension Migrations {
    // Sets as lifters log them: what a set was for (warm-up, drop, failure; NULL is working),
    // RPE or reps in reserve, and a distance. An exercise's notes and its superset are written on
    // its first set's row (position 0), the only row every entry has. Routines plan supersets too.
    // Body measures are one row per person, day and measure (weight in kg, body fat in %, girths
    // in cm); names brought in by an import remember the exercise they were mapped to.
    static let v40SetsAsLiftersLog = Migration(40, "sets as lifters log them") { _ in
        ["ALTER TABLE workout_sets ADD COLUMN set_type TEXT",
         "ALTER TABLE workout_sets ADD COLUMN rpe DOUBLE PRECISION",
         "ALTER TABLE workout_sets ADD COLUMN rir INTEGER",
         "ALTER TABLE workout_sets ADD COLUMN distance_m DOUBLE PRECISION",
         "ALTER TABLE workout_sets ADD COLUMN entry_notes TEXT",
         "ALTER TABLE workout_sets ADD COLUMN superset INTEGER",
         "ALTER TABLE routine_items ADD COLUMN superset INTEGER",
         """
         CREATE TABLE body_measures (
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             day TEXT NOT NULL,
             measure TEXT NOT NULL,
             value DOUBLE PRECISION NOT NULL,
             updated_at BIGINT NOT NULL,
             PRIMARY KEY (user_id, day, measure)
         )
         """,
         """
         CREATE TABLE import_names (
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             name TEXT NOT NULL,
             exercise_id TEXT NOT NULL,
             PRIMARY KEY (user_id, name)
         )
         """]
    }
}
