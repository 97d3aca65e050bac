import Foundation

/// Cheers and pushes between groupmates, and mutes.
public enum CheerStore {
    /// Records a cheer for `day` (the sender's day); false when the sender already sent one to
    /// that person that day.
    public static func send(id: UUID, group: UUID, from sender: UUID, to receiver: UUID, kind: String, day: String, at now: Date,
                            _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            INSERT INTO cheers (id, group_id, sender_id, receiver_id, kind, day, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (sender_id, receiver_id, day) DO NOTHING
            """, id, group, sender, receiver, kind, day, now) == 1
    }

    /// The people `sender` cheered or pushed on `day`.
    public static func sent(from sender: UUID, day: String, _ c: SQLConnection) throws -> Set<UUID> {
        Set(try c.query("SELECT receiver_id FROM cheers WHERE sender_id = ? AND day = ?", sender, day).map { try $0.uuid("receiver_id") })
    }

    public static func mute(_ muted: UUID, by user: UUID, at now: Date, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO mutes (user_id, muted_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", user, muted, now)
    }

    public static func unmute(_ muted: UUID, by user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM mutes WHERE user_id = ? AND muted_id = ?", user, muted) == 1
    }

    public static func isMuted(_ muted: UUID, by user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT 1 AS one FROM mutes WHERE user_id = ? AND muted_id = ?", user, muted) != nil
    }

    /// The people `user` muted, with their names, by name.
    public static func muted(by user: UUID, _ c: SQLConnection) throws -> [(id: UUID, name: String)] {
        try c.query("""
            SELECT u.id, u.display_name FROM mutes m JOIN users u ON u.id = m.muted_id WHERE m.user_id = ? ORDER BY u.display_name, u.id
            """, user).map { (try $0.uuid("id"), try $0.string("display_name")) }
    }
}
