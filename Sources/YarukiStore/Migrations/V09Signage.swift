extension Migrations {
    // Signage: sales arrive by event (idempotent by id) and are added into quarter-hour buckets
    // as they arrive, so a board's total never reads the events themselves. Machines send
    // them with API keys that admins make (only the key's hash is kept).
    static let v9Signage = Migration(9, "signage") { _ in
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
    }
}
