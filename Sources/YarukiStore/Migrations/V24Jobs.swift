extension Migrations {
    // Background work any node may do, each piece by exactly one: claimed with a lease (on
    // PostgreSQL `FOR UPDATE SKIP LOCKED`), retried with backoff, picked up again by another node
    // once the lease of one that died has run out. `unique_key` makes enqueueing idempotent.
    static let v24Jobs = Migration(24, "jobs") { _ in
        ["""
         CREATE TABLE jobs (
             id TEXT PRIMARY KEY,
             kind TEXT NOT NULL,
             payload TEXT NOT NULL,
             state TEXT NOT NULL,
             attempts INTEGER NOT NULL DEFAULT 0,
             max_attempts INTEGER NOT NULL,
             run_at BIGINT NOT NULL,
             lease_until BIGINT,
             locked_by TEXT,
             last_error TEXT,
             unique_key TEXT UNIQUE,
             created_at BIGINT NOT NULL,
             finished_at BIGINT)
         """,
         "CREATE INDEX jobs_due ON jobs (state, run_at)"]
    }
}
