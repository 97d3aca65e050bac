import Foundation
import Testing
import YarukiAPI
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The quota reminder, with the clock moved through a day and a half: each member whose week is
/// at risk hears once, at their own hour in their own zone; a member whose week is done, or who
/// is only on track, hears nothing; quiet hours hold the push back.
@Suite struct QuotaReminderTests {
    @Test(arguments: Engine.allCases)
    func exactlyOneReminderAtEachPersonsHourInTheirZone(engine: Engine) async throws {
        let start = try Date("2026-12-04T00:00:00Z", strategy: .iso8601)  // Friday 09:00 in Tokyo, Thursday 16:00 in Los Angeles
        let clock = TestClock(start.addingTimeInterval(-7 * 86_400))  // they joined a week before: no first week's prorating
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        var (mina, _, minaID) = try api.signUp("mina-remind@example.com", name: "Mina")  // Tokyo, quota 3, nothing yet
        var (ren, _, renID) = try api.signUp("ren-remind@example.com", name: "Ren", extra: ["timeZone": "America/Los_Angeles"])
        var (kai, _, kaiID) = try api.signUp("kai-remind@example.com", name: "Kai")  // Tokyo, week already done
        var (sora, _, soraID) = try api.signUp("sora-remind@example.com", name: "Sora", extra: ["locale": "ja"])  // Tokyo, 19:30, quiet 19:00–21:00
        let (solo, _, soloID) = try api.signUp("solo-remind@example.com", name: "Solo")  // at risk, but in no group
        _ = solo
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: mina).string("inviteCode"))
        for token in [ren, kai, sora] { #expect(try api.call("POST", "/v1/groups/join", json: ["code": code], token: token).status == 200) }
        clock.advance(7 * 86_400)
        func fresh(_ email: String) throws -> String { try #require(try api.signIn(email).string("accessToken")) }
        (mina, ren, kai, sora) = (try fresh("mina-remind@example.com"), try fresh("ren-remind@example.com"), try fresh("kai-remind@example.com"),
                                  try fresh("sora-remind@example.com"))
        _ = ren
        for day in ["2026-11-30", "2026-12-01", "2026-12-02"] {
            #expect(try ProofTests.upload(running.port, token: kai, ProofTests.distinct(), query: "recordedAt=\(day)T07:00:00%2B09:00").status == 201)
        }
        // Sora: reminded at 19:30 rather than 20:00, with a device and quiet hours around it.
        let settings = try api.call("PUT", "/v1/me/notification-settings", json: ["kinds": [], "quietHours": ["start": "19:00", "end": "21:00"],
                                                                                  "quotaReminderAt": "19:30"], token: sora)
        #expect(settings.status == 200 && settings.string("quotaReminderAt") == "19:30", "\(settings.text)")
        #expect(try api.call("GET", "/v1/me/notification-settings", token: mina).string("quotaReminderAt") == "20:00", "20:00 until chosen")
        let bad = try api.call("PUT", "/v1/me/notification-settings", json: ["kinds": [], "quotaReminderAt": "8pm"], token: mina)
        #expect(bad.status == 400 && TrainingTests.fields(bad) == ["quotaReminderAt"], "\(bad.text)")
        #expect(try api.call("POST", "/v1/me/push-subscriptions", json: [
            "endpoint": "https://fcm.googleapis.com/fcm/send/sora-remind", "keys": ["p256dh": PushKeys.example.p256dh, "auth": PushKeys.example.auth]],
                             token: sora).status == 201)

        // Every five minutes for 34 hours, and twice at once now and then (two nodes looking).
        // The test looks itself, at each moment it moves to: the app's own look each minute is stopped.
        running.app.context.jobs.stop()
        let reminders = running.app.areas.quotaReminders
        var heard: [(user: UUID, at: Date, toGo: Int, daysLeft: Int)] = []
        for step in 0..<(34 * 12) {
            let now = start.addingTimeInterval(Double(step) * 300)
            let looks = step % 7 == 0 ? 2 : 1
            let sent = try await withThrowingTaskGroup(of: [QuotaReminders.Reminder].self) { group in
                for _ in 0..<looks { group.addTask { try await reminders.sweep(at: now) } }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            heard += sent.map { ($0.user, now, $0.toGo, $0.daysLeft) }
        }
        let told = { (id: String) in heard.filter { $0.user.uuidString.lowercased() == id.lowercased() } }
        // Mina: Friday 20:00 in Tokyo (11:00Z), three to go on the three days left.
        #expect(told(minaID).map(\.at) == [try Date("2026-12-04T11:00:00Z", strategy: .iso8601)])
        #expect(told(minaID).first.map { [$0.toGo, $0.daysLeft] } == [3, 3])
        // Ren: not on Thursday in Los Angeles (four days left for three: on track), but Friday 20:00 PST (04:00Z Saturday).
        #expect(told(renID).map(\.at) == [try Date("2026-12-05T04:00:00Z", strategy: .iso8601)], "\(told(renID))")
        // Sora: Friday 19:30 in Tokyo (10:30Z).
        #expect(told(soraID).map(\.at) == [try Date("2026-12-04T10:30:00Z", strategy: .iso8601)])
        #expect(told(kaiID).isEmpty, "a week already done hears nothing")
        #expect(told(soloID).isEmpty, "nobody to answer to: no group, no reminder")

        // In the list, with its numbers, in the person's language.
        clock.advance(34 * 3600)
        let fresh = try #require(try api.signIn("mina-remind@example.com").string("accessToken"))
        let items = try api.call("GET", "/v1/notifications", token: fresh).json()["items"] as? [[String: Any]] ?? []
        #expect(items.count == 1 && items.first?["kind"] as? String == "quotaReminder")
        #expect(items.first?["proofsToGo"] as? Int == 3 && items.first?["daysLeft"] as? Int == 3)

        // Sora's push waits for the end of her quiet hours (21:00 Tokyo, 12:00Z) and opens the group's page.
        let read = { try await running.app.database.read { c in try c.query("SELECT payload, run_at FROM jobs WHERE kind = 'push'", []) } }
        #expect(await eventuallyAsync(timeout: 10) { ((try? await read()) ?? []).isEmpty == false })
        let pushes = try await read()
        try #require(pushes.count == 1, "only Sora has a device")
        #expect(try pushes[0].date("run_at") == Date("2026-12-04T12:00:00Z", strategy: .iso8601))
        let payload = try pushes[0].string("payload")
        #expect(payload.contains("\\/#\\/accountability") || payload.contains("/#/accountability"), "\(payload)")
        #expect(payload.contains("あと3回"), "told in Japanese, Sora's language: \(payload)")
    }
}
