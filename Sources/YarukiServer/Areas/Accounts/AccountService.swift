import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// What a sign-in hands back: a short-lived access token and the refresh token of a session.
struct IssuedTokens: Sendable {
    var accessToken: String
    var expiresIn: Int
    var refreshToken: String
    var sessionID: UUID
    /// The device's own token, handed back to keep (sign-ins with a password or a mailed link).
    var deviceToken: String?
}

/// Where a sign-in attempt comes from: the client's network (its IPv4 address or IPv6 /64) and
/// the device's own token, when it sent one.
struct SignInPlace: Sendable {
    var network: String
    var deviceToken: String?
}

/// Every account flow: sign-up, sign-in, refresh with rotation, sign-out, sessions, profile,
/// password, deletion. Routes only translate HTTP to these calls; the CLI and the demo make
/// accounts through `AccountAdmin`.
final class AccountService: Sendable {
    let context: AppContext
    let refreshRule: RefreshRule
    /// Failed sign-ins, counted per account and network together, per network (one network
    /// spraying many accounts), and per account for strangers only: a ceiling for guessing from
    /// many networks that never holds back a device or network the owner signed in from before.
    let signIns: Throttle
    /// Requests limited whether they succeed or not: sign-ups and reset links per address,
    /// mails per account.
    let requests: Throttle
    let links: AccountLinks
    let identityVerifiers: [String: IDTokenVerifier]
    /// Every area's part of a person, for deleting an account.
    let personalData: PersonalDataList
    /// Verified against when the email is unknown, so both failures take an argon2 run.
    private let decoyHash: String

    var database: Database { context.database }
    var authenticator: Authenticator { context.authenticator }

    static let signInLimits: [String: Throttle.Limit] = ["pair": .init(count: 5, window: 15 * 60), "account": .init(count: 50, window: 15 * 60),
                                                         "address": .init(count: 30, window: 15 * 60), "confirm": .init(count: 5, window: 15 * 60)]

    init(context: AppContext, personalData: PersonalDataList, refreshRule: RefreshRule = RefreshRule(),
         signInLimits: [String: Throttle.Limit] = AccountService.signInLimits) throws {
        self.context = context
        self.refreshRule = refreshRule
        signIns = Throttle(limits: signInLimits, database: context.database)
        requests = Throttle(limits: ["signup": .init(count: context.settings.signupsPerHour, window: 3600),
                                     "reset-address": .init(count: 10, window: 3600), "mail-account": .init(count: 5, window: 3600)],
                            database: context.database)
        links = AccountLinks(context: context)
        self.personalData = personalData
        identityVerifiers = Dictionary(uniqueKeysWithValues: context.settings.identityProviders.map { ($0.name, IDTokenVerifier(provider: $0)) })
        decoyHash = try context.hasher.hash(Crypto.randomToken(16))
    }

    func hash(_ password: String) async throws -> String {
        let hasher = context.hasher
        return try await context.hashing.run { try hasher.hash(password) }
    }

    // MARK: sign-up and sign-in

    struct SignUp: Sendable {
        var email: EmailAddress
        var password: String
        var displayName: DisplayName
        var timeZone: TimeZoneName
        var locale: AppLanguage
        var weekStart: WeekStart
    }

    /// A new account, signed in, and a link mailed to confirm its address. Limited per network:
    /// each costs an argon2 hash.
    func signUp(_ form: SignUp, device: String, place: SignInPlace) async throws -> (Account, IssuedTokens) {
        try await requests.take([.init(kind: "signup", value: place.network)], now: context.now, what: "Too many accounts were made from your network")
        let hash = try await hash(form.password)
        let now = context.now
        let new = AccountStore.NewAccount(email: form.email, displayName: form.displayName, passwordHash: hash,
                                          timeZone: form.timeZone.value, locale: form.locale, weekStart: form.weekStart, role: .member)
        do {
            let made = try await database.transaction { [self] c in
                let account = try AccountStore.insert(new, at: now, c)
                try links.mailVerification(to: account, at: now, c)
                var tokens = try startSession(for: account, device: device, at: now, c)
                tokens.deviceToken = try recognize(account.id, place, at: now, c)
                return (account, tokens)
            }
            context.mail.kick()
            return made
        } catch DatabaseError.uniqueViolation {
            throw Refusal(.conflict, "An account with this email already exists. Sign in instead, or reset its password by email.",
                          fields: [.init(field: "email", message: "is already registered")])
        }
    }

    /// Unknown email and wrong password answer alike, after the same argon2 work. Failures are
    /// counted against the pair of account and network and against the network; against the
    /// account's ceiling only when they come from a device and a network the owner never signed
    /// in from (a stranger's), so however many strangers guess, the owner still gets in.
    func signIn(email: EmailAddress, password: String, device: String, place: SignInPlace) async throws -> (Account, IssuedTokens) {
        let found = try await database.read { c in try AccountStore.credentials(emailKey: email.key, c) }
        let trusted = try await isTrusted(found?.account.id, place)
        let keys = AccountService.signInKeys(email.key, place.network, trusted: trusted)
        try await signIns.check(keys, now: context.now, what: trusted ? "Too many failed sign-ins"
                                    : "Too many failed sign-ins from places this account has not signed in from. Sign in from a device you used before, or ask for a sign-in link by email")
        let hasher = context.hasher
        let stored = found?.passwordHash ?? decoyHash
        let decoy = found?.passwordHash == nil
        let (matches, rehash) = try await context.hashing.run { () -> (Bool, String?) in
            let ok = hasher.verify(password, against: stored) && !decoy
            return (ok, ok && hasher.needsRehash(stored) ? try hasher.hash(password) : nil)
        }
        let now = context.now
        guard matches, let account = found?.account else {
            await signIns.record(keys, now: now)
            throw Refusal(.unauthenticated, code: "invalid-credentials", "The email or password is not right.")
        }
        // The owner's own network starts afresh; the account's ceiling does not (guesses from elsewhere still count).
        await signIns.clear(keys[0])
        let tokens = try await database.transaction { [self] c in
            if let rehash { try AccountStore.setPasswordHash(account.id, rehash, at: now, c) }
            try AccountStore.pruneSessions(of: account.id, before: now.addingTimeInterval(-refreshRule.idleLifetime), c)
            var tokens = try startSession(for: account, device: device, at: now, c)
            tokens.deviceToken = try recognize(account.id, place, at: now, c)
            return tokens
        }
        return (account, tokens)
    }

    /// The throttle's keys for a sign-in: the pair of account and network, the account's
    /// ceiling (strangers only), and the network.
    static func signInKeys(_ emailKey: String, _ network: String, trusted: Bool = false) -> [Throttle.Key] {
        [.init(kind: "pair", value: emailKey + " " + network)] + (trusted ? [] : [.init(kind: "account", value: emailKey)])
            + [.init(kind: "address", value: network)]
    }

    // MARK: devices and networks the owner signs in from

    /// How long a device or network stays known without a sign-in from it.
    static let trustLifetime: TimeInterval = 180 * 86_400

    /// What is kept of a device's token or a network: an HMAC under the server's secret, so the
    /// table names no address (IPv4's few billion could be hashed through in an afternoon).
    private func trustHash(_ kind: SignInTrustStore.Kind, _ value: String) -> String {
        Crypto.hex(Crypto.hmacSHA256(key: context.keyring.refreshSecret, Data("\(kind.rawValue) \(value)".utf8)))
    }

    private func trustHashes(_ place: SignInPlace) -> [String] {
        [trustHash(.network, place.network)] + (place.deviceToken.map { [trustHash(.device, $0)] } ?? [])
    }

    /// Whether the account has signed in from this device or network within the trust lifetime.
    func isTrusted(_ user: UUID?, _ place: SignInPlace) async throws -> Bool {
        guard let user else { return false }
        let (hashes, since) = (trustHashes(place), context.now.addingTimeInterval(-AccountService.trustLifetime))
        return try await database.read { c in try SignInTrustStore.trusted(user, hashes, since: since, c) }
    }

    /// Notes the device and network of a sign-in that succeeded; returns the device's token to
    /// keep (the one it sent, or a new one). A token names the device, not the account: several
    /// people signing in on one browser share it, each trusted for their own account.
    func recognize(_ user: UUID, _ place: SignInPlace, at now: Date, _ c: SQLConnection) throws -> String {
        let token = place.deviceToken ?? Crypto.randomToken(32)
        try SignInTrustStore.remember(user, .device, trustHash(.device, token), at: now, c)
        try SignInTrustStore.remember(user, .network, trustHash(.network, place.network), at: now, c)
        if Int.random(in: 0..<500) == 0 { try SignInTrustStore.prune(before: now.addingTimeInterval(-AccountService.trustLifetime), c) }
        return token
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
    /// account with the same address when both the provider and the account verified it (then
    /// linked), else a new account without a password. An account whose address was never
    /// verified is not joined: it may be a squatter's, made with someone else's address.
    func signIn(identity request: IdentitySignIn) async throws -> (Account, IssuedTokens, created: Bool) {
        let identity = try await verify(request.provider, request.idToken, request.nonce)
        let now = context.now
        let email = identity.email.flatMap { try? EmailAddress($0) }
        return try await database.transaction { [self] c in
            try remember(identity, now, c)
            if let linked = try AccountStore.userID(provider: identity.provider, subject: identity.subject, c),
               let account = try AccountStore.account(id: linked, c) {
                return (account, try startSession(for: account, device: request.device, at: now, c), false)
            }
            if let email, let existing = try AccountStore.credentials(emailKey: email.key, c) {
                guard identity.emailVerified, existing.account.emailVerified else {
                    throw Refusal(.conflict, code: "link-needs-password",
                                  "An account with this email exists, but its address was never confirmed. Sign in with its password and link \(AccountService.title(identity.provider)) from your account, or reset the password by email.",
                                  fields: [.init(field: "idToken", message: "names the address of an account that must sign in with its password first")])
                }
                try AccountStore.link(provider: identity.provider, subject: identity.subject, email: email.value, to: existing.account.id,
                                      at: now, c)
                return (existing.account, try startSession(for: existing.account, device: request.device, at: now, c), false)
            }
            guard let email else {
                throw Refusal.malformed("The ID token carries no email address; allow the email scope and try again.",
                                        fields: [.init(field: "idToken", message: "has no email")])
            }
            let fallbackName = identity.name ?? String(email.value.split(separator: "@").first ?? "Yaruki")
            let name = try request.displayName ?? DisplayName(String(fallbackName.prefix(DisplayName.maxLength)))
            let account = try AccountStore.insert(
                AccountStore.NewAccount(email: email, displayName: name, passwordHash: nil, timeZone: request.timeZone?.value ?? "UTC",
                                        locale: request.locale ?? .en, weekStart: .monday, role: .member, emailVerified: identity.emailVerified),
                at: now, c)
            try AccountStore.link(provider: identity.provider, subject: identity.subject, email: email.value, to: account.id, at: now, c)
            if !identity.emailVerified { try links.mailVerification(to: account, at: now, c) }
            return (account, try startSession(for: account, device: request.device, at: now, c), true)
        }
    }

    /// Links Apple or Google to the signed-in account (its password proved who this is) and
    /// signs out every other session: whoever else was signed in, a squatter included, is out.
    /// An address the provider verified and the account shares becomes verified too.
    func link(_ principal: Principal, provider: String, idToken: String, nonce: String?) async throws -> LinkedIdentity {
        let identity = try await verify(provider, idToken, nonce)
        let now = context.now
        let signedOut = try await context.transaction(changing: AccountService.tags(principal.userID)) { [self] c -> Int in
            try remember(identity, now, c)
            guard let account = try AccountStore.account(id: principal.userID, c) else { throw Refusal.unauthenticated("This account no longer exists.") }
            switch try AccountStore.userID(provider: identity.provider, subject: identity.subject, c) {
            case principal.userID?:
                break
            case .some:
                throw Refusal.conflict("This \(AccountService.title(identity.provider)) account is linked to another Yaruki account.")
            case nil:
                try AccountStore.link(provider: identity.provider, subject: identity.subject, email: identity.email, to: principal.userID, at: now, c)
            }
            if identity.emailVerified, let email = identity.email.flatMap({ try? EmailAddress($0) }), email.key == account.email.lowercased() {
                _ = try AccountStore.markEmailVerified(principal.userID, email: email, at: now, c)
            }
            return try AccountStore.revokeAll(of: principal.userID, except: principal.sessionID, reason: "\(identity.provider) linked", at: now, c)
        }
        authenticator.sessions.forget(user: principal.userID)
        return LinkedIdentity(provider: IdentityProviderName(rawValue: identity.provider) ?? .google, email: identity.email, signedOutSessions: signedOut)
    }

    /// An ID token counts once: its nonce and id are remembered until it expires.
    private func remember(_ identity: VerifiedIdentity, _ now: Date, _ c: SQLConnection) throws {
        let keys = [identity.tokenID.map { "\(identity.provider) jti \($0)" }, identity.nonce.map { "\(identity.provider) nonce \($0)" }]
            .compactMap { $0 }
        guard !keys.isEmpty else { return }
        guard try AccountStore.rememberIDTokenUse(keys, expiresAt: identity.expiresAt, at: now, c) else {
            throw Refusal(.unauthenticated, code: "invalid-id-token", "The ID token was refused: it was used before. Sign in with the provider again.")
        }
    }

    static func title(_ provider: String) -> String { provider == "apple" ? "Apple" : "Google" }

    private func verify(_ provider: String, _ idToken: String, _ nonce: String?) async throws -> VerifiedIdentity {
        guard let verifier = identityVerifiers[provider] else {
            throw Refusal(.notFound, "Sign in with \(AccountService.title(provider)) is not enabled on this server.",
                          fields: [.init(field: "provider", message: "is not enabled here")])
        }
        do {
            return try await verifier.verify(idToken, nonce: nonce, now: context.now)
        } catch .keysUnavailable {
            throw Refusal(.unavailable, "The keys of \(provider) cannot be fetched right now. Try again shortly.",
                          retryAfter: 10)
        } catch {
            throw Refusal(.unauthenticated, code: "invalid-id-token", "The ID token was refused: \(AccountService.describe(error)).")
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
        // Every way in (password, mailed link, identity provider, the browser's sign-in) starts here.
        guard try !AccountStore.isBanned(account.id, c) else { throw AccountService.suspended }
        let session = UUID()
        try AccountStore.insertSession(id: session, user: account.id, device: device, at: now, c)
        let refresh = Crypto.randomToken(32)
        try AccountStore.insertRefreshToken(hash: Crypto.tokenHash(refresh), session: session, at: now, c)
        return IssuedTokens(accessToken: try authenticator.accessToken(user: account.id, session: session, role: account.role, now: now),
                            expiresIn: Int(authenticator.accessTokenLifetime), refreshToken: refresh, sessionID: session)
    }

    static let suspended = Refusal(.forbidden, "This account is suspended by an admin of this server.")

    // MARK: refresh

    private enum RefreshOutcome {
        case issued(IssuedTokens)
        /// `ended` names a session this refusal revoked.
        case refused(String, ended: UUID?)
    }

    /// Rotates a refresh token. Two requests with the same token inside the grace window get the
    /// same successor; a spent token after it revokes the session (RFC 9700 §4.14.2).
    func refresh(_ token: String) async throws -> IssuedTokens {
        guard token.utf8.count <= 128 else { throw AccountService.invalidRefresh("The refresh token is not valid.") }
        let hash = Crypto.tokenHash(token)
        let successor = successor(of: token)
        let now = context.now
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
                    try AccountStore.insertRefreshToken(hash: Crypto.tokenHash(successor), session: session.id, at: now, c)
                } else {
                    decision = .replayWithinGrace  // another request spent it a moment ago
                }
            }
            return try settle(decision, session: session, account: account, successor: successor, now: now, c)
        }
        switch outcome {
        case let .issued(tokens):
            return tokens
        case let .refused(detail, ended):
            if let ended { authenticator.sessions.forget(ended) }
            throw AccountService.invalidRefresh(detail)
        }
    }

    private func settle(_ decision: RefreshDecision, session: AccountStore.SessionRecord, account: Account, successor: String, now: Date,
                        _ c: SQLConnection) throws -> RefreshOutcome {
        switch decision {
        case .rotate, .replayWithinGrace:
            guard try AccountStore.hasRefreshToken(hash: Crypto.tokenHash(successor), c) else {
                return .refused("The refresh token is not valid.", ended: nil)
            }
            try AccountStore.touch(session: session.id, at: now, c)
            return .issued(IssuedTokens(accessToken: try authenticator.accessToken(user: account.id, session: session.id, role: account.role, now: now),
                                        expiresIn: Int(authenticator.accessTokenLifetime), refreshToken: successor, sessionID: session.id))
        case .reuseDetected:
            try AccountStore.revoke(session: session.id, of: account.id, reason: "refresh token reused", at: now, c)
            return .refused("This refresh token was already used, so the session was signed out for safety. Sign in again.", ended: session.id)
        case .sessionEnded:
            return .refused("The session has ended. Sign in again.", ended: nil)
        }
    }

    static func invalidRefresh(_ detail: String) -> Refusal {
        Refusal(.unauthenticated, code: "invalid-refresh-token", detail)
    }

    /// The successor is derived, not stored: HMAC(server secret, token). Only hashes are kept, yet
    /// the same spent token can be answered with the same successor during the grace window.
    private func successor(of token: String) -> String {
        Base64URL.encode(Crypto.hmacSHA256(key: context.keyring.refreshSecret, Data(token.utf8)))
    }

    // MARK: sessions

    func sessionList(_ principal: Principal) async throws -> [SessionInfo] {
        let cutoff = context.now.addingTimeInterval(-refreshRule.idleLifetime)
        let records = try await database.read { c in try AccountStore.activeSessions(user: principal.userID, usedSince: cutoff, c) }
        return records.map {
            SessionInfo(id: $0.id, device: $0.device, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt, current: $0.id == principal.sessionID)
        }
    }

    /// False when the session is not the principal's (or already ended): the route answers 404.
    func revoke(session id: UUID, by principal: Principal, reason: String) async throws -> Bool {
        let now = context.now
        let done = try await database.transaction { c in try AccountStore.revoke(session: id, of: principal.userID, reason: reason, at: now, c) }
        authenticator.sessions.forget(id)
        return done
    }

    func revokeOthers(_ principal: Principal) async throws -> Int {
        let now = context.now
        let count = try await database.transaction { c in
            try AccountStore.revokeAll(of: principal.userID, except: principal.sessionID, reason: "signed out elsewhere", at: now, c)
        }
        authenticator.sessions.forget(user: principal.userID)
        return count
    }

    /// Sign-out with the refresh token alone (the browser's cookie): ends its session.
    func signOut(refreshToken token: String) async throws {
        let hash = Crypto.tokenHash(token)
        let now = context.now
        let ended: UUID? = try await database.transaction { c in
            guard let record = try AccountStore.refreshToken(hash: hash, c), let session = try AccountStore.session(record.sessionID, c)
            else { return nil }
            try AccountStore.revoke(session: session.id, of: session.userID, reason: "signed out", at: now, c)
            return session.id
        }
        if let ended { authenticator.sessions.forget(ended) }
    }

    // MARK: account

    /// What a person's account reply is made from, for kept replies.
    static func tags(_ user: UUID) -> [ReplyCache.Tag] { [.account(user)] }

    /// The keys access tokens are signed with, for anyone to verify them.
    func publicKeys() -> JSONWebKeySet { context.keyring.publicKeys() }

    /// What a person's uploads take on disk, and their room.
    func storageUsage(_ principal: Principal) async throws -> StorageUsage { try await context.storage.usage(of: principal.userID) }

    /// Every account (admins).
    func all() async throws -> [Account] {
        try await database.read { c in try AccountStore.accounts(c) }
    }

    /// Gives an account another role (admins; never their own), effective on its next request.
    func setRole(of id: UUID, to role: Role, by admin: Principal) async throws -> Account {
        guard id != admin.userID else { throw Refusal.conflict("Admins cannot change their own role; ask another admin.") }
        let now = admin.now
        let account = try await context.transaction(changing: AccountService.tags(id)) { c -> Account? in
            guard try AccountStore.setRole(id, role, at: now, c) else { return nil }
            return try AccountStore.account(id: id, c)
        }
        guard let account else { throw Refusal.notFound("No such account.") }
        authenticator.sessions.forget(user: id)
        return account
    }

    /// Suspends an account (a ban): every session ends at once on this node (within the session
    /// cache's seconds on the others) and signing in is refused until an admin lifts it. Admins
    /// are not banned: their role is changed first.
    func suspend(_ id: UUID, by admin: Principal) async throws {
        guard id != admin.userID else { throw Refusal.conflict("Admins cannot ban themselves.") }
        let now = admin.now
        try await context.transaction(changing: AccountService.tags(id)) { c in
            guard let account = try AccountStore.account(id: id, c) else { throw Refusal.notFound("No such account.") }
            guard account.role != .admin else { throw Refusal.conflict("An admin cannot be banned; change their role first.") }
            _ = try AccountStore.setBanned(id, at: now, c)
            _ = try AccountStore.revokeAll(of: id, except: nil, reason: "banned", at: now, c)
        }
        authenticator.sessions.forget(user: id)
    }

    /// Lifts a ban: the person may sign in again.
    func lift(_ id: UUID) async throws {
        guard try await context.transaction(changing: AccountService.tags(id), { c in try AccountStore.setBanned(id, at: nil, c) }) else {
            throw Refusal.notFound("No such account.")
        }
    }

    func update(_ principal: Principal, _ change: AccountStore.ProfileChange) async throws -> Account {
        let (now, areas) = (context.now, personalData.all)
        do {
            // A new name shows in what others read too (posts, comments, standings): "people".
            return try await context.transaction(changing: AccountService.tags(principal.userID) + [.init("people")]) { c in
                try AccountStore.update(principal.userID, change, at: now, c)
                if change.weekStart != nil || change.timeZone != nil {
                    for area in areas { try area.calendarChanged(user: principal.userID, c) }
                }
                guard let account = try AccountStore.account(id: principal.userID, c) else { throw Refusal.unauthenticated() }
                return account
            }
        } catch DatabaseError.uniqueViolation {
            throw Refusal(.conflict, "Another account already uses this email.",
                          fields: [.init(field: "email", message: "is already registered")])
        }
    }

    /// Checks the current password (when the account has one) on the hashing threads.
    func confirmPassword(_ principal: Principal, _ password: String?, field: String) async throws {
        guard let found = try await database.read({ c in try AccountStore.credentials(id: principal.userID, c) }) else {
            throw Refusal.unauthenticated("This account no longer exists.")
        }
        guard let stored = found.passwordHash else { return }
        let now = context.now
        let keys = [Throttle.Key(kind: "confirm", value: principal.userID.uuidString)]
        try await signIns.check(keys, now: now, what: "Too many wrong passwords")
        guard let password else {
            throw Refusal.malformed("Enter your current password.", fields: [.init(field: field, message: "is required")])
        }
        try PasswordRule.checkGiven(password, field: field)
        let hasher = context.hasher
        guard try await context.hashing.run({ hasher.verify(password, against: stored) }) else {
            await signIns.record(keys, now: now)
            throw Refusal(.forbidden, code: "wrong-password", "The current password is not right.",
                          fields: [.init(field: field, message: "is not right")])
        }
    }

    /// Sets a new password and signs out every other session; returns how many.
    func changePassword(_ principal: Principal, current: String?, new: String) async throws -> Int {
        try await confirmPassword(principal, current, field: "currentPassword")
        let hash = try await hash(new)
        let now = context.now
        let count = try await context.transaction(changing: AccountService.tags(principal.userID)) { c in
            try AccountStore.setPasswordHash(principal.userID, hash, at: now, c)
            return try AccountStore.revokeAll(of: principal.userID, except: principal.sessionID, reason: "password changed", at: now, c)
        }
        authenticator.sessions.forget(user: principal.userID)
        return count
    }

    /// Deletes the account and everything in it: every area removes its rows in one
    /// transaction, then the files nobody else uses go, then the caches.
    func deleteAccount(_ principal: Principal, password: String?) async throws -> [String: Int] {
        try await confirmPassword(principal, password, field: "password")
        let user = principal.userID
        let areas = personalData.all
        await context.bus.settled()
        let (counts, files, afterwards) = try await database.transaction { c in
            var counts: [String: Int] = [:], files: Set<StoredFile> = [], afterwards: [@Sendable () async -> Void] = []
            try AccountStore.lockForDeletion(user, c)
            for area in areas {
                let removed = try area.delete(user: user, c)
                counts.merge(removed.counts) { $0 + $1 }
                files.formUnion(removed.files)
                afterwards += removed.afterwards
            }
            let unused = try MediaFileStore.forgetUnused(media: files.compactMap { if case let .media(sha, _) = $0 { sha } else { nil } },
                                                          photos: files.compactMap { if case let .photo(sha) = $0 { sha } else { nil } }, c)
            counts["account"] = try AccountStore.delete(user, c)
            return (counts, files.filter { unused.contains($0.sha256) }, afterwards)
        }
        for file in files { context.remove(file) }
        for area in areas { area.forget(user: user) }
        await context.replies.invalidateAll()  // their posts, likes and name leave what others read
        authenticator.sessions.forget(user: user)
        authenticator.accounts.forget(user)
        for work in afterwards { await work() }
        var receipt = counts
        receipt["mediaFiles"] = files.filter { if case .media = $0 { true } else { false } }.count
        receipt["photoFiles"] = files.filter { if case .photo = $0 { true } else { false } }.count
        return receipt
    }
}
