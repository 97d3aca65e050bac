extension Migrations {
    // Counted attempts (failed sign-ins, sign-ups per network, mails per person) that every node
    // must see: on PostgreSQL the throttles count here; SQLite's one node counts in memory.
    static let v23ThrottleHits = Migration(23, "throttle hits") { _ in
        ["CREATE TABLE throttle_hits (key TEXT NOT NULL, at BIGINT NOT NULL)",
         "CREATE INDEX throttle_hits_key_at ON throttle_hits (key, at)",
         "CREATE INDEX throttle_hits_at ON throttle_hits (at)"]
    }
}
