import Foundation
import YarukiAPI
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// `yaruki demo`: what `make run` shows must be there, in every state, and seeding twice changes nothing.
@Suite(.serialized) struct DemoTests {
    @Test func theDemoGroupShowsEveryKindOfWeek() async throws {
        // A Thursday in Tokyo and Seoul; still Wednesday evening in Los Angeles.
        let clock = TestClock(try Date("2026-11-26T12:00:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(.sqlite, clock: clock)
        let data = running.app.settings.dataDirectory
        try await DemoSeed.run(running.app.database, now: clock.now, dataDirectory: data)
        let api = API(running)
        let token = try #require(try api.signIn("mina@yaruki.example", password: "yaruki-demo-mina").string("accessToken"))
        let groups = try #require(try api.call("GET", "/v1/groups", token: token).json()["items"] as? [[String: Any]])
        #expect(groups.count == 1 && (groups.first?["members"] as? [Any])?.count == 6)
        let id = try #require(groups.first?["id"] as? String)
        let standings = try api.call("GET", "/v1/groups/\(id)/standings", token: token).json()
        let members = try #require(standings["members"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: members.map { ($0["displayName"] as! String, $0) })
        #expect(byName["Ren"]?["status"] as? String == "met" && byName["Ren"]?["streak"] as? Int == 1)
        #expect(byName["Mina"]?["status"] as? String == "onTrack" && byName["Mina"]?["done"] as? Int == 2 && byName["Mina"]?["streak"] as? Int == 5)
        #expect(byName["Coach Aki"]?["status"] as? String == "onTrack" && byName["Coach Aki"]?["streak"] as? Int == 8)
        #expect(byName["Sora"]?["status"] as? String == "missed")
        // Jiwoo rests this week on a break for illness; Aino joined today, Thursday in Helsinki: a first week owing 1 of 3.
        #expect(byName["Jiwoo"]?["status"] as? String == "resting" && byName["Jiwoo"]?["pausedUntil"] as? String == "2026-11-29")
        #expect(byName["Aino"]?["quota"] as? Int == 1 && byName["Aino"]?["status"] as? String == "onTrack")
        #expect((standings["namakeMono"] as? [String])?.count == 1 && (standings["yarukiMono"] as? [String])?.count == 1)
        // The month's challenge runs: November's proofs of everyone but Sora, who did not join.
        let challenge = try #require((try api.call("GET", "/v1/groups/\(id)/challenges", token: token).json()["items"] as? [[String: Any]])?.first)
        let shares = challenge["members"] as? [[String: Any]] ?? []
        #expect(challenge["month"] as? String == "2026-11" && challenge["goal"] as? Int == AccountabilityDemo.challengeGoal && challenge["joined"] as? Bool == true)
        #expect(shares.count == 4 && !shares.contains { $0["displayName"] as? String == "Sora" })
        #expect(challenge["total"] as? Int == shares.reduce(0) { $0 + ($1["amount"] as? Int ?? 0) } && (challenge["total"] as? Int ?? 0) > 10, "\(challenge)")
        // Past weeks are there to browse: three weeks ago Jiwoo had met a quota of five.
        let past = try api.call("GET", "/v1/groups/\(id)/standings?date=2026-11-04", token: token).json()
        let jiwoo = (past["members"] as? [[String: Any]])?.first { $0["displayName"] as? String == "Jiwoo" }
        #expect(jiwoo?["status"] as? String == "met" && jiwoo?["done"] as? Int == 5)

        // The demo videos are real: they play, with a thumbnail and a duration.
        let proofs = try #require(try api.call("GET", "/v1/proofs?from=2026-11-01&to=2026-11-30", token: token).json()["items"] as? [[String: Any]])
        #expect(proofs.count >= 6)
        let video = try request(running.port, "GET", try #require(proofs.first?["videoURL"] as? String))
        #expect(video.status == 200 && video.body.count > 1000)
        #expect(proofs.first?["thumbnailURL"] is String && (proofs.first?["durationMs"] as? Int ?? 0) > 2000)

        // The community: posts on every board, photos on the done ones, feedback in comments, a saved routine.
        let feed = try #require(try api.call("GET", "/v1/posts?limit=50", token: token).json()["items"] as? [[String: Any]])
        #expect(feed.count == CommunityDemo.posts.count)
        #expect(Set(feed.compactMap { $0["board"] as? String }) == ["done", "feedback", "talk"])
        #expect(feed.filter { $0["board"] as? String == "done" }.allSatisfy { ($0["photos"] as? [Any])?.isEmpty == false })
        let photoURL = try #require(((feed.first { $0["board"] as? String == "done" }?["photos"] as? [[String: Any]])?.first?["url"]) as? String)
        #expect(try request(running.port, "GET", photoURL).status == 200)
        #expect(feed.contains { ($0["commentCount"] as? Int ?? 0) > 0 && ($0["likeCount"] as? Int ?? 0) > 0 })
        let mine = try #require(try api.call("GET", "/v1/routines/mine", token: token).json()["items"] as? [[String: Any]])
        #expect(mine.contains { $0["savedByMe"] as? Bool == true } && mine.contains { $0["mine"] as? Bool == true })
        #expect((try api.call("GET", "/v1/notifications", token: token).json()["unread"] as? Int ?? 0) > 0)

        // The sales board: the sale began yesterday in Tokyo, so its wall already has a day and a half of sales.
        let wall = try #require(try await SalesSimulator.demoWallLink(running.app.database))
        let board = try #require(wall.components(separatedBy: "/wall/").last?.components(separatedBy: "?token=").first)
        let wallToken = try #require(wall.components(separatedBy: "token=").last)
        let sales = try api.call("GET", "/v1/signage/boards/\(board)?token=\(wallToken)").json()
        #expect((sales["sales"] as? Int ?? 0) > 1_000 && (sales["total"] as? Int ?? 0) > 5_000_000)
        #expect((sales["channels"] as? [[String: Any]])?.count == 4)
        let salesCount = { try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM sales_events")?.int("n") ?? 0 } }
        let salesBefore = try await salesCount()

        // Seeding again adds nothing.
        let count = { try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM proofs")?.int("n") ?? 0 } }
        let before = try await count()
        try await DemoSeed.run(running.app.database, now: clock.now, dataDirectory: data)
        #expect(try await count() == before)
        let groupCount = try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM training_groups")?.int("n") }
        #expect(groupCount == 1)
        let postCount = try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM posts")?.int("n") }
        #expect(postCount == CommunityDemo.posts.count)
        #expect(try await salesCount() == salesBefore)
        // A week on, the sale is over: seeding moves it to run from yesterday again, with its sales.
        clock.advance(7 * 86_400)
        try await DemoSeed.run(running.app.database, now: clock.now, dataDirectory: data)
        let moved = try api.call("GET", "/v1/signage/boards/\(board)?token=\(wallToken)").json()
        let window = try #require(moved["board"] as? [String: Any])
        let starts = try #require((window["startsAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        #expect(starts < clock.now && starts > clock.now.addingTimeInterval(-2 * 86_400), "from yesterday, on the test's own clock")
        #expect((moved["sales"] as? Int ?? 0) > 1_000)
    }

    /// Aino's month in Helsinki: every day has records; yesterday replays along the streets.
    @Test func theDemoLifelogReplaysAlongHelsinkiStreets() async throws {
        let clock = TestClock(try Date("2026-11-26T12:00:00+02:00", strategy: .iso8601))
        let running = try await RunningApp(.sqlite, clock: clock)
        try await DemoSeed.run(running.app.database, now: clock.now, dataDirectory: nil)
        let api = API(running)
        let token = try #require(try api.signIn(LifelogDemo.person.email, password: LifelogDemo.person.password).string("accessToken"))
        // Aino trains too (her workouts come once the lifelog made her), and the demo has an operator.
        let workouts = try api.call("GET", "/v1/workouts?from=2026-10-27&to=2026-11-26", token: token).json()["items"] as? [[String: Any]]
        #expect((workouts?.count ?? 0) >= 10)
        let admin = try api.signIn(AccountsDemo.admin.email, password: AccountsDemo.admin.password)
        #expect(admin.status == 200)
        #expect((try admin.json()["user"] as? [String: Any])?["role"] as? String == "admin")
        let month = try api.call("GET", "/v1/lifelog/timeline?range=month&date=2026-11-26", token: token).json()
        let items = try #require(month["items"] as? [[String: Any]])
        let days = Set(items.compactMap { ($0["at"] as? String)?.prefix(10) })
        #expect(days.count == 26, "every day of November up to today: \(days.count)")
        #expect(items.allSatisfy { ($0["at"] as? String)?.hasSuffix("+02:00") == true }, "in Helsinki's winter time")
        let today = try #require(try api.call("GET", "/v1/lifelog/timeline?range=day&date=2026-11-26", token: token).json()["items"] as? [[String: Any]])
        #expect(today.allSatisfy { ($0["at"] as? String ?? "") <= "2026-11-26T12:00:00+02:00" }, "nothing after now")
        let plan = try api.call("GET", "/v1/lifelog/playback?range=day&date=2026-11-25", token: token).json()
        let stops = try #require(plan["stops"] as? [[String: Any]])
        let legs = try #require(plan["legs"] as? [[String: Any]])
        #expect(stops.count >= 6 && legs.count == stops.count - 1)
        #expect(legs.allSatisfy { $0["followsRoads"] as? Bool == true },
                "every place is on the demo map; straight: \(legs.filter { $0["followsRoads"] as? Bool != true }.map { $0["index"] ?? "" })")
        #expect(stops.contains { $0["hasMemo"] as? Bool == true })
        // Seeding again adds nothing.
        let count = { try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM lifelog_records")?.int("n") ?? 0 } }
        let before = try await count()
        try await DemoSeed.run(running.app.database, now: clock.now, dataDirectory: nil)
        #expect(try await count() == before && before > 100)
    }
}
