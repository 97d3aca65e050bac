extension Migrations {
    // The events every node's streams carry (a person's notifications, standings, sync nudges…),
    // logged so a screen that reconnects to any node gets what it missed (`Last-Event-ID`), and so
    // a node whose PostgreSQL listener dropped catches up. Ids only grow; old rows are pruned.
    static let v22Events = Migration(22, "events") { dialect in
        [dialect == .postgres
            ? "CREATE TABLE events (id BIGSERIAL PRIMARY KEY, topic TEXT NOT NULL, name TEXT NOT NULL, audience TEXT NOT NULL, data TEXT NOT NULL, at BIGINT NOT NULL)"
            : "CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, name TEXT NOT NULL, audience TEXT NOT NULL, data TEXT NOT NULL, at BIGINT NOT NULL)",
         "CREATE INDEX events_at ON events (at)"]
    }
}
