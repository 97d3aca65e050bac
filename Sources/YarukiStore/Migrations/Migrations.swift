/// Every migration, in order. Append only: a released migration never changes.
public enum Migrations {
    public static let all: [Migration] = [
        Migration(1, "settings") { _ in
            ["""
             CREATE TABLE app_settings (
                 key TEXT PRIMARY KEY,
                 value TEXT NOT NULL,
                 updated_at BIGINT NOT NULL)
             """]
        },
        Migration(2, "accounts") { _ in
            ["""
             CREATE TABLE users (
                 id TEXT PRIMARY KEY,
                 email TEXT NOT NULL,
                 email_key TEXT NOT NULL UNIQUE,
                 display_name TEXT NOT NULL,
                 password_hash TEXT,
                 time_zone TEXT NOT NULL,
                 locale TEXT NOT NULL,
                 week_start TEXT NOT NULL,
                 role TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL)
             """,
             """
             CREATE TABLE identities (
                 provider TEXT NOT NULL,
                 subject TEXT NOT NULL,
                 user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                 email TEXT,
                 created_at BIGINT NOT NULL,
                 PRIMARY KEY (provider, subject))
             """,
             "CREATE INDEX identities_user ON identities (user_id)",
             """
             CREATE TABLE sessions (
                 id TEXT PRIMARY KEY,
                 user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                 device TEXT NOT NULL,
                 created_at BIGINT NOT NULL,
                 last_used_at BIGINT NOT NULL,
                 revoked_at BIGINT,
                 revoke_reason TEXT)
             """,
             "CREATE INDEX sessions_user ON sessions (user_id)",
             """
             CREATE TABLE refresh_tokens (
                 token_hash TEXT PRIMARY KEY,
                 session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                 created_at BIGINT NOT NULL,
                 spent_at BIGINT)
             """,
             "CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id)"]
        },
        Migration(3, "training") { _ in
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
        },
        Migration(4, "proofs") { _ in
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
        },
        Migration(5, "groups") { _ in
            ["""
             CREATE TABLE training_groups (
                 id TEXT PRIMARY KEY,
                 name TEXT NOT NULL,
                 owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                 invite_code TEXT NOT NULL UNIQUE,
                 created_at BIGINT NOT NULL)
             """,
             """
             CREATE TABLE group_members (
                 group_id TEXT NOT NULL REFERENCES training_groups(id) ON DELETE CASCADE,
                 user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                 joined_at BIGINT NOT NULL,
                 PRIMARY KEY (group_id, user_id))
             """,
             "CREATE INDEX group_members_user ON group_members (user_id)",
             """
             CREATE TABLE quotas (
                 user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                 effective_week TEXT NOT NULL,
                 days INTEGER NOT NULL,
                 changed_at BIGINT NOT NULL,
                 PRIMARY KEY (user_id, effective_week))
             """,
             // A person's streak through their last finished week, so a group page of a thousand
             // members reads a thousand rows instead of half a year of proofs. Any change to the
             // person's proofs, quota or calendar marks it invalid and bumps its version; a streak
             // worked out before that change can then no longer be written back.
             """
             CREATE TABLE streak_cache (
                 user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                 week_start TEXT NOT NULL,
                 through_week TEXT NOT NULL,
                 streak INTEGER NOT NULL,
                 version INTEGER NOT NULL,
                 valid INTEGER NOT NULL)
             """]
        },
        // One private iCalendar feed per person: only the token's hash is kept, so a leaked
        // database does not leak working feed links; making a new one replaces (revokes) the old.
        Migration(6, "calendar feeds") { _ in
            ["""
             CREATE TABLE calendar_feeds (
                 user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                 token_hash TEXT NOT NULL UNIQUE,
                 created_at BIGINT NOT NULL,
                 last_read_at BIGINT)
             """]
        },
        // The streak cache also keeps the days proved in the week after `through_week` (the week
        // in progress), so a group page in a steady week reads no proofs at all: any change to
        // the person's proofs already marks the row invalid.
        Migration(7, "week days in the streak cache") { _ in
            // Rows from before have no days: none may be trusted (a new version, so a page may write them again).
            ["ALTER TABLE streak_cache ADD COLUMN week_days TEXT NOT NULL DEFAULT ''", "UPDATE streak_cache SET valid = 0, version = version + 1"]
        },
        // The community: posts on three boards with photos, comments, likes; routines that a like
        // saves; reports, blocks and notifications. Counts are kept on their rows (changed in the
        // same transaction as the like or comment) so a feed page reads no aggregates.
        Migration(8, "community") { _ in
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
        },
        // Signage: sales arrive by event (idempotent by id) and are added into quarter-hour buckets
        // as they arrive, so a board's total never reads the events themselves. Machines send
        // them with API keys that admins make (only the key's hash is kept).
        Migration(9, "signage") { _ in
            ["""
             CREATE TABLE api_keys (
                 id TEXT PRIMARY KEY,
                 name TEXT NOT NULL,
                 key_hash TEXT NOT NULL UNIQUE,
                 scopes TEXT NOT NULL,
                 created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
                 created_at BIGINT NOT NULL,
                 last_used_at BIGINT,
                 revoked_at BIGINT)
             """,
             """
             CREATE TABLE sales_events (
                 id TEXT PRIMARY KEY,
                 amount BIGINT NOT NULL,
                 currency TEXT NOT NULL,
                 occurred_at BIGINT NOT NULL,
                 channel TEXT NOT NULL,
                 campaign TEXT NOT NULL,
                 received_at BIGINT NOT NULL)
             """,
             """
             CREATE TABLE sales_buckets (
                 currency TEXT NOT NULL,
                 campaign TEXT NOT NULL,
                 channel TEXT NOT NULL,
                 bucket BIGINT NOT NULL,
                 amount BIGINT NOT NULL,
                 sales BIGINT NOT NULL,
                 PRIMARY KEY (currency, bucket, campaign, channel))
             """,
             """
             CREATE TABLE signage_boards (
                 id TEXT PRIMARY KEY,
                 title TEXT NOT NULL,
                 currency TEXT NOT NULL,
                 starts_at BIGINT NOT NULL,
                 ends_at BIGINT NOT NULL,
                 campaign TEXT,
                 channel TEXT,
                 goal BIGINT,
                 token_hash TEXT NOT NULL UNIQUE,
                 created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
                 created_at BIGINT NOT NULL,
                 updated_at BIGINT NOT NULL)
             """]
        },
        // Lifelog: memos, check-ins, photos and voice notes, each under the id its device made
        // (so a retry or a sync never doubles one), with the offset of where it happened. Photos
        // keep only their metadata-free copies (by SHA-256, like the community's); voice notes
        // are media rows like proof videos. Routes between recorded places are cached by their
        // rounded ends, so replaying a month again costs no routing.
        Migration(10, "lifelog") { _ in
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
        },
    ]
}
