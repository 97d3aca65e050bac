import Foundation
import YarukiCore

/// Playlists: several boards on one wall link, each with its own secret (only its hash kept).
public enum PlaylistStore {
    private static let columns = "id, title, seconds, layout, updated_at"

    private static func playlist(_ r: Row, boards: [UUID]) throws -> SignagePlaylist {
        SignagePlaylist(id: try r.uuid("id"), title: try r.string("title"), boards: boards, seconds: try r.int("seconds"),
                        layout: SignagePlaylist.Layout(rawValue: try r.string("layout")) ?? .rotate, updatedAt: try r.date("updated_at"))
    }

    /// The boards of some playlists (all when nil), in order.
    private static func boards(of ids: [UUID]?, _ c: SQLConnection) throws -> [UUID: [UUID]] {
        var sql = "SELECT playlist_id, board_id FROM signage_playlist_boards"
        var values: [SQLValue] = []
        if let ids {
            guard !ids.isEmpty else { return [:] }
            sql += " WHERE playlist_id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))"
            values = ids.map { $0.sqlValue }
        }
        var lists: [UUID: [UUID]] = [:]
        for r in try c.query(sql + " ORDER BY playlist_id, position", values) { lists[try r.uuid("playlist_id"), default: []].append(try r.uuid("board_id")) }
        return lists
    }

    private static func setBoards(_ id: UUID, _ boards: [UUID], _ c: SQLConnection) throws {
        try c.execute("DELETE FROM signage_playlist_boards WHERE playlist_id = ?", id)
        guard !boards.isEmpty else { return }
        var values: [SQLValue] = []
        for (i, board) in boards.enumerated() { values += [id.sqlValue, .integer(Int64(i)), board.sqlValue] }
        try c.execute("INSERT INTO signage_playlist_boards (playlist_id, position, board_id) VALUES "
                      + Array(repeating: "(?, ?, ?)", count: boards.count).joined(separator: ", "), values)
    }

    /// Which of these boards exist.
    public static func existing(_ boards: [UUID], _ c: SQLConnection) throws -> Set<UUID> {
        guard !boards.isEmpty else { return [] }
        return Set(try c.query("SELECT id FROM signage_boards WHERE id IN (\(Array(repeating: "?", count: boards.count).joined(separator: ", ")))",
                               boards.map { $0.sqlValue }).map { try $0.uuid("id") })
    }

    public static func insert(_ p: SignagePlaylist, tokenHash: String, by user: UUID?, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO signage_playlists (id, title, seconds, layout, token_hash, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, p.id, p.title, p.seconds, p.layout.rawValue, tokenHash, user, p.updatedAt, p.updatedAt)
        try setBoards(p.id, p.boards, c)
    }

    public static func update(_ p: SignagePlaylist, _ c: SQLConnection) throws -> Bool {
        guard try c.execute("UPDATE signage_playlists SET title = ?, seconds = ?, layout = ?, updated_at = ? WHERE id = ?",
                            p.title, p.seconds, p.layout.rawValue, p.updatedAt, p.id) == 1 else { return false }
        try setBoards(p.id, p.boards, c)
        return true
    }

    public static func playlist(_ id: UUID, _ c: SQLConnection) throws -> SignagePlaylist? {
        guard let row = try c.queryOne("SELECT \(columns) FROM signage_playlists WHERE id = ?", id) else { return nil }
        return try playlist(row, boards: boards(of: [id], c)[id] ?? [])
    }

    public static func playlist(_ id: UUID, tokenHash: String, _ c: SQLConnection) throws -> SignagePlaylist? {
        guard let row = try c.queryOne("SELECT \(columns) FROM signage_playlists WHERE id = ? AND token_hash = ?", id, tokenHash) else { return nil }
        return try playlist(row, boards: boards(of: [id], c)[id] ?? [])
    }

    /// Every playlist, newest change first.
    public static func playlists(_ c: SQLConnection) throws -> [SignagePlaylist] {
        let lists = try boards(of: nil, c)
        return try c.query("SELECT \(columns) FROM signage_playlists ORDER BY updated_at DESC, id").map { r in
            try playlist(r, boards: lists[try r.uuid("id")] ?? [])
        }
    }

    /// The playlists that show a board.
    public static func showing(_ board: UUID, _ c: SQLConnection) throws -> [UUID] {
        try c.query("SELECT DISTINCT playlist_id FROM signage_playlist_boards WHERE board_id = ? ORDER BY playlist_id", board).map { try $0.uuid("playlist_id") }
    }

    public static func setToken(_ id: UUID, tokenHash: String, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE signage_playlists SET token_hash = ? WHERE id = ?", tokenHash, id) == 1
    }

    public static func delete(_ id: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM signage_playlists WHERE id = ?", id) == 1
    }

    /// Playlists an admin made outlive them, as boards do.
    public static func forgetCreator(_ user: UUID, _ c: SQLConnection) throws {
        try c.execute("UPDATE signage_playlists SET created_by = NULL WHERE created_by = ?", user)
    }
}
