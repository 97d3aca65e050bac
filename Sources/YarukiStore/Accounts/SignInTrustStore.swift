import Foundation

/// Devices and networks an account has signed in from (only keyed hashes are kept): what tells
/// the owner's attempts from a stranger's.
public enum SignInTrustStore {
    public enum Kind: String, Sendable {
        case device, network
    }

    /// How many devices and networks one account keeps; the least recently used go first.
    public static let perAccount = 40

    /// Whether any of `hashes` is one the account signed in from before (and not longer than `since` ago).
    public static func trusted(_ user: UUID, _ hashes: [String], since: Date, _ c: SQLConnection) throws -> Bool {
        guard !hashes.isEmpty else { return false }
        let places = Array(repeating: "?", count: hashes.count).joined(separator: ", ")
        let values: [SQLValue] = [user.sqlValue] + hashes.map(\.sqlValue) + [since.sqlValue]
        return try !c.query("""
            SELECT 1 AS one FROM sign_in_trust WHERE user_id = ? AND key_hash IN (\(places)) AND last_used_at >= ? LIMIT 1
            """, values).isEmpty
    }

    /// Notes (or refreshes) a device or network the account just signed in from.
    public static func remember(_ user: UUID, _ kind: Kind, _ hash: String, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO sign_in_trust (user_id, key_hash, kind, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (user_id, key_hash) DO UPDATE SET last_used_at = excluded.last_used_at
            """, user, hash, kind.rawValue, now, now)
        try c.execute("""
            DELETE FROM sign_in_trust WHERE user_id = ? AND key_hash NOT IN (
                SELECT key_hash FROM sign_in_trust WHERE user_id = ? ORDER BY last_used_at DESC, key_hash LIMIT ?)
            """, user, user, perAccount)
    }

    /// Forgets every device and network of the account (a password reset: trust starts afresh).
    @discardableResult
    public static func forget(_ user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM sign_in_trust WHERE user_id = ?", user)
    }

    /// Forgets what was not used since `before`, for every account.
    public static func prune(before: Date, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM sign_in_trust WHERE last_used_at < ?", before)
    }
}
