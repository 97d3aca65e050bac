extension Migrations {
    // Progress photos: the owner's alone, by day. The copies are the photo store's (content
    // addressed, re-encoded without metadata); a file goes when no row of any area uses it.
    static let v41BodyPhotos = Migration(41, "body photos") { _ in
        ["""
         CREATE TABLE body_photos (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             day TEXT NOT NULL,
             sha256 TEXT NOT NULL,
             width INTEGER NOT NULL,
             height INTEGER NOT NULL,
             size BIGINT NOT NULL,
             created_at BIGINT NOT NULL
         )
         """,
         "CREATE INDEX body_photos_user_day ON body_photos (user_id, day)",
         "CREATE INDEX body_photos_sha ON body_photos (sha256)"]
    }
}
