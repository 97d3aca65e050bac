import Foundation
import YarukiAPI
import Testing
import YarukiTestSupport
@testable import YarukiServer

@Suite(.serialized) struct CalendarTests {
    @Test func aMonthCountsProofsAndWorkoutsByLocalDay() async throws {
        let clock = TestClock(try Date("2026-11-30T09:00:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (token, _, _) = try api.signUp("cal@example.com")  // Asia/Tokyo
        // 23:59 on the 29th in Tokyo counts for the 29th (it is 14:59 UTC).
        #expect(try ProofTests.upload(running.port, token: token, ProofTests.distinct(), query: "recordedAt=2026-11-29T23:59:00%2B09:00").status == 201)
        #expect(try ProofTests.upload(running.port, token: token, ProofTests.distinct(), query: "recordedAt=2026-11-27T07:00:00%2B09:00").status == 201)
        _ = try api.call("POST", "/v1/workouts", json: TrainingTests.workout("2026-11-27T06:30:00+09:00"), token: token)
        let month = try api.call("GET", "/v1/calendar?month=2026-11", token: token).json()
        let days = try #require(month["days"] as? [[String: Any]])
        #expect(days.count == 30)
        let byDate = Dictionary(uniqueKeysWithValues: days.map { ($0["date"] as! String, $0) })
        #expect(byDate["2026-11-29"]?["proofs"] as? Int == 1)
        #expect(byDate["2026-11-27"]?["proofs"] as? Int == 1 && byDate["2026-11-27"]?["workouts"] as? Int == 1)
        #expect(byDate["2026-11-28"]?["proofs"] as? Int == 0)
        let day = try api.call("GET", "/v1/calendar/2026-11-29", token: token).json()
        let proofs = try #require(day["proofs"] as? [[String: Any]])
        #expect(proofs.count == 1 && proofs[0]["recordedDay"] as? String == "2026-11-29")
        #expect(try request(running.port, "GET", try #require(proofs[0]["videoURL"] as? String)).status == 200)
        #expect((try api.call("GET", "/v1/calendar/2026-11-27", token: token).json()["workouts"] as? [Any])?.count == 1)
        #expect(try api.call("GET", "/v1/calendar?month=2026-13", token: token).status == 400)
        #expect(try api.call("GET", "/v1/calendar/2026-02-30", token: token).status == 400)
        #expect(try api.call("GET", "/v1/calendar").status == 401)
        let (other, _, _) = try api.signUp("cal-other@example.com")
        let theirs = try api.call("GET", "/v1/calendar?month=2026-11", token: other).json()["days"] as? [[String: Any]]
        #expect(theirs?.allSatisfy { $0["proofs"] as? Int == 0 && $0["workouts"] as? Int == 0 } == true)
    }

    @Test func aPrivateFeedListsTrainingDaysUntilRevoked() async throws {
        let clock = TestClock(try Date("2026-11-30T09:00:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (token, _, _) = try api.signUp("feed@example.com")  // Asia/Tokyo
        #expect(try api.call("GET", "/v1/me/calendar-feed", token: token).json()["active"] as? Bool == false)
        #expect(try ProofTests.upload(running.port, token: token, ProofTests.distinct(), query: "recordedAt=2026-11-29T23:59:00%2B09:00").status == 201)
        _ = try api.call("POST", "/v1/workouts", json: TrainingTests.workout("2026-11-27T06:30:00+09:00"), token: token)
        #expect(try api.call("POST", "/v1/me/calendar-feed").status == 401)
        let created = try api.call("POST", "/v1/me/calendar-feed", token: token)
        #expect(created.status == 201)
        let url = try #require(created.json()["url"] as? String)
        // Read without signing in, as a calendar app does.
        let feed = try request(running.port, "GET", url)
        #expect(feed.status == 200 && feed.headers["content-type"]?.hasPrefix("text/calendar") == true)
        let text = feed.text
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        // The 23:59 Tokyo proof is on the 29th (14:59 UTC); the workout on the 27th with its exercise.
        #expect(lines.contains("DTSTART;VALUE=DATE:20261129") && lines.contains("DTEND;VALUE=DATE:20261130"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20261127") && lines.contains("SUMMARY:Yaruki · 1 workout"))
        #expect(lines.contains("SUMMARY:Yaruki · 1 proof"))
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        #expect(text.contains("DESCRIPTION:Push-up"))
        let state = try api.call("GET", "/v1/me/calendar-feed", token: token).json()
        #expect(state["active"] as? Bool == true && state["lastReadAt"] is String)
        // A new link replaces the old one; deleting turns it off.
        let second = try #require(try api.call("POST", "/v1/me/calendar-feed", token: token).json()["url"] as? String)
        #expect(second != url)
        #expect(try request(running.port, "GET", url).status == 404)
        #expect(try request(running.port, "GET", second).status == 200)
        #expect(try api.call("DELETE", "/v1/me/calendar-feed", token: token).status == 204)
        #expect(try request(running.port, "GET", second).status == 404)
        #expect(try request(running.port, "GET", "/v1/calendar/feed/not-a-token.ics").status == 404)
        #expect(try api.call("GET", "/v1/me/calendar-feed", token: token).json()["active"] as? Bool == false)
    }
}
