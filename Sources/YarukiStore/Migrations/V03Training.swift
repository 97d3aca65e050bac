extension Migrations {
    static let v3Training = Migration(3, "training") { _ in
        ["""
         CREATE TABLE exercises (
             id TEXT PRIMARY KEY,
             category TEXT NOT NULL,
             muscles TEXT NOT NULL,
             unit TEXT NOT NULL,
             name_en TEXT NOT NULL,
             name_ja TEXT NOT NULL,
             name_ko TEXT NOT NULL,
             video_url TEXT,
             built_in INTEGER NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         """
         CREATE TABLE workouts (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             started_at BIGINT NOT NULL,
             ended_at BIGINT,
             notes TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         "CREATE INDEX workouts_user_started ON workouts (user_id, started_at, id)",
         """
         CREATE TABLE workout_sets (
             workout_id TEXT NOT NULL REFERENCES workouts(id) ON DELETE CASCADE,
             entry INTEGER NOT NULL,
             position INTEGER NOT NULL,
             exercise_id TEXT NOT NULL REFERENCES exercises(id),
             reps INTEGER,
             seconds INTEGER,
             weight_grams INTEGER,
             rest_seconds INTEGER,
             PRIMARY KEY (workout_id, entry, position))
         """]
    }
}
