extension Migrations {
    // Lifelog: memos, check-ins, photos and voice notes, each under the id its device made
    // (so a retry or a sync never doubles one), with the offset of where it happened. Photos
    // keep only their metadata-free copies (by SHA-256, like the community's); voice notes
    // are media rows like proof videos. Routes between recorded places are cached by their
    // rounded ends, so replaying a month again costs no routing.
    static let v10Lifelog = Migration(10, "lifelog") { _ in
        ["""
         CREATE TABLE lifelog_records (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             kind TEXT NOT NULL,
             occurred_at BIGINT NOT NULL,
             utc_offset INTEGER NOT NULL,
             text TEXT NOT NULL,
             place TEXT,
             latitude DOUBLE PRECISION,
             longitude DOUBLE PRECISION,
             altitude DOUBLE PRECISION,
             accuracy DOUBLE PRECISION,
             source TEXT NOT NULL,
             photo_sha256 TEXT,
             photo_width INTEGER,
             photo_height INTEGER,
             media_sha256 TEXT REFERENCES media(sha256),
             created_at BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         "CREATE INDEX lifelog_user_time ON lifelog_records (user_id, occurred_at, id)",
         "CREATE INDEX lifelog_photo ON lifelog_records (photo_sha256)",
         "CREATE INDEX lifelog_media ON lifelog_records (media_sha256)",
         """
         CREATE TABLE route_cache (
             key TEXT PRIMARY KEY,
             geometry TEXT NOT NULL,
             follows_roads INTEGER NOT NULL,
             provider TEXT NOT NULL,
             created_at BIGINT NOT NULL)
         """]
    }
}
