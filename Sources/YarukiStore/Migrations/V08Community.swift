extension Migrations {
    // The community: posts on three boards with photos, comments, likes; routines that a like
    // saves; reports, blocks and notifications. Counts are kept on their rows (changed in the
    // same transaction as the like or comment) so a feed page reads no aggregates.
    static let v8Community = Migration(8, "community") { _ in
        ["""
         CREATE TABLE routines (
             id TEXT PRIMARY KEY,
             author_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             title TEXT NOT NULL,
             description TEXT NOT NULL,
             public INTEGER NOT NULL,
             copied_from TEXT,
             save_count INTEGER NOT NULL DEFAULT 0,
             created_at BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         "CREATE INDEX routines_public ON routines (public, created_at, id)",
         "CREATE INDEX routines_author ON routines (author_id, created_at, id)",
         """
         CREATE TABLE routine_items (
             routine_id TEXT NOT NULL REFERENCES routines(id) ON DELETE CASCADE,
             position INTEGER NOT NULL,
             exercise_id TEXT NOT NULL REFERENCES exercises(id),
             sets INTEGER NOT NULL,
             reps INTEGER,
             seconds INTEGER,
             rest_seconds INTEGER NOT NULL,
             PRIMARY KEY (routine_id, position))
         """,
         "CREATE INDEX routine_items_exercise ON routine_items (exercise_id)",
         """
         CREATE TABLE routine_saves (
             routine_id TEXT NOT NULL REFERENCES routines(id) ON DELETE CASCADE,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             created_at BIGINT NOT NULL,
             PRIMARY KEY (routine_id, user_id))
         """,
         "CREATE INDEX routine_saves_user ON routine_saves (user_id, created_at)",
         """
         CREATE TABLE posts (
             id TEXT PRIMARY KEY,
             author_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             board TEXT NOT NULL,
             body TEXT NOT NULL,
             routine_id TEXT REFERENCES routines(id) ON DELETE SET NULL,
             like_count INTEGER NOT NULL DEFAULT 0,
             comment_count INTEGER NOT NULL DEFAULT 0,
             hidden INTEGER NOT NULL DEFAULT 0,
             created_at BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         "CREATE INDEX posts_board ON posts (board, created_at, id)",
         "CREATE INDEX posts_all ON posts (created_at, id)",
         "CREATE INDEX posts_author ON posts (author_id, created_at, id)",
         """
         CREATE TABLE photos (
             id TEXT PRIMARY KEY,
             owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             sha256 TEXT NOT NULL,
             width INTEGER NOT NULL,
             height INTEGER NOT NULL,
             size BIGINT NOT NULL,
             post_id TEXT REFERENCES posts(id) ON DELETE CASCADE,
             position INTEGER NOT NULL DEFAULT 0,
             created_at BIGINT NOT NULL)
         """,
         "CREATE INDEX photos_post ON photos (post_id, position)",
         "CREATE INDEX photos_sha ON photos (sha256)",
         "CREATE INDEX photos_owner ON photos (owner_id, created_at)",
         """
         CREATE TABLE comments (
             id TEXT PRIMARY KEY,
             post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
             author_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             body TEXT NOT NULL,
             hidden INTEGER NOT NULL DEFAULT 0,
             created_at BIGINT NOT NULL)
         """,
         "CREATE INDEX comments_post ON comments (post_id, created_at, id)",
         """
         CREATE TABLE post_likes (
             post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             created_at BIGINT NOT NULL,
             PRIMARY KEY (post_id, user_id))
         """,
         "CREATE INDEX post_likes_user ON post_likes (user_id)",
         """
         CREATE TABLE blocks (
             blocker_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             blocked_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             created_at BIGINT NOT NULL,
             PRIMARY KEY (blocker_id, blocked_id))
         """,
         "CREATE INDEX blocks_blocked ON blocks (blocked_id, blocker_id)",
         """
         CREATE TABLE reports (
             target_kind TEXT NOT NULL,
             target_id TEXT NOT NULL,
             reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             reason TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             PRIMARY KEY (target_kind, target_id, reporter_id))
         """,
         """
         CREATE TABLE notifications (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             kind TEXT NOT NULL,
             actor_id TEXT REFERENCES users(id) ON DELETE CASCADE,
             post_id TEXT REFERENCES posts(id) ON DELETE CASCADE,
             comment_id TEXT REFERENCES comments(id) ON DELETE CASCADE,
             routine_id TEXT REFERENCES routines(id) ON DELETE CASCADE,
             read_at BIGINT,
             created_at BIGINT NOT NULL)
         """,
         "CREATE INDEX notifications_user ON notifications (user_id, created_at, id)"]
    }
}
