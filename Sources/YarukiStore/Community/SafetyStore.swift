import Foundation

/// Blocks (each of two people stops seeing the other) and, later, reports.
public enum SafetyStore {
    public struct Blocked: Sendable, Equatable {
        public var id: UUID
        public var displayName: String
        public var since: Date
    }

    @discardableResult
    public static func block(_ blocked: UUID, by blocker: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", blocker, blocked, now) == 1
    }

    @discardableResult
    public static func unblock(_ blocked: UUID, by blocker: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?", blocker, blocked) == 1
    }

    public static func blocked(by blocker: UUID, _ c: SQLConnection) throws -> [Blocked] {
        try c.query("""
            SELECT u.id, u.display_name, b.created_at FROM blocks b JOIN users u ON u.id = b.blocked_id
            WHERE b.blocker_id = ? ORDER BY b.created_at DESC
            """, blocker).map { Blocked(id: try $0.uuid("id"), displayName: try $0.string("display_name"), since: try $0.date("created_at")) }
    }
}
