import Foundation
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The weekly digest by mail: on the first day of the person's week at 08:00 their time, once,
/// with the week's notifications batched; nobody who did not turn it on, has no confirmed
/// address, or had a week with nothing to tell.
@Suite struct WeeklyDigestTests {
    @Test(arguments: Engine.allCases)
    func onceOnTheFirstMorningOfTheWeekWithWhatTheWeekSaid(engine: Engine) async throws {
        let start = try Date("2026-11-29T12:00:00Z", strategy: .iso8601)  // Sunday 21:00 in Tokyo
        let clock = TestClock(start)
        let running = try await RunningApp(engine, clock: clock)
        running.app.context.jobs.stop()  // the test looks itself; nothing is sent meanwhile
        let api = API(running)
        let (bo, _, boID) = try api.signUp("bo-digest@example.com", name: "Bo", extra: ["locale": "ja"])
        let (ren, _, renID) = try api.signUp("ren-digest@example.com", name: "Ren", extra: ["timeZone": "America/Los_Angeles"])
        let (kai, _, kaiID) = try api.signUp("kai-digest@example.com", name: "Kai")
        let (mina, _, _) = try api.signUp("mina-digest@example.com", name: "Mina")
        let (yu, _, _) = try api.signUp("yu-digest@example.com", name: "Yu")
        try await running.app.database.transaction { c in
            for id in [boID, renID] { try c.execute("UPDATE users SET email_verified_at = ? WHERE id = ?", start, UUID(uuidString: id)!) }
        }
        for token in [bo, ren, kai] {
            let on = try api.call("PUT", "/v1/me/notification-settings", json: ["kinds": [], "weeklyDigest": true], token: token)
            let turnedOn = try on.json()["weeklyDigest"] as? Bool
            #expect(on.status == 200 && turnedOn == true, "\(on.text)")
        }
        let minas = try api.call("GET", "/v1/me/notification-settings", token: mina).json()["weeklyDigest"] as? Bool
        #expect(minas == false, "off until turned on")
        for token in [bo, kai] {
            let post = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Sunday run"], token: token).string("id"))
            for liker in [mina, yu] { #expect(try api.call("PUT", "/v1/posts/\(post)/like", token: liker).status == 200) }
            #expect(try api.call("POST", "/v1/posts/\(post)/comments", json: ["body": "Nice"], token: mina).status == 201)
        }

        let earlier = Set(try await running.app.database.read { c in try c.query("SELECT id FROM mail_outbox", []) }.map { try $0.string("id") })
        var mailed: [(UUID, Date)] = []
        for step in 0..<(36 * 6) {  // every ten minutes for a day and a half
            let now = start.addingTimeInterval(Double(step) * 600)
            mailed += try await running.app.areas.digest.sweep(at: now).map { ($0, now) }
        }
        // Bo: Monday 08:00 in Tokyo (Sunday 23:00Z). Ren had nothing said; Kai has no confirmed address.
        let monday = try Date("2026-11-29T23:00:00Z", strategy: .iso8601)
        #expect(mailed.map(\.0) == [UUID(uuidString: boID)!] && mailed.map(\.1) == [monday], "\(mailed)")
        let mails = try await running.app.database.read { c in try c.query("SELECT id, recipient, message FROM mail_outbox", []) }
            .filter { !earlier.contains((try? $0.string("id")) ?? "") }  // not the sign-ups' confirmations
        try #require(mails.count == 1)
        #expect(try mails[0].string("recipient") == "bo-digest@example.com")
        let text = try mails[0].string("message")
        // Two likes of the post are one line (the newest liker named; both liked at the same instant here), as a device would show them.
        #expect(text.contains("さんほか1人があなたの投稿にいいねしました\r\n") && text.contains("Minaさんがあなたの投稿にコメントしました\r\n"), "\(text)")
        #expect(text.contains("http://localhost:\(running.port)/#/notifications\r\n"), "\(text)")
        _ = (renID, kaiID)
    }
}
