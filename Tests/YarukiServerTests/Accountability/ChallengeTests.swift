import Foundation
import YarukiAPI
import YarukiCore
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// Group challenges with the clock moved: a month's totals of proofs, training minutes and steps,
/// each counted over every member's own days of the month, a member who leaves mid-month keeping
/// what they added, and the finish told once.
@Suite(.serialized) struct ChallengeTests {
    @Test func monthsAreReadAndStepped() throws {
        let tokyo = PersonalCalendar(timeZone: TimeZone(identifier: "Asia/Tokyo")!, weekStart: .monday)
        #expect(ChallengeService.month("2026-11", tokyo).map { [$0.first, $0.last] } == ["2026-11-01", "2026-11-30"])
        #expect(ChallengeService.month("2028-02", tokyo).map { DayNumber.of($0.last)! - DayNumber.of($0.first)! + 1 } == 29)
        #expect(ChallengeService.thisAndNext(tokyo, at: try Date("2026-12-31T23:30:00+09:00", strategy: .iso8601)).map { [$0.this, $0.next] } == ["2026-12", "2027-01"])
        #expect(ChallengeService.month("2026-13", tokyo) == nil && ChallengeService.month("26-11", tokyo) == nil)
        // A recount asks for UTC's month and two either side: each zone's months are among them,
        // across a year's end (Kiritimati, UTC+14, is already in January; Niue, UTC-11, still in November).
        let newYear = try Date("2026-12-31T12:00:00Z", strategy: .iso8601)
        #expect(ChallengeService.monthsAround(newYear) == ["2026-10", "2026-11", "2026-12", "2027-01", "2027-02"])
        #expect(ChallengeService.monthsAround(try Date("2027-01-01T03:00:00Z", strategy: .iso8601)) == ["2026-11", "2026-12", "2027-01", "2027-02", "2027-03"])
        // The same months as a Gregorian calendar in UTC gives, over instants from 1900 to 2200
        // and around each month's first midnight.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        var generator = SystemRandomNumberGenerator()
        let firsts = (0..<3_600).compactMap { utc.date(from: DateComponents(year: 1900 + $0 / 12, month: $0 % 12 + 1, day: 1)) }
        let instants = (0..<2_000).map { _ in Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...7_258_118_400, using: &generator)) }
            + firsts.flatMap { [$0.addingTimeInterval(-0.001), $0, $0.addingTimeInterval(0.001)] }
        for instant in instants {
            let here = utc.dateComponents([.year, .month], from: instant)
            let index = try #require(here.year) * 12 + (try #require(here.month)) - 1
            let expected = (index - 2...index + 2).map { String(format: "%04d-%02d", $0 / 12, $0 % 12 + 1) }
            #expect(ChallengeService.monthsAround(instant) == expected, "\(instant.timeIntervalSince1970)")
        }
        for zone in ["Pacific/Kiritimati", "Pacific/Niue", "Asia/Tokyo"] {
            let calendar = PersonalCalendar(timeZone: TimeZone(identifier: zone)!, weekStart: .monday)
            let range = try #require(LifelogRange(.month, date: calendar.day(of: newYear), calendar: calendar))
            #expect(Set([range.first, range.end, range.previous].map { String($0.prefix(7)) }).isSubset(of: ChallengeService.monthsAround(newYear)), "\(zone)")
        }
    }

    /// A workout logged with `POST /v1/workouts` (the server names it) that reaches the goal
    /// finishes the challenge and tells its members: whether the person is in one is asked with
    /// the write's own statements, and one who is in none is counted for nothing.
    @Test(arguments: Engine.allCases)
    func aLoggedWorkoutThatReachesTheGoalFinishesTheChallenge(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-11-10T10:00:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (aki, bo) = ("aki-log@example.com", "bo-log@example.com")
        _ = try api.signUp(aki, name: "Aki")
        _ = try api.signUp(bo, name: "Bo")
        func token(_ email: String) throws -> String { try #require(try api.signIn(email).string("accessToken")) }
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: try token(aki)).string("inviteCode"))
        let group = try #require(try api.call("POST", "/v1/groups/join", json: ["code": code], token: try token(bo)).string("id"))
        let made = try api.call("POST", "/v1/groups/\(group)/challenges", json: ["metric": "minutes", "goal": 60], token: try token(aki))
        #expect(made.status == 201, "\(made.text)")
        func log(_ email: String, minutes: Int) throws {
            clock.advance(3600)
            let start = clock.now.addingTimeInterval(-Double(minutes) * 60)
            let body: [String: Any] = ["startedAt": start.ISO8601Format(), "endedAt": clock.now.ISO8601Format(),
                                       "exercises": [["exerciseId": "squat", "sets": [["reps": 10]]]]]
            let reply = try api.call("POST", "/v1/workouts", json: body, token: try token(email))
            #expect(reply.status == 201, "\(reply.text)")
        }
        func minutes() throws -> [String: Any] {
            (try api.call("GET", "/v1/groups/\(group)/challenges", token: try token(aki)).json()["items"] as? [[String: Any]])?.first ?? [:]
        }
        func told(_ email: String) throws -> Int {
            (try api.call("GET", "/v1/notifications", token: try token(email)).json()["items"] as? [[String: Any]] ?? [])
                .filter { $0["kind"] as? String == "challengeDone" }.count
        }
        try log(bo, minutes: 90)  // Bo is in the group, not in the challenge
        try log(aki, minutes: 40)
        try await Task.sleep(nanoseconds: 300_000_000)
        let partway = try minutes()
        #expect(partway["total"] as? Int == 40 && partway["finishedAt"] == nil, "\(partway)")
        try log(aki, minutes: 20)
        #expect(await eventuallyAsync(timeout: 10) { ((try? minutes())?["finishedAt"] as? String) != nil })
        #expect(try minutes()["total"] as? Int == 60)
        #expect(await eventuallyAsync(timeout: 10) { (try? told(aki)) == 1 })
        #expect(try told(bo) == 0)
    }

    @Test(arguments: Engine.allCases)
    func aChallengeCountsProofsSessionsAndStepsWithAMemberLeavingMidMonth(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-11-01T10:00:00+09:00", strategy: .iso8601))  // November in Tokyo, still 31 October in Los Angeles
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        _ = try api.signUp("aki-ch@example.com", name: "Aki")
        _ = try api.signUp("bo-ch@example.com", name: "Bo", extra: ["timeZone": "Asia/Seoul"])
        _ = try api.signUp("cy-ch@example.com", name: "Cy", extra: ["timeZone": "America/Los_Angeles"])
        let (stranger, _, _) = try api.signUp("stranger-ch@example.com")
        func token(_ email: String) throws -> String { try #require(try api.signIn(email).string("accessToken")) }
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: try token("aki-ch@example.com")).string("inviteCode"))
        let group = try #require(try api.call("POST", "/v1/groups/join", json: ["code": code], token: try token("bo-ch@example.com")).string("id"))
        _ = try api.call("POST", "/v1/groups/join", json: ["code": code], token: try token("cy-ch@example.com"))

        // Proposed: the proposer is in it; the month is this one (Aki's November) unless it says the next.
        var ids: [String: String] = [:]
        for (metric, goal) in [("proofs", 5), ("minutes", 120), ("steps", 30_000)] {
            let made = try api.call("POST", "/v1/groups/\(group)/challenges", json: ["metric": metric, "goal": goal], token: try token("aki-ch@example.com"))
            #expect(try made.status == 201 && made.string("month") == "2026-11" && (made.json()["joined"] as? Bool) == true, "\(made.text)")
            ids[metric] = made.string("id")
        }
        let tooMany = try api.call("POST", "/v1/groups/\(group)/challenges", json: ["metric": "proofs", "goal": 9], token: try token("bo-ch@example.com"))
        #expect(tooMany.status == 422 && TrainingTests.fields(tooMany) == ["month"], "three a month: \(tooMany.text)")
        let later = try api.call("POST", "/v1/groups/\(group)/challenges", json: ["metric": "proofs", "goal": 9, "month": "2027-01"], token: try token("bo-ch@example.com"))
        #expect(later.status == 422 && TrainingTests.fields(later) == ["month"])
        for (body, field) in [(["metric": "pushups", "goal": 5], "metric"), (["metric": "proofs", "goal": 0], "goal"),
                              (["metric": "proofs", "goal": 5, "month": "2026-13"], "month")] as [([String: Any], String)] {
            let bad = try api.call("POST", "/v1/groups/\(group)/challenges", json: body, token: try token("bo-ch@example.com"))
            #expect(bad.status == 400 && TrainingTests.fields(bad) == [field], "\(body): \(bad.text)")
        }
        #expect(try api.call("GET", "/v1/groups/\(group)/challenges", token: stranger).status == 404)
        #expect(try api.call("POST", "/v1/challenges/\(try #require(ids["proofs"]))/join", token: stranger).status == 404)
        for email in ["bo-ch@example.com", "cy-ch@example.com"] {
            for id in ids.values { #expect(try api.call("POST", "/v1/challenges/\(id)/join", token: try token(email)).status == 200) }
        }

        // Proofs: Cy's first is still 31 October where Cy lives: not November's.
        func prove(_ email: String, _ at: String) throws {
            let reply = try ProofTests.upload(running.port, token: try token(email), ProofTests.distinct(), query: "recordedAt=\(at.replacingOccurrences(of: "+", with: "%2B"))")
            #expect(reply.status == 201, "\(reply.text)")
        }
        try prove("cy-ch@example.com", "2026-10-31T17:00:00-07:00")
        clock.advance(86_400)
        try prove("aki-ch@example.com", "2026-11-02T07:00:00+09:00")
        clock.advance(2 * 86_400)  // Wednesday in Tokyo
        try prove("bo-ch@example.com", "2026-11-03T07:00:00+09:00")
        try prove("bo-ch@example.com", "2026-11-04T07:00:00+09:00")
        try prove("cy-ch@example.com", "2026-11-03T08:00:00-08:00")
        // Minutes from sessions: Bo 45, Cy 30 (and a workout in October that is not counted).
        for (email, start, minutes) in [("bo-ch@example.com", "2026-11-03T20:00:00+09:00", 45), ("cy-ch@example.com", "2026-11-02T18:00:00-08:00", 30),
                                        ("cy-ch@example.com", "2026-10-30T18:00:00-07:00", 60)] {
            let begin = try Date(start, strategy: .iso8601)
            let body: [String: Any] = ["startedAt": start, "endedAt": begin.addingTimeInterval(Double(minutes) * 60).ISO8601Format(),
                                       "exercises": [["exerciseId": "squat", "sets": [["reps": 10]]]]]
            #expect(try api.call("PUT", "/v1/workouts/\(UUID().uuidString)", json: body, token: try token(email)).status == 201)
        }
        // Steps from Health: Aki two days, Bo one.
        for (email, day, steps) in [("aki-ch@example.com", "2026-11-02", 12_000), ("aki-ch@example.com", "2026-11-03", 8_000), ("bo-ch@example.com", "2026-11-03", 9_000)] {
            let put = try api.call("PUT", "/v1/health/days/\(day)", json: ["source": "Watch", "steps": steps], token: try token(email))
            #expect(put.status == 200, "\(put.text)")
        }
        func challenges(_ email: String) throws -> [String: [String: Any]] {
            let items = try api.call("GET", "/v1/groups/\(group)/challenges", token: try token(email)).json()["items"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: items.map { ($0["metric"] as? String ?? "", $0) })
        }
        func shares(_ challenge: [String: Any]?) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: (challenge?["members"] as? [[String: Any]] ?? []).map { ($0["displayName"] as? String ?? "", $0["amount"] as? Int ?? -1) })
        }
        var now = try challenges("cy-ch@example.com")
        #expect(now["proofs"]?["total"] as? Int == 4 && shares(now["proofs"]) == ["Aki": 1, "Bo": 2, "Cy": 1], "\(now["proofs"] ?? [:])")
        #expect(now["minutes"]?["total"] as? Int == 75 && shares(now["minutes"]) == ["Aki": 0, "Bo": 45, "Cy": 30])
        #expect(now["steps"]?["total"] as? Int == 29_000 && shares(now["steps"]) == ["Aki": 20_000, "Bo": 9_000, "Cy": 0])
        #expect(now["proofs"]?["finishedAt"] == nil)

        // Bo leaves the group mid-month: what he did stays counted, what he does after does not.
        clock.advance(10 * 86_400)
        #expect(try api.call("POST", "/v1/groups/\(group)/leave", token: try token("bo-ch@example.com")).status == 204)
        clock.advance(60)
        try prove("bo-ch@example.com", "2026-11-14T10:00:30+09:00")
        now = try challenges("aki-ch@example.com")
        #expect(now["proofs"]?["total"] as? Int == 4 && shares(now["proofs"])["Bo"] == 2)
        let bo = (now["proofs"]?["members"] as? [[String: Any]])?.first { $0["displayName"] as? String == "Bo" }
        #expect(bo?["left"] as? Bool == true)
        #expect(try api.call("GET", "/v1/groups/\(group)/challenges", token: try token("bo-ch@example.com")).status == 404)

        // The fifth proof reaches the goal: finished once, told to those still in it.
        try prove("cy-ch@example.com", "2026-11-14T08:00:00-08:00")
        #expect(await eventuallyAsync(timeout: 10) { ((try? challenges("aki-ch@example.com"))?["proofs"]?["finishedAt"] as? String) != nil })
        try prove("aki-ch@example.com", "2026-11-14T07:00:00+09:00")
        func told(_ email: String) throws -> Int {
            (try api.call("GET", "/v1/notifications", token: try token(email)).json()["items"] as? [[String: Any]] ?? [])
                .filter { $0["kind"] as? String == "challengeDone" }.count
        }
        #expect(await eventuallyAsync(timeout: 10) { (try? told("aki-ch@example.com")) == 1 && (try? told("cy-ch@example.com")) == 1 })
        try await Task.sleep(nanoseconds: 300_000_000)  // a second look after more proofs tells nobody again
        #expect(try told("aki-ch@example.com") == 1 && told("cy-ch@example.com") == 1 && told("bo-ch@example.com") == 0)
        let finished = try #require(try challenges("aki-ch@example.com")["proofs"])
        #expect(finished["total"] as? Int == 6 && finished["finishedAt"] is String)
        // The finish lands in the calendar feed of those who were in it, on the day it happened there.
        let feed = try #require(try api.call("POST", "/v1/me/calendar-feed", token: try token("cy-ch@example.com")).json()["url"] as? String)
        let ics = try request(running.port, "GET", feed).text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(ics.contains("SUMMARY:Crew: challenge done (5 proofs)") && ics.contains("DTSTART;VALUE=DATE:20261113"), "\(ics)")
        // A session that arrives by a sync push counts at once: its 45 minutes reach the 120 and the finish is told.
        let start = clock.now.addingTimeInterval(-3600)
        let push: [String: Any] = ["records": [["id": UUID().uuidString, "type": "workout", "changeId": UUID().uuidString, "fields": [
            "startedAt": start.ISO8601Format(), "endedAt": start.addingTimeInterval(45 * 60).ISO8601Format(),
            "exercises": [["exerciseId": "squat", "sets": [["reps": 10]]]]]]]]
        let pushed = try api.call("POST", "/v1/sync/workouts/push", json: push, token: try token("cy-ch@example.com"))
        #expect(pushed.status == 200 && pushed.text.contains("saved"), "\(pushed.text)")
        #expect(await eventuallyAsync(timeout: 10) { (try? told("cy-ch@example.com")) == 2 })
        #expect(try challenges("cy-ch@example.com")["minutes"]?["total"] as? Int == 120)
        // Leaving a challenge (not the group) keeps the person's part, counted until then.
        let left = try api.call("POST", "/v1/challenges/\(try #require(ids["steps"]))/leave", token: try token("aki-ch@example.com"))
        #expect(try left.status == 200 && (left.json()["joined"] as? Bool) == false && (left.json()["total"] as? Int) == 29_000, "\(left.text)")
    }
}
