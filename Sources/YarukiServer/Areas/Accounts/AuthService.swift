import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The person behind an authenticated request.
struct Principal: Sendable, Equatable {
    var userID: UUID
    var sessionID: UUID
    var role: Role
}

/// What a sign-in hands back: a short-lived access token and the refresh token of a session.
struct IssuedTokens: Sendable {
    var accessToken: String
    var expiresIn: Int
    var refreshToken: String
    var sessionID: UUID
}

/// Every account flow: sign-up, sign-in, refresh with rotation, sign-out, password change,
/// deletion. Routes only translate HTTP to these calls.
final class AuthService: @unchecked Sendable {
    let database: Database
    let keyring: SigningKeyring
    let hasher: PasswordHasher
    let hashing: BlockingWork
    let clock: @Sendable () -> Date
    let refreshRule: RefreshRule
    let sessions: SessionCache
    let throttle: LoginThrottle
    let accessTokenLifetime: TimeInterval
    let identityVerifiers: [String: IDTokenVerifier]
    /// Where a person's uploaded files live, so deleting the account deletes them too.
    let media: MediaStore?
    static let issuer = "yaruki"
    /// Verified against when the email is unknown, so both failures take an argon2 run.
    private let decoyHash: String

    init(database: Database, keyring: SigningKeyring, hasher: PasswordHasher = PasswordHasher(), hashingWidth: Int,
         clock: @escaping @Sendable () -> Date = { Date() }, refreshRule: RefreshRule = RefreshRule(),
         sessionCacheTTL: TimeInterval = 10, accessTokenLifetime: TimeInterval = 15 * 60,
         identityProviders: [IdentityProvider] = [], media: MediaStore? = nil,
         throttle: LoginThrottle = LoginThrottle(limits: ["account": .init(failures: 5, window: 15 * 60),
                                                          "address": .init(failures: 30, window: 15 * 60)])) throws {
        self.database = database
        self.keyring = keyring
        self.hasher = hasher
        self.hashing = BlockingWork(name: "argon2", width: hashingWidth, maxWaiting: 256)
        self.clock = clock
        self.refreshRule = refreshRule
        self.sessions = SessionCache(ttl: sessionCacheTTL)
        self.throttle = throttle
        self.accessTokenLifetime = accessTokenLifetime
        self.media = media
        identityVerifiers = Dictionary(uniqueKeysWithValues: identityProviders.map { ($0.name, IDTokenVerifier(provider: $0)) })
        decoyHash = try hasher.hash(Base64URL.encode(Crypto.randomBytes(16)))
    }

    // MARK: sign-up and sign-in

    struct SignUp: Sendable {
        var email: EmailAddress
        var password: String
        var displayName: DisplayName
        var timeZone: TimeZoneName
        var locale: AppLanguage
        var weekStart: WeekStart
        var role: Role = .member
    }

    func signUp(_ form: SignUp, device: String) async throws -> (Account, IssuedTokens) {
        let hasher = hasher
        let password = form.password
        let hash = try await hashing.run { try hasher.hash(password) }
        let now = clock()
        let new = AccountStore.NewAccount(email: form.email, displayName: form.displayName, passwordHash: hash,
                                          timeZone: form.timeZone.value, locale: form.locale, weekStart: form.weekStart, role: form.role)
        do {
            return try await database.transaction { [self] c in
                let account = try AccountStore.insert(new, at: now, c)
                let tokens = try startSession(for: account, device: device, at: now, c)
                return (account, tokens)
            }
        } catch DatabaseError.uniqueViolation {
            throw HTTPError(409, detail: "An account with this email already exists. Sign in instead.",
                            errors: [.init(field: "email", message: "is already registered")])
        }
    }

    /// Unknown email and wrong password answer alike, after the same argon2 work.
    func signIn(email: EmailAddress, password: String, device: String, address: String) async throws -> (Account, IssuedTokens) {
        let keys = [(kind: "account", value: email.key), (kind: "address", value: address)]
        try throttle.check(keys, now: clock())
        let found = try await database.read { c in try AccountStore.credentials(emailKey: email.key, c) }
        let hasher = hasher
        let stored = found?.passwordHash ?? decoyHash
        let decoy = found?.passwordHash == nil
        let (matches, rehash) = try await hashing.run { () -> (Bool, String?) in
            let ok = hasher.verify(password, against: stored) && !decoy
            return (ok, ok && hasher.needsRehash(stored) ? try hasher.hash(password) : nil)
        }
        let now = clock()
        guard matches, let account = found?.account else {
            throttle.recordFailure(keys, now: now)
            throw HTTPError(401, slug: "invalid-credentials", detail: "The email or password is not right.")
        }
        throttle.clear(kind: "account", value: email.key)
        let tokens = try await database.transaction { [self] c in
            if let rehash { try AccountStore.setPasswordHash(account.id, rehash, at: now, c) }
            try AccountStore.pruneSessions(of: account.id, before: now.addingTimeInterval(-refreshRule.idleLifetime), c)
            return try startSession(for: account, device: device, at: now, c)
        }
        return (account, tokens)
    }

    struct IdentitySignIn: Sendable {
        var provider: String
        var idToken: String
        var nonce: String?
        var displayName: DisplayName?
        var timeZone: TimeZoneName?
        var locale: AppLanguage?
        var device: String
    }

    /// Sign in with Apple or Google: the account linked to the provider's subject, else the
    /// account with the same verified email (then linked), else a new account without a password.
    func signIn(identity request: IdentitySignIn) async throws -> (Account, IssuedTokens, created: Bool) {
        guard let verifier = identityVerifiers[request.provider] else {
            throw HTTPError.badRequest("Sign in with \(request.provider) is not enabled on this server.",
                                       errors: [.init(field: "provider", message: "is not enabled")])
        }
        let identity: VerifiedIdentity
        do {
            identity = try await verifier.verify(request.idToken, nonce: request.nonce, now: clock())
        } catch .keysUnavailable {
            throw HTTPError(503, detail: "The keys of \(request.provider) cannot be fetched right now. Try again shortly.",
                            headers: ["Retry-After": "10"])
        } catch {
            throw HTTPError(401, slug: "invalid-id-token", detail: "The ID token was refused: \(AuthService.describe(error)).")
        }
        let now = clock()
        let email = identity.email.flatMap { try? EmailAddress($0) }
        return try await database.transaction { [self] c in
            if let linked = try AccountStore.userID(provider: identity.provider, subject: identity.subject, c),
               let account = try AccountStore.account(id: linked, c) {
                return (account, try startSession(for: account, device: request.device, at: now, c), false)
            }
            if let email, identity.emailVerified, let existing = try AccountStore.credentials(emailKey: email.key, c) {
                try AccountStore.link(provider: identity.provider, subject: identity.subject, email: email.value, to: existing.account.id,
                                      at: now, c)
                return (existing.account, try startSession(for: existing.account, device: request.device, at: now, c), false)
            }
            guard let email else {
                throw HTTPError.badRequest("The ID token carries no email address; allow the email scope and try again.",
                                           errors: [.init(field: "idToken", message: "has no email")])
            }
            if try AccountStore.credentials(emailKey: email.key, c) != nil {
                // An unverified address never takes over an existing account.
                throw HTTPError.conflict("An account with this email exists; sign in with its password first.")
            }
            let fallbackName = identity.name ?? String(email.value.split(separator: "@").first ?? "Yaruki")
            let name = try request.displayName ?? DisplayName(String(fallbackName.prefix(DisplayName.maxLength)))
            let account = try AccountStore.insert(
                AccountStore.NewAccount(email: email, displayName: name, passwordHash: nil, timeZone: request.timeZone?.value ?? "UTC",
                                        locale: request.locale ?? .en, weekStart: .monday, role: .member), at: now, c)
            try AccountStore.link(provider: identity.provider, subject: identity.subject, email: email.value, to: account.id, at: now, c)
            return (account, try startSession(for: account, device: request.device, at: now, c), true)
        }
    }

    static func describe(_ failure: IDTokenVerifier.Failure) -> String {
        switch failure {
        case let .token(.algorithmNotAllowed(alg)): "the algorithm \(alg) is not accepted"
        case let .token(.unknownKey(kid)): "no key of the provider has the id \(kid ?? "(none)")"
        case .token(.badSignature): "the signature does not verify"
        case .token(.expired): "it has expired"
        case .token(.notYetValid): "it is not valid yet"
        case let .token(.malformed(why)): why
        case let .token(.claim(why)): why
        case .keysUnavailable: "the provider's keys are unavailable"
        case .issuer: "it was issued by someone else"
        case .audience: "it was made for another app"
        case let .nonce(why): why
        case .subject: "it names no subject"
        }
    }

    /// A new session (refresh-token family) and its first tokens, inside the caller's transaction.
    func startSession(for account: Account, device: String, at now: Date, _ c: SQLConnection) throws -> IssuedTokens {
        let session = UUID()
        try AccountStore.insertSession(id: session, user: account.id, device: device, at: now, c)
        let refresh = Base64URL.encode(Crypto.randomBytes(32))
        try AccountStore.insertRefreshToken(hash: AuthService.tokenHash(refresh), session: session, at: now, c)
        return IssuedTokens(accessToken: try accessToken(user: account.id, session: session, role: account.role, now: now),
                            expiresIn: Int(accessTokenLifetime), refreshToken: refresh, sessionID: session)
    }

    // MARK: refresh

    private enum RefreshOutcome {
        case issued(IssuedTokens)
        /// `ended` names a session this refusal revoked.
        case refused(String, ended: UUID?)
    }

    /// Rotates a refresh token. Two requests with the same token inside the grace window get the
    /// same successor; a spent token after it revokes the session (RFC 9700 §4.14.2).
    func refresh(_ token: String) async throws -> IssuedTokens {
        guard token.utf8.count <= 128 else { throw AuthService.invalidRefresh("The refresh token is not valid.") }
        let hash = AuthService.tokenHash(token)
        let successor = successor(of: token)
        let now = clock()
        let outcome: RefreshOutcome = try await database.transaction { [self] c in
            guard let record = try AccountStore.refreshToken(hash: hash, c),
                  let session = try AccountStore.session(record.sessionID, c),
                  let account = try AccountStore.account(id: session.userID, c) else {
                return .refused("The refresh token is not valid.", ended: nil)
            }
            var decision = refreshRule.decide(spentAt: record.spentAt, sessionRevoked: session.revokedAt != nil,
                                              sessionLastUsed: session.lastUsedAt, now: now)
            if decision == .rotate {
                if try AccountStore.spend(refreshToken: hash, at: now, c) {
                    try AccountStore.insertRefreshToken(hash: AuthService.tokenHash(successor), session: session.id, at: now, c)
                } else {
                    decision = .replayWithinGrace  // another request spent it a moment ago
                }
            }
            switch decision {
            case .rotate, .replayWithinGrace:
                guard try AccountStore.hasRefreshToken(hash: AuthService.tokenHash(successor), c) else {
                    return .refused("The refresh token is not valid.", ended: nil)
                }
                try AccountStore.touch(session: session.id, at: now, c)
                return .issued(IssuedTokens(accessToken: try accessToken(user: account.id, session: session.id, role: account.role, now: now),
                                            expiresIn: Int(accessTokenLifetime), refreshToken: successor, sessionID: session.id))
            case .reuseDetected:
                try AccountStore.revoke(session: session.id, of: account.id, reason: "refresh token reused", at: now, c)
                return .refused("This refresh token was already used, so the session was signed out for safety. Sign in again.",
                                ended: session.id)
            case .sessionEnded:
                return .refused("The session has ended. Sign in again.", ended: nil)
            }
        }
        switch outcome {
        case let .issued(tokens):
            return tokens
        case let .refused(detail, ended):
            if let ended { sessions.forget(ended) }
            throw AuthService.invalidRefresh(detail)
        }
    }

    static func invalidRefresh(_ detail: String) -> HTTPError {
        HTTPError(401, slug: "invalid-refresh-token", detail: detail)
    }

    /// The successor is derived, not stored: HMAC(server secret, token). Only hashes are kept, yet
    /// the same spent token can be answered with the same successor during the grace window.
    private func successor(of token: String) -> String {
        Base64URL.encode(Crypto.hmacSHA256(key: keyring.refreshSecret, Data(token.utf8)))
    }

    /// The signature of a link that works without a bearer token (a `<video>` or `<img>` cannot
    /// send one): HMAC of `message` under a key derived for `purpose` from the server secret, so
    /// a signature for one kind of link never fits another.
    func linkSignature(_ purpose: String, _ message: String) -> String {
        let key = Crypto.hmacSHA256(key: keyring.refreshSecret, Data("yaruki \(purpose) links".utf8))
        return Base64URL.encode(Crypto.hmacSHA256(key: key, Data(message.utf8)))
    }

    static func tokenHash(_ token: String) -> String {
        Crypto.hex(Crypto.sha256(Data(token.utf8)))
    }

    // MARK: access tokens

    func accessToken(user: UUID, session: UUID, role: Role, now: Date) throws -> String {
        let signer = keyring.signer(now: now)
        let issued = Int(now.timeIntervalSince1970)
        let claims: [String: Any] = [
            "iss": AuthService.issuer, "sub": user.uuidString.lowercased(), "sid": session.uuidString.lowercased(),
            "role": role.rawValue, "iat": issued, "exp": issued + Int(accessTokenLifetime),
            "jti": Base64URL.encode(Crypto.randomBytes(12)),
        ]
        return try JWT.sign(claims: claims, kid: signer.kid, typ: "at+jwt", key: signer.key)
    }

    /// The bearer token of `headers`, checked: signature by one of our keys, type, issuer and
    /// times. Nil when there is none; the session behind it is not looked at here.
    func verifiedAccessToken(_ headers: HTTPHeaders, now: Date) throws(JWTError) -> JWT? {
        guard let header = headers["Authorization"], header.utf8.count > 7, header.prefix(7).lowercased() == "bearer " else { return nil }
        let jwt = try JWT.parse(String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        try jwt.verify(allowed: [.es256]) { kid in keyring.verificationKey(kid: kid, now: now) }
        guard jwt.header.typ == "at+jwt", jwt.string("iss") == AuthService.issuer else { throw .claim("not an access token") }
        try jwt.checkTimes(now: now, leeway: 5)
        return jwt
    }

    /// The principal of a request with `Authorization: Bearer …`; 401 otherwise.
    func authenticate(_ request: Request) async throws -> Principal {
        let now = clock()
        let found: JWT?
        do {
            found = try verifiedAccessToken(request.headers, now: now)
        } catch .expired {
            throw HTTPError(401, slug: "token-expired", detail: "The access token has expired. Refresh it.",
                            headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\", error_description=\"expired\""])
        } catch {
            throw HTTPError(401, slug: "invalid-token", detail: "The access token is not valid.",
                            headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""])
        }
        guard let jwt = found else { throw HTTPError.unauthorized() }
        guard let user = jwt.string("sub").flatMap(UUID.init(uuidString:)),
              let session = jwt.string("sid").flatMap(UUID.init(uuidString:)) else {
            throw HTTPError(401, slug: "invalid-token", detail: "The access token is not valid.")
        }
        let entry: SessionCache.Entry
        if let cached = sessions.fresh(session, now: now) {
            entry = cached
        } else {
            let row = try await database.read { c -> (AccountStore.SessionRecord, Account)? in
                guard let s = try AccountStore.session(session, c), let a = try AccountStore.account(id: s.userID, c) else { return nil }
                return (s, a)
            }
            let idle = row.map { now.timeIntervalSince($0.0.lastUsedAt) > refreshRule.idleLifetime } ?? true
            entry = SessionCache.Entry(userID: row?.1.id ?? user, role: row?.1.role ?? .member,
                                       active: row != nil && row?.0.revokedAt == nil && !idle, checked: now)
            sessions.store(session, entry)
        }
        guard entry.active, entry.userID == user else {
            throw HTTPError(401, slug: "session-ended", detail: "This session was signed out. Sign in again.")
        }
        return Principal(userID: user, sessionID: session, role: entry.role)
    }

    // MARK: sessions

    func sessionList(_ principal: Principal) async throws -> [SessionInfo] {
        let cutoff = clock().addingTimeInterval(-refreshRule.idleLifetime)
        let records = try await database.read { c in try AccountStore.activeSessions(user: principal.userID, usedSince: cutoff, c) }
        return records.map {
            SessionInfo(id: $0.id, device: $0.device, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt, current: $0.id == principal.sessionID)
        }
    }

    /// False when the session is not the principal's (or already ended): the route answers 404.
    func revoke(session id: UUID, by principal: Principal, reason: String) async throws -> Bool {
        let now = clock()
        let done = try await database.transaction { c in try AccountStore.revoke(session: id, of: principal.userID, reason: reason, at: now, c) }
        sessions.forget(id)
        return done
    }

    func revokeOthers(_ principal: Principal) async throws -> Int {
        let now = clock()
        let count = try await database.transaction { c in
            try AccountStore.revokeAll(of: principal.userID, except: principal.sessionID, reason: "signed out elsewhere", at: now, c)
        }
        sessions.forget(user: principal.userID)
        return count
    }

    /// Sign-out with the refresh token alone (the browser's cookie): ends its session.
    func signOut(refreshToken token: String) async throws {
        let hash = AuthService.tokenHash(token)
        let now = clock()
        let ended: UUID? = try await database.transaction { c in
            guard let record = try AccountStore.refreshToken(hash: hash, c), let session = try AccountStore.session(record.sessionID, c)
            else { return nil }
            try AccountStore.revoke(session: session.id, of: session.userID, reason: "signed out", at: now, c)
            return session.id
        }
        if let ended { sessions.forget(ended) }
    }

    // MARK: account

    func account(_ principal: Principal) async throws -> Account {
        guard let account = try await database.read({ c in try AccountStore.account(id: principal.userID, c) }) else {
            throw HTTPError.unauthorized("This account no longer exists.")
        }
        return account
    }

    func update(_ principal: Principal, _ change: AccountStore.ProfileChange) async throws -> Account {
        let now = clock()
        do {
            return try await database.transaction { c in
                try AccountStore.update(principal.userID, change, at: now, c)
                guard let account = try AccountStore.account(id: principal.userID, c) else { throw HTTPError.unauthorized() }
                return account
            }
        } catch DatabaseError.uniqueViolation {
            throw HTTPError(409, detail: "Another account already uses this email.",
                            errors: [.init(field: "email", message: "is already registered")])
        }
    }

    /// Checks the current password (when the account has one) on the hashing threads.
    func confirmPassword(_ principal: Principal, _ password: String?, field: String) async throws -> AccountStore.Credentials {
        guard let found = try await database.read({ c in try AccountStore.credentials(id: principal.userID, c) }) else {
            throw HTTPError.unauthorized("This account no longer exists.")
        }
        guard let stored = found.passwordHash else { return found }
        let now = clock()
        let keys = [(kind: "account", value: principal.userID.uuidString)]
        try throttle.check(keys, now: now)
        guard let password else {
            throw HTTPError.badRequest("Enter your current password.", errors: [.init(field: field, message: "is required")])
        }
        let hasher = hasher
        guard try await hashing.run({ hasher.verify(password, against: stored) }) else {
            throttle.recordFailure(keys, now: now)
            throw HTTPError(403, slug: "wrong-password", detail: "The current password is not right.",
                            errors: [.init(field: field, message: "is not right")])
        }
        return found
    }

    /// Sets a new password and signs out every other session; returns how many.
    func changePassword(_ principal: Principal, current: String?, new: String) async throws -> Int {
        _ = try await confirmPassword(principal, current, field: "currentPassword")
        let hasher = hasher
        let hash = try await hashing.run { try hasher.hash(new) }
        let now = clock()
        let count = try await database.transaction { c in
            try AccountStore.setPasswordHash(principal.userID, hash, at: now, c)
            return try AccountStore.revokeAll(of: principal.userID, except: principal.sessionID, reason: "password changed", at: now, c)
        }
        sessions.forget(user: principal.userID)
        return count
    }

    /// Deletes the account and everything that hangs off it, in one transaction.
    func deleteAccount(_ principal: Principal, password: String?) async throws -> [String: Int] {
        _ = try await confirmPassword(principal, password, field: "password")
        let (removed, files) = try await database.transaction { c in
            // Each area counts what it holds before the cascade removes it.
            let workouts = try TrainingStore.count(user: principal.userID, c)
            let proofs = try ProofStore.count(user: principal.userID, c)
            let files = try ProofStore.mediaOnlyUsedBy(principal.userID, c)
            let photoFiles = try PostStore.filesOnlyUsedBy(principal.userID, c)
            let posts = try c.queryOne("SELECT COUNT(*) AS n FROM posts WHERE author_id = ?", principal.userID)?.int("n") ?? 0
            let records = try c.queryOne("SELECT COUNT(*) AS n FROM lifelog_records WHERE user_id = ?", principal.userID)?.int("n") ?? 0
            var removed = try AccountStore.delete(principal.userID, c)
            try ProofStore.deleteMedia(files.map(\.sha256), c)
            removed["workouts"] = workouts
            removed["proofs"] = proofs
            removed["mediaFiles"] = files.count
            removed["lifelogRecords"] = records
            removed["posts"] = posts
            removed["photoFiles"] = photoFiles.count
            return (removed, (files, photoFiles))
        }
        // Files go once the rows are gone for good.
        for file in files.0 { if let kind = MediaStore.Kind(rawValue: file.kind) { media?.remove(file.sha256, kind) } }
        if let media { for sha in files.1 { PhotoStore(media: media).remove(sha) } }
        sessions.forget(user: principal.userID)
        return removed
    }
}
