extension Migrations {
    // One private iCalendar feed per person: only the token's hash is kept, so a leaked
    // database does not leak working feed links; making a new one replaces (revokes) the old.
    static let v6CalendarFeeds = Migration(6, "calendar feeds") { _ in
        ["""
         CREATE TABLE calendar_feeds (
             user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
             token_hash TEXT NOT NULL UNIQUE,
             created_at BIGINT NOT NULL,
             last_read_at BIGINT)
         """]
    }
}
