extension Migrations {
    // A board's day is its own: today beside yesterday and a week ago is counted from midnight in
    // the board's time zone (boards made before know none: UTC until an admin sets one).
    static let v47BoardTimeZones = Migration(47, "board time zones") { _ in
        ["ALTER TABLE signage_boards ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC'"]
    }
}
