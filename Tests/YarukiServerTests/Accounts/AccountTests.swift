import Foundation
import YarukiAPI
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// Every account flow over HTTP against the real application.
@Suite struct AuthTests {
    @Test(arguments: Engine.allCases)
    func signUpSignInAndReadMe(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (access, refresh, id) = try api.signUp("Ana@Example.com ", extra: ["locale": "ja-JP", "weekStart": "sunday"])
        #expect(!refresh.isEmpty && refresh != access)
        let me = try api.call("GET", "/v1/me", token: access)
        #expect(me.status == 200)
        let json = try me.json()
        #expect(json["id"] as? String == id)
        #expect(json["email"] as? String == "Ana@Example.com")
        #expect(json["locale"] as? String == "ja" && json["weekStart"] as? String == "sunday" && json["role"] as? String == "member")
        #expect(json["timeZone"] as? String == "Asia/Tokyo")
        #expect(json["passwordHash"] == nil && json["hasPassword"] as? Bool == true)

        // The same address in another case is the same account.
        let duplicate = try api.call("POST", "/v1/auth/signup",
                                     json: ["email": "ana@EXAMPLE.com", "password": "another password", "displayName": "X"])
        #expect(duplicate.status == 409)
        #expect((try duplicate.json()["errors"] as? [[String: Any]])?.first?["field"] as? String == "email")

        let signedIn = try api.signIn("ANA@example.com")
        #expect(signedIn.status == 200)
        #expect(signedIn.headers["cache-control"] == "no-store")
        #expect((try signedIn.json()["user"] as? [String: Any])?["id"] as? String == id)

        // No token, a garbage token: 401.
        #expect(try api.call("GET", "/v1/me").status == 401)
        #expect(try api.call("GET", "/v1/me", token: "nonsense").status == 401)
    }

    /// A person in UTC reads UTC back wherever a reply names their zone (Foundation on Linux calls
    /// the zone made from "UTC" "GMT", which every one of these replies once echoed).
    @Test func aPersonInUTCReadsUTCBack() async throws {
        let api = API(try await RunningApp(.sqlite))
        let token = try api.signUp("utc@example.com", extra: ["timeZone": "UTC"]).access
        #expect(try api.call("GET", "/v1/me", token: token).json()["timeZone"] as? String == "UTC")
        for path in ["/v1/lifelog/timeline?range=day&date=2026-11-28", "/v1/lifelog/playback?range=day&date=2026-11-28", "/v1/classes?month=2026-12"] {
            let reply = try api.call("GET", path, token: token)
            #expect(try reply.status == 200 && reply.json()["timeZone"] as? String == "UTC", "\(path): \(reply.text)")
        }
        for path in ["/v1/lifelog/timeline?range=day&date=2026-11-28", "/v1/classes?month=2026-12"] {  // a zone whose name Foundation keeps
            #expect(try api.call("PATCH", "/v1/me", json: ["timeZone": "Etc/UTC"], token: token).status == 200)
            #expect(try api.call("GET", path, token: token).json()["timeZone"] as? String == "Etc/UTC")
        }
    }

    @Test func wrongPasswordAndUnknownEmailAnswerAlike() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        try api.signUp("ben@example.com")
        let wrong = try api.signIn("ben@example.com", password: "not the password")
        let unknown = try api.signIn("nobody@example.com", password: "not the password")
        #expect(wrong.status == 401 && unknown.status == 401)
        #expect(wrong.text == unknown.text)
    }

    @Test(arguments: Engine.allCases)
    func refreshRotatesEveryTime(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (_, r0, _) = try api.signUp("cho@example.com")
        let first = try api.refresh(r0)
        #expect(first.status == 200)
        let r1 = try #require(first.string("refreshToken"))
        #expect(r1 != r0)
        let access1 = try #require(first.string("accessToken"))
        #expect(try api.call("GET", "/v1/me", token: access1).status == 200)
        let second = try api.refresh(r1)
        let r2 = try #require(second.string("refreshToken"))
        #expect(r2 != r1 && r2 != r0)
        // An unknown token is refused without touching anything.
        #expect(try api.refresh("made-up-token").status == 401)
    }

    @Test(arguments: Engine.allCases)
    func concurrentRefreshesBothSucceed(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (_, r0, _) = try api.signUp("dae@example.com")
        // Eight tabs refresh with the same token at once.
        let replies = LockedArray<RawClient.Reply>()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let reply = try? api.refresh(r0) { replies.append(reply) }
        }
        let all = replies.values
        #expect(all.count == 8)
        #expect(all.allSatisfy { $0.status == 200 })
        let successors = Set(all.compactMap { $0.string("refreshToken") })
        #expect(successors.count == 1)
        // The shared successor goes on working.
        #expect(try api.refresh(try #require(successors.first)).status == 200)
    }

    @Test func reuseAfterTheGraceWindowRevokesTheFamily() async throws {
        let clock = TestClock()
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (_, r0, _) = try api.signUp("eun@example.com")
        let other = try #require(try api.signIn("eun@example.com").string("refreshToken"))  // another device
        let rotated = try api.refresh(r0)
        let r1 = try #require(rotated.string("refreshToken"))
        let access = try #require(rotated.string("accessToken"))
        clock.advance(5)
        #expect(try api.refresh(r0).string("refreshToken") == r1)  // inside the grace window: same successor
        clock.advance(6)
        let reused = try api.refresh(r0)  // 11 s after it was spent: theft is assumed
        #expect(reused.status == 401)
        #expect(reused.problemType == "/problems/invalid-refresh-token")
        #expect(try api.refresh(r1).status == 401)  // the whole family is gone
        #expect(try api.call("GET", "/v1/me", token: access).status == 401)  // and its access tokens
        #expect(try api.refresh(other).status == 200)  // the other device is not touched
    }

    @Test func expiredTamperedAndForeignAccessTokensAreRejected() async throws {
        let clock = TestClock()
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (access, _, _) = try api.signUp("fay@example.com")
        #expect(try api.call("GET", "/v1/me", token: access).status == 200)

        let parts = access.split(separator: ".").map(String.init)
        var claims = try JSONSerialization.jsonObject(with: Base64URL.decode(parts[1])!) as! [String: Any]
        claims["role"] = "admin"
        let tampered = parts[0] + "." + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims)) + "." + parts[2]
        #expect(try api.call("GET", "/v1/me", token: tampered).problemType == "/problems/invalid-token")

        let none = Base64URL.encode(Data(#"{"alg":"none","typ":"at+jwt"}"#.utf8)) + "." + parts[1] + "."
        #expect(try api.call("GET", "/v1/me", token: none).status == 401)
        // Signed by a key the server does not know, with a kid it does.
        let header = try JSONSerialization.jsonObject(with: Base64URL.decode(parts[0])!) as! [String: Any]
        let kid = header["kid"] as! String
        let stranger = try JWT.sign(claims: claims, kid: kid, typ: "at+jwt", key: try EVPKey.generateP256())
        #expect(try api.call("GET", "/v1/me", token: stranger).problemType == "/problems/invalid-token")

        clock.advance(15 * 60 + 10)
        let expired = try api.call("GET", "/v1/me", token: access)
        #expect(expired.status == 401)
        #expect(expired.problemType == "/problems/token-expired")
        #expect(expired.headers["www-authenticate"]?.contains("invalid_token") == true)
    }

    @Test func signOutEndsTheSessionAndItsTokens() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (access, refresh, _) = try api.signUp("gus@example.com")
        #expect(try api.call("POST", "/v1/auth/logout", json: ["refreshToken": refresh]).status == 204)
        #expect(try api.refresh(refresh).status == 401)
        #expect(try api.call("GET", "/v1/me", token: access).problemType == "/problems/session-ended")
        // Signing out with only the access token works too.
        let second = try api.signIn("gus@example.com")
        let access2 = try #require(second.string("accessToken"))
        #expect(try api.call("POST", "/v1/auth/logout", token: access2).status == 204)
        #expect(try api.call("GET", "/v1/me", token: access2).status == 401)
        #expect(try api.call("POST", "/v1/auth/logout").status == 401)
    }

    @Test(arguments: Engine.allCases)
    func sessionsAreListedAndRevokedOneByOne(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (access, _, _) = try api.signUp("hana@example.com")
        let phone = try api.signIn("hana@example.com", device: "Hana's iPhone")
        let phoneAccess = try #require(phone.string("accessToken"))
        let list = try api.call("GET", "/v1/sessions", token: access)
        let items = try #require(try list.json()["items"] as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items.filter { $0["current"] as? Bool == true }.count == 1)
        let phoneSession = try #require(items.first { $0["device"] as? String == "Hana's iPhone" }?["id"] as? String)

        // Another person cannot see or end it: 404.
        let (stranger, _, _) = try api.signUp("ivo@example.com")
        #expect(try api.call("DELETE", "/v1/sessions/\(phoneSession)", token: stranger).status == 404)
        #expect(try api.call("DELETE", "/v1/sessions/\(UUID().uuidString)", token: access).status == 404)
        #expect(try api.call("DELETE", "/v1/sessions/not-a-uuid", token: access).status == 404)

        #expect(try api.call("DELETE", "/v1/sessions/\(phoneSession)", token: access).status == 204)
        #expect(try api.call("GET", "/v1/me", token: phoneAccess).status == 401)
        #expect(try api.call("GET", "/v1/me", token: access).status == 200)

        // "Sign out other devices".
        _ = try api.signIn("hana@example.com", device: "Laptop")
        let revoked = try api.call("POST", "/v1/sessions/revoke-others", token: access)
        #expect(try revoked.json()["signedOutSessions"] as? Int == 1)
        #expect((try api.call("GET", "/v1/sessions", token: access).json()["items"] as? [Any])?.count == 1)
    }

    @Test func changingThePasswordSignsOutEveryOtherSession() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (access, _, _) = try api.signUp("jae@example.com")
        let otherRefresh = try #require(try api.signIn("jae@example.com").string("refreshToken"))
        let wrong = try api.call("POST", "/v1/me/password", json: ["currentPassword": "nope nope nope", "newPassword": "a new passphrase"],
                                 token: access)
        #expect(wrong.status == 403)
        let short = try api.call("POST", "/v1/me/password", json: ["currentPassword": "correct horse battery", "newPassword": "short"],
                                 token: access)
        #expect(short.status == 400)
        let changed = try api.call("POST", "/v1/me/password",
                                   json: ["currentPassword": "correct horse battery", "newPassword": "a new passphrase"], token: access)
        #expect(changed.status == 200)
        #expect(try changed.json()["signedOutSessions"] as? Int == 1)
        #expect(try api.refresh(otherRefresh).status == 401)
        #expect(try api.call("GET", "/v1/me", token: access).status == 200)  // this session stays
        #expect(try api.signIn("jae@example.com").status == 401)
        #expect(try api.signIn("jae@example.com", password: "a new passphrase").status == 200)
    }

    @Test(arguments: Engine.allCases)
    func deletingTheAccountRemovesEverything(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (access, refresh, id) = try api.signUp("kai@example.com")
        _ = try api.signIn("kai@example.com")
        #expect(try api.call("DELETE", "/v1/me", json: [:], token: access).status == 400)  // the password is asked for
        #expect(try api.call("DELETE", "/v1/me", json: ["password": "wrong password"], token: access).status == 403)
        let deleted = try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: access)
        #expect(deleted.status == 200)
        let counts = try #require(try deleted.json()["deleted"] as? [String: Int])
        #expect(counts["account"] == 1 && counts["sessions"] == 2)
        #expect(try api.call("GET", "/v1/me", token: access).status == 401)
        #expect(try api.refresh(refresh).status == 401)
        #expect(try api.signIn("kai@example.com").status == 401)
        // Only this person ever existed here, so every table must be empty.
        let left = try await running.app.database.read { c in
            try ["users", "sessions", "refresh_tokens", "identities"].map { table in
                try c.queryOne("SELECT COUNT(*) AS n FROM \(table)")?.int("n") ?? -1
            }
        }
        #expect(left == [0, 0, 0, 0])
        #expect(!id.isEmpty)
    }

    @Test func badInputIsA400ThatNamesTheFieldAndCreatesNothing() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let cases: [(body: String, field: String?)] = [
            (#"{"email": "a@b.co", "password": "#, nil),  // malformed JSON
            (#"{"password": "long enough password", "displayName": "A"}"#, "email"),
            (#"{"email": "a@b.co", "password": 12345678, "displayName": "A"}"#, "password"),
            (#"{"email": "not-an-email", "password": "long enough password", "displayName": "A"}"#, "email"),
            (#"{"email": "a@b.co", "password": "short", "displayName": "A"}"#, "password"),
            (#"{"email": "a@b.co", "password": "long enough password", "displayName": "\#(String(repeating: "x", count: 51))"}"#,
             "displayName"),
            (#"{"email": "\#(String(repeating: "x", count: 250))@b.co", "password": "long enough password", "displayName": "A"}"#,
             "email"),
            (#"{"email": "a@b.co", "password": "\#(String(repeating: "p", count: 1025))", "displayName": "A"}"#, "password"),
            (#"{"email": "a@b.co", "password": "long enough password", "displayName": "A", "timeZone": "Mars/Olympus"}"#, "timeZone"),
            (#"{"email": "a@b.co", "password": "long enough password", "displayName": "A", "weekStart": "friday"}"#, "weekStart"),
            (#"{"email": "a@b.co", "password": "long enough password", "displayName": "A", "locale": "fr"}"#, "locale"),
            (#"["a", "b"]"#, nil),
        ]
        for (body, field) in cases {
            let reply = try api.call("POST", "/v1/auth/signup", raw: body)
            #expect(reply.status == 400, "\(body)")
            #expect(reply.headers["content-type"] == "application/problem+json")
            if let field {
                let fields = (try reply.json()["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String } ?? []
                #expect(fields.contains(field), "\(body) → \(reply.text)")
            }
        }
        let login = try api.call("POST", "/v1/auth/login", raw: #"{"email": "a@b.co"}"#)
        #expect(login.status == 400 && login.text.contains("password"))
        let count = try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM users")?.int("n") }
        #expect(count == 0)
    }

    @Test func failedSignInsAreThrottledPerAccount() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        try api.signUp("lee@example.com")
        for _ in 0..<5 { #expect(try api.signIn("lee@example.com", password: "guess guess guess").status == 401) }
        let limited = try api.signIn("lee@example.com")  // even the right password waits now
        #expect(limited.status == 429)
        #expect(Int(limited.headers["retry-after"] ?? "") ?? 0 > 0)
        try api.signUp("max@example.com")
        #expect(try api.signIn("max@example.com").status == 200)  // other accounts are not locked out
    }

    @Test func weakerHashesAreUpgradedAtSignIn() async throws {
        let running = try await RunningApp(.sqlite, hasher: PasswordHasher())  // OWASP's parameters, as in production
        let api = API(running)
        let (_, _, id) = try api.signUp("noa@example.com")
        let weak = try PasswordHasher(parameters: .init(memoryKiB: 4096, iterations: 1, parallelism: 1)).hash("correct horse battery")
        let changed = try await running.app.database.transaction { c in
            try c.execute("UPDATE users SET password_hash = ? WHERE id = ?", weak, id.lowercased())
        }
        #expect(changed == 1)
        #expect(try api.signIn("noa@example.com").status == 200)
        let stored = try await running.app.database.read { c in
            try c.queryOne("SELECT password_hash FROM users WHERE id = ?", id.lowercased())?.string("password_hash")
        }
        #expect(stored?.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$") == true)
    }

    @Test func theBrowserKeepsItsRefreshTokenInAStrictHttpOnlyCookie() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let signUp = try api.call("POST", "/v1/auth/signup", json: ["email": "oli@example.com", "password": "correct horse battery",
                                                                     "displayName": "Oli", "useCookie": true])
        #expect(signUp.status == 201)
        #expect(signUp.string("refreshToken") == nil)  // never in a body a script can read
        let cookie = try #require(signUp.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/v1/auth"))
        #expect(!cookie.contains("Secure"))
        let value = String(cookie.split(separator: ";")[0])
        let refreshed = try api.call("POST", "/v1/auth/refresh", headers: ["Cookie": value])
        #expect(refreshed.status == 200 && refreshed.string("accessToken") != nil && refreshed.string("refreshToken") == nil)
        let next = String(try #require(refreshed.headers["set-cookie"]).split(separator: ";")[0])
        #expect(next != value)
        // Behind a TLS proxy the cookie is Secure.
        let secure = try api.call("POST", "/v1/auth/refresh", headers: ["Cookie": next, "X-Forwarded-Proto": "https"])
        #expect(secure.headers["set-cookie"]?.contains("; Secure") == true)
        let last = String(try #require(secure.headers["set-cookie"]).split(separator: ";")[0])
        let out = try api.call("POST", "/v1/auth/logout", headers: ["Cookie": last])
        #expect(out.status == 204 && out.headers["set-cookie"]?.contains("Max-Age=0") == true)
        #expect(try api.call("POST", "/v1/auth/refresh", headers: ["Cookie": last]).status == 401)
    }

    @Test func profileChangesAreValidated() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (access, _, _) = try api.signUp("pia@example.com")
        try api.signUp("taken@example.com")
        let changed = try api.call("PATCH", "/v1/me", json: ["displayName": "ピア", "timeZone": "Asia/Seoul", "locale": "ko",
                                                              "weekStart": "sunday"], token: access)
        #expect(changed.status == 200)
        #expect(changed.string("displayName") == "ピア" && changed.string("locale") == "ko" && changed.string("timeZone") == "Asia/Seoul")
        let bad = try api.call("PATCH", "/v1/me", json: ["displayName": "", "timeZone": "Nowhere"], token: access)
        #expect(bad.status == 400)
        let fields = Set((try bad.json()["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String } ?? [])
        #expect(fields == ["displayName", "timeZone"])
        // The email does not change here: it needs the password and a link to the new address.
        let email = try api.call("PATCH", "/v1/me", json: ["email": "new@example.com", "displayName": "Not this"], token: access)
        #expect(email.status == 400 && email.text.contains("POST /v1/me/email"))
        #expect(try api.call("GET", "/v1/me", token: access).string("email") == "pia@example.com")
        #expect(try api.call("GET", "/v1/me", token: access).string("displayName") == "ピア")
    }

    @Test func publishesItsPublicKeys() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (access, _, _) = try api.signUp("quinn@example.com")
        let keys = try #require(try api.call("GET", "/.well-known/jwks.json").json()["keys"] as? [[String: Any]])
        let kid = (try JSONSerialization.jsonObject(with: Base64URL.decode(access.split(separator: ".")[0])!) as? [String: Any])?["kid"] as? String
        let jwk = try #require(keys.first { $0["kid"] as? String == kid })
        #expect(jwk["d"] == nil)  // never the private part
        let key = try EVPKey.publicKey(jwk: JSONWebKey(kty: "EC", crv: "P-256", x: jwk["x"] as? String, y: jwk["y"] as? String))
        try JWT.parse(access).verify(allowed: [.es256]) { _ in key }
    }
}

final class LockedArray<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []
    func append(_ item: T) { lock.withLock { items.append(item) } }
    var values: [T] { lock.withLock { items } }
}
