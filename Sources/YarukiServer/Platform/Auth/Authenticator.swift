import Foundation
import Synchronization
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The person behind an authenticated request. Made anew for each request, it also keeps their
/// account once a handler has read it (`AppContext.account`), so a request reads it at most once.
struct Principal: Sendable, Equatable {
    var userID: UUID
    var sessionID: UUID
    var role: Role
    let known = KnownAccount()

    init(userID: UUID, sessionID: UUID, role: Role) {
        self.userID = userID
        self.sessionID = sessionID
        self.role = role
    }

    static func == (a: Principal, b: Principal) -> Bool {
        a.userID == b.userID && a.sessionID == b.sessionID && a.role == b.role
    }
}

/// The account of a request's person, once read (nil before).
final class KnownAccount: Sendable {
    private let account = Mutex<Account?>(nil)
    var value: Account? {
        get { account.withLock { $0 } }
        set { account.withLock { $0 = newValue } }
    }
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
    let clock: @Sendable () -> Date
    let accessTokenLifetime: TimeInterval
    /// A session unused this long has ended.
    let idleLifetime: TimeInterval

    init(database: Database, keyring: SigningKeyring, clock: @escaping @Sendable () -> Date, sessionCacheTTL: TimeInterval = 10,
         accessTokenLifetime: TimeInterval = 15 * 60, idleLifetime: TimeInterval) {
        self.database = database
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
            "iss": Authenticator.issuer, "sub": user.uuidString.lowercased(), "sid": session.uuidString.lowercased(),
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
        guard let user = jwt.string("sub").flatMap(UUID.init(uuidString:)), let session = jwt.string("sid").flatMap(UUID.init(uuidString:)),
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
        return Principal(userID: claims.user, sessionID: claims.session, role: entry.role)
    }

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
