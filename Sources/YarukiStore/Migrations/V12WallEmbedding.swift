extension Migrations {
    // The sites allowed to show a board's wall screen in a frame (space-separated origins; none
    // by default: the page is served with frame-ancestors 'none').
    static let v12WallEmbedding = Migration(12, "wall embedding") { _ in
        ["ALTER TABLE signage_boards ADD COLUMN embed_origins TEXT NOT NULL DEFAULT ''"]
    }
}
