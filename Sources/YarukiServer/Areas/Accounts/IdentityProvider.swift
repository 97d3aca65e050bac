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

    public static func apple(clientIDs: [String], keys: String = "https://appleid.apple.com/auth/keys") -> IdentityProvider {
        IdentityProvider(name: "apple", issuers: ["https://appleid.apple.com"], clientIDs: clientIDs, keys: keys)
    }

    public static func google(clientIDs: [String], keys: String = "https://www.googleapis.com/oauth2/v3/certs") -> IdentityProvider {
        IdentityProvider(name: "google", issuers: ["https://accounts.google.com", "accounts.google.com"], clientIDs: clientIDs, keys: keys)
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
        // A token for several audiences must say which of them asked for it (OIDC Core §3.1.3.7).
        if jwt.audiences.count > 1, let azp = jwt.string("azp"), !provider.clientIDs.contains(azp) { throw .audience }
        try checkNonce(claim: jwt.string("nonce"), sent: nonce)
        guard let subject = jwt.string("sub"), !subject.isEmpty, subject.utf8.count <= 255 else { throw .subject }
        let verified: Bool = switch jwt.claims["email_verified"] {
        case let flag as Bool: flag
        case let text as String: text == "true"
        case let number as NSNumber: number.boolValue
        default: false
        }
        return VerifiedIdentity(provider: provider.name, subject: subject, email: jwt.string("email"), emailVerified: verified,
                                name: jwt.string("name"), tokenID: jwt.string("jti"), nonce: jwt.string("nonce"),
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
