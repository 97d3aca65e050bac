import Foundation
import YarukiAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An OpenID Connect provider whose ID tokens sign people in.
public struct IdentityProvider: Sendable, Equatable {
    public var name: String
    /// Accepted `iss` values.
    public var issuers: [String]
    /// Accepted `aud` values: the app's own client ids.
    public var clientIDs: [String]
    /// Where the signing keys are: an https URL or a file.
    public var keys: String
    /// Sign-in in the browser (authorization code + PKCE), when the operator gave a web client.
    public var web: WebClient? = nil

    /// The server's own client at the provider, for the browser's sign-in.
    public struct WebClient: Sendable, Equatable {
        public var clientID: String
        public var secret: ClientSecret
        /// Whose discovery document (`/.well-known/openid-configuration`) names the endpoints.
        public var issuer: String
    }

    /// How the server proves itself at the token endpoint.
    public enum ClientSecret: Sendable, Equatable {
        /// Google's: a fixed secret.
        case fixed(String)
        /// Apple's: a short-lived ES256 JWT signed with the team's Sign in with Apple key.
        case signed(teamID: String, keyID: String, pem: Data)
    }

    public static func apple(clientIDs: [String], keys: String = "https://appleid.apple.com/auth/keys") -> IdentityProvider {
        IdentityProvider(name: "apple", issuers: ["https://appleid.apple.com"], clientIDs: clientIDs, keys: keys)
    }

    public static func google(clientIDs: [String], keys: String = "https://www.googleapis.com/oauth2/v3/certs") -> IdentityProvider {
        IdentityProvider(name: "google", issuers: ["https://accounts.google.com", "accounts.google.com"], clientIDs: clientIDs, keys: keys)
    }

    /// The providers the operator turned on: `--NAME-client-ids` for apps that bring their own ID
    /// token, and/or a web client for the browser. A web client's id is also an accepted audience,
    /// and a non-default issuer (a test provider, a compatible one) replaces the accepted issuers.
    static func configured(_ given: SettingValues) throws -> [IdentityProvider] {
        var found: [IdentityProvider] = []
        let defaults = [("apple", "https://appleid.apple.com/auth/keys", "https://appleid.apple.com"),
                        ("google", "https://www.googleapis.com/oauth2/v3/certs", "https://accounts.google.com")]
        for (name, defaultKeys, defaultIssuer) in defaults {
            let listed = given["--\(name)-client-ids"]
            let clientIDs = (listed ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if listed != nil, clientIDs.isEmpty { throw SettingError(setting: given.named("--\(name)-client-ids"), reason: "names no client id") }
            let web = try webClient(name, given, defaultIssuer: defaultIssuer)
            guard !clientIDs.isEmpty || web != nil else { continue }
            let keys = given["--\(name)-jwks"] ?? defaultKeys
            guard keys.hasPrefix("https://") || keys.hasPrefix("http://") || FileManager.default.fileExists(atPath: keys) else {
                throw SettingError(setting: given.named("--\(name)-jwks"), reason: "'\(keys)' is neither a URL nor a file")
            }
            var provider = name == "apple" ? IdentityProvider.apple(clientIDs: clientIDs, keys: keys) : .google(clientIDs: clientIDs, keys: keys)
            if let web {
                provider.web = web
                if !provider.clientIDs.contains(web.clientID) { provider.clientIDs.append(web.clientID) }
                if web.issuer != defaultIssuer { provider.issuers = [web.issuer] }
            }
            found.append(provider)
        }
        return found
    }

    private static func webClient(_ name: String, _ given: SettingValues, defaultIssuer: String) throws -> WebClient? {
        let idFlag = "--\(name)-web-client-id"
        guard let clientID = given[idFlag]?.trimmingCharacters(in: .whitespaces) else { return nil }
        guard !clientID.isEmpty else { throw SettingError(setting: given.named(idFlag), reason: "is empty") }
        let issuer = given["--\(name)-issuer"] ?? defaultIssuer
        guard let url = URL(string: issuer), ["https", "http"].contains(url.scheme ?? ""), url.host != nil, url.query == nil else {
            throw SettingError(setting: given.named("--\(name)-issuer"), reason: "'\(issuer)' is not an http(s) URL")
        }
        func required(_ flag: String) throws -> String {
            guard let value = given[flag], !value.isEmpty else {
                throw SettingError(setting: flag, reason: "is needed with \(given.named(idFlag))")
            }
            return value
        }
        if name == "google" {
            return WebClient(clientID: clientID, secret: .fixed(try required("--google-web-client-secret")), issuer: issuer)
        }
        let teamID = try required("--apple-team-id"), keyID = try required("--apple-key-id"), path = try required("--apple-private-key")
        guard let pem = FileManager.default.contents(atPath: path), (try? EVPKey.readPrivatePEM(pem))?.algorithm == .es256 else {
            throw SettingError(setting: given.named("--apple-private-key"), reason: "'\(path)' is not a readable P-256 private key (.p8)")
        }
        return WebClient(clientID: clientID, secret: .signed(teamID: teamID, keyID: keyID, pem: pem), issuer: issuer)
    }
}

/// A provider's JSON Web Key Set, fetched or read and kept: refreshed after `maxAge`, and at
/// once (at most every `minRefetch` seconds) when a token names a key it does not hold, which
/// is how a provider's key rotation shows up.
final class JWKSCache: @unchecked Sendable {
    let source: String
    private let lock = NSLock()
    private var keys: [String: EVPKey] = [:]
    private var fetchedAt: Date?
    private let maxAge: TimeInterval
    private let minRefetch: TimeInterval

    init(source: String, maxAge: TimeInterval = 3600, minRefetch: TimeInterval = 60) {
        self.source = source
        self.maxAge = maxAge
        self.minRefetch = minRefetch
    }

    func key(kid: String?, now: Date) async throws -> EVPKey? {
        guard let kid else { return nil }
        let (cached, age) = lock.withLock { (keys[kid], fetchedAt.map { now.timeIntervalSince($0) }) }
        if let cached, let age, age < maxAge { return cached }
        if let age, age < minRefetch { return cached }
        let fresh = try await load()
        lock.withLock {
            keys = fresh
            fetchedAt = now
        }
        return fresh[kid]
    }

    private func load() async throws -> [String: EVPKey] {
        let data: Data
        if source.hasPrefix("https://") || source.hasPrefix("http://") {
            guard let url = URL(string: source) else { throw JOSEKeyError.invalid("bad key URL") }
            var request = URLRequest(url: url, timeoutInterval: 5)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (body, response) = try await URLSession.shared.data(for: request)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw JOSEKeyError.invalid("the key URL did not answer 200") }
            data = body
        } else {
            guard let body = FileManager.default.contents(atPath: source) else { throw JOSEKeyError.invalid("cannot read \(source)") }
            data = body
        }
        let set = try JSONDecoder().decode(JSONWebKeySet.self, from: data)
        var found: [String: EVPKey] = [:]
        for jwk in set.keys where jwk.use == nil || jwk.use == "sig" {
            guard let kid = jwk.kid, let key = try? EVPKey.publicKey(jwk: jwk) else { continue }
            if let alg = jwk.alg, alg != key.algorithm.rawValue { continue }  // a key is used only with its stated algorithm
            found[kid] = key
        }
        return found
    }
}

/// What a verified ID token says about the person.
struct VerifiedIdentity: Sendable, Equatable {
    var provider: String
    var subject: String
    var email: String?
    var emailVerified: Bool
    var name: String?
    /// What makes this token one of a kind: its `jti` and `nonce`, remembered until `expiresAt`
    /// so the same token is not accepted twice.
    var tokenID: String? = nil
    var nonce: String? = nil
    var expiresAt: Date = .distantPast
}

/// Checks an ID token from Apple or Google: signature by a key of the provider's JWKS (RS256 or
/// ES256 only), issuer, audience, times with a small leeway, and the nonce.
struct IDTokenVerifier: Sendable {
    let provider: IdentityProvider
    let keys: JWKSCache
    var leeway: TimeInterval = 60

    init(provider: IdentityProvider) {
        self.provider = provider
        keys = JWKSCache(source: provider.keys)
    }

    enum Failure: Error, Equatable {
        case token(JWTError)
        case keysUnavailable
        case issuer
        case audience
        case nonce(String)
        case subject
    }

    func verify(_ token: String, nonce: String?, now: Date) async throws(Failure) -> VerifiedIdentity {
        let jwt: JWT
        do { jwt = try JWT.parse(token) } catch { throw .token(error) }
        guard let algorithm = JWSAlgorithm(rawValue: jwt.header.alg) else { throw .token(.algorithmNotAllowed(jwt.header.alg)) }
        let key: EVPKey?
        do { key = try await keys.key(kid: jwt.header.kid, now: now) } catch { throw .keysUnavailable }
        do {
            try jwt.verify(allowed: [algorithm]) { _ in key }
            try jwt.checkTimes(now: now, leeway: leeway)
        } catch { throw .token(error) }
        guard let issuer = jwt.string("iss"), provider.issuers.contains(issuer) else { throw .issuer }
        guard !Set(jwt.audiences).isDisjoint(with: provider.clientIDs) else { throw .audience }
        // A token for several audiences must say which of them asked for it (OIDC Core §3.1.3.7),
        // and that must be this app: one without azp could have been asked for by any of them.
        if jwt.audiences.count > 1 {
            guard let azp = jwt.string("azp"), provider.clientIDs.contains(azp) else { throw .audience }
        }
        try checkNonce(claim: jwt.string("nonce"), sent: nonce)
        guard let subject = jwt.string("sub"), !subject.isEmpty, subject.utf8.count <= 255 else { throw .subject }
        let verified: Bool = switch jwt.claims["email_verified"] {
        case let flag as Bool: flag
        case let text as String: text == "true"
        case let number as NSNumber: number.boolValue
        default: false
        }
        // What makes the token one of a kind: its jti, or without one (Apple's carry none) the
        // token itself by its hash (unique, as a signature has one spelling here: low s).
        let tokenID = jwt.string("jti") ?? "sha256 " + Crypto.hex(Crypto.sha256(Data(token.utf8)))
        return VerifiedIdentity(provider: provider.name, subject: subject, email: jwt.string("email"), emailVerified: verified,
                                name: jwt.string("name"), tokenID: tokenID, nonce: jwt.string("nonce"),
                                expiresAt: Date(timeIntervalSince1970: (jwt.number("exp") ?? 0) + leeway))
    }

    /// The app made a random nonce and asked the provider to put it (Google) or its SHA-256 in hex
    /// (Apple's usual flow) into the token; either proves the token was made for this sign-in.
    private func checkNonce(claim: String?, sent: String?) throws(Failure) {
        switch (claim, sent) {
        case (nil, nil): return
        case (.some, nil): throw .nonce("the token carries a nonce; send the one the app made")
        case (nil, .some): throw .nonce("the token carries no nonce")
        case let (.some(claim), .some(sent)):
            let hashed = Crypto.hex(Crypto.sha256(Data(sent.utf8)))
            guard Crypto.constantTimeEqual(Data(claim.utf8), Data(sent.utf8))
                || Crypto.constantTimeEqual(Data(claim.utf8), Data(hashed.utf8)) else { throw .nonce("the nonce does not match") }
        }
    }
}
