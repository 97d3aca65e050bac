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

    /// A fresh nonce and token id each time, as a real provider's tokens have.
    static func googleClaims(_ now: Date, email: String = "sun@example.com", verified: Bool = true,
                             nonce: String? = "n-\(UUID().uuidString)") -> [String: Any] {
        var claims: [String: Any] = ["iss": "https://accounts.google.com", "aud": googleClient, "sub": "google-\(email)",
                                     "email": email, "email_verified": verified, "name": "Sun Park", "jti": UUID().uuidString,
                                     "iat": Int(now.timeIntervalSince1970), "exp": Int(now.timeIntervalSince1970) + 3600]
        if let nonce { claims["nonce"] = nonce }
        return claims
    }

    /// The nonce a token carries, as the app that asked for it knows it.
    static func nonce(of token: String) -> String? {
        let payload = token.split(separator: ".").dropFirst().first.map(String.init) ?? ""
        let claims = Base64URL.decode(payload).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        return claims?["nonce"] as? String
    }

    /// Signs in with `token`; the nonce sent is the token's own unless one is given (`.some(nil)`: none).
    func post(_ s: Setup, provider: String = "google", token: String, nonce: String?? = .none) throws -> RawClient.Reply {
        var body: [String: Any] = ["provider": provider, "idToken": token, "timeZone": "Asia/Seoul", "locale": "ko"]
        if let nonce = nonce ?? Self.nonce(of: token) { body["nonce"] = nonce }
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

    /// Google joins an existing account only when the account's own address was confirmed too.
    @Test func aVerifiedEmailLinksToTheExistingAccountOnlyOnceItsAddressIsConfirmed() async throws {
        let s = try await Self.setup()
        let (_, _, id) = try s.api.signUp("sun@example.com")
        let unverified = try s.keys.sign(Self.googleClaims(s.clock.now, verified: false), algorithm: .rs256, kid: "g-rsa")
        #expect(try post(s, token: unverified).status == 409)  // never takes over an account on an unverified address
        let early = try post(s, token: try s.keys.sign(Self.googleClaims(s.clock.now), algorithm: .rs256, kid: "g-rsa"))
        #expect(early.status == 409 && early.problemType == "/problems/link-needs-password", "\(early.text)")
        // The owner opens the link mailed at sign-up; now Google joins the account.
        let mail = try #require(try await s.running.mailbox.wait(for: "sun@example.com").first)
        let token = try #require(mail.token(for: "confirm-email"))
        #expect(try s.api.call("POST", "/v1/auth/email/confirm", json: ["token": token]).status == 200)
        let linked = try post(s, token: try s.keys.sign(Self.googleClaims(s.clock.now), algorithm: .rs256, kid: "g-rsa"))
        #expect(linked.status == 200)
        #expect((try linked.json()["user"] as? [String: Any])?["id"] as? String == id)
        // Linked now: the password still works too.
        #expect(try s.api.signIn("sun@example.com").status == 200)
    }

    /// Finding 1 of issue 16, the pre-hijack: an attacker signs up first with the victim's
    /// address. The victim's Google sign-in never lands in that account; the victim proves the
    /// mailbox with a reset link, which throws the attacker out, and only then does Google join.
    @Test func aSquattersAccountIsNeverJoinedByTheVictimsGoogleSignIn() async throws {
        let s = try await Self.setup()
        let (_, attackerRefresh, squatted) = try s.api.signUp("victim@example.com", password: "attacker knows this")
        let google = try post(s, token: try s.keys.sign(Self.googleClaims(s.clock.now, email: "victim@example.com"), algorithm: .rs256, kid: "g-rsa"))
        #expect(google.status == 409 && google.problemType == "/problems/link-needs-password", "\(google.text)")
        #expect(google.string("accessToken") == nil && google.headers["set-cookie"] == nil)
        let identities = try await s.running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM identities")?.int("n") }
        #expect(identities == 0, "nothing was linked to the squatter's account")
        // The victim owns the mailbox: a reset link proves it and signs every session out.
        #expect(try s.api.call("POST", "/v1/auth/password/forgot", json: ["email": "victim@example.com"]).status == 202)
        let reset = try #require(try await s.running.mailbox.wait(for: "victim@example.com", count: 2).last { $0.token(for: "reset-password") != nil })
        let done = try s.api.call("POST", "/v1/auth/password/reset", json: ["token": try #require(reset.token(for: "reset-password")),
                                                                            "newPassword": "only the victim knows"])
        #expect(done.status == 200)
        #expect(try s.api.refresh(attackerRefresh).status == 401, "the squatter is signed out")
        #expect(try s.api.signIn("victim@example.com", password: "attacker knows this").status == 401)
        let joined = try post(s, token: try s.keys.sign(Self.googleClaims(s.clock.now, email: "victim@example.com"), algorithm: .rs256, kid: "g-rsa"))
        #expect(joined.status == 200)
        #expect((try joined.json()["user"] as? [String: Any])?["id"] as? String == squatted)
    }

    /// The owner who knows the password links Google from inside the account; every other
    /// session ends, and the address Google vouches for counts as confirmed.
    @Test func linkingFromASignedInAccountSignsEveryoneElseOut() async throws {
        let s = try await Self.setup()
        let (_, firstRefresh, id) = try s.api.signUp("mia@example.com")
        let current = try #require(try s.api.signIn("mia@example.com").string("accessToken"))
        func link(_ token: String, as access: String) throws -> RawClient.Reply {
            try s.api.call("POST", "/v1/me/identities", json: ["provider": "google", "idToken": token, "nonce": Self.nonce(of: token) as Any],
                           token: access)
        }
        let claims = Self.googleClaims(s.clock.now, email: "mia@example.com")
        let linked = try link(try s.keys.sign(claims, algorithm: .rs256, kid: "g-rsa"), as: current)
        let signedOut = try linked.json()["signedOutSessions"] as? Int
        #expect(linked.status == 200 && signedOut == 1, "\(linked.text)")
        #expect(try s.api.refresh(firstRefresh).status == 401)
        #expect(try s.api.call("GET", "/v1/me", token: current).json()["emailVerified"] as? Bool == true)
        let signIn = try post(s, token: try s.keys.sign(Self.googleClaims(s.clock.now, email: "mia@example.com"), algorithm: .rs256, kid: "g-rsa"))
        #expect((try signIn.json()["user"] as? [String: Any])?["id"] as? String == id)
        // The same Google account cannot be linked to a second Yaruki account.
        let (other, _, _) = try s.api.signUp("other@example.com")
        #expect(try link(try s.keys.sign(Self.googleClaims(s.clock.now, email: "mia@example.com"), algorithm: .rs256, kid: "g-rsa"), as: other).status == 409)
        #expect(try link("not.a.token", as: other).status == 401)
        #expect(try s.api.call("POST", "/v1/me/identities", json: ["provider": "myspace", "idToken": "x"], token: other).status == 400)
    }

    /// The same ID token, or another with a nonce already used, is not accepted twice.
    @Test func anIDTokenIsAcceptedOnce() async throws {
        let s = try await Self.setup()
        let claims = Self.googleClaims(s.clock.now)
        let token = try s.keys.sign(claims, algorithm: .rs256, kid: "g-rsa")
        #expect(try post(s, token: token).status == 201)
        let replay = try post(s, token: token)
        #expect(replay.status == 401 && replay.text.contains("used before"), "\(replay.text)")
        var sameNonce = Self.googleClaims(s.clock.now)
        sameNonce["nonce"] = claims["nonce"]
        #expect(try post(s, token: try s.keys.sign(sameNonce, algorithm: .rs256, kid: "g-rsa")).status == 401)
        #expect(try post(s, token: try s.keys.sign(Self.googleClaims(s.clock.now), algorithm: .rs256, kid: "g-rsa")).status == 200)
        // Once a token has expired it could not be used anyway, and it is forgotten.
        let remembered = try await s.running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM id_token_uses")?.int("n") }
        #expect(remembered == 4)  // two tokens accepted, each with a jti and a nonce
        s.clock.advance(3 * 3600)
        #expect(try post(s, token: try s.keys.sign(Self.googleClaims(s.clock.now), algorithm: .rs256, kid: "g-rsa")).status == 200)
        let after = try await s.running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM id_token_uses")?.int("n") }
        #expect(after == 2)
    }

    @Test func everyBadIDTokenIsRefusedAndCreatesNothing() async throws {
        let s = try await Self.setup()
        let now = s.clock.now
        let good = Self.googleClaims(now)
        let n = try #require(good["nonce"] as? String)
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
            ("alg none", none, n),
            ("HS256 with the public key as secret", hs256, n),
            ("unknown kid", try s.keys.sign(good, algorithm: .rs256, kid: "nobody"), n),
            ("ES256 header over an RSA key", try s.keys.sign(good, algorithm: .rs256, kid: "g-ec"), n),
            ("tampered signature", String(decoding: flipped, as: UTF8.self), n),
            ("expired", try s.keys.sign(with { $0["exp"] = Int(now.timeIntervalSince1970) - 120 }, algorithm: .rs256, kid: "g-rsa"), n),
            ("issued in the future", try s.keys.sign(with { $0["iat"] = Int(now.timeIntervalSince1970) + 600 }, algorithm: .rs256, kid: "g-rsa"),
             n),
            ("another issuer", try s.keys.sign(with { $0["iss"] = "https://evil.example" }, algorithm: .rs256, kid: "g-rsa"), n),
            ("another app", try s.keys.sign(with { $0["aud"] = "someone-else" }, algorithm: .rs256, kid: "g-rsa"), n),
            ("nonce missing from the request", valid, nil),
            ("nonce that does not match", valid, "n-999"),
            ("no nonce in the token", try s.keys.sign(with { $0["nonce"] = nil }, algorithm: .rs256, kid: "g-rsa"), n),
            ("no subject", try s.keys.sign(with { $0["sub"] = nil }, algorithm: .rs256, kid: "g-rsa"), n),
            ("several audiences and no azp", try s.keys.sign(with { $0["aud"] = [Self.googleClient, "someone-else"] }, algorithm: .rs256, kid: "g-rsa"), n),
            ("several audiences, azp another app's", try s.keys.sign(with { $0["aud"] = [Self.googleClient, "someone-else"]; $0["azp"] = "someone-else" },
                                                                    algorithm: .rs256, kid: "g-rsa"), n),
            ("ES256 with a high s (the twin of a valid signature)", try s.keys.sign(good, algorithm: .es256, kid: "g-ec", highS: true), n),
        ]
        for (name, token, nonce) in cases {
            let reply = try post(s, token: token, nonce: .some(nonce))
            #expect(reply.status == 401, "\(name): \(reply.text)")
            #expect(reply.problemType == "/problems/invalid-id-token", "\(name)")
        }
        #expect(try post(s, provider: "facebook", token: valid).status == 400)
        #expect(try s.api.call("POST", "/v1/auth/oidc", json: ["provider": "google"]).status == 400)
        let count = try await s.running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM users")?.int("n") }
        #expect(count == 0)
        #expect(try post(s, token: valid).status == 201)  // and the good one still works
        // Several audiences with this app as azp are fine; so is the low-s twin of an ES256 signature.
        #expect(try post(s, token: try s.keys.sign(with { $0["aud"] = [Self.googleClient, "someone-else"]; $0["azp"] = Self.googleClient;
                                                         $0["jti"] = UUID().uuidString; $0["nonce"] = "n-azp" },
                                                   algorithm: .rs256, kid: "g-rsa"), nonce: "n-azp").status == 200)
        #expect(try post(s, token: try s.keys.sign(with { $0["jti"] = UUID().uuidString; $0["nonce"] = "n-low" }, algorithm: .es256, kid: "g-ec"),
                         nonce: "n-low").status == 200)
    }

    /// A token without a jti (Apple's carry none) is remembered by its hash: the same token twice
    /// signs in once.
    @Test func aTokenWithoutAJtiIsStillAcceptedOnce() async throws {
        let s = try await Self.setup()
        var claims = Self.googleClaims(s.clock.now, nonce: nil)
        claims["jti"] = nil
        let token = try s.keys.sign(claims, algorithm: .es256, kid: "g-ec")
        #expect(try post(s, token: token, nonce: .some(nil)).status == 201)
        let replay = try post(s, token: token, nonce: .some(nil))
        #expect(replay.status == 401 && replay.text.contains("used before"), "\(replay.text)")
    }

    /// Our own ES256 signatures are always low-s (OpenSSL gives high ones half the time).
    @Test func ourSignaturesAreLowS() throws {
        let key = try EVPKey.generateP256()
        for i in 0..<64 {
            let signature = try key.signES256(Data("message \(i)".utf8))
            #expect(!EVPKey.isHighS(signature))
            #expect(key.verify(Data("message \(i)".utf8), signature: signature))
            #expect(!key.verify(Data("message \(i)".utf8), signature: EVPKey.negatedS(signature)), "its twin is refused")
        }
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
