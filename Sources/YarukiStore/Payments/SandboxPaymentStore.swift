import Foundation

/// The built-in sandbox payment provider's own side: the payments it holds as a real provider
/// would on its servers (the platform's, not any area's).
public enum SandboxPaymentStore {
    public static func pay(_ id: String, amount: Int64, currency: String, status: String, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO sandbox_payments (id, amount, currency, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET amount = excluded.amount, currency = excluded.currency, status = excluded.status, updated_at = excluded.updated_at
            """, id, amount, currency, status, now, now)
    }

    public static func payment(_ id: String, _ c: SQLConnection) throws -> (amount: Int64, currency: String, status: String)? {
        try c.queryOne("SELECT amount, currency, status FROM sandbox_payments WHERE id = ?", id).map { r in
            (Int64(try r.int("amount")), try r.string("currency"), try r.string("status"))
        }
    }

    /// Cancels a sandbox payment; its status before (nil: none).
    public static func cancel(_ id: String, at now: Date, _ c: SQLConnection) throws -> String? {
        guard let before = try payment(id, c)?.status else { return nil }
        try c.execute("UPDATE sandbox_payments SET status = 'CANCELLED', updated_at = ? WHERE id = ?", now, id)
        return before
    }
}
