extension Migrations {
    static let v5Groups = Migration(5, "groups") { _ in
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
    }
}
