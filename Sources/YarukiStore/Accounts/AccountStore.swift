import Foundation
import YarukiCore

/// Accounts, linked sign-in identities, sessions and their refresh tokens. Every function takes
/// the connection of a `read` or `transaction`, so one flow (refresh, sign-up) is one transaction.
public enum AccountStore {
    public struct NewAccount: Sendable {
        public var id: UUID
        public var email: EmailAddress
        public var displayName: DisplayName
        public var passwordHash: String?
        public var timeZone: String
        public var locale: AppLanguage
        public var weekStart: WeekStart
        public var role: Role

        public init(id: UUID = UUID(), email: EmailAddress, displayName: DisplayName, passwordHash: String?, timeZone: String,
                    locale: AppLanguage, weekStart: WeekStart, role: Role) {
            self.id = id
            self.email = email
            self.displayName = displayName
            self.passwordHash = passwordHash
            self.timeZone = timeZone
            self.locale = locale
            self.weekStart = weekStart
            self.role = role
        }
    }

    public struct Credentials: Sendable {
        public var account: Account
        public var passwordHash: String?
    }

    public struct SessionRecord: Sendable, Equatable {
        public var id: UUID
        public var userID: UUID
        public var device: String
        public var createdAt: Date
        public var lastUsedAt: Date
        public var revokedAt: Date?
    }

    public struct RefreshTokenRecord: Sendable, Equatable {
        public var sessionID: UUID
        public var createdAt: Date
        public var spentAt: Date?
    }

    public struct ProfileChange: Sendable {
        public var email: EmailAddress?
        public var displayName: DisplayName?
        public var timeZone: String?
        public var locale: AppLanguage?
        public var weekStart: WeekStart?

        public init(email: EmailAddress? = nil, displayName: DisplayName? = nil, timeZone: String? = nil,
                    locale: AppLanguage? = nil, weekStart: WeekStart? = nil) {
            self.email = email
            self.displayName = displayName
            self.timeZone = timeZone
            self.locale = locale
            self.weekStart = weekStart
        }
    }

    // MARK: accounts

    private static let accountColumns = "id, email, display_name, password_hash, time_zone, locale, week_start, role, created_at"

    /// A duplicate email fails with `DatabaseError.uniqueViolation`.
    public static func insert(_ new: NewAccount, at now: Date, _ c: SQLConnection) throws -> Account {
        try c.execute("""
            INSERT INTO users (id, email, email_key, display_name, password_hash, time_zone, locale, week_start, role,
                               created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, new.id, new.email.value, new.email.key, new.displayName.value, new.passwordHash, new.timeZone,
            new.locale.rawValue, new.weekStart.rawValue, new.role.rawValue, now, now)
        return Account(id: new.id, email: new.email.value, displayName: new.displayName.value, timeZone: new.timeZone,
                       locale: new.locale, weekStart: new.weekStart, role: new.role, hasPassword: new.passwordHash != nil,
                       createdAt: Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1000).rounded() / 1000))
    }

    public static func credentials(emailKey: String, _ c: SQLConnection) throws -> Credentials? {
        try c.queryOne("SELECT \(accountColumns) FROM users WHERE email_key = ?", emailKey).map(credentials)
    }

    public static func credentials(id: UUID, _ c: SQLConnection) throws -> Credentials? {
        try c.queryOne("SELECT \(accountColumns) FROM users WHERE id = ?", id).map(credentials)
    }

    public static func account(id: UUID, _ c: SQLConnection) throws -> Account? {
        try credentials(id: id, c)?.account
    }

    public static func accounts(_ c: SQLConnection) throws -> [Account] {
        try c.query("SELECT \(accountColumns) FROM users ORDER BY created_at, id").map { try credentials($0).account }
    }

    private static func credentials(_ row: Row) throws -> Credentials {
        let hash = try row.optionalString("password_hash")
        guard let locale = AppLanguage(rawValue: try row.string("locale")),
              let weekStart = WeekStart(rawValue: try row.string("week_start")),
              let role = Role(rawValue: try row.string("role")) else {
            throw DatabaseError.decoding("an account row holds an unknown locale, week start or role")
        }
        let account = Account(id: try row.uuid("id"), email: try row.string("email"), displayName: try row.string("display_name"),
                              timeZone: try row.string("time_zone"), locale: locale, weekStart: weekStart, role: role,
                              hasPassword: hash != nil, createdAt: try row.date("created_at"))
        return Credentials(account: account, passwordHash: hash)
    }

    public static func update(_ id: UUID, _ change: ProfileChange, at now: Date, _ c: SQLConnection) throws {
        var sets: [String] = []
        var values: [SQLValue] = []
        if let email = change.email {
            sets += ["email = ?", "email_key = ?"]
            values += [.text(email.value), .text(email.key)]
        }
        if let name = change.displayName { sets.append("display_name = ?"); values.append(.text(name.value)) }
        if let zone = change.timeZone { sets.append("time_zone = ?"); values.append(.text(zone)) }
        if let locale = change.locale { sets.append("locale = ?"); values.append(.text(locale.rawValue)) }
        if let weekStart = change.weekStart { sets.append("week_start = ?"); values.append(.text(weekStart.rawValue)) }
        sets.append("updated_at = ?")
        values += [now.sqlValue, id.sqlValue]
        try c.execute("UPDATE users SET \(sets.joined(separator: ", ")) WHERE id = ?", values)
    }

    public static func setPasswordHash(_ id: UUID, _ hash: String, at now: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", hash, now, id)
    }

    public static func setRole(_ id: UUID, _ role: Role, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE users SET role = ?, updated_at = ? WHERE id = ?", role.rawValue, now, id) == 1
    }

    /// Deletes the account's row, the last of a deletion once every area has removed its part;
    /// returns 1 (0 when it was gone already).
    public static func delete(_ id: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM users WHERE id = ?", id)
    }

    /// Ends and deletes every session of the person (their refresh tokens go with them), and
    /// unlinks Apple and Google; returns the counts.
    public static func deleteSignIns(of user: UUID, _ c: SQLConnection) throws -> (sessions: Int, identities: Int) {
        (try c.execute("DELETE FROM sessions WHERE user_id = ?", user), try c.execute("DELETE FROM identities WHERE user_id = ?", user))
    }

    /// The person's linked sign-ins: provider, email and when.
    public static func identities(of user: UUID, _ c: SQLConnection) throws -> [(provider: String, email: String?, linkedAt: Date)] {
        try c.query("SELECT provider, email, created_at FROM identities WHERE user_id = ? ORDER BY created_at", user).map {
            (try $0.string("provider"), try $0.optionalString("email"), try $0.date("created_at"))
        }
    }

    // MARK: identities (Sign in with Apple / Google)

    public static func userID(provider: String, subject: String, _ c: SQLConnection) throws -> UUID? {
        try c.queryOne("SELECT user_id FROM identities WHERE provider = ? AND subject = ?", provider, subject)?.uuid("user_id")
    }

    public static func link(provider: String, subject: String, email: String?, to user: UUID, at now: Date,
                            _ c: SQLConnection) throws {
        try c.execute("INSERT INTO identities (provider, subject, user_id, email, created_at) VALUES (?, ?, ?, ?, ?)",
                      provider, subject, user, email, now)
    }

    // MARK: sessions

    public static func insertSession(id: UUID, user: UUID, device: String, at now: Date, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO sessions (id, user_id, device, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)",
                      id, user, device, now, now)
    }

    public static func session(_ id: UUID, _ c: SQLConnection) throws -> SessionRecord? {
        try c.queryOne("SELECT id, user_id, device, created_at, last_used_at, revoked_at FROM sessions WHERE id = ?", id)
            .map(session)
    }

    private static func session(_ row: Row) throws -> SessionRecord {
        SessionRecord(id: try row.uuid("id"), userID: try row.uuid("user_id"), device: try row.string("device"),
                      createdAt: try row.date("created_at"), lastUsedAt: try row.date("last_used_at"),
                      revokedAt: try row.optionalDate("revoked_at"))
    }

    /// A person's sessions that are not revoked and were used since `usedSince`, newest use first.
    public static func activeSessions(user: UUID, usedSince: Date, _ c: SQLConnection) throws -> [SessionRecord] {
        try c.query("""
            SELECT id, user_id, device, created_at, last_used_at, revoked_at FROM sessions
            WHERE user_id = ? AND revoked_at IS NULL AND last_used_at >= ?
            ORDER BY last_used_at DESC, id
            """, user, usedSince).map(session)
    }

    public static func touch(session id: UUID, at now: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE sessions SET last_used_at = ? WHERE id = ?", now, id)
    }

    /// Revokes one session of `user`; false when it is not theirs or already revoked.
    @discardableResult
    public static func revoke(session id: UUID, of user: UUID, reason: String, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE sessions SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL",
                      now, reason, id, user) == 1
    }

    /// Revokes every session of `user` but `keep`; returns how many.
    public static func revokeAll(of user: UUID, except keep: UUID?, reason: String, at now: Date, _ c: SQLConnection) throws -> Int {
        try c.execute("""
            UPDATE sessions SET revoked_at = ?, revoke_reason = ?
            WHERE user_id = ? AND revoked_at IS NULL AND id <> ?
            """, now, reason, user, keep?.uuidString.lowercased() ?? "")
    }

    /// Drops sessions (and their tokens) revoked or unused since before `cutoff`.
    public static func pruneSessions(of user: UUID, before cutoff: Date, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM sessions WHERE user_id = ? AND (revoked_at < ? OR last_used_at < ?)", user, cutoff, cutoff)
    }

    // MARK: refresh tokens (only their SHA-256 is stored)

    public static func insertRefreshToken(hash: String, session: UUID, at now: Date, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)", hash, session, now)
    }

    public static func refreshToken(hash: String, _ c: SQLConnection) throws -> RefreshTokenRecord? {
        try c.queryOne("SELECT session_id, created_at, spent_at FROM refresh_tokens WHERE token_hash = ?", hash).map { row in
            RefreshTokenRecord(sessionID: try row.uuid("session_id"), createdAt: try row.date("created_at"),
                               spentAt: try row.optionalDate("spent_at"))
        }
    }

    /// Marks the token spent; false when another request spent it first.
    public static func spend(refreshToken hash: String, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE refresh_tokens SET spent_at = ? WHERE token_hash = ? AND spent_at IS NULL", now, hash) == 1
    }

    public static func hasRefreshToken(hash: String, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT 1 AS found FROM refresh_tokens WHERE token_hash = ?", hash) != nil
    }
}
