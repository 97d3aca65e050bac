extension Migrations {
    static let v4Proofs = Migration(4, "proofs") { _ in
        ["""
         CREATE TABLE media (
             sha256 TEXT PRIMARY KEY,
             kind TEXT NOT NULL,
             size BIGINT NOT NULL,
             duration_ms BIGINT,
             has_thumbnail INTEGER NOT NULL,
             created_at BIGINT NOT NULL)
         """,
         """
         CREATE TABLE proofs (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             media_sha256 TEXT NOT NULL REFERENCES media(sha256),
             workout_id TEXT REFERENCES workouts(id) ON DELETE SET NULL,
             exercise_id TEXT REFERENCES exercises(id),
             recorded_at BIGINT NOT NULL,
             recorded_day TEXT NOT NULL,
             uploaded_at BIGINT NOT NULL)
         """,
         "CREATE INDEX proofs_user_recorded ON proofs (user_id, recorded_at, id)",
         "CREATE INDEX proofs_user_day ON proofs (user_id, recorded_day)",
         "CREATE INDEX proofs_media ON proofs (media_sha256)"]
    }
}
