import Foundation

/// Mail waiting to be delivered, each with its delivery job (the job's lease keeps two nodes
/// from sending the same mail); a delivered mail's row is deleted (its links are secrets).
public enum MailOutboxStore {
    public struct Entry: Sendable, Equatable {
        public var id: UUID
        public var recipient: String
        public var message: String
        public var attempts: Int
        public var expiresAt: Date
    }

    public static func insert(id: UUID, user: UUID?, recipient: String, message: String, at now: Date, expiresAt: Date,
                              _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO mail_outbox (id, user_id, recipient, message, created_at, expires_at, attempts, next_attempt_at)
            VALUES (?, ?, ?, ?, ?, ?, 0, ?)
            """, id, user, recipient, message, now, expiresAt, now)
    }

    public static func entry(_ id: UUID, _ c: SQLConnection) throws -> Entry? {
        try c.queryOne("SELECT id, recipient, message, attempts, expires_at FROM mail_outbox WHERE id = ?", id).map { row in
            Entry(id: try row.uuid("id"), recipient: try row.string("recipient"), message: try row.string("message"), attempts: try row.int("attempts"),
                  expiresAt: try row.date("expires_at"))
        }
    }

    /// Delivered, expired or given up: the row goes.
    public static func remove(_ id: UUID, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM mail_outbox WHERE id = ?", id)
    }

    /// A failed try, noted (its job tries again).
    public static func failed(_ id: UUID, error: String, _ c: SQLConnection) throws {
        try c.execute("UPDATE mail_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?", String(error.prefix(500)), id)
    }

    /// How many mails wait, for the metrics.
    public static func waiting(_ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM mail_outbox")?.int("n") ?? 0
    }
}
