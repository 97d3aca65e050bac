import Foundation
import YarukiAPI
import Testing
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// Sign in with Apple and Google against keys the tests make with the openssl command, served
/// from a file and from a real HTTP server.
@Suite struct IdentityTests {
    static let googleClient = "1234.apps.googleusercontent.com"
    static let appleClient = "app.yaruki.ios"

    struct Setup {
        let running: RunningApp
        let api: API
        let keys: OpenSSLKeys
        let clock: TestClock
    }

    static func setup(engine: Engine = .sqlite) async throws -> Setup {
        let keys = try OpenSSLKeys()
        let file = keys.directory + "/jwks.json"
        try keys.jwks(kid: "g").write(to: URL(fileURLWithPath: file))
        let clock = TestClock()
        let running = try await RunningApp(engine, clock: clock, arguments: [
            "--google-client-ids", "other-client, \(googleClient)", "--google-jwks", file,
            "--apple-client-ids", appleClient, "--apple-jwks", file,
        ])
        return Setup(running: running, api: API(running), keys: keys, clock: clock)
    }

    static func googleClaims(_ now: Date, email: String = "sun@example.com", verified: Bool = true, nonce: String? = "n-123") -> [String: Any] {
        var claims: [String: Any] = ["iss": "https://accounts.google.com", "aud": googleClient, "sub": "google-\(email)",
                                     "email": email, "email_verified": verified, "name": "Sun Park",
                                     "iat": Int(now.timeIntervalSince1970), "exp": Int(now.timeIntervalSince1970) + 3600]
        if let nonce { claims["nonce"] = nonce }
        return claims
    }

    func post(_ s: Setup, provider: String = "google", token: String, nonce: String? = "n-123") throws -> RawClient.Reply {
        var body: [String: Any] = ["provider": provider, "idToken": token, "timeZone": "Asia/Seoul", "locale": "ko"]
        if let nonce { body["nonce"] = nonce }
        return try s.api.call("POST", "/v1/auth/oidc", json: body)
    }

    @Test(arguments: Engine.allCases)
    func googleRS256SignsUpThenSignsIn(engine: Engine) async throws {
        let s = try await Self.setup(engine: engine)
        let token = try s.keys.sign(Self.googleClaims(s.clock.now), algorithm: .rs256, kid: "g-rsa")
        let first = try post(s, token: token)
        #expect(first.status == 201, "\(first.text)")
        let user = try #require(try first.json()["user"] as? [String: Any])
        #expect(user["hasPassword"] as? Bool == false && user["displayName"] as? String == "Sun Park" && user["locale"] as? String == "ko")
        let again = try post(s, token: try s.keys.sign(Self.googleClaims(s.clock.now), algorithm: .rs256, kid: "g-rsa"))
        #expect(again.status == 200)
        #expect((try again.json()["user"] as? [String: Any])?["id"] as? String == user["id"] as? String)
        let access = try #require(again.string("accessToken"))
        #expect(try s.api.call("GET", "/v1/me", token: access).string("email") == "sun@example.com")
    }

    @Test func appleES256WithAHashedNonce() async throws {
        let s = try await Self.setup()
        let raw = "raw-nonce-from-the-app"
        let hashed = Crypto.hex(Crypto.sha256(Data(raw.utf8)))
        let now = Int(s.clock.now.timeIntervalSince1970)
        let claims: [String: Any] = ["iss": "https://appleid.apple.com", "aud": Self.appleClient, "sub": "001234.apple",
                                     "email": "relay@privaterelay.appleid.com", "email_verified": "true", "nonce": hashed,
                                     "iat": now, "exp": now + 600]
        let reply = try post(s, provider: "apple", token: try s.keys.sign(claims, algorithm: .es256, kid: "g-ec"), nonce: raw)
        #expect(reply.status == 201, "\(reply.text)")
    }

    @Test func aVerifiedEmailLinksToTheExistingAccount() async throws {
        let s = try await Self.setup()
        let (_, _, id) = try s.api.signUp("sun@example.com")
        let unverified = try s.keys.sign(Self.googleClaims(s.clock.now, verified: false), algorithm: .rs256, kid: "g-rsa")
        #expect(try post(s, token: unverified).status == 409)  // never takes over an account on an unverified address
        let verified = try s.keys.sign(Self.googleClaims(s.clock.now), algorithm: .rs256, kid: "g-rsa")
        let linked = try post(s, token: verified)
        #expect(linked.status == 200)
        #expect((try linked.json()["user"] as? [String: Any])?["id"] as? String == id)
        // Linked now: the password still works too.
        #expect(try s.api.signIn("sun@example.com").status == 200)
    }

    @Test func everyBadIDTokenIsRefusedAndCreatesNothing() async throws {
        let s = try await Self.setup()
        let now = s.clock.now
        let good = Self.googleClaims(now)
        func with(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
            var c = good
            change(&c)
            return c
        }
        let rsaN = try #require(s.keys.rsaJWK.n)
        let hsHeader = Base64URL.encode(Data(#"{"alg":"HS256","kid":"g-rsa"}"#.utf8))
        let payload = Base64URL.encode(try JSONSerialization.data(withJSONObject: good))
        let hs256 = "\(hsHeader).\(payload).\(Base64URL.encode(Crypto.hmacSHA256(key: Data(rsaN.utf8), Data("\(hsHeader).\(payload)".utf8))))"
        let none = Base64URL.encode(Data(#"{"alg":"none","kid":"g-rsa"}"#.utf8)) + "." + payload + "."
        let valid = try s.keys.sign(good, algorithm: .rs256, kid: "g-rsa")
        var flipped = Array(valid.utf8)
        flipped[flipped.count - 5] = flipped[flipped.count - 5] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")

        let cases: [(String, String, String?)] = [
            ("alg none", none, "n-123"),
            ("HS256 with the public key as secret", hs256, "n-123"),
            ("unknown kid", try s.keys.sign(good, algorithm: .rs256, kid: "nobody"), "n-123"),
            ("ES256 header over an RSA key", try s.keys.sign(good, algorithm: .rs256, kid: "g-ec"), "n-123"),
            ("tampered signature", String(decoding: flipped, as: UTF8.self), "n-123"),
            ("expired", try s.keys.sign(with { $0["exp"] = Int(now.timeIntervalSince1970) - 120 }, algorithm: .rs256, kid: "g-rsa"), "n-123"),
            ("issued in the future", try s.keys.sign(with { $0["iat"] = Int(now.timeIntervalSince1970) + 600 }, algorithm: .rs256, kid: "g-rsa"),
             "n-123"),
            ("another issuer", try s.keys.sign(with { $0["iss"] = "https://evil.example" }, algorithm: .rs256, kid: "g-rsa"), "n-123"),
            ("another app", try s.keys.sign(with { $0["aud"] = "someone-else" }, algorithm: .rs256, kid: "g-rsa"), "n-123"),
            ("nonce missing from the request", valid, nil),
            ("nonce that does not match", valid, "n-999"),
            ("no nonce in the token", try s.keys.sign(with { $0["nonce"] = nil }, algorithm: .rs256, kid: "g-rsa"), "n-123"),
            ("no subject", try s.keys.sign(with { $0["sub"] = nil }, algorithm: .rs256, kid: "g-rsa"), "n-123"),
        ]
        for (name, token, nonce) in cases {
            let reply = try post(s, token: token, nonce: nonce)
            #expect(reply.status == 401, "\(name): \(reply.text)")
            #expect(reply.problemType == "/problems/invalid-id-token", "\(name)")
        }
        #expect(try post(s, provider: "facebook", token: valid).status == 400)
        #expect(try s.api.call("POST", "/v1/auth/oidc", json: ["provider": "google"]).status == 400)
        let count = try await s.running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM users")?.int("n") }
        #expect(count == 0)
        #expect(try post(s, token: valid).status == 201)  // and the good one still works
    }

    /// Keys fetched over HTTP, cached, and fetched again when a token names a key the cache lacks.
    @Test func providerKeysComeFromAURLAndFollowRotation() async throws {
        let keys = try OpenSSLKeys()
        let second = try OpenSSLKeys()
        let served = JWKSHost(first: keys.jwks(kid: "v1"))
        let host = try served.start()
        defer { host.shutdown(grace: 1) }
        let clock = TestClock()
        let running = try await RunningApp(.sqlite, clock: clock, arguments: [
            "--google-client-ids", Self.googleClient, "--google-jwks", "http://127.0.0.1:\(host.port)/certs",
        ])
        let s = Setup(running: running, api: API(running), keys: keys, clock: clock)
        #expect(try post(s, token: try keys.sign(Self.googleClaims(clock.now), algorithm: .rs256, kid: "v1-rsa")).status == 201)
        #expect(served.fetches == 1)
        #expect(try post(s, token: try keys.sign(Self.googleClaims(clock.now), algorithm: .rs256, kid: "v1-rsa")).status == 200)
        #expect(served.fetches == 1)  // cached

        // The provider rotates: new tokens name a key the cache has not seen.
        served.body = second.jwks(kid: "v2")
        let rotated = try second.sign(Self.googleClaims(clock.now, email: "new@example.com"), algorithm: .es256, kid: "v2-ec")
        #expect(try post(s, token: rotated).status == 401)  // refetching is rate-limited…
        clock.advance(61)
        #expect(try post(s, token: try second.sign(Self.googleClaims(clock.now, email: "new@example.com"), algorithm: .es256, kid: "v2-ec"))
            .status == 201)  // …and then the new key is found
        #expect(served.fetches == 2)
    }
}

/// A provider's key endpoint on a real socket, counting fetches.
final class JWKSHost: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Data
    private var count = 0

    init(first: Data) { current = first }

    var body: Data {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    var fetches: Int { lock.withLock { count } }

    func start() throws -> HTTPServer {
        var router = Router()
        router.get("/certs") { [self] _ in
            let data = lock.withLock { count += 1; return current }
            return Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .data(data))
        }
        var config = ServerConfiguration()
        config.port = 0
        config.loops = 1
        config.accessLog = .none
        let server = HTTPServer(configuration: config, handler: router.responder())
        try server.start()
        return server
    }
}
