import Foundation
import Synchronization
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiStore

/// The person behind an authenticated request, and what the request knows of them: its one
/// `now`, their account and calendar (read when first asked, at most once a request), and the
/// helper that keeps replies made for them. Made anew for each request by its group's access.
struct Principal: Sendable, Equatable {
    var userID: UUID
    var sessionID: UUID
    var role: Role
    let scope: RequestScope

    init(userID: UUID, sessionID: UUID, role: Role, scope: RequestScope) {
        self.userID = userID
        self.sessionID = sessionID
        self.role = role
        self.scope = scope
    }

    /// When the request is: every rule of one request reads this one instant.
    var now: Date { scope.now }

    /// The network the request comes from (`RequestScope.network`).
    var network: String { scope.network }

    /// The person's account, read once a request; 401 when it is gone.
    func account() async throws -> Account { try await scope.account(of: userID) }

    /// The person's days and weeks: their account's time zone and week start.
    func calendar() async throws -> PersonalCalendar { PersonalCalendar(of: try await account()) }

    /// The reply kept for this person under the route and query as sent (and the quarter hour:
    /// every time zone's midnight falls on one, so "today" in a reply never outlives its day),
    /// while none of `tags` changed; else `make`'s, kept.
    /// A reply made here may be made with the account as this node last read it, checked in its
    /// first round trip (`RequestScope.guessingAccount`).
    func kept<T: APIModel>(_ request: Request, tags: [ReplyCache.Tag], make: () async throws -> T) async throws -> Reply<T> {
        let key = ReplyCache.Key(user: userID, text: request.target, bucket: Int(now.timeIntervalSince1970 / 900))
        return try await scope.replies.reply(key: key, tags: tags) { try await scope.guessingAccount(of: userID, make) }
    }

    static func == (a: Principal, b: Principal) -> Bool {
        a.userID == b.userID && a.sessionID == b.sessionID && a.role == b.role
    }
}

/// The caller of a public route: anyone at all, at the request's `now`.
struct Visitor: Sendable {
    let scope: RequestScope

    var now: Date { scope.now }

    /// The network the request comes from (`RequestScope.network`).
    var network: String { scope.network }

    /// The public reply kept under `key` (what was asked, in words that name it whatever the
    /// query's spelling) while none of `tags` changed; else `make`'s, kept.
    func kept<T: APIModel>(key: String, tags: [ReplyCache.Tag], make: () async throws -> T) async throws -> Reply<T> {
        try await scope.replies.reply(key: .init(text: key), tags: tags, make: make)
    }
}

/// What one request carries besides its bytes: its instant, the replies kept between requests,
/// and its person's account once read. Handlers reach the platform through it, not `AppContext`.
final class RequestScope: Sendable {
    let now: Date
    /// The address the request comes from: the peer's, or behind a trusted proxy the forwarded one.
    let client: String
    /// The network the request comes from, for counting what one client does: the client's IPv4
    /// address, or its IPv6 /64. Worked out when asked (few requests count anything).
    var network: String { AddressRange.network(of: client) }
    let replies: ReplyCache
    private let database: Database
    private let accounts: KnownAccounts
    private let known = Mutex<Account?>(nil)
    /// While a reply is made with a guessed account: the guess, and the read ahead that checks it.
    private let guessing = Mutex<Guess?>(nil)

    private struct Guess: Sendable {
        var account: Account
        var check: ReadAhead
    }

    init(now: Date, client: String, replies: ReplyCache, database: Database, accounts: KnownAccounts) {
        self.now = now
        self.client = client
        self.replies = replies
        self.database = database
        self.accounts = accounts
    }

    func account(of user: UUID) async throws -> Account {
        if let account = known.withLock({ $0 }), account.id == user { return account }
        if let guess = guessing.withLock({ $0 }), guess.account.id == user {
            guess.check.arm()
            known.withLock { $0 = guess.account }
            return guess.account
        }
        // On one node, an account read since its last change needs no read.
        if let account = accounts.trusted(user, now: now, stands: replies.stands) {
            known.withLock { $0 = account }
            return account
        }
        let stamp = replies.stamp([.account(user)])
        if database.dialect == .postgres { return try read(user, try await accounts.read(user, from: database), stamp: stamp) }
        return try read(user, try await database.read { c in try AccountStore.account(id: user, c) }, stamp: stamp)
    }

    /// The account as read (nil: gone, 401), remembered for this request and as this node's guess
    /// (trusted while `stamp`, taken before the read, stands).
    private func read(_ user: UUID, _ found: Account?, stamp: ReplyCache.Stamp? = nil) throws -> Account {
        guard let account = found else {
            accounts.forget(user)
            throw Refusal.unauthenticated("This account no longer exists.")
        }
        accounts.remember(account, now: now, stamp: stamp)
        known.withLock { $0 = account }
        return account
    }

    /// `make`, given `user`'s account as this node last read it instead of waiting for it to be
    /// read again. On PostgreSQL the account is read ahead of `make`'s first read, in its round
    /// trip: a lifelog day, a health month or a page of workouts (the account first for its time
    /// zone, then the reply's rows) takes one round trip instead of two. When the account read
    /// differs from the guess, `make` runs again with it, so nothing made from an old account
    /// goes out; what `make` threw with a guess that was right stands. Only for reads: `make`
    /// may run twice. SQLite reads have no round trip to share, so there the account is read.
    func guessingAccount<T>(of user: UUID, _ make: () async throws -> T) async throws -> T {
        guard database.takesReadsAhead, known.withLock({ $0 }) == nil, let guessed = accounts.guess(user, now: now) else { return try await make() }
        let check = ReadAhead(AccountStore.accountsStatement(ids: [user]), on: database, armed: false)
        guessing.withLock { $0 = Guess(account: guessed, check: check) }
        let made: Result<T, Error>
        do { made = .success(try await ReadAhead.$current.withValue(check) { try await make() }) } catch { made = .failure(error) }
        guessing.withLock { $0 = nil }
        guard check.isArmed else { return try made.get() }
        // Asked ahead of a read of `make`'s, or (when `make` read nothing after asking) now,
        // which the guess, known meanwhile, must not answer.
        known.withLock { $0 = nil }
        let account: Account
        if let rows = try check.rows() {
            account = try read(user, try rows.first.map(AccountStore.credentials)?.account)
        } else {
            account = try await self.account(of: user)
        }
        return account == guessed ? try made.get() : try await make()
    }
}

extension ReplyCache.Tag {
    /// A person's account: every write to it says so, and what was made from it (the account's
    /// reply, the account this node holds) is made again.
    static func account(_ user: UUID) -> Self { .init("account", user) }
}

extension PersonalCalendar {
    /// A person's days and weeks: their time zone and week start. One calendar per zone and week
    /// start, made once: a zone and a calendar cost a microsecond or two to make, on every
    /// request that names a day (zones are a few hundred names; the table is emptied past 1,024).
    init(of account: Account) {
        let key = MadeKey(zone: account.timeZone, weekStart: account.weekStart)
        if let known = PersonalCalendar.made.withLock({ $0[key] }) {
            self = known
            return
        }
        self.init(timeZone: TimeZone(identifier: account.timeZone) ?? .gmt, weekStart: account.weekStart)
        let made = self
        PersonalCalendar.made.withLock { table in
            if table.count >= 1024 { table.removeAll(keepingCapacity: true) }
            table[key] = made
        }
    }

    private struct MadeKey: Hashable {
        let zone: String
        let weekStart: WeekStart
    }

    private static let made = Mutex<[MadeKey: PersonalCalendar]>([:])
}

/// Access tokens: made for a session, and checked on every signed-in request. A token's
/// signature and times are checked against the keyring; the session behind it through a cache
/// of a few seconds, so signing out really ends a session (and within `ttl` on other nodes).
final class Authenticator: Sendable {
    static let issuer = "yaruki"

    let database: Database
    let keyring: SigningKeyring
    let sessions: SessionCache
    /// Tokens that verified, so each is verified once per node.
    let tokens = VerifiedTokens()
    /// Each person's account as this node last read it (`RequestScope.guessingAccount`).
    let accounts = KnownAccounts()
    let clock: @Sendable () -> Date
    /// Replies kept between requests, which each request's scope hands its handler.
    let replies: ReplyCache
    /// Proxies whose X-Forwarded-For is believed.
    let trustedProxies: [AddressRange]
    let accessTokenLifetime: TimeInterval
    /// A session unused this long has ended.
    let idleLifetime: TimeInterval

    init(database: Database, keyring: SigningKeyring, replies: ReplyCache, trustedProxies: [AddressRange], clock: @escaping @Sendable () -> Date,
         sessionCacheTTL: TimeInterval = 10, accessTokenLifetime: TimeInterval = 15 * 60, idleLifetime: TimeInterval) {
        self.database = database
        self.replies = replies
        self.trustedProxies = trustedProxies
        self.keyring = keyring
        self.sessions = SessionCache(ttl: sessionCacheTTL)
        self.clock = clock
        self.accessTokenLifetime = accessTokenLifetime
        self.idleLifetime = idleLifetime
    }

    func accessToken(user: UUID, session: UUID, role: Role, now: Date) throws -> String {
        let signer = keyring.signer(now: now)
        let issued = Int(now.timeIntervalSince1970)
        let claims: [String: Any] = [
            "iss": Authenticator.issuer, "sub": user.lowercasedString, "sid": session.lowercasedString,
            "role": role.rawValue, "iat": issued, "exp": issued + Int(accessTokenLifetime),
            "jti": Base64URL.encode(Crypto.randomBytes(12)),
        ]
        return try JWT.sign(claims: claims, kid: signer.kid, typ: "at+jwt", key: signer.key)
    }

    /// The claims of the bearer token of `headers`, checked: signature by one of our keys, type,
    /// issuer and times; a token that verified before comes from `tokens` without being checked
    /// again. Nil when there is none; the session behind it is not looked at here.
    func verifiedAccessToken(_ headers: HTTPHeaders, now: Date) throws(JWTError) -> VerifiedTokens.Claims? {
        guard let header = headers["Authorization"], let token = Authenticator.bearer(header) else { return nil }
        if let known = tokens.claims(token, now: now) { return known }
        let jwt = try JWT.parse(token)
        try jwt.verify(allowed: [.es256]) { kid in keyring.verificationKey(kid: kid, now: now) }
        guard jwt.header.typ == "at+jwt", jwt.string("iss") == Authenticator.issuer else { throw .claim("not an access token") }
        try jwt.checkTimes(now: now, leeway: Authenticator.leeway)
        guard let user = jwt.string("sub").flatMap(UUID.init(strict:)), let session = jwt.string("sid").flatMap(UUID.init(strict:)),
              let expires = jwt.number("exp") else { throw .claim("sub, sid or exp is missing") }
        let claims = VerifiedTokens.Claims(user: user, session: session, expires: expires + Authenticator.leeway,
                                           notBefore: max(jwt.number("nbf") ?? 0, jwt.number("iat") ?? 0) - Authenticator.leeway)
        tokens.store(token, claims)
        return claims
    }

    /// The token of `Bearer <token>` (the scheme in any case), without the spaces or tabs around it.
    /// Read byte by byte: Foundation's trimming went through NSString on every signed-in request.
    static func bearer(_ header: String) -> String? {
        let bytes = Array(header.utf8)
        guard bytes.count > 7, String(decoding: bytes[0..<6], as: UTF8.self).lowercased() == "bearer", bytes[6] == 32 else { return nil }
        var start = 7, end = bytes.count
        while start < end, bytes[start] == 32 || bytes[start] == 9 { start += 1 }
        while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Seconds by which clocks may disagree about a token's times.
    static let leeway: TimeInterval = 5

    /// A quick check at head time, before a body is read: a bearer token that verifies and has
    /// not expired. The handler's group still authenticates fully (session still standing).
    func looksSignedIn(_ headers: HTTPHeaders) -> Bool { signedInUser(headers) != nil }

    /// The person a current, verifying access token names (its session is not checked here).
    func signedInUser(_ headers: HTTPHeaders) -> UUID? {
        (try? verifiedAccessToken(headers, now: clock()))?.map(\.user) ?? nil
    }

    /// The principal of a request with `Authorization: Bearer …`; 401 otherwise.
    func authenticate(_ request: Request) async throws -> Principal {
        let now = clock()
        let found: VerifiedTokens.Claims?
        do {
            found = try verifiedAccessToken(request.headers, now: now)
        } catch .expired {
            throw HTTPError(401, slug: "token-expired", detail: "The access token has expired. Refresh it.",
                            headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\", error_description=\"expired\""])
        } catch {
            throw HTTPError(401, slug: "invalid-token", detail: "The access token is not valid.",
                            headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""])
        }
        guard let claims = found else { throw HTTPError.unauthorized() }
        let entry = try await sessionEntry(claims.session, now: now)
        guard entry.active, entry.userID == claims.user else {
            throw HTTPError(401, slug: "session-ended", detail: "This session was signed out. Sign in again.")
        }
        return Principal(userID: claims.user, sessionID: claims.session, role: entry.role, scope: scope(request, now: now))
    }

    /// What `request` carries besides its bytes, at `now`.
    func scope(_ request: Request, now: Date) -> RequestScope {
        let client = AddressRange.client(peer: request.remoteAddress, forwardedFor: request.headers["X-Forwarded-For"], trusted: trustedProxies)
        return RequestScope(now: now, client: client, replies: replies, database: database, accounts: accounts)
    }

    /// The caller of `request` when nobody need be signed in.
    func visitor(_ request: Request) -> Visitor { Visitor(scope: scope(request, now: clock())) }

    private func sessionEntry(_ session: UUID, now: Date) async throws -> SessionCache.Entry {
        if let cached = sessions.fresh(session, now: now) { return cached }
        let row = try await database.read { c -> (AccountStore.SessionRecord, Account)? in
            guard let s = try AccountStore.session(session, c), let a = try AccountStore.account(id: s.userID, c) else { return nil }
            return (s, a)
        }
        let idle = row.map { now.timeIntervalSince($0.0.lastUsedAt) > idleLifetime } ?? true
        let entry = SessionCache.Entry(userID: row?.1.id ?? UUID(), role: row?.1.role ?? .member,
                                       active: row != nil && row?.0.revokedAt == nil && !idle, checked: now)
        sessions.store(session, entry)
        return entry
    }

    /// The principal when it holds `role` or a higher one; 404 to everybody else signed in.
    func authenticate(_ request: Request, atLeast role: Role) async throws -> Principal {
        let principal = try await authenticate(request)
        guard principal.role >= role else { throw HTTPError.notFound() }
        return principal
    }
}

extension Request {
    /// EventSource cannot send headers: its access token may come as `?access_token=` (RFC 6750
    /// §2.3). The request as if the token had come in the Authorization header.
    func bearerFromQuery() -> Request {
        guard headers["Authorization"] == nil, let token = queryItem("access_token") else { return self }
        var signed = self
        var headers = headers
        headers.set("Authorization", "Bearer \(token)")
        signed.headers = headers
        return signed
    }
}
