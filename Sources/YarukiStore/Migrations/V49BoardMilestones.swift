extension Migrations {
    // What a board celebrates (JSON: every so much, its goal, a record day), and what it reached:
    // each milestone once per board (the first node to store it tells the board's maker; every
    // node's screens celebrate it once), in the order reached, so a screen that reconnects can be
    // sent those it missed.
    static let v49BoardMilestones = Migration(49, "board milestones") { _ in
        ["ALTER TABLE signage_boards ADD COLUMN milestones TEXT",
         """
         CREATE TABLE board_milestones (
             board_id TEXT NOT NULL REFERENCES signage_boards(id) ON DELETE CASCADE,
             key TEXT NOT NULL,
             kind TEXT NOT NULL,
             amount BIGINT NOT NULL,
             reached_at BIGINT NOT NULL,
             PRIMARY KEY (board_id, key))
         """]
    }
}
