extension Migrations {
    // Several boards on one wall link, in order: a board deleted leaves every playlist it was in
    // (its row goes with it), a playlist deleted takes its list along.
    static let v50SignagePlaylists = Migration(50, "signage playlists") { _ in
        ["""
         CREATE TABLE signage_playlists (
             id TEXT PRIMARY KEY,
             title TEXT NOT NULL,
             seconds INTEGER NOT NULL,
             layout TEXT NOT NULL,
             token_hash TEXT NOT NULL UNIQUE,
             created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
             created_at BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         """
         CREATE TABLE signage_playlist_boards (
             playlist_id TEXT NOT NULL REFERENCES signage_playlists(id) ON DELETE CASCADE,
             position INTEGER NOT NULL,
             board_id TEXT NOT NULL REFERENCES signage_boards(id) ON DELETE CASCADE,
             PRIMARY KEY (playlist_id, position))
         """,
         "CREATE INDEX signage_playlist_boards_by_board ON signage_playlist_boards (board_id)"]
    }
}
