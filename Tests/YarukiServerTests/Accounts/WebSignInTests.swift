import Foundation
import Testing
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// Sign in with Google and Apple in the browser, through a local OpenID provider on a real
/// socket: discovery, authorize, the token endpoint with PKCE, and JWKS.
@Suite struct WebSignInTests {
    static let webClient = "web-1234.apps.googleusercontent.com"

    struct Setup {
        let running: RunningApp
        let api: API
        let op: LocalOpenIDProvider
        let clock: TestClock
    }

    static func google(engine: Engine = .sqlite) async throws -> Setup {
        let clock = TestClock()
        let op = LocalOpenIDProvider(keys: try OpenSSLKeys(), clientID: webClient, clientSecret: "s3cret+/=", clock: { clock.now })
        try op.start()
        let running = try await RunningApp(engine, clock: clock, arguments: [
            "--google-web-client-id", webClient, "--google-web-client-secret", "s3cret+/=", "--google-issuer", op.issuer,
            "--google-jwks", op.issuer + "/jwks",
        ])
        return Setup(running: running, api: API(running), op: op, clock: clock)
    }

    /// What the page does: start, and keep the binding.
    func start(_ s: Setup, _ provider: String = "google") throws -> (url: URLComponents, binding: String) {
        let reply = try s.api.call("POST", "/v1/auth/web/\(provider)/start")
        #expect(reply.status == 200, "\(reply.text)")
        let address = try #require(reply.string("authorizeURL"))
        let url = try #require(URLComponents(string: address))
        return (url, try #require(reply.string("binding")))
    }

    /// The person at the provider: the authorize page sends them back with a code. Returns the
    /// callback's path and query on the app.
    func authorize(_ s: Setup, _ url: URLComponents) throws -> String {
        let reply = try API(port: s.op.port).call("GET", "/authorize?" + (url.percentEncodedQuery ?? ""))
        #expect(reply.status == 302, "\(reply.text)")
        let location = try #require(reply.headers["location"])
        let back = try #require(URLComponents(string: location))
        return back.path + "?" + (back.percentEncodedQuery ?? "")
    }

    /// The browser arriving back at the app; returns where the app sends it.
    func callback(_ s: Setup, _ pathAndQuery: String) throws -> String {
        let reply = try s.api.call("GET", pathAndQuery)
        #expect(reply.status == 303, "\(reply.text)")
        return reply.headers["location"] ?? ""
    }

    func finish(_ s: Setup, _ binding: String) throws -> RawClient.Reply {
        try s.api.call("POST", "/v1/auth/web/finish", json: ["binding": binding, "timeZone": "Asia/Seoul", "locale": "ko"])
    }

    func users(_ s: Setup) async throws -> Int {
        try await s.running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM users")?.int("n") ?? -1 }
    }

    @Test(arguments: Engine.allCases)
    func googleSignsUpThenInWithPKCE(engine: Engine) async throws {
        let s = try await Self.google(engine: engine)
        defer { s.op.stop() }
        let meta = try s.api.call("GET", "/v1/meta").json()
        #expect(meta["webSignIn"] as? [String] == ["google"])

        let (url, binding) = try start(s)
        let q = Dictionary(url.queryItems!.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(url.host == "127.0.0.1" && url.path == "/authorize")
        #expect(q["code_challenge_method"] == "S256" && q["code_challenge"]?.count == 43 && q["scope"] == "openid email profile")
        #expect(q["redirect_uri"] == "http://localhost:\(s.running.port)/v1/auth/web/callback")
        #expect((q["state"]?.count ?? 0) >= 43 && (q["nonce"]?.count ?? 0) >= 43 && q["state"] != q["nonce"])

        let back = try callback(s, try authorize(s, url))
        #expect(back == "http://localhost:\(s.running.port)/#/signin?web=finish")
        let first = try finish(s, binding)
        #expect(first.status == 201, "\(first.text)")
        let user = try #require(try first.json()["user"] as? [String: Any])
        #expect(user["displayName"] as? String == "Sun Park" && user["locale"] as? String == "ko" && user["timeZone"] as? String == "Asia/Seoul")
        let access = try #require(first.string("accessToken"))
        #expect(try s.api.call("GET", "/v1/me", token: access).string("email") == "sun@example.com")
        // The provider was asked with the verifier, the secret (a `+` survived the form) and the same redirect.
        let asked = try #require(s.op.requests.last)
        #expect(asked["client_secret"] == "s3cret+/=" && asked["code_verifier"]?.count == 64 && s.op.refusals.isEmpty)

        // The binding is spent; a second sign-in finds the same account.
        #expect(try finish(s, binding).status == 401)
        let (again, secondBinding) = try start(s)
        _ = try callback(s, try authorize(s, again))
        let second = try finish(s, secondBinding)
        let secondUser = try second.json()["user"] as? [String: Any]
        #expect(second.status == 200 && secondUser?["id"] as? String == user["id"] as? String)
        #expect(try await users(s) == 1)
    }

    /// The state binds the provider's answer to an attempt; the binding binds the attempt to
    /// the browser that started it. Neither can be swapped.
    @Test func aStateOrBindingThatDoesNotMatchSignsNobodyIn() async throws {
        let s = try await Self.google()
        defer { s.op.stop() }
        let (url, binding) = try start(s)
        let back = try authorize(s, url)
        var tampered = try #require(URLComponents(string: back))
        tampered.queryItems = tampered.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: String(repeating: "A", count: 43)) : $0 }
        #expect(try callback(s, tampered.path + "?" + tampered.percentEncodedQuery!).hasSuffix("#/signin?web=invalid"))
        #expect(try callback(s, "/v1/auth/web/callback").hasSuffix("#/signin?web=invalid"))
        let notBack = try finish(s, binding)
        #expect(notBack.status == 409, "the provider's answer with a wrong state did not count: \(notBack.text)")

        // Someone else's attempt, answered: this browser's binding is not it.
        #expect(try callback(s, back).hasSuffix("web=finish"))
        let stranger = try finish(s, String(repeating: "b", count: 43))
        #expect(stranger.status == 401 && stranger.problemType == "/problems/web-sign-in")
        #expect(try s.api.call("POST", "/v1/auth/web/finish", json: ["binding": "short"]).status == 400)
        // A code comes back once: replaying the callback does not answer again.
        #expect(try callback(s, back).hasSuffix("web=invalid"))
        #expect(try await users(s) == 0)
        #expect(try finish(s, binding).status == 201)  // the real browser still finishes
    }

    @Test func aTokenWithAnotherNonceIsRefused() async throws {
        let s = try await Self.google()
        defer { s.op.stop() }
        s.op.nonceOverride = "a-nonce-from-another-sign-in"
        let (url, binding) = try start(s)
        _ = try callback(s, try authorize(s, url))
        let reply = try finish(s, binding)
        #expect(reply.status == 401 && reply.problemType == "/problems/invalid-id-token", "\(reply.text)")
        #expect(reply.string("detail")?.contains("nonce") == true)
        #expect(try await users(s) == 0)
    }

    @Test func cancelledOrLateSignInsSayWhy() async throws {
        let s = try await Self.google()
        defer { s.op.stop() }
        let (url, binding) = try start(s)
        let state = try #require(url.queryItems?.first { $0.name == "state" }?.value)
        #expect(try callback(s, "/v1/auth/web/callback?error=access_denied&state=\(state)").hasSuffix("web=finish"))
        let cancelled = try finish(s, binding)
        #expect(cancelled.status == 401 && cancelled.string("detail")?.contains("cancelled") == true)

        let (late, lateBinding) = try start(s)
        s.clock.advance(11 * 60)
        #expect(try callback(s, try authorize(s, late)).hasSuffix("web=invalid"))
        #expect(try finish(s, lateBinding).status == 401)
        #expect(try s.api.call("POST", "/v1/auth/web/apple/start").status == 404)
        #expect(try s.api.call("POST", "/v1/auth/web/facebook/start").status == 404)
    }

    /// Apple: the answer comes as a form POST, and the client secret is a JWT the server signs.
    @Test func appleAnswersWithAFormPostAndASignedSecret() async throws {
        let keys = try OpenSSLKeys()
        let pem = try Data(contentsOf: URL(fileURLWithPath: keys.directory + "/ec.pem"))
        let clock = TestClock()
        let op = LocalOpenIDProvider(keys: keys, clientID: "app.yaruki.web", clientSecret: nil,
                                     appleKey: ("TEAM123456", "KEY1234567", try EVPKey.readPrivatePEM(pem)), clock: { clock.now })
        try op.start()
        defer { op.stop() }
        op.person = LocalOpenIDProvider.Person(subject: "001234.apple", email: "relay@privaterelay.appleid.com", name: "Mina")
        let running = try await RunningApp(.sqlite, clock: clock, arguments: [
            "--apple-web-client-id", "app.yaruki.web", "--apple-team-id", "TEAM123456", "--apple-key-id", "KEY1234567",
            "--apple-private-key", keys.directory + "/ec.pem", "--apple-issuer", op.issuer, "--apple-jwks", op.issuer + "/jwks",
        ])
        let s = Setup(running: running, api: API(running), op: op, clock: clock)
        let (url, binding) = try start(s, "apple")
        #expect(url.queryItems?.contains(URLQueryItem(name: "response_mode", value: "form_post")) == true)
        let page = try API(port: op.port).call("GET", "/authorize?" + url.percentEncodedQuery!)
        let pattern = try Regex(#"name=(\w+) value="([^"]+)""#, as: (Substring, Substring, Substring).self)
        let fields = page.text.matches(of: pattern).map { "\($0.1)=\($0.2)" }.joined(separator: "&")
        let posted = try s.api.call("POST", "/v1/auth/web/callback", raw: fields, headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(posted.status == 303 && posted.headers["location"]?.hasSuffix("web=finish") == true, "\(posted.text)")
        let reply = try finish(s, binding)
        #expect(reply.status == 201, "\(reply.text) \(op.refusals)")
        #expect(op.refusals.isEmpty)
    }

    @Test func withoutAWebClientThereIsNoWebSignIn() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        #expect(try api.call("GET", "/v1/meta").json()["webSignIn"] as? [String] == [])
        #expect(try api.call("POST", "/v1/auth/web/google/start").status == 404)
        #expect(throws: SettingError.self) { try Settings(arguments: ["--google-web-client-id", "x"], environment: [:]) }
        #expect(throws: SettingError.self) {
            try Settings(arguments: ["--apple-web-client-id", "x", "--apple-team-id", "T", "--apple-key-id", "K", "--apple-private-key", "/nonexistent"],
                         environment: [:])
        }
    }
}
