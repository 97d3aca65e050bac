import Foundation
import YarukiAPI
import Testing
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

@Suite(.serialized) struct GroupTests {
    @Test(arguments: Engine.allCases)
    func groupsAreCreatedJoinedRenamedAndLeft(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (owner, _, _) = try api.signUp("owner@example.com", name: "Oda")
        let (member, _, memberID) = try api.signUp("member@example.com", name: "Mai")
        let (stranger, _, _) = try api.signUp("stranger@example.com", name: "Sol")
        let created = try api.call("POST", "/v1/groups", json: ["name": "Morning crew"], token: owner)
        #expect(created.status == 201)
        let group = try created.json()
        let id = try #require(group["id"] as? String)
        let code = try #require(group["inviteCode"] as? String)
        #expect(code.count == 10)
        #expect(try api.call("POST", "/v1/groups", json: ["name": " "], token: owner).status == 400)

        #expect(try api.call("GET", "/v1/groups/\(id)", token: stranger).status == 404)
        #expect(try api.call("POST", "/v1/groups/join", json: ["code": "NOPE-NOPE-1"], token: member).status == 400, "not a code's shape")
        #expect(try api.call("POST", "/v1/groups/join", json: ["code": "NOPENOPE23"], token: member).status == 404)
        let joined = try api.call("POST", "/v1/groups/join", json: ["code": code.lowercased()], token: member)
        #expect(joined.status == 200)
        let members = try #require(try joined.json()["members"] as? [[String: Any]])
        #expect(members.compactMap { $0["displayName"] as? String } == ["Oda", "Mai"])
        #expect(members.allSatisfy { $0["email"] == nil }, "members see names, never emails")
        #expect(try api.call("POST", "/v1/groups/join", json: ["code": code], token: member).status == 200, "joining twice is harmless")
        #expect((try api.call("GET", "/v1/groups", token: member).json()["items"] as? [Any])?.count == 1)

        #expect(try api.call("PATCH", "/v1/groups/\(id)", json: ["name": "Evening crew"], token: member).status == 403)
        #expect(try api.call("PATCH", "/v1/groups/\(id)", json: ["name": "Evening crew"], token: owner).string("name") == "Evening crew")
        let rotated = try api.call("POST", "/v1/groups/\(id)/invite-code", token: owner)
        #expect(rotated.string("inviteCode") != code)
        #expect(try api.call("POST", "/v1/groups/join", json: ["code": code], token: stranger).status == 404, "the old code is dead")

        #expect(try api.call("DELETE", "/v1/groups/\(id)/members/\(memberID)", token: member).status == 403)
        #expect(try api.call("DELETE", "/v1/groups/\(id)/members/\(memberID)", token: owner).status == 204)
        #expect(try api.call("GET", "/v1/groups/\(id)", token: member).status == 404)
        _ = try api.call("POST", "/v1/groups/join", json: ["code": try #require(rotated.string("inviteCode"))], token: member)
        // The owner leaves: the group passes to the longest member; the last one out ends it.
        #expect(try api.call("POST", "/v1/groups/\(id)/leave", token: owner).status == 204)
        #expect(try api.call("GET", "/v1/groups/\(id)", token: member).string("ownerId")?.lowercased() == memberID.lowercased())
        #expect(try api.call("POST", "/v1/groups/\(id)/leave", token: member).status == 204)
        let left = try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM training_groups")?.int("n") }
        #expect(left == 0)
    }

    @Test(arguments: Engine.allCases)
    func aQuotaChangeWaitsForNextWeek(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-11-26T10:00:00+09:00", strategy: .iso8601))  // a Thursday in Tokyo
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (token, _, _) = try api.signUp("quota@example.com")
        let initial = try api.call("GET", "/v1/me/quota", token: token).json()
        #expect(initial["thisWeek"] as? Int == 3 && initial["nextWeek"] as? Int == 3)
        // Where I stand without any group: Thursday with nothing done leaves 4 days for 3.
        let week = try #require(initial["week"] as? [String: Any])
        #expect(week["week"] as? String == "2026-11-23" && week["done"] as? Int == 0 && week["status"] as? String == "onTrack")
        #expect(try ProofTests.upload(running.port, token: token, ProofTests.distinct()).status == 201)
        let proved = try #require(try api.call("GET", "/v1/me/quota", token: token).json()["week"] as? [String: Any])
        #expect(proved["done"] as? Int == 1 && proved["days"] as? [String] == ["2026-11-26"])
        let set = try api.call("PUT", "/v1/me/quota", json: ["days": 5], token: token)
        #expect(set.string("effectiveWeek") == "2026-11-30")
        let after = try api.call("GET", "/v1/me/quota", token: token).json()
        #expect(after["thisWeek"] as? Int == 3 && after["nextWeek"] as? Int == 5, "nobody lowers it on Saturday to escape")
        for days in [0, 8, -1] {
            let bad = try api.call("PUT", "/v1/me/quota", json: ["days": days], token: token)
            #expect(bad.status == 400 && bad.text.contains("days"))
        }
        clock.advance(5 * 86_400)
        let fresh = try #require(try api.signIn("quota@example.com").string("accessToken"))  // days later: a new access token
        #expect(try api.call("GET", "/v1/me/quota", token: fresh).json()["thisWeek"] as? Int == 5)
    }

    /// Three people in three time zones, judged through the week by their own days.
    @Test(arguments: Engine.allCases)
    func standingsThroughTheWeek(engine: Engine) async throws {
        // They joined the Wednesday before: this is not their first week (whose quota is prorated).
        let clock = TestClock(try Date("2026-11-18T12:00:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        var (aki, _, akiID) = try api.signUp("aki@example.com", name: "Aki")
        var (bo, _, boID) = try api.signUp("bo@example.com", name: "Bo", extra: ["timeZone": "Asia/Seoul"])
        let (cy, _, cyID) = try api.signUp("cy@example.com", name: "Cy", extra: ["timeZone": "America/Los_Angeles", "weekStart": "sunday"])
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: aki).string("inviteCode"))
        let group = try #require(try api.call("POST", "/v1/groups/join", json: ["code": code], token: bo).string("id"))
        _ = try api.call("POST", "/v1/groups/join", json: ["code": code], token: cy)
        clock.advance(7 * 86_400)  // Wednesday noon in Tokyo
        (aki, bo) = (try #require(try api.signIn("aki@example.com").string("accessToken")), try #require(try api.signIn("bo@example.com").string("accessToken")))
        for day in ["2026-11-23T07:00:00+09:00", "2026-11-24T07:00:00+09:00", "2026-11-25T07:00:00+09:00"] {
            #expect(try ProofTests.upload(running.port, token: aki, ProofTests.distinct(), query: "recordedAt=\(day.replacingOccurrences(of: "+", with: "%2B"))").status == 201)
        }
        // Bo records at 23:59 on Tuesday in Seoul; it counts for Tuesday there.
        _ = try ProofTests.upload(running.port, token: bo, ProofTests.distinct(), query: "recordedAt=2026-11-24T23:59:00%2B09:00")
        // The clock jumps days ahead below: each look signs in afresh (access tokens last 15 minutes).
        func token(_ email: String) throws -> String { try #require(try api.signIn(email).string("accessToken")) }
        func standing(_ date: String? = nil) throws -> [String: [String: Any]] {
            let json = try api.call("GET", "/v1/groups/\(group)/standings" + (date.map { "?date=\($0)" } ?? ""), token: try token("bo@example.com")).json()
            let members = json["members"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: members.map { (($0["id"] as? String ?? "").lowercased(), $0) })
        }
        var now = try standing()
        #expect(now[akiID.lowercased()]?["status"] as? String == "met")
        #expect(now[akiID.lowercased()]?["done"] as? Int == 3)
        #expect(now[boID.lowercased()]?["status"] as? String == "onTrack")
        #expect(now[boID.lowercased()]?["days"] as? [String] == ["2026-11-24"])
        #expect(now[cyID.lowercased()]?["week"] as? String == "2026-11-22", "Cy's weeks start on Sunday in Los Angeles")
        #expect(now[cyID.lowercased()]?["status"] as? String == "onTrack")
        #expect(try api.call("GET", "/v1/groups/\(group)/standings", token: try api.signUp("out@example.com").access).status == 404)

        clock.advance(3 * 86_400 + 3600)  // Saturday 13:00 in Tokyo and Seoul, Friday night in Los Angeles
        now = try standing()
        #expect(now[boID.lowercased()]?["status"] as? String == "atRisk", "Bo needs Saturday and Sunday")
        #expect(now[cyID.lowercased()]?["status"] as? String == "missed", "Cy needs three days with only Friday and Saturday left")
        clock.advance(86_400 + 3600)  // Sunday 14:00 in Tokyo
        now = try standing()
        #expect(now[boID.lowercased()]?["status"] as? String == "missed")
        let json = try api.call("GET", "/v1/groups/\(group)/standings", token: try token("aki@example.com")).json()
        #expect((json["yarukiMono"] as? [String])?.map { $0.lowercased() } == [akiID.lowercased()])
        #expect(Set((json["namakeMono"] as? [String] ?? []).map { $0.lowercased() }) == [boID.lowercased(), cyID.lowercased()])
        // Weeks later, the past week is still judged the same.
        clock.advance(21 * 86_400)
        #expect(try standing("2026-11-25")[akiID.lowercased()]?["status"] as? String == "met")
        #expect(try api.call("GET", "/v1/groups/\(group)/standings?date=2026-02-30", token: try token("aki@example.com")).status == 400)
    }

    /// Streaks come from a cache that any change to the person's proofs must drop.
    /// A streak is counted in the person's own weeks: a new week start or time zone (an account
    /// change, which Accountability hears of through its PersonalData) makes the cached one stale.
    @Test(arguments: Engine.allCases)
    func aNewWeekStartMakesTheCachedStreakStale(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, id) = try api.signUp("weeks@example.com", name: "Wes")
        let group = try #require(try api.call("POST", "/v1/groups", json: ["name": "Weeks"], token: token).string("id"))
        func valid() async throws -> Int? {
            try await running.app.database.read { c in
                try c.queryOne("SELECT valid FROM streak_cache WHERE user_id = ?", id.lowercased())?.int("valid")
            }
        }
        #expect(try api.call("GET", "/v1/groups/\(group)/standings", token: token).status == 200)
        var cached: Int?
        for _ in 0..<100 where cached != 1 {
            cached = try await valid()
            if cached != 1 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(cached == 1, "the page kept the streak it counted")
        #expect(try api.call("PATCH", "/v1/me", json: ["weekStart": "sunday"], token: token).status == 200)
        #expect(try await valid() == 0)
    }

    @Test(arguments: Engine.allCases)
    func streaksFollowLateProofsAndDeletions(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-11-23T10:00:00+09:00", strategy: .iso8601))  // Monday in Tokyo
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (aki, _, akiID) = try api.signUp("streak@example.com", name: "Aki")
        let group = try #require(try api.call("POST", "/v1/groups", json: ["name": "Solo"], token: aki).string("id"))
        func streak() throws -> Int? {
            let members = try api.call("GET", "/v1/groups/\(group)/standings", token: aki).json()["members"] as? [[String: Any]]
            return members?.first { ($0["id"] as? String)?.lowercased() == akiID.lowercased() }?["streak"] as? Int
        }
        var token = aki
        func upload(_ at: String) throws -> String? {
            try ProofTests.upload(running.port, token: token, ProofTests.distinct(), query: "recordedAt=\(at)%2B09:00").string("id")
        }
        #expect(try streak() == 0)
        // Last week's three days, uploaded late (within the seven days a recording may be filed back).
        var lastWeek: [String] = []
        for day in ["2026-11-17", "2026-11-18", "2026-11-19"] { lastWeek.append(try #require(try upload("\(day)T07:00:00"))) }
        #expect(try streak() == 1)
        #expect(try streak() == 1, "the same answer from the cache")
        for at in ["2026-11-23T11:00:00", "2026-11-23T12:00:00"] { _ = try upload(at) }
        #expect(try streak() == 1, "one day of three this week (two proofs, one day): this week still open")
        clock.advance(2 * 86_400)
        let fresh = try #require(try api.signIn("streak@example.com").string("accessToken"))  // days later: a new access token
        token = fresh
        #expect(try upload("2026-11-24T10:00:00") != nil)
        #expect(try upload("2026-11-25T10:00:00") != nil)
        let members = try api.call("GET", "/v1/groups/\(group)/standings", token: fresh).json()["members"] as? [[String: Any]]
        #expect(members?.first?["streak"] as? Int == 2, "this week met too")
        #expect(try api.call("DELETE", "/v1/proofs/\(lastWeek[0])", token: fresh).status == 204)
        let after = try api.call("GET", "/v1/groups/\(group)/standings", token: fresh).json()["members"] as? [[String: Any]]
        #expect(after?.first?["streak"] as? Int == 1, "last week no longer met")
    }

    /// This week's days come from the streak cache (no proofs read) until something changes.
    @Test(arguments: Engine.allCases)
    func theWeekInProgressComesFromTheCacheUntilSomethingChanges(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-11-24T10:00:00+09:00", strategy: .iso8601))  // Tuesday in Tokyo
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (aki, _, akiID) = try api.signUp("weekcache@example.com", name: "Aki")
        let group = try #require(try api.call("POST", "/v1/groups", json: ["name": "Cache"], token: aki).string("id"))
        var token = aki
        func mine() throws -> [String: Any]? {
            let members = try api.call("GET", "/v1/groups/\(group)/standings", token: token).json()["members"] as? [[String: Any]]
            return members?.first { ($0["id"] as? String)?.lowercased() == akiID.lowercased() }
        }
        #expect(try ProofTests.upload(running.port, token: aki, ProofTests.distinct(), query: "recordedAt=2026-11-23T07:00:00%2B09:00").status == 201)
        #expect(try mine()?["days"] as? [String] == ["2026-11-23"])
        let database = running.app.database
        let cachedDays = { try await database.read { c in try c.queryOne("SELECT week_days FROM streak_cache WHERE valid = 1")?.string("week_days") } }
        var written = false
        for _ in 0..<100 where !written {  // the cache is written in its own transaction after the reply
            written = try await cachedDays() == "2026-11-23"
            if !written { try await Task.sleep(nanoseconds: 20_000_000) }
        }
        #expect(written)
        // Prove the page reads the cache: a day written only there shows.
        _ = try await database.transaction { c in try c.execute("UPDATE streak_cache SET week_days = '2026-11-23,2026-11-24'", []) }
        #expect(try mine()?["days"] as? [String] == ["2026-11-23", "2026-11-24"])
        // A new proof drops the row: the page counts from the proofs again.
        #expect(try ProofTests.upload(running.port, token: aki, ProofTests.distinct(), query: "recordedAt=2026-11-23T08:00:00%2B09:00").status == 201)
        #expect(try mine()?["days"] as? [String] == ["2026-11-23"])
        // Next week the row is a week behind and is not used.
        clock.advance(7 * 86_400)
        token = try #require(try api.signIn("weekcache@example.com").string("accessToken"))
        let next = try mine()
        #expect(next?["week"] as? String == "2026-11-30" && next?["done"] as? Int == 0)
    }

    /// The standings reply, names with every kind of character, is byte for byte what the JSON encoder writes.
    @Test func standingsAreWrittenAsTheEncoderWritesThem() throws {
        let names = ["Mina", "O\"Brien \\ back/slash", "tab\tnew\nline\u{1}", "민지 🦥", ""]
        let members = names.enumerated().map { i, name in
            MemberStanding(id: UUID(), displayName: name, week: "2026-11-23", done: i, quota: 3,
                                       status: [.met, .onTrack, .atRisk, .missed, .met][i], days: Array(["2026-11-23", "2026-11-24"].prefix(i)),
                                       streak: i * 1_000_000 - 1)
        }
        let standings = Standings(group: UUID(), date: "2026-11-26", members: members, yarukiMono: [members[0].id],
                                              namakeMono: [])
        let encoded = try JSONCoding.encoder.encode(standings)
        #expect(String(decoding: try JSONBytes.encode(standings), as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
        let empty = Standings(group: UUID(), date: "2026-11-26", members: [], yarukiMono: [], namakeMono: [])
        #expect(try JSONBytes.encode(empty) == Array(try JSONCoding.encoder.encode(empty)))
    }
}
