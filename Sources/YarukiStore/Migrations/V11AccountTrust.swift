extension Migrations {
    // Accounts people can trust. An address counts as the person's only once a link mailed to
    // it was opened (`email_verified_at`; accounts from before are unverified, since one could
    // be a squatter's). Links for verifying, changing the address and resetting the password
    // are single-use tokens kept by their SHA-256. ID tokens' nonces and ids are remembered until
    // they expire, so none is accepted twice. Mail waits in an outbox until a node delivers it,
    // and goes with its account.
    static let v11AccountTrust = Migration(11, "account trust") { _ in
        ["ALTER TABLE users ADD COLUMN email_verified_at BIGINT",
         """
         CREATE TABLE account_tokens (
             token_hash TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             purpose TEXT NOT NULL,
             email TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             expires_at BIGINT NOT NULL,
             used_at BIGINT)
         """,
         "CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose)",
         """
         CREATE TABLE id_token_uses (
             key TEXT PRIMARY KEY,
             expires_at BIGINT NOT NULL)
         """,
         "CREATE INDEX id_token_uses_expiry ON id_token_uses (expires_at)",
         """
         CREATE TABLE mail_outbox (
             id TEXT PRIMARY KEY,
             user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
             recipient TEXT NOT NULL,
             message TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             expires_at BIGINT NOT NULL,
             attempts INTEGER NOT NULL DEFAULT 0,
             next_attempt_at BIGINT NOT NULL,
             claimed_until BIGINT,
             last_error TEXT)
         """,
         "CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at)",
         "CREATE INDEX mail_outbox_user ON mail_outbox (user_id)"]
    }
}
