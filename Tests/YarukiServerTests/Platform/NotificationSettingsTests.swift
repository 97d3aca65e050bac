import Foundation
import Testing
import YarukiAPI
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// A mode per kind (push, in the app only, off) and quiet hours in the person's own zone: off
/// leaves nothing in the list, app leaves no push, and a push during quiet hours waits for their end.
@Suite struct NotificationSettingsTests {
    @Test func quietHoursEndInThePersonsOwnZoneAndWrapPastMidnight() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo")), losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let at = ISO8601DateFormatter()
        // 23:30 in Tokyo (14:30Z): inside 22:00–07:00, which ends at 07:00 Tokyo (22:00Z).
        #expect(Inbox.quietUntil(now: try #require(at.date(from: "2026-12-02T14:30:00Z")), zone: tokyo, start: 22 * 60, end: 7 * 60)
                == at.date(from: "2026-12-02T22:00:00Z"))
        // 06:59 in Tokyo: still inside, a minute left.
        #expect(Inbox.quietUntil(now: try #require(at.date(from: "2026-12-02T21:59:00Z")), zone: tokyo, start: 22 * 60, end: 7 * 60)
                == at.date(from: "2026-12-02T22:00:00Z"))
        // The same instant is 06:30 in Los Angeles (PST): inside there too, ending at 07:00 PST.
        #expect(Inbox.quietUntil(now: try #require(at.date(from: "2026-12-02T14:30:00Z")), zone: losAngeles, start: 22 * 60, end: 7 * 60)
                == at.date(from: "2026-12-02T15:00:00Z"))
        // Noon in Tokyo is outside; so is any time when start and end are the same.
        #expect(Inbox.quietUntil(now: try #require(at.date(from: "2026-12-02T03:00:00Z")), zone: tokyo, start: 22 * 60, end: 7 * 60) == nil)
        #expect(Inbox.quietUntil(now: try #require(at.date(from: "2026-12-02T14:30:00Z")), zone: tokyo, start: 60, end: 60) == nil)
        // A window within one day: 13:00–14:00 Tokyo.
        #expect(Inbox.quietUntil(now: try #require(at.date(from: "2026-12-02T04:10:00Z")), zone: tokyo, start: 13 * 60, end: 14 * 60)
                == at.date(from: "2026-12-02T05:00:00Z"))
    }

    @Test(arguments: Engine.allCases)
    func eachKindIsPushedKeptInTheAppOrOffAndQuietHoursHoldPushesBack(engine: Engine) async throws {
        let clock = TestClock(try #require(ISO8601DateFormatter().date(from: "2026-12-02T14:30:00Z")))  // 23:30 in Tokyo
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (mina, _, _) = try api.signUp("mina-settings@example.com", name: "Mina")
        let (bo, _, _) = try api.signUp("bo-settings@example.com", name: "Bo")  // Asia/Tokyo
        let defaults = try api.call("GET", "/v1/me/notification-settings", token: bo).json()
        let kinds = try #require(defaults["kinds"] as? [[String: Any]])
        #expect(kinds.count >= 7 && kinds.allSatisfy { $0["mode"] as? String == "push" } && defaults["quietHours"] == nil)

        // Refused, naming each field: an unknown kind, a mode there is not, a time that is not one, quiet hours of no length.
        let bad = try api.call("PUT", "/v1/me/notification-settings", json: ["kinds": [["kind": "fireworks", "mode": "push"], ["kind": "like", "mode": "loud"]],
                                                                             "quietHours": ["start": "25:00", "end": "07:00"]], token: bo)
        #expect(bad.status == 400 && Set(TrainingTests.fields(bad)) == ["kinds[0].kind", "kinds[1].mode", "quietHours.start"], "\(bad.text)")
        let empty = try api.call("PUT", "/v1/me/notification-settings", json: ["kinds": [], "quietHours": ["start": "22:00", "end": "22:00"]], token: bo)
        #expect(empty.status == 422 && TrainingTests.fields(empty) == ["quietHours.end"])

        let saved = try api.call("PUT", "/v1/me/notification-settings", json: ["kinds": [["kind": "like", "mode": "off"], ["kind": "save", "mode": "app"]],
                                                                               "quietHours": ["start": "22:00", "end": "07:00"]], token: bo)
        #expect(saved.status == 200)
        let modes = Dictionary(uniqueKeysWithValues: (try saved.json()["kinds"] as? [[String: Any]] ?? []).map { ($0["kind"] as! String, $0["mode"] as! String) })
        #expect(modes["like"] == "off" && modes["save"] == "app" && modes["comment"] == "push")
        #expect((try saved.json()["quietHours"] as? [String: String]) == ["start": "22:00", "end": "07:00"])

        let device = try api.call("POST", "/v1/me/push-subscriptions", json: [
            "endpoint": "https://fcm.googleapis.com/fcm/send/bo-settings", "keys": ["p256dh": PushKeys.example.p256dh, "auth": PushKeys.example.auth]], token: bo)
        #expect(device.status == 201)
        let post = try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Evening run done"], token: bo).json()
        let postID = try #require(post["id"] as? String)
        #expect(try api.call("PUT", "/v1/posts/\(postID)/like", token: mina).status == 200)
        #expect(try api.call("POST", "/v1/posts/\(postID)/comments", json: ["body": "Nice one"], token: mina).status == 201)
        let listed = try api.call("GET", "/v1/notifications", token: bo).json()["items"] as? [[String: Any]] ?? []
        #expect(listed.map { $0["kind"] as? String } == ["comment"], "a like is off: not even in the list")

        // The comment is pushed, but not before 07:00 in Tokyo (22:00Z); the like is not pushed at all.
        let read = { try await running.app.database.read { c in try c.query("SELECT payload, run_at FROM jobs WHERE kind = 'push'", []) } }
        #expect(await eventuallyAsync(timeout: 10) { ((try? await read()) ?? []).isEmpty == false })
        let jobs = try await read()
        try #require(jobs.count == 1)
        let runAt = try jobs[0].date("run_at")
        #expect(runAt == ISO8601DateFormatter().date(from: "2026-12-02T22:00:00Z"), "\(runAt)")
        #expect(try jobs[0].string("payload").contains("Mina"))
    }
}
