import Foundation
import YarukiAPI
import Testing
import YarukiClient
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// The Swift SDK's session against the real server: auto-login, single-flight refresh, sign-out.
@Suite struct ClientAuthTests {
    static func refreshes(_ port: Int) throws -> Int {
        let text = try request(port, "/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix(#"yaruki_http_requests_total{method="POST",route="/v1/auth/refresh",status="200"}"#) }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }

    @Test func signUpRestoreAndSignOut() async throws {
        let running = try await RunningApp(.sqlite)
        let url = URL(string: "http://127.0.0.1:\(running.port)")!
        let storePath = NSTemporaryDirectory() + "yaruki-tokens-\(UUID().uuidString)/session.json"
        let client = YarukiClient(baseURL: url, tokenStore: FileTokenStore(path: storePath))
        let account = try await client.signUp(email: "sdk@example.com", password: "correct horse battery", displayName: "SDK",
                                              timeZone: TimeZone(identifier: "Asia/Tokyo")!, locale: .ja)
        #expect(account.locale == .ja && account.timeZone == "Asia/Tokyo")
        #expect(try await client.me().id == account.id)
        let mode = try FileManager.default.attributesOfItem(atPath: storePath)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // The app starts again: a new client with the same store signs in silently.
        let relaunched = YarukiClient(baseURL: url, tokenStore: FileTokenStore(path: storePath))
        #expect(try await relaunched.restoreSession()?.id == account.id)
        #expect(try await relaunched.sessions().count == 1)

        try await relaunched.signOut()
        #expect(await relaunched.isSignedIn == false)
        // Signed out: no refresh token is kept, only the device's own token (it tells the server
        // this device is the owner's at the next sign-in).
        let kept = try #require(try FileTokenStore(path: storePath).load())
        #expect(kept.refreshToken.isEmpty && kept.userID == nil && kept.deviceToken?.count == 43)
        let third = YarukiClient(baseURL: url, tokenStore: FileTokenStore(path: storePath))
        #expect(try await third.restoreSession() == nil)
        await #expect(throws: YarukiClientError.signedOut) { _ = try await third.me() }
    }

    /// The mailed links through the SDK, as a phone app would use them.
    @Test func mailedLinksThroughTheSDK() async throws {
        let running = try await RunningApp(.sqlite)
        let client = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        let account = try await client.signUp(email: "app@example.com", password: "correct horse battery", displayName: "App")
        #expect(account.emailVerified == false)
        let verify = try #require(try await running.mailbox.wait(for: "app@example.com").first?.token(for: "confirm-email"))
        #expect(try await client.confirmEmail(token: verify) == ConfirmedEmail(email: "app@example.com", changed: false))
        #expect(try await client.me().emailVerified)
        let pending = try await client.changeEmail(to: "app2@example.com", password: "correct horse battery")
        #expect(pending.email == "app2@example.com")
        let change = try #require(try await running.mailbox.wait(for: "app2@example.com").first?.token(for: "confirm-email"))
        #expect(try await client.confirmEmail(token: change).changed)
        let accepted = try await client.forgotPassword(email: "app2@example.com")
        #expect(accepted.message.contains("30 minutes"))
        let reset = try #require(try await running.mailbox.wait(for: "app2@example.com", count: 2).last?.token(for: "reset-password"))
        #expect(try await client.resetPassword(token: reset, newPassword: "a whole new sentence").signedOutSessions == 1)
        #expect(await client.isSignedIn == false)
        #expect(try await client.signIn(email: "app2@example.com", password: "a whole new sentence").id == account.id)
        await #expect(throws: YarukiClientError.self) { _ = try await client.confirmEmail(token: reset) }
    }

    @Test func aHundredConcurrentCallsCauseOneRefresh() async throws {
        let clock = TestClock()
        let running = try await RunningApp(.sqlite, clock: clock)
        let client = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        let account = try await client.signUp(email: "many@example.com", password: "correct horse battery", displayName: "Many")
        let before = try Self.refreshes(running.port)
        clock.advance(16 * 60)  // every access token the client holds is now expired on the server
        let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<100 { group.addTask { try await client.me().id } }
            return try await group.reduce(into: [UUID]()) { $0.append($1) }
        }
        #expect(ids.count == 100 && ids.allSatisfy { $0 == account.id })
        #expect(await client.refreshCount == 1)
        #expect(try Self.refreshes(running.port) - before == 1)
    }

    /// The SDK renews a token it knows has expired before sending it, by its own clock: no 401
    /// round trip first, and none at all while the token is fresh.
    @Test func anExpiredTokenIsRenewedBeforeItIsSent() async throws {
        let clock = TestClock()
        let running = try await RunningApp(.sqlite, clock: clock)
        let client = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!, clock: { clock.now })
        _ = try await client.signUp(email: "clock@example.com", password: "correct horse battery", displayName: "Clock")
        let refused = { try request(running.port, "/metrics").text.split(separator: "\n")
            .filter { $0.hasPrefix(#"yaruki_http_requests_total{method="GET",route="/v1/me",status="401"}"#) }.count }
        clock.advance(10 * 60)
        _ = try await client.me()
        #expect(await client.refreshCount == 0, "ten minutes in, the token is still good")
        clock.advance(5 * 60)  // 15 minutes: within the SDK's margin of the token's end
        _ = try await client.me()
        #expect(await client.refreshCount == 1)
        #expect(try refused() == 0, "the expired token was never sent")
    }

    @Test func aSessionEndedElsewhereSignsTheClientOut() async throws {
        let running = try await RunningApp(.sqlite)
        let url = URL(string: "http://127.0.0.1:\(running.port)")!
        let phone = YarukiClient(baseURL: url)
        let laptop = YarukiClient(baseURL: url)
        try await phone.signUp(email: "two@example.com", password: "correct horse battery", displayName: "Two", device: "phone")
        try await laptop.signIn(email: "two@example.com", password: "correct horse battery", device: "laptop")
        let api = API(running)
        let token = try #require(try api.signIn("two@example.com").string("accessToken"))
        #expect(try api.call("POST", "/v1/sessions/revoke-others", token: token).status == 200)
        await #expect(throws: YarukiClientError.signedOut) { _ = try await phone.me() }
        #expect(await phone.isSignedIn == false)
        await #expect(throws: YarukiClientError.signedOut) { _ = try await laptop.me() }
    }

    @Test func problemsReachTheApp() async throws {
        let running = try await RunningApp(.sqlite)
        let client = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        await #expect {
            try await client.signIn(email: "nobody@example.com", password: "whatever it is")
        } throws: { error in
            guard case let .problem(problem) = error as? YarukiClientError else { return false }
            return problem.status == 401 && problem.type == "/problems/invalid-credentials"
        }
        await #expect {
            try await client.signUp(email: "bad", password: "short", displayName: "")
        } throws: { error in
            guard case let .problem(problem) = error as? YarukiClientError else { return false }
            return Set(problem.errors?.map(\.field) ?? []) == ["email", "password", "displayName"]
        }
    }
}
