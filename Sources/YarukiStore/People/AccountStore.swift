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
        /// Apple or Google vouched for the address, or an admin or the demo made the account.
        public var emailVerified: Bool

        public init(id: UUID = UUID.timeOrdered(), email: EmailAddress, displayName: DisplayName, passwordHash: String?, timeZone: String,
                    locale: AppLanguage, weekStart: WeekStart, role: Role, emailVerified: Bool = false) {
            self.id = id
            self.email = email
            self.displayName = displayName
            self.passwordHash = passwordHash
            self.timeZone = timeZone
            self.locale = locale
            self.weekStart = weekStart
            self.role = role
            self.emailVerified = emailVerified
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

    /// What `PATCH /v1/me` may change; the email changes only through a verified link (`setEmail`).
    public struct ProfileChange: Sendable {
        public var displayName: DisplayName?
        public var timeZone: String?
        public var locale: AppLanguage?
        public var weekStart: WeekStart?
        public var weightUnit: WeightUnit?

        public init(displayName: DisplayName? = nil, timeZone: String? = nil, locale: AppLanguage? = nil, weekStart: WeekStart? = nil,
                    weightUnit: WeightUnit? = nil) {
            self.displayName = displayName
            self.timeZone = timeZone
            self.locale = locale
            self.weekStart = weekStart
            self.weightUnit = weightUnit
        }
    }

    // MARK: accounts

    /// The columns an `Account` is read from, optionally of a table alias (a join).
    public static func accountColumns(_ alias: String? = nil) -> String {
        ["id", "email", "display_name", "password_hash", "time_zone", "locale", "week_start", "role", "email_verified_at", "created_at", "weight_unit"]
            .map { column in alias.map { "\($0).\(column)" } ?? column }.joined(separator: ", ")
    }
    private static let accountColumns = accountColumns()

    /// A duplicate email fails with `DatabaseError.uniqueViolation`.
    public static func insert(_ new: NewAccount, at now: Date, _ c: SQLConnection) throws -> Account {
        try c.execute("""
            INSERT INTO users (id, email, email_key, display_name, password_hash, time_zone, locale, week_start, role,
                               email_verified_at, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, new.id, new.email.value, new.email.key, new.displayName.value, new.passwordHash, new.timeZone,
            new.locale.rawValue, new.weekStart.rawValue, new.role.rawValue, new.emailVerified ? now.sqlValue : .null, now, now)
        return Account(id: new.id, email: new.email.value, displayName: new.displayName.value, timeZone: new.timeZone,
                       locale: new.locale, weekStart: new.weekStart, role: new.role, hasPassword: new.passwordHash != nil,
                       emailVerified: new.emailVerified, createdAt: Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1000).rounded() / 1000))
    }

    public static func credentials(emailKey: String, _ c: SQLConnection) throws -> Credentials? {
        try c.queryOne("SELECT \(accountColumns) FROM users WHERE email_key = ?", emailKey).map(credentials)
    }

    public static func credentials(id: UUID, _ c: SQLConnection) throws -> Credentials? {
        try c.queryOne("SELECT \(accountColumns) FROM users WHERE id = ?", id).map(credentials)
    }

    /// The statement that reads the accounts of `ids` (a few texts for any number of them, each
    /// with a plan PostgreSQL keeps: `SQLFragment.anyOf`): sent ahead of another read
    /// (`ReadAhead`), or for the requests asking at once (`accounts(ids:_:)`); its rows read with
    /// `credentials(_:)`.
    public static func accountsStatement(ids: [UUID]) -> SQLStatement {
        let any = SQLFragment.anyOf("id", ids.map(\.lowercasedString))
        return SQLStatement(sql: "SELECT \(accountColumns) FROM users WHERE \(any.sql)", parameters: any.parameters)
    }

    public static func account(id: UUID, _ c: SQLConnection) throws -> Account? {
        try credentials(id: id, c)?.account
    }

    /// The accounts of `ids` that stand, by id: a statement for each 256 of them.
    public static func accounts(ids: [UUID], _ c: SQLConnection) throws -> [UUID: Account] {
        var found: [UUID: Account] = [:]
        for slice in SQLFragment.slices(ids, size: 256) {
            let statement = accountsStatement(ids: slice)
            for row in try c.query(statement.sql, statement.parameters) {
                let account = try credentials(row).account
                found[account.id] = account
            }
        }
        return found
    }

    public static func accounts(_ c: SQLConnection) throws -> [Account] {
        try c.query("SELECT \(accountColumns) FROM users ORDER BY created_at, id").map { try credentials($0).account }
    }

    /// An account and its password hash from a row of `accountColumns`.
    public static func credentials(_ row: Row) throws -> Credentials {
        let hash = try row.optionalString("password_hash")
        guard let locale = AppLanguage(rawValue: try row.string("locale")),
              let weekStart = WeekStart(rawValue: try row.string("week_start")),
              let role = Role(rawValue: try row.string("role")) else {
            throw DatabaseError.decoding("an account row holds an unknown locale, week start or role")
        }
        let account = Account(id: try row.uuid("id"), email: try row.string("email"), displayName: try row.string("display_name"),
                              timeZone: try row.string("time_zone"), locale: locale, weekStart: weekStart, role: role,
                              hasPassword: hash != nil, emailVerified: try row.optionalDate("email_verified_at") != nil,
                              createdAt: try row.date("created_at"), weightUnit: WeightUnit(rawValue: try row.string("weight_unit")) ?? .kg)
        return Credentials(account: account, passwordHash: hash)
    }

    public static func update(_ id: UUID, _ change: ProfileChange, at now: Date, _ c: SQLConnection) throws {
        var sets: [String] = []
        var values: [SQLValue] = []
        if let name = change.displayName { sets.append("display_name = ?"); values.append(.text(name.value)) }
        if let zone = change.timeZone { sets.append("time_zone = ?"); values.append(.text(zone)) }
        if let locale = change.locale { sets.append("locale = ?"); values.append(.text(locale.rawValue)) }
        if let weekStart = change.weekStart { sets.append("week_start = ?"); values.append(.text(weekStart.rawValue)) }
        if let unit = change.weightUnit { sets.append("weight_unit = ?"); values.append(.text(unit.rawValue)) }
        sets.append("updated_at = ?")
        values += [now.sqlValue, id.sqlValue]
        try c.execute("UPDATE users SET \(sets.joined(separator: ", ")) WHERE id = ?", values)
    }

    /// The address becomes the person's (a link mailed to it was opened); a duplicate fails with
    /// `DatabaseError.uniqueViolation`.
    public static func setEmail(_ id: UUID, _ email: EmailAddress, verifiedAt now: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE users SET email = ?, email_key = ?, email_verified_at = ?, updated_at = ? WHERE id = ?",
                      email.value, email.key, now, now, id)
    }

    /// Marks the address verified if it is still `email` (it may have changed since the link was sent).
    public static func markEmailVerified(_ id: UUID, email: EmailAddress, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?), updated_at = ? WHERE id = ? AND email_key = ?",
                      now, now, id, email.key) == 1
    }

    public static func setPasswordHash(_ id: UUID, _ hash: String, at now: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", hash, now, id)
    }

    public static func setRole(_ id: UUID, _ role: Role, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE users SET role = ?, updated_at = ? WHERE id = ?", role.rawValue, now, id) == 1
    }

    /// The first step of an account's deletion: its row locked (PostgreSQL `FOR UPDATE`; SQLite's
    /// one writer already holds everything) until the deletion commits. Whatever would write a
    /// row naming the person (a row with its key, an event for it) waits for the deletion and
    /// then finds the person gone, or finished before and is deleted with the rest.
    public static func lockForDeletion(_ id: UUID, _ c: SQLConnection) throws {
        if c.dialect == .postgres { _ = try c.query("SELECT id FROM users WHERE id = ? FOR UPDATE", id) }
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
            """, now, reason, user, keep?.lowercasedString ?? "")
    }

    /// Suspends the account (or with nil lifts it); false when there is no such account.
    public static func setBanned(_ user: UUID, at instant: Date?, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE users SET banned_at = ? WHERE id = ?", instant, user) == 1
    }

    /// Whether the account is suspended.
    public static func isBanned(_ user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT banned_at FROM users WHERE id = ?", user)?.optionalInt("banned_at") != nil
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

    // MARK: mailed links (only their SHA-256 is stored)

    /// What a mailed link is for.
    public enum TokenPurpose: String, Sendable {
        /// Confirms the account's address.
        case verifyEmail = "verify-email"
        /// Confirms a new address; the account takes it when the link is opened.
        case changeEmail = "change-email"
        case resetPassword = "reset-password"
        /// Signs in without the password, once (the mailbox proves who this is).
        case signIn = "sign-in"
    }

    public struct TokenRecord: Sendable, Equatable {
        public var userID: UUID
        public var purpose: TokenPurpose
        public var email: String
        public var expiresAt: Date
        public var usedAt: Date?
    }

    public static func insertToken(hash: String, user: UUID, purpose: TokenPurpose, email: String, at now: Date, expiresAt: Date,
                                   _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO account_tokens (token_hash, user_id, purpose, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
            """, hash, user, purpose.rawValue, email, now, expiresAt)
    }

    public static func token(hash: String, _ c: SQLConnection) throws -> TokenRecord? {
        try c.queryOne("SELECT user_id, purpose, email, expires_at, used_at FROM account_tokens WHERE token_hash = ?", hash).map { row in
            guard let purpose = TokenPurpose(rawValue: try row.string("purpose")) else {
                throw DatabaseError.decoding("an account token has an unknown purpose")
            }
            return TokenRecord(userID: try row.uuid("user_id"), purpose: purpose, email: try row.string("email"),
                               expiresAt: try row.date("expires_at"), usedAt: try row.optionalDate("used_at"))
        }
    }

    /// Spends every unused link of the person for `purposes` (one was used, or a newer one
    /// replaces them); returns how many.
    @discardableResult
    public static func spendTokens(of user: UUID, _ purposes: [TokenPurpose], at now: Date, _ c: SQLConnection) throws -> Int {
        guard !purposes.isEmpty else { return 0 }
        var values: [SQLValue] = [now.sqlValue, user.sqlValue]
        values += purposes.map { .text($0.rawValue) }
        return try c.execute("""
            UPDATE account_tokens SET used_at = ?
            WHERE user_id = ? AND used_at IS NULL AND purpose IN (\(Array(repeating: "?", count: purposes.count).joined(separator: ", ")))
            """, values)
    }

    /// Links of `purpose` made for the person since `since`, for limiting how often they are mailed.
    public static func tokensIssued(to user: UUID, _ purpose: TokenPurpose, since: Date, _ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM account_tokens WHERE user_id = ? AND purpose = ? AND created_at >= ?",
                       user, purpose.rawValue, since)?.int("n") ?? 0
    }

    /// Drops links that ran out before `cutoff`.
    public static func pruneTokens(before cutoff: Date, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM account_tokens WHERE expires_at < ?", cutoff)
    }

    // MARK: ID tokens seen (their nonce and jti, until they expire)

    /// Remembers `keys` until `expiresAt`; false (and nothing remembered) when any was seen
    /// before and has not expired.
    public static func rememberIDTokenUse(_ keys: [String], expiresAt: Date, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM id_token_uses WHERE expires_at < ?", now)
        for key in keys {
            let fresh = try c.execute("INSERT INTO id_token_uses (key, expires_at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", key, expiresAt)
            if fresh == 0 { return false }
        }
        return true
    }
}
