extension Migrations {
    static let v2Accounts = Migration(2, "accounts") { _ in
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
    }
}
