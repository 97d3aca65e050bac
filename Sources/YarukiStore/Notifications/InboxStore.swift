import Foundation
import YarukiJSON

/// The platform's notification inbox: what happened that a person should hear of. A row names
/// its kind (registered by an area), the person it is for, who caused it (none when the server
/// speaks), and what it is about: a subject (a post, a routine, an order…) and a detail within it
/// (a comment). Which table a subject lives in is the registering area's business; the store
/// that deletes a subject withdraws what was said about it (`withdraw(about:)`).
public enum InboxStore {
    public struct Entry: Sendable, Equatable {
        public var id: UUID
        public var kind: String
        public var actorID: UUID?
        public var actorName: String?
        public var subjectID: UUID?
        public var detailID: UUID?
        /// Numbers the entry tells that are not rows anywhere (a quota reminder's proofs to go).
        public var facts: [String: Int]
        public var read: Bool
        public var createdAt: Date
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var sequence: UInt16 = 0

    /// An id that sorts after every earlier one this process made: the time in milliseconds, a
    /// counter, then random bytes. Entries made in the same millisecond (three notifications from
    /// three quick requests) still list newest first, since the list orders by time, then id.
    static func orderedID(at now: Date) -> UUID {
        let ms = UInt64(max(0, (now.timeIntervalSince1970 * 1000).rounded(.down)))
        let count: UInt16 = lock.withLock {
            sequence &+= 1
            return sequence
        }
        var random = SystemRandomNumberGenerator()
        let tail: UInt64 = random.next()
        var b = [UInt8](repeating: 0, count: 16)
        for i in 0..<6 { b[i] = UInt8(truncatingIfNeeded: ms >> UInt64(40 - 8 * i)) }
        b[6] = UInt8(truncatingIfNeeded: count >> 8)
        b[7] = UInt8(truncatingIfNeeded: count)
        for i in 0..<8 { b[8 + i] = UInt8(truncatingIfNeeded: tail >> UInt64(8 * i)) }
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    /// Adds an entry; nil when the actor is the person (nothing is said of one's own doings).
    public static func add(_ kind: String, to user: UUID, actor: UUID?, subject: UUID?, detail: UUID?, facts: [String: Int] = [:],
                           at now: Date, _ c: SQLConnection) throws -> UUID? {
        guard user != actor else { return nil }
        let id = InboxStore.orderedID(at: now)
        let told = facts.isEmpty ? nil : String(decoding: try JSONEncoder().encode(facts), as: UTF8.self)
        try c.execute("INSERT INTO inbox (id, user_id, kind, actor_id, subject_id, detail_id, facts, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                      id, user, kind, actor, subject, detail, told, now)
        return id
    }

    /// What `actor` caused about `subject` is taken back (a like undone).
    public static func withdraw(_ kind: String, actor: UUID, subject: UUID, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM inbox WHERE kind = ? AND actor_id = ? AND subject_id = ?", kind, actor, subject)
    }

    /// Everything said about something being deleted, as a subject or as a detail.
    public static func withdraw(about id: UUID, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM inbox WHERE subject_id = ? OR detail_id = ?", id, id)
    }

    /// The same for every id `query` selects (one column), for deletions of many rows at once.
    public static func withdraw(aboutAnyOf query: String, _ values: SQLValue..., in c: SQLConnection) throws {
        try c.execute("DELETE FROM inbox WHERE subject_id IN (\(query)) OR detail_id IN (\(query))", values + values)
    }

    /// Newest first; leaves out what came from someone either side blocked.
    public static func list(_ user: UUID, before: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [Entry] {
        let page = SQLFragment.keyset("n", before)
        let values: [SQLValue] = [user.sqlValue, user.sqlValue, user.sqlValue] + page.values + [.integer(Int64(limit))]
        return try c.query("""
            SELECT n.id, n.kind, n.actor_id, u.display_name, n.subject_id, n.detail_id, n.facts, n.read_at, n.created_at
            FROM inbox n LEFT JOIN users u ON u.id = n.actor_id
            WHERE n.user_id = ? AND \(SafetyStore.unblocked("n.actor_id")) \(page.sql)
            ORDER BY n.created_at DESC, n.id DESC LIMIT ?
            """, values).map { r in
            Entry(id: try r.uuid("id"), kind: try r.string("kind"), actorID: try r.optionalString("actor_id").flatMap(UUID.init(strict:)),
                  actorName: try r.optionalString("display_name"), subjectID: try r.optionalString("subject_id").flatMap(UUID.init(strict:)),
                  detailID: try r.optionalString("detail_id").flatMap(UUID.init(strict:)),
                  facts: try r.optionalString("facts").flatMap { try? JSONDecoder().decode([String: Int].self, from: Data($0.utf8)) } ?? [:],
                  read: try r.optionalDate("read_at") != nil,
                  createdAt: try r.date("created_at"))
        }
    }

    public static func unreadCount(_ user: UUID, _ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM inbox n WHERE n.user_id = ? AND n.read_at IS NULL AND \(SafetyStore.unblocked("n.actor_id"))",
                       user, user, user)?.int("n") ?? 0
    }

    public static func markAllRead(_ user: UUID, at now: Date, _ c: SQLConnection) throws -> Int {
        try c.execute("UPDATE inbox SET read_at = ? WHERE user_id = ? AND read_at IS NULL", now, user)
    }

    /// Deletes the person's entries and those their doings made for others.
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM inbox WHERE user_id = ? OR actor_id = ?", user, user)
    }
}
