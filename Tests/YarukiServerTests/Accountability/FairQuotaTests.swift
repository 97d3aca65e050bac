import Foundation
import YarukiAPI
import YarukiCore
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// A quota that is fair, with the clock moved: a first week prorated to the days left, breaks
/// announced before their week (or for illness during it, limited per quarter by the group),
/// resting members in the standings with their streak kept, all in each member's own zone.
@Suite(.serialized) struct FairQuotaTests {
    /// An instant written with its offset.
    static func at(_ text: String) throws -> Date { try Date(text, strategy: .iso8601) }

    /// The person's standing row in the group, by id.
    static func row(_ api: API, group: String, id: String, token: String, date: String? = nil) throws -> [String: Any]? {
        let json = try api.call("GET", "/v1/groups/\(group)/standings" + (date.map { "?date=\($0)" } ?? ""), token: token).json()
        return (json["members"] as? [[String: Any]])?.first { ($0["id"] as? String)?.lowercased() == id.lowercased() }
    }


    @Test func aFirstWeekOwesTheQuotaProratedToTheDaysLeft() {
        let monday = DayNumber.of("2026-11-30")!
        #expect((0..<7).map { FirstWeek.owed(quota: 3, weekStart: monday, joinedOn: monday + $0) } == [3, 2, 2, 1, 1, 0, 0])
        #expect((0..<7).map { FirstWeek.owed(quota: 7, weekStart: monday, joinedOn: monday + $0) } == [7, 6, 5, 4, 3, 2, 1])
        #expect(FirstWeek.owed(quota: 1, weekStart: monday, joinedOn: monday) == 1 && FirstWeek.owed(quota: 1, weekStart: monday, joinedOn: monday + 1) == 0)
        // A week owing nothing rests (or is met when trained anyway); a break always rests.
        #expect(WeekStanding.judge(weekStart: monday, proofDays: [], quota: 0, today: monday + 6).status == .resting)
        #expect(WeekStanding.judge(weekStart: monday, proofDays: [monday + 5], quota: 0, today: monday + 6).status == .met)
        #expect(WeekStanding.judge(weekStart: monday, proofDays: [monday + 5], quota: 3, today: monday + 6, resting: true).status == .resting)
    }

    @Test func aBreakKeepsTheStreakWithoutGrowingIt() {
        let w = DayNumber.of("2026-11-30")!
        let quotas = [(week: w - 35, days: 2)]
        // Met the four weeks before the one under way, but the second of them was a break with nothing done.
        let proved: Set<Int> = [w - 7, w - 6, w - 21, w - 20, w - 28, w - 27]
        #expect(WeekStanding.finishedStreak(through: w - 7, proofDays: proved, quotas: quotas) == 1, "without the break, the empty week ends it")
        #expect(WeekStanding.finishedStreak(through: w - 7, proofDays: proved, quotas: quotas, resting: [w - 14]) == 3)
        #expect(WeekStanding.streak(upTo: w, proofDays: proved, quotas: quotas, today: w + 2, resting: [w - 14, w]) == 3, "resting now: kept")
        // Breaks one after another end somewhere: the count looks back no further than its limit.
        #expect(WeekStanding.finishedStreak(through: w, proofDays: [], quotas: quotas, limit: 10, resting: Set((0..<100).map { w - 7 * $0 })) == 0)
        // The rules for taking one.
        let pause = QuotaPause(id: UUID(), firstWeek: DayNumber.day(w + 7), lastWeek: DayNumber.day(w + 14), reason: .planned, createdAt: Date())
        #expect(QuotaPause.refusal(first: w, weeks: 1, reason: .planned, current: w, existing: [], illnessPerQuarter: 2)?.field == "firstWeek")
        #expect(QuotaPause.refusal(first: w, weeks: 1, reason: .illness, current: w, existing: [], illnessPerQuarter: 2) == nil)
        #expect(QuotaPause.refusal(first: w - 7, weeks: 1, reason: .illness, current: w, existing: [], illnessPerQuarter: 2)?.field == "firstWeek")
        #expect(QuotaPause.refusal(first: w + 14, weeks: 2, reason: .planned, current: w, existing: [pause], illnessPerQuarter: 2)?.field == "firstWeek")
        #expect(QuotaPause.refusal(first: w + 21, weeks: 13, reason: .planned, current: w, existing: [pause], illnessPerQuarter: 2)?.field == "weeks")
        let ill = QuotaPause(id: UUID(), firstWeek: DayNumber.day(w), lastWeek: DayNumber.day(w), reason: .illness, createdAt: Date())
        #expect(QuotaPause.refusal(first: w + 21, weeks: 1, reason: .illness, current: w, existing: [ill], illnessPerQuarter: 1)?.field == "reason")
        // 2026-11-30's quarter is October to December; a week starting in January is the next one.
        #expect(QuotaPause.refusal(first: DayNumber.of("2027-01-04")!, weeks: 1, reason: .illness, current: w, existing: [ill], illnessPerQuarter: 1) == nil)
    }

    /// Joining a first group on each day of the week, at local noon, in Tokyo and in Los Angeles
    /// (with the week starting on Sunday there): the week owes 3 prorated to the days left; the
    /// next week owes 3. Someone already in a group joining another owes the whole quota.
    @Test(arguments: Engine.allCases)
    func joiningOnEachDayOfTheWeekOwesTheDocumentedQuota(engine: Engine) async throws {
        let clock = TestClock(try Self.at("2026-11-30T12:00:00+09:00"))  // Monday noon in Tokyo
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (owner, _, _) = try api.signUp("owner-fair@example.com")
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: owner).string("inviteCode"))
        let group = try #require(try api.call("GET", "/v1/groups", token: owner).json()["items"] as? [[String: Any]]).first?["id"] as? String ?? ""
        let places: [(zone: String, start: String, noon: String, weekStart: String)] = [
            ("Asia/Tokyo", "monday", "2026-11-30T12:00:00+09:00", "2026-11-30"),
            ("America/Los_Angeles", "sunday", "2026-11-29T12:00:00-08:00", "2026-11-29"),
        ]
        let owed = [3, 2, 2, 1, 1, 0, 0]
        for place in places {
            for day in 0..<7 {
                clock.set(try Self.at(place.noon).addingTimeInterval(Double(day) * 86_400))
                let email = "join-\(place.start)-\(day)@example.com"
                let (token, _, id) = try api.signUp(email, extra: ["timeZone": place.zone, "weekStart": place.start])
                #expect(try api.call("POST", "/v1/groups/join", json: ["code": code], token: token).status == 200)
                let quota = try api.call("GET", "/v1/me/quota", token: token).json()
                #expect(quota["thisWeek"] as? Int == owed[day] && quota["nextWeek"] as? Int == 3 && quota["firstWeek"] as? Bool == true,
                        "\(place.zone), day \(day): \(quota)")
                let viewer = try #require(try api.signIn("owner-fair@example.com").string("accessToken"))
                let row = try #require(try Self.row(api, group: group, id: id, token: viewer))
                #expect(row["week"] as? String == place.weekStart && row["quota"] as? Int == owed[day], "\(row)")
                #expect(row["status"] as? String == (owed[day] == 0 ? "resting" : "onTrack"), "\(place.zone) day \(day): \(row)")
            }
        }
        // Sunday 23:59 in Tokyo owes nothing; a minute later it is Monday and the whole week.
        for (instant, expected) in [("2026-12-06T23:59:00+09:00", 0), ("2026-12-07T00:00:30+09:00", 3)] {
            clock.set(try Self.at(instant))
            let (token, _, _) = try api.signUp("midnight-\(expected)@example.com", extra: ["timeZone": "Asia/Tokyo"])
            _ = try api.call("POST", "/v1/groups/join", json: ["code": code], token: token)
            #expect(try api.call("GET", "/v1/me/quota", token: token).json()["thisWeek"] as? Int == expected, "\(instant)")
        }
        // A first week's quota may be set for the week under way, prorated from the joining day;
        // later weeks' may not.
        clock.set(try Self.at("2026-12-09T12:00:00+09:00"))  // Wednesday in Tokyo
        let (newcomer, _, _) = try api.signUp("newcomer-fair@example.com")
        _ = try api.call("POST", "/v1/groups/join", json: ["code": code], token: newcomer)
        let set = try api.call("PUT", "/v1/me/quota", json: ["days": 7, "thisWeek": true], token: newcomer)
        #expect(try set.status == 200 && set.string("effectiveWeek") == "2026-12-07" && (set.json()["days"] as? Int) == 5, "\(set.text)")
        let after = try api.call("GET", "/v1/me/quota", token: newcomer).json()
        #expect(after["thisWeek"] as? Int == 5 && after["nextWeek"] as? Int == 7)
        let late = try api.call("PUT", "/v1/me/quota", json: ["days": 2, "thisWeek": true], token: try api.signIn("owner-fair@example.com").string("accessToken") ?? "")
        #expect(late.status == 422 && TrainingTests.fields(late) == ["thisWeek"], "\(late.text)")
        // Someone already in a group who joins another owes the whole quota; leaving and coming back starts nothing new.
        let (second, _, _) = try api.signUp("second-fair@example.com")
        let other = try #require(try api.call("POST", "/v1/groups", json: ["name": "Other"], token: second).string("inviteCode"))
        clock.advance(7 * 86_400)  // the next Wednesday
        let veteran = try #require(try api.signIn("second-fair@example.com").string("accessToken"))
        #expect(try api.call("GET", "/v1/me/quota", token: veteran).json()["firstWeek"] as? Bool == false)
        _ = try api.call("POST", "/v1/groups/join", json: ["code": code], token: veteran)
        #expect(try api.call("GET", "/v1/me/quota", token: veteran).json()["thisWeek"] as? Int == 3)
        _ = other
    }

    /// A planned break must be announced before its week begins, by the member's own midnight:
    /// the same instant is Sunday night in Los Angeles and Monday in Tokyo.
    @Test(arguments: Engine.allCases)
    func aBreakIsAnnouncedBeforeTheMembersOwnMidnight(engine: Engine) async throws {
        let clock = TestClock(try Self.at("2026-11-23T10:00:00+09:00"))
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (tokyo, _, _) = try api.signUp("tokyo-break@example.com", extra: ["timeZone": "Asia/Tokyo"])
        let (la, _, _) = try api.signUp("la-break@example.com", extra: ["timeZone": "America/Los_Angeles"])
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: tokyo).string("inviteCode"))
        _ = try api.call("POST", "/v1/groups/join", json: ["code": code], token: la)
        // Sunday 23:50 in Tokyo: the week of Monday 30 November has not begun there.
        clock.set(try Self.at("2026-11-29T23:50:00+09:00"))
        func token(_ email: String) throws -> String { try #require(try api.signIn(email).string("accessToken")) }
        let before = try api.call("POST", "/v1/me/pauses", json: ["firstWeek": "2026-11-30", "weeks": 1, "reason": "planned"], token: try token("tokyo-break@example.com"))
        #expect(try before.status == 201 && before.string("until") == "2026-12-06" && (before.json()["started"] as? Bool) == false, "\(before.text)")
        // Monday 00:10 in Tokyo (Sunday 07:10 in Los Angeles): too late in Tokyo, still in time in Los Angeles.
        clock.set(try Self.at("2026-12-07T00:10:00+09:00"))
        let tooLate = try api.call("POST", "/v1/me/pauses", json: ["firstWeek": "2026-12-07", "weeks": 1, "reason": "planned"], token: try token("tokyo-break@example.com"))
        #expect(tooLate.status == 422 && TrainingTests.fields(tooLate) == ["firstWeek"], "\(tooLate.text)")
        let inTime = try api.call("POST", "/v1/me/pauses", json: ["firstWeek": "2026-12-09", "weeks": 2, "reason": "planned"], token: try token("la-break@example.com"))
        #expect(inTime.status == 201 && inTime.string("firstWeek") == "2026-12-07" && inTime.string("until") == "2026-12-20", "a day of the week names it: \(inTime.text)")
        // Left out, it is next week's; overlapping one already taken is refused; bad fields are 400.
        let next = try api.call("POST", "/v1/me/pauses", json: ["weeks": 1, "reason": "planned"], token: try token("tokyo-break@example.com"))
        #expect(next.status == 201 && next.string("firstWeek") == "2026-12-14", "\(next.text)")
        let overlap = try api.call("POST", "/v1/me/pauses", json: ["firstWeek": "2026-12-14", "weeks": 1, "reason": "planned"], token: try token("tokyo-break@example.com"))
        #expect(overlap.status == 422 && TrainingTests.fields(overlap) == ["firstWeek"])
        for (body, field) in [(["weeks": 13, "reason": "planned"], "weeks"), (["weeks": 1, "reason": "holiday"], "reason"),
                              (["firstWeek": "2026-02-30", "weeks": 1, "reason": "planned"], "firstWeek")] as [([String: Any], String)] {
            let bad = try api.call("POST", "/v1/me/pauses", json: body, token: try token("la-break@example.com"))
            #expect(bad.status == 400 && TrainingTests.fields(bad) == [field], "\(body): \(bad.text)")
        }
        // Calling off: a break not begun goes; one begun stays; another's is not there.
        let mine = try token("tokyo-break@example.com")
        let list = try api.call("GET", "/v1/me/pauses", token: mine).json()
        let items = try #require(list["items"] as? [[String: Any]])
        #expect(items.map { $0["firstWeek"] as? String } == ["2026-12-14", "2026-11-30"] && items.map { $0["started"] as? Bool } == [false, true])
        let begun = try #require(items[1]["id"] as? String), upcoming = try #require(items[0]["id"] as? String)
        #expect(try api.call("DELETE", "/v1/me/pauses/\(upcoming)", token: try token("la-break@example.com")).status == 404)
        let stays = try api.call("DELETE", "/v1/me/pauses/\(begun)", token: mine)
        #expect(stays.status == 422, "\(stays.text)")
        #expect(try api.call("DELETE", "/v1/me/pauses/\(upcoming)", token: mine).status == 204)
        #expect((try api.call("GET", "/v1/me/pauses", token: mine).json()["items"] as? [Any])?.count == 1)
        #expect(try api.call("GET", "/v1/me/pauses").status == 401)
    }

    /// Illness may pause the week under way, as often a quarter as the group allows; a paused
    /// member rests in the standings (neither Yaruki-mono nor Namake-mono) with their streak kept,
    /// and it grows again after. Breaks are in the export and go with the account.
    @Test(arguments: Engine.allCases)
    func anIllnessBreakRestsTheWeekAndKeepsTheStreak(engine: Engine) async throws {
        let clock = TestClock(try Self.at("2026-11-02T09:00:00+09:00"))  // Monday in Tokyo
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (aki, _, _) = try api.signUp("aki-ill@example.com", name: "Aki")
        let (bo, _, boID) = try api.signUp("bo-ill@example.com", name: "Bo")
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: aki).string("inviteCode"))
        let group = try #require(try api.call("POST", "/v1/groups/join", json: ["code": code], token: bo).string("id"))
        #expect(try api.call("PUT", "/v1/groups/\(group)/rules", json: ["illnessPausesPerQuarter": 1], token: bo).status == 403)
        let rules = try api.call("PUT", "/v1/groups/\(group)/rules", json: ["illnessPausesPerQuarter": 1], token: aki)
        #expect(try rules.status == 200 && (rules.json()["illnessPausesPerQuarter"] as? Int) == 1)
        #expect(try api.call("PUT", "/v1/groups/\(group)/rules", json: ["illnessPausesPerQuarter": 14], token: aki).status == 400)
        func token(_ email: String) throws -> String { try #require(try api.signIn(email).string("accessToken")) }
        func train(_ days: [String]) throws {
            for day in days {
                clock.set(try Self.at("\(day)T07:00:00+09:00"))
                #expect(try ProofTests.upload(running.port, token: try token("bo-ill@example.com"), ProofTests.distinct(),
                                              query: "recordedAt=\(day)T07:00:00%2B09:00").status == 201)
            }
        }
        func boRow(on day: String) throws -> [String: Any] {
            clock.set(try Self.at("\(day)T12:00:00+09:00"))
            return try #require(try Self.row(api, group: group, id: boID, token: try token("aki-ill@example.com")))
        }
        try train(["2026-11-02", "2026-11-03", "2026-11-04"])
        try train(["2026-11-09", "2026-11-10", "2026-11-11"])
        #expect(try boRow(on: "2026-11-13")["streak"] as? Int == 2)
        // Wednesday of the third week, with a fever: the week under way rests.
        clock.set(try Self.at("2026-11-18T08:00:00+09:00"))
        let ill = try api.call("POST", "/v1/me/pauses", json: ["firstWeek": "2026-11-16", "weeks": 1, "reason": "illness"], token: try token("bo-ill@example.com"))
        #expect(try ill.status == 201 && ill.string("until") == "2026-11-22" && (ill.json()["started"] as? Bool) == true, "\(ill.text)")
        let again = try api.call("POST", "/v1/me/pauses", json: ["firstWeek": "2026-11-23", "weeks": 1, "reason": "illness"], token: try token("bo-ill@example.com"))
        #expect(again.status == 422 && TrainingTests.fields(again) == ["reason"], "one illness break a quarter in this group: \(again.text)")
        let left = try api.call("GET", "/v1/me/pauses", token: try token("bo-ill@example.com")).json()
        #expect(left["illnessPerQuarter"] as? Int == 1 && left["illnessLeftThisQuarter"] as? Int == 0)
        var row = try boRow(on: "2026-11-21")
        #expect(row["status"] as? String == "resting" && row["pausedUntil"] as? String == "2026-11-22" && row["streak"] as? Int == 2, "\(row)")
        let standings = try api.call("GET", "/v1/groups/\(group)/standings", token: try token("aki-ill@example.com")).json()
        let named = ((standings["yarukiMono"] as? [String]) ?? []) + ((standings["namakeMono"] as? [String]) ?? [])
        #expect(!named.map { $0.lowercased() }.contains(boID.lowercased()), "resting is neither")
        #expect(try api.call("GET", "/v1/me/quota", token: try token("bo-ill@example.com")).json()["pausedUntil"] as? String == "2026-11-22")
        // The week after: the streak is still two, and grows once the quota is met again.
        row = try boRow(on: "2026-11-23")
        #expect(row["status"] as? String == "onTrack" && row["streak"] as? Int == 2 && row["pausedUntil"] == nil, "\(row)")
        try train(["2026-11-23", "2026-11-24", "2026-11-25"])
        #expect(try boRow(on: "2026-11-25")["streak"] as? Int == 3)
        // The past week shown again is still resting.
        #expect(try Self.row(api, group: group, id: boID, token: try token("aki-ill@example.com"), date: "2026-11-18")?["status"] as? String == "resting")

        // The export holds the breaks and the first joining; the deletion takes them.
        let files = try exportedFiles(port: running.port, token: try token("bo-ill@example.com"))
        let breaks = try #require(files["accountability/quota-breaks.json"] ?? files.first { $0.key.hasSuffix("quota-breaks.json") }?.value)
        #expect(breaks.contains("2026-11-16") && breaks.contains("illness") && breaks.contains("firstJoinedAt"), "\(breaks)")
        let deleted = try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: try token("bo-ill@example.com"))
        #expect(try deleted.status == 200 && (deleted.json()["deleted"] as? [String: Int])?["quotaBreaks"] == 1, "\(deleted.text)")
        let remaining = try await running.app.database.read { c in
            (try c.queryOne("SELECT COUNT(*) AS n FROM quota_pauses")?.int("n"), try c.queryOne("SELECT COUNT(*) AS n FROM quota_starts")?.int("n"))
        }
        #expect(remaining.0 == 0 && remaining.1 == 1, "Aki's start stays")
    }
}
