extension Migrations {
    // A group's shared goal for a month: total proofs, training minutes from sessions, or steps
    // from Health, counted over the local month of each member who joined it (up to their
    // leaving, for someone who left the group). `finished_at` is set once, by the first look that
    // finds the goal reached, so the finish is told exactly once.
    static let v44GroupChallenges = Migration(44, "group challenges") { _ in
        ["""
         CREATE TABLE group_challenges (
             id TEXT PRIMARY KEY,
             group_id TEXT NOT NULL REFERENCES training_groups(id) ON DELETE CASCADE,
             proposed_by TEXT REFERENCES users(id) ON DELETE SET NULL,
             metric TEXT NOT NULL,
             goal BIGINT NOT NULL,
             month TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             finished_at BIGINT)
         """,
         "CREATE INDEX group_challenges_group ON group_challenges (group_id, month)",
         """
         CREATE TABLE challenge_members (
             challenge_id TEXT NOT NULL REFERENCES group_challenges(id) ON DELETE CASCADE,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             joined_at BIGINT NOT NULL,
             left_at BIGINT,
             PRIMARY KEY (challenge_id, user_id))
         """,
         "CREATE INDEX challenge_members_user ON challenge_members (user_id)"]
    }
}
