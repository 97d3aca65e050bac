extension Migrations {
    // A group's feed of what its members did: one row per group the doer was in at the time, so
    // a page is one indexed range of one group (newest first by `at`, then `id`). `subject` names
    // what the row is about (a proof, a workout, a break, a cheer, or a challenge's milestone as
    // `<id>.<milestone>`), at most once per group, so a retry or a second node adds nothing, and
    // withdrawing it (the proof deleted, the break called off) removes it from every group.
    // `facts` holds the kind's own part as JSON. A member who leaves takes their rows with them.
    static let v45CrewFeed = Migration(45, "crew feed") { _ in
        ["""
         CREATE TABLE crew_feed (
             group_id TEXT NOT NULL REFERENCES training_groups(id) ON DELETE CASCADE,
             id TEXT NOT NULL,
             kind TEXT NOT NULL,
             actor_id TEXT REFERENCES users(id) ON DELETE CASCADE,
             target_id TEXT REFERENCES users(id) ON DELETE CASCADE,
             subject TEXT NOT NULL,
             facts TEXT NOT NULL,
             at BIGINT NOT NULL,
             PRIMARY KEY (group_id, id),
             UNIQUE (group_id, subject))
         """,
         "CREATE INDEX crew_feed_page ON crew_feed (group_id, at, id)",
         "CREATE INDEX crew_feed_subject ON crew_feed (subject)",
         "CREATE INDEX crew_feed_actor ON crew_feed (actor_id)",
         "CREATE INDEX crew_feed_target ON crew_feed (target_id)"]
    }
}
