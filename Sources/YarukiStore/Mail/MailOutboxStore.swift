import Foundation

/// Mail waiting to be delivered. A node claims a row for a while before it sends it, so two
/// nodes never send the same mail; a delivered mail's row is deleted (its links are secrets).
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

    /// Claims up to `limit` due mails for `hold` (counting an attempt each); another node's
    /// claim that has not run out is left alone.
    public static func claimDue(at now: Date, hold: TimeInterval, limit: Int, _ c: SQLConnection) throws -> [Entry] {
        let due = try c.query("""
            SELECT id, recipient, message, attempts, expires_at FROM mail_outbox
            WHERE next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
            ORDER BY next_attempt_at, id LIMIT ?
            """, now, now, limit)
        var claimed: [Entry] = []
        for row in due {
            let id = try row.uuid("id")
            let taken = try c.execute("""
                UPDATE mail_outbox SET claimed_until = ?, attempts = attempts + 1
                WHERE id = ? AND (claimed_until IS NULL OR claimed_until < ?)
                """, now.addingTimeInterval(hold), id, now)
            guard taken == 1 else { continue }
            claimed.append(Entry(id: id, recipient: try row.string("recipient"), message: try row.string("message"),
                                 attempts: try row.int("attempts") + 1, expiresAt: try row.date("expires_at")))
        }
        return claimed
    }

    /// Delivered, expired or given up: the row goes.
    public static func remove(_ id: UUID, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM mail_outbox WHERE id = ?", id)
    }

    /// A failed try: the claim ends and the next try waits until `next`.
    public static func postpone(_ id: UUID, until next: Date, error: String, _ c: SQLConnection) throws {
        try c.execute("UPDATE mail_outbox SET claimed_until = NULL, next_attempt_at = ?, last_error = ? WHERE id = ?",
                      next, String(error.prefix(500)), id)
    }

    /// How many mails wait, for the metrics.
    public static func waiting(_ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM mail_outbox")?.int("n") ?? 0
    }
}
