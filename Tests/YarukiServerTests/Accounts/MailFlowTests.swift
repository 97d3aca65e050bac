import Foundation
import YarukiAPI
import Testing
import YarukiTestSupport
@testable import YarukiServer
import YarukiStore

/// Mail end to end: the links of sign-up, email change and password reset, written as .eml files
/// without SMTP and delivered through a real SMTP server (aiosmtpd) with STARTTLS and AUTH.
@Suite struct MailFlowTests {
    static func me(_ api: API, _ token: String) throws -> [String: Any] { try api.call("GET", "/v1/me", token: token).json() }

    @Test func signUpMailsALinkInTheirLanguageThatConfirmsTheAddress() async throws {
        let running = try await RunningApp(.sqlite, arguments: ["--public-url", "https://yaruki.example/"])
        let api = API(running)
        let (access, _, _) = try api.signUp("hana@example.com", name: "はな", extra: ["locale": "ja"])
        #expect(try Self.me(api, access)["emailVerified"] as? Bool == false)
        let mail = try #require(try await running.mailbox.wait(for: "hana@example.com").first)
        #expect(mail.subject == "Yarukiのメールアドレスを確認してください")
        #expect(mail.body.contains("はなさん") && mail.body.contains("72時間"))
        #expect(mail.from == "\"Yaruki\" <no-reply@yaruki.example>")
        #expect(mail.headers["content-type"] == "text/plain; charset=utf-8")
        let token = try #require(mail.token(for: "confirm-email"))
        #expect(mail.body.contains("https://yaruki.example/#/confirm-email?token=\(token)"))
        let confirmed = try api.call("POST", "/v1/auth/email/confirm", json: ["token": token])
        #expect(confirmed.status == 200 && confirmed.string("email") == "hana@example.com")
        #expect(try Self.me(api, access)["emailVerified"] as? Bool == true)
        let again = try api.call("POST", "/v1/auth/email/confirm", json: ["token": token])
        #expect(again.status == 410 && again.problemType == "/problems/link-expired")
        #expect(try api.call("POST", "/v1/auth/email/confirm", json: ["token": String(repeating: "x", count: 43)]).status == 404)
        for bad in ["", "short", "../../etc/passwd-and-more-characters"] {
            let reply = try api.call("POST", "/v1/auth/email/confirm", json: ["token": bad])
            #expect(reply.status == 400, "\(bad): \(reply.text)")
        }
        // Confirmed already: no second link.
        #expect(try api.call("POST", "/v1/me/email/verify", token: access).status == 409)
        // The links live in the database only as hashes.
        let stored = try await running.app.database.read { c in try c.query("SELECT token_hash FROM account_tokens").map { try $0.string("token_hash") } }
        #expect(!stored.contains(token) && stored.count == 1)
    }

    /// Verify, change the address and reset the password through aiosmtpd, over STARTTLS with a
    /// user and password; every mail decoded as a mail app would.
    @Test func everyFlowThroughARealSMTPServer() async throws {
        let tls = try SMTPTestServer.certificate()
        let smtp = try SMTPTestServer(auth: "yaruki:s3cret pass", tls: tls)
        let running = try await RunningApp(.sqlite, arguments: [
            "--smtp-url", "smtp://yaruki:s3cret%20pass@127.0.0.1:\(smtp.port)", "--smtp-ca-file", tls.cert,
            "--mail-from", "Yaruki Gym <gym@yaruki.test>",
        ])
        let api = API(running)
        let (access, _, _) = try api.signUp("jin@example.com", name: "진", extra: ["locale": "ko"])
        // Verify.
        let verify = try #require(try await smtp.mailbox.wait(for: "jin@example.com").first)
        #expect(verify.subject == "Yaruki 이메일 주소를 확인해 주세요" && verify.body.contains("진님"))
        #expect(verify.headers["x-tls"] == "True" && verify.headers["x-authenticated"] == "True")
        #expect(verify.headers["x-envelope-from"] == "gym@yaruki.test" && verify.headers["content-transfer-encoding"] == "base64")
        #expect(try api.call("POST", "/v1/auth/email/confirm", json: ["token": try #require(verify.token(for: "confirm-email"))]).status == 200)
        // Change the address: a link to the new one, a word to the old one.
        let pending = try api.call("POST", "/v1/me/email", json: ["email": "jin.new@example.com", "password": "correct horse battery"],
                                   token: access)
        #expect(pending.status == 202 && pending.string("email") == "jin.new@example.com")
        let link = try #require(try await smtp.mailbox.wait(for: "jin.new@example.com").first)
        let notice = try #require(try await smtp.mailbox.wait(for: "jin@example.com", count: 2).last)
        #expect(notice.body.contains("jin.new@example.com") && notice.subject == "Yaruki 이메일 변경 요청이 있었습니다")
        let changed = try api.call("POST", "/v1/auth/email/confirm", json: ["token": try #require(link.token(for: "confirm-email"))])
        let changedFlag = try changed.json()["changed"] as? Bool
        #expect(changed.status == 200 && changedFlag == true)
        // Reset the password, by the new address.
        #expect(try api.call("POST", "/v1/auth/password/forgot", json: ["email": "jin.new@example.com"]).status == 202)
        let reset = try #require(try await smtp.mailbox.wait(for: "jin.new@example.com", count: 2).last)
        #expect(reset.subject == "Yaruki 비밀번호를 재설정하세요")
        let done = try api.call("POST", "/v1/auth/password/reset", json: ["token": try #require(reset.token(for: "reset-password")),
                                                                          "newPassword": "a brand new long sentence"])
        #expect(done.status == 200)
        #expect(try api.signIn("jin.new@example.com", password: "a brand new long sentence").status == 200)
        #expect(try await smtp.mailbox.wait(for: "jin.new@example.com", count: 3).last?.subject == "Yaruki 비밀번호가 재설정되었습니다")
        #expect(await eventuallyAsync(timeout: 30) { (try? await running.app.database.read { c in try MailOutboxStore.waiting(c) }) == 0 },
                "delivered mail leaves the outbox")
    }

    @Test func aPasswordResetIsSingleUseExpiresSignsEveryoneOutAndRevealsNoAccount() async throws {
        let clock = TestClock()
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (access, refresh, _) = try api.signUp("kai@example.com")
        let other = try #require(try api.signIn("kai@example.com").string("refreshToken"))
        let known = try api.call("POST", "/v1/auth/password/forgot", json: ["email": "kai@example.com"])
        let unknown = try api.call("POST", "/v1/auth/password/forgot", json: ["email": "nobody@example.com"])
        #expect(known.status == 202 && unknown.status == 202 && known.body == unknown.body)
        #expect(try api.call("POST", "/v1/auth/password/forgot", json: ["email": "not an address"]).status == 400)
        let mail = try #require(try await running.mailbox.wait(for: "kai@example.com", count: 2).last)  // after the sign-up's
        let token = try #require(mail.token(for: "reset-password"))
        #expect(mail.body.contains("30 minutes"))
        let weak = try api.call("POST", "/v1/auth/password/reset", json: ["token": token, "newPassword": "short"])
        #expect(weak.status == 400 && weak.text.contains("newPassword"))
        let reset = try api.call("POST", "/v1/auth/password/reset", json: ["token": token, "newPassword": "correct horse battery staple"])
        let signedOut = try reset.json()["signedOutSessions"] as? Int
        #expect(reset.status == 200 && signedOut == 2)
        // Every session is out: refresh tokens and the access token alike.
        #expect(try api.refresh(refresh).status == 401 && api.refresh(other).status == 401)
        #expect(try api.call("GET", "/v1/me", token: access).status == 401)
        #expect(try api.signIn("kai@example.com").status == 401)
        let fresh = try #require(try api.signIn("kai@example.com", password: "correct horse battery staple").string("accessToken"))
        #expect(try Self.me(api, fresh)["emailVerified"] as? Bool == true, "the mailbox proved the address")
        let twice = try api.call("POST", "/v1/auth/password/reset", json: ["token": token, "newPassword": "yet another long sentence"])
        #expect(twice.status == 410)
        // A link not opened within 30 minutes no longer works.
        _ = try api.call("POST", "/v1/auth/password/forgot", json: ["email": "kai@example.com"])
        let late = try #require(try await running.mailbox.wait(for: "kai@example.com", count: 4).last { $0.token(for: "reset-password") != nil })
        #expect(late.token(for: "reset-password") != token)
        clock.advance(31 * 60)
        let expired = try api.call("POST", "/v1/auth/password/reset", json: ["token": try #require(late.token(for: "reset-password")),
                                                                             "newPassword": "yet another long sentence"])
        #expect(expired.status == 410 && expired.text.contains("expired"))
        #expect(running.mailbox.mails(to: "nobody@example.com").isEmpty)
    }

    @Test func changingTheEmailNeedsThePasswordAndTheNewAddressesLink() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (access, _, _) = try api.signUp("lea@example.com")
        try api.signUp("taken@example.com")
        func change(_ body: [String: Any]) throws -> RawClient.Reply { try api.call("POST", "/v1/me/email", json: body, token: access) }
        #expect(try change(["email": "lea.new@example.com"]).status == 400)
        #expect(try change(["email": "lea.new@example.com", "password": "wrong wrong wrong"]).status == 403)
        #expect(try change(["email": "TAKEN@example.com", "password": "correct horse battery"]).status == 409)
        #expect(try change(["email": "LEA@example.com", "password": "correct horse battery"]).status == 400)
        #expect(try change(["email": "not an address", "password": "correct horse battery"]).status == 400)
        #expect(try api.call("POST", "/v1/me/email", json: ["email": "x@example.com", "password": "p"]).status == 401)
        let pending = try change(["email": "lea.new@example.com", "password": "correct horse battery"])
        #expect(pending.status == 202 && pending.string("expiresAt") != nil)
        #expect(try Self.me(api, access)["email"] as? String == "lea@example.com", "nothing changes before the link is opened")
        let notice = try #require(try await running.mailbox.wait(for: "lea@example.com", count: 2).last { $0.token(for: "confirm-email") == nil })
        #expect(notice.subject == "Your Yaruki email is being changed" && notice.body.contains("lea.new@example.com"))
        let link = try #require(try await running.mailbox.wait(for: "lea.new@example.com").first?.token(for: "confirm-email"))
        #expect(try api.call("POST", "/v1/auth/email/confirm", json: ["token": link]).status == 200)
        let account = try Self.me(api, access)
        #expect(account["email"] as? String == "lea.new@example.com" && account["emailVerified"] as? Bool == true)
        #expect(try api.signIn("lea.new@example.com").status == 200)
        #expect(try api.signIn("lea@example.com").status == 401)
    }

    /// A delivery that fails waits and is tried again; one whose link ran out is dropped unsent.
    @Test func aFailedDeliveryIsRetriedAndAnExpiredOneDropped() async throws {
        let clock = TestClock()
        let probe = try SMTPTestServer()
        let port = probe.port
        probe.stop()  // nothing listens there now
        let running = try await RunningApp(.sqlite, clock: clock, arguments: ["--smtp-url", "smtp://127.0.0.1:\(port)"])
        let api = API(running)
        try api.signUp("max@example.com")
        func outbox() async throws -> (Int, Int, String?) {
            try await running.app.database.read { c in
                let row = try c.queryOne("SELECT COUNT(*) AS n, MAX(attempts) AS a, MAX(last_error) AS e FROM mail_outbox")
                return (try row?.int("n") ?? 0, try row?.optionalInt("a") ?? 0, try row?.optionalString("e"))
            }
        }
        func job() async throws -> JobStore.Row? {
            try await running.app.database.read { c in
                try c.queryOne("SELECT id FROM jobs WHERE kind = ? ORDER BY created_at DESC LIMIT 1", MailOutbox.job).map { try JobStore.row($0.uuid("id"), c) } ?? nil
            }
        }
        var state = (0, 0, String?.none)
        for _ in 0..<900 {  // up to 90 s: a ceiling, not a timing claim
            state = try await outbox()
            if state.1 >= 1 && state.2 != nil { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(state.0 == 1 && state.1 == 1 && state.2?.isEmpty == false, "\(state)")
        // Its job waits 30 s before the next try (the runner notes that once the try has ended).
        #expect(await eventuallyAsync(timeout: 90) { (try? await job())?.state == "queued" })
        let waiting = try #require(try await job())
        #expect(waiting.state == "queued" && waiting.attempts == 1 && abs(waiting.runAt.timeIntervalSince(clock.now) - 30) < 1, "\(waiting)")
        // The server comes back; once the wait is over a runner sends the mail out.
        let smtp = try SMTPTestServer(port: port)
        clock.advance(31)
        #expect(try await smtp.mailbox.wait(for: "max@example.com").count == 1)
        #expect(await eventuallyAsync(timeout: 90) { (try? await outbox().0) == 0 }, "a delivered mail's row goes")
        // A reset link queued while the server is away, and not delivered within its 30 minutes, is dropped.
        smtp.stop()
        _ = try api.call("POST", "/v1/auth/password/forgot", json: ["email": "max@example.com"])
        #expect(await eventuallyAsync(timeout: 90) {
            let found = try? await job()
            return found?.state == "queued" && found?.attempts == 1
        }, "tried once")
        #expect(try await outbox().0 == 1)
        clock.advance(31 * 60)
        #expect(await eventuallyAsync(timeout: 90) { (try? await outbox().0) == 0 }, "dropped unsent")
        #expect(await eventuallyAsync(timeout: 90) { (try? await job())?.state == "done" })
    }

    /// Sign-ups and reset links are limited per client address (behind a trusted proxy, the
    /// address it forwards for), and a stranger's wrong guesses lock only the stranger out.
    @Test func throttlesCountPerAddressAndStrangersCannotLockTheOwnerOut() async throws {
        let running = try await RunningApp(.sqlite, arguments: ["--signups-per-hour", "2"])
        let api = API(running)
        let body: (String) -> [String: Any] = { ["email": $0, "password": "correct horse battery", "displayName": "A"] }
        let stranger = ["X-Forwarded-For": "203.0.113.7"]
        let owner = ["X-Forwarded-For": "198.51.100.4"]
        #expect(try api.call("POST", "/v1/auth/signup", json: body("a1@example.com"), headers: stranger).status == 201)
        #expect(try api.call("POST", "/v1/auth/signup", json: body("a2@example.com"), headers: stranger).status == 201)
        let third = try api.call("POST", "/v1/auth/signup", json: body("a3@example.com"), headers: stranger)
        #expect(third.status == 429 && Int(third.headers["retry-after"] ?? "") ?? 0 > 0)
        #expect(try api.call("POST", "/v1/auth/signup", json: body("owner@example.com"), headers: owner).status == 201)
        // Five wrong passwords from the stranger: the stranger waits, the owner signs in.
        for _ in 0..<5 {
            let guess = try api.call("POST", "/v1/auth/login", json: ["email": "owner@example.com", "password": "guess guess"], headers: stranger)
            #expect(guess.status == 401)
        }
        let locked = try api.call("POST", "/v1/auth/login", json: ["email": "owner@example.com", "password": "correct horse battery"],
                                  headers: stranger)
        #expect(locked.status == 429)
        let ownerIn = try api.call("POST", "/v1/auth/login", json: ["email": "owner@example.com", "password": "correct horse battery"],
                                   headers: owner)
        #expect(ownerIn.status == 200)
        // Reset links: ten an hour from one address.
        for _ in 0..<10 {
            #expect(try api.call("POST", "/v1/auth/password/forgot", json: ["email": "owner@example.com"], headers: stranger).status == 202)
        }
        #expect(try api.call("POST", "/v1/auth/password/forgot", json: ["email": "owner@example.com"], headers: stranger).status == 429)
        // …and the owner's mailbox got five at most, whoever asked.
        // (A try that fails under load is retried 30 s later: the ceiling leaves room for one.)
        // Each lookup runs after its answer: wait for all ten, then for their mails to be handed over.
        #expect(await eventuallyAsync(timeout: 90) { running.app.context.mail.laterWorkUnderWay == 0 }, "every lookup done")
        #expect(await eventuallyAsync(timeout: 90) { (try? await running.app.database.read { c in try MailOutboxStore.waiting(c) }) == 0 }, "every queued mail handed over")
        #expect(running.mailbox.mails(to: "owner@example.com").filter { $0.token(for: "reset-password") != nil }.count == 5)
    }

    /// A header a client wrote itself names nobody: without a trusted proxy the peer counts.
    @Test func forwardedForCountsOnlyFromATrustedProxy() async throws {
        let running = try await RunningApp(.sqlite, arguments: ["--signups-per-hour", "1", "--trusted-proxies", "none"])
        let api = API(running)
        let body: (String) -> [String: Any] = { ["email": $0, "password": "correct horse battery", "displayName": "A"] }
        #expect(try api.call("POST", "/v1/auth/signup", json: body("b1@example.com"), headers: ["X-Forwarded-For": "203.0.113.1"]).status == 201)
        #expect(try api.call("POST", "/v1/auth/signup", json: body("b2@example.com"), headers: ["X-Forwarded-For": "203.0.113.2"]).status == 429)
    }
}
