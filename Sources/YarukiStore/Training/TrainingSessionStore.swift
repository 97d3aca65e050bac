import Foundation

/// The training session under way (`training_sessions`), one per person, kept as its JSON.
public enum TrainingSessionStore {
    public struct Stored: Sendable, Equatable {
        public var id: UUID
        public var state: String
        public var version: Int64
    }

    public static func current(user: UUID, _ c: SQLConnection) throws -> Stored? {
        try c.queryOne("SELECT id, state, version FROM training_sessions WHERE user_id = ?", user).map { row in
            Stored(id: try row.uuid("id"), state: try row.string("state"), version: Int64(try row.int("version")))
        }
    }

    /// Starts one; false when the person has one under way.
    public static func start(user: UUID, id: UUID, state: String, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            INSERT INTO training_sessions (user_id, id, state, version, updated_at) VALUES (?, ?, ?, 1, ?) ON CONFLICT (user_id) DO NOTHING
            """, user, id, state, now) == 1
    }

    /// Replaces the state of session `id` (at `version` when given); the new version, or nil when
    /// there is no such session or it moved on.
    public static func replace(user: UUID, id: UUID, state: String, ifVersion: Int64?, at now: Date, _ c: SQLConnection) throws -> Int64? {
        let changed = if let ifVersion {
            try c.execute("UPDATE training_sessions SET state = ?, version = version + 1, updated_at = ? WHERE user_id = ? AND id = ? AND version = ?",
                          state, now, user, id, ifVersion)
        } else {
            try c.execute("UPDATE training_sessions SET state = ?, version = version + 1, updated_at = ? WHERE user_id = ? AND id = ?",
                          state, now, user, id)
        }
        guard changed == 1 else { return nil }
        return try current(user: user, c)?.version
    }

    public static func delete(user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM training_sessions WHERE user_id = ?", user) == 1
    }
}
