import Foundation
import Synchronization
import Testing
import YarukiCore
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// Access tokens are verified once per node and remembered until they expire: a session that is
/// signed out still ends at once, an expired token is still refused, and tokens that do not
/// verify are never remembered, however many arrive.
@Suite struct AccessTokenCacheTests {
    @Test(arguments: Engine.allCases)
    func aSignedOutSessionsRememberedTokenIsRefusedAtOnce(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let tokens = running.app.context.authenticator.tokens
        let (access, _, _) = try api.signUp("kai@example.com")
        let phone = try #require(try api.signIn("kai@example.com", device: "phone").string("accessToken"))
        let laptop = try #require(try api.signIn("kai@example.com", device: "laptop").string("accessToken"))
        for token in [phone, laptop] {
            #expect(try api.call("GET", "/v1/me", token: token).status == 200)
            let hits = tokens.hits
            #expect(try api.call("GET", "/v1/me", token: token).status == 200)
            #expect(tokens.hits == hits + 1, "the second request is answered from the remembered token")
        }

        // Ended from another device: the remembered token no longer opens anything.
        let sessions = try #require(try api.call("GET", "/v1/sessions", token: access).json()["items"] as? [[String: Any]])
        let phoneSession = try #require(sessions.first { $0["device"] as? String == "phone" }?["id"] as? String)
        #expect(try api.call("DELETE", "/v1/sessions/\(phoneSession)", token: access).status == 204)
        #expect(tokens.claims(phone, now: Date()) != nil, "the token itself is still a verified token")
        let refused = try api.call("GET", "/v1/me", token: phone)
        #expect(refused.status == 401)
        #expect(refused.problemType == "/problems/session-ended")

        // Signed out with its own token: the same.
        #expect(try api.call("POST", "/v1/auth/logout", token: laptop).status == 204)
        #expect(try api.call("GET", "/v1/workouts", token: laptop).status == 401)
        #expect(try api.call("GET", "/v1/me", token: access).status == 200)
    }

    @Test func aRememberedTokenStillExpires() async throws {
        let clock = TestClock()
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (access, _, _) = try api.signUp("lou@example.com")
        #expect(try api.call("GET", "/v1/me", token: access).status == 200)
        #expect(try api.call("GET", "/v1/me", token: access).status == 200)
        clock.advance(15 * 60 + Authenticator.leeway + 1)
        let expired = try api.call("GET", "/v1/me", token: access)
        #expect(expired.status == 401)
        #expect(expired.problemType == "/problems/token-expired")
    }

    /// 100,000 different tokens that do not verify (forged signatures, altered claims, `none`,
    /// unknown keys, garbage), four connections at once, at the real binary: every one refused, none
    /// remembered, the server's memory not grown by them, and the good token still answered from
    /// memory, without a verification.
    @Test func aFloodOfBadTokensIsNeverRemembered() throws {
        let binary = BinaryTests.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build")
        let port = PostgresCluster.freePort()
        let server = try Command.spawn([binary, "serve", "--data-dir", NSTemporaryDirectory() + "yaruki-flood-\(UUID().uuidString)",
                                        "--port", String(port), "--access-log", "off"], captureOutput: false, captureError: true)
        defer { server.signal(SIGTERM); _ = server.wait(timeout: 10) }
        var ready = false
        for _ in 0..<200 where !ready {
            ready = (try? request(port, "/healthz").status) == 200
            if !ready { usleep(50_000) }
        }
        try #require(ready)
        let api = API(port: port)
        let (access, _, _) = try api.signUp("mo@example.com")
        #expect(try api.call("GET", "/v1/me", token: access).status == 200)

        let parts = access.split(separator: ".").map(String.init)
        let payload = try #require(try JSONSerialization.jsonObject(with: Base64URL.decode(parts[1]) ?? Data()) as? [String: Any])
        func encoded(_ object: [String: Any]) throws -> String { Base64URL.encode(try JSONSerialization.data(withJSONObject: object)) }
        func bad(_ i: Int) throws -> String {
            switch i % 5 {
            case 0: return "\(parts[0]).\(parts[1]).\(Base64URL.encode(Crypto.randomBytes(64)))"  // forged signature
            case 1:  // someone else's claims under the real signature
                var claims = payload
                claims["sub"] = UUID().uuidString.lowercased()
                return "\(parts[0]).\(try encoded(claims)).\(parts[2])"
            case 2: return "\(try encoded(["alg": "none", "typ": "at+jwt"])).\(parts[1]).\(i)"
            case 3: return "\(try encoded(["alg": "ES256", "kid": "k\(i)", "typ": "at+jwt"])).\(parts[1]).\(parts[2])"  // a key we never had
            default: return "garbage-\(i)-\(UUID().uuidString)"
            }
        }
        func flood(_ total: Int, from first: Int) throws -> Int {
            let connections = 4, batch = 200
            var dealt: [[String]] = Array(repeating: [], count: connections)
            for i in first..<(first + total) { dealt[i % connections].append(try bad(i)) }
            let shares = dealt
            let refused = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: connections) { n in
                guard let client = try? RawClient(port: port, timeout: 60) else { return }
                var count = 0
                for start in stride(from: 0, to: shares[n].count, by: batch) {
                    let slice = shares[n][start..<min(start + batch, shares[n].count)]
                    client.send(slice.map { "GET /v1/me HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \($0)\r\n\r\n" }.joined())
                    for _ in slice where (try? client.readResponse().status) == 401 { count += 1 }
                }
                refused.withLock { $0 += count }
            }
            return refused.withLock { $0 }
        }
        func metric(_ kind: String) throws -> Int {
            let text = try api.call("GET", "/metrics").text
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("yaruki_access_tokens{kind=\"\(kind)\"}") })
            return Int(Double(line.split(separator: " ").last ?? "") ?? -1)
        }

        #expect(try flood(5_000, from: 0) == 5_000, "warm-up: buffers and pools reach their working size")
        let residentBefore = Self.residentBytes(server.pid)
        let remembered = try metric("remembered")
        #expect(try flood(100_000, from: 5_000) == 100_000, "every bad token is refused")
        #expect(try metric("remembered") == remembered, "no bad token is remembered")
        let grown = Self.residentBytes(server.pid) - residentBefore
        // Remembering them would take about 45 MB (some 450 bytes each).
        #expect(grown < 16 << 20, "the flood grew the server by \(grown >> 20) MiB")

        // The good token is still remembered: answered without being verified again.
        let hits = try metric("hits"), misses = try metric("misses")
        #expect(try api.call("GET", "/v1/me", token: access).status == 200)
        #expect(try metric("hits") == hits + 1 && metric("misses") == misses)
    }

    /// The token of an Authorization header: the scheme in any case, spaces and tabs around it dropped.
    @Test func theBearerTokenIsReadFromTheHeader() {
        #expect(Authenticator.bearer("Bearer abc.def.ghi") == "abc.def.ghi")
        #expect(Authenticator.bearer("bearer  abc \t") == "abc")
        #expect(Authenticator.bearer("BEARER \tabc") == "abc")
        #expect(Authenticator.bearer("Bearer ") == nil && Authenticator.bearer("Bearer") == nil)
        #expect(Authenticator.bearer("Basic abc") == nil && Authenticator.bearer("Bearerabc") == nil)
        #expect(Authenticator.bearer("Bearer    ") == "", "only spaces: an empty token, refused as malformed")
    }

    /// Bounded by its capacity whatever is stored; a token in use outlives ones that are not.
    @Test func theCacheKeepsToItsCapacity() {
        let cache = VerifiedTokens(capacity: 8)
        let now = Date()
        let claims = VerifiedTokens.Claims(user: UUID(), session: UUID(), expires: now.timeIntervalSince1970 + 60, notBefore: 0)
        cache.store("in-use", claims)
        for i in 0..<10_000 {
            cache.store("token-\(i)", claims)
            #expect(cache.count <= 8)
            if i % 3 == 0 { #expect(cache.claims("in-use", now: now) == claims, "after \(i)") }
        }
        #expect(cache.claims("token-0", now: now) == nil, "an unused token is forgotten")
        #expect(cache.claims("in-use", now: now.addingTimeInterval(61)) == nil, "an expired one is not given")
    }

    static func residentBytes(_ pid: pid_t) -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }
}
