extension Migrations {
    // Cheers and pushes between groupmates: at most one a day from one person to another (the
    // unique day key decides it, so two at once still make one), and the people someone muted:
    // what they send is kept out of that person's notifications and stream.
    static let v17Cheers = Migration(17, "cheers") { _ in
        ["""
         CREATE TABLE cheers (
             id TEXT PRIMARY KEY,
             group_id TEXT NOT NULL REFERENCES training_groups(id) ON DELETE CASCADE,
             sender_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             receiver_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             kind TEXT NOT NULL,
             day TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             UNIQUE (sender_id, receiver_id, day))
         """,
         "CREATE INDEX cheers_receiver ON cheers (receiver_id, created_at)",
         """
         CREATE TABLE mutes (
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             muted_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             created_at BIGINT NOT NULL,
             PRIMARY KEY (user_id, muted_id))
         """]
    }
}
