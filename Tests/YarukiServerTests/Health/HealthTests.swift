import Foundation
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// Health over HTTP: apps' day reports (one figure per metric whatever the sources), ranges
/// filled with zeros, goals and their streak, imports from the browser with their progress on
/// the event stream, bad files that leave nothing behind, and privacy.
@Suite(.serialized) struct HealthTests {
    /// 2026-11-30 12:00 in Tokyo, where the test people live.
    static let noon = Date(timeIntervalSince1970: 1_796_007_600)

    static func upload(_ port: Int, token: String, _ data: Data, name: String = "export.zip") throws -> RawClient.Reply {
        try CommunityTests.upload(port, token: token, data, path: "/v1/health/imports?name=\(name)")
    }

    /// The person's event stream, open and ready.
    /// An export zip of `HealthImportTests.mixed` (22 records, one day); the caller removes it.
    static func mixedExport() throws -> String {
        let zip = HealthExportFile.temporary("zip")
        try HealthExportFile.zip(zip, [("apple_health_export/export.xml", Data(HealthImportTests.mixed.text.utf8))])
        return zip
    }

    static func events(_ port: Int, token: String) async throws -> RawClient {
        let client = try RawClient(port: port, timeout: 20)
        client.send("GET /v1/events?access_token=\(token) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        _ = try await client.waitFor("event: ready")
        return client
    }

    /// An import as it ended: read once its last event (the only one with `finishedAt`, sent after
    /// the row is final) has come over `events`.
    static func finished(_ events: RawClient, _ api: API, _ id: String, token: String) async throws -> [String: Any] {
        _ = try await events.waitFor("\"finishedAt\"")
        return try api.call("GET", "/v1/health/imports/\(id)", token: token).json()
    }

    @Test(arguments: Engine.allCases)
    func daysShowOneFigurePerMetricAndEveryDayOfTheRange(engine: Engine) async throws {
        let clock = TestClock(Self.noon)
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (token, _, _) = try api.signUp("hana@example.com")
        let watch = ["source": "Hana's Apple Watch", "steps": 8200, "distanceMeters": 6100.5, "activeEnergyKcal": 410.3, "standMinutes": 150,
                     "standHours": 11, "exerciseMinutes": 31] as [String: Any]
        var reply = try api.call("PUT", "/v1/health/days/2026-11-29", json: watch, token: token)
        #expect(reply.status == 200, "\(reply.text)")
        // The phone counted the same walks: the day shows the larger figure, not the sum.
        reply = try api.call("PUT", "/v1/health/days/2026-11-29", json: ["source": "Hana's iPhone", "steps": 7900, "distanceMeters": 6300], token: token)
        var day = try reply.json()
        #expect(day["steps"] as? Int == 8200)
        #expect(day["distanceMeters"] as? Double == 6300)
        #expect(day["activeEnergyKcal"] as? Double == 410.3)
        #expect(day["sources"] as? [String] == ["Hana's Apple Watch", "Hana's iPhone"])
        // The same source again replaces what it said before.
        day = try api.call("PUT", "/v1/health/days/2026-11-29", json: ["source": "Hana's iPhone", "steps": 9100], token: token).json()
        #expect(day["steps"] as? Int == 9100)
        #expect(day["distanceMeters"] as? Double == 6100.5)

        let range = try api.call("GET", "/v1/health/days?from=2026-11-27&to=2026-11-30", token: token).json()
        let days = try #require(range["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"])
        for empty in [days[0], days[1], days[3]] {
            for key in ["steps", "standMinutes", "standHours", "exerciseMinutes"] { #expect(empty[key] as? Int == 0) }
            #expect(empty["distanceMeters"] as? Double == 0)
            #expect(empty["activeEnergyKcal"] as? Double == 0)
            #expect(empty["sources"] as? [String] == [])
        }
        #expect(range["today"] as? String == "2026-11-30")
        #expect(range["firstDate"] as? String == "2026-11-29", "the first day counted, though the range starts earlier")
        // Left out, the range is the 30 days to today.
        #expect((try api.call("GET", "/v1/health/days", token: token).json()["days"] as? [Any])?.count == 30)

        // Someone else sees none of it.
        let (other, _, _) = try api.signUp("ken@example.com")
        let theirs = try api.call("GET", "/v1/health/days?from=2026-11-29&to=2026-11-29", token: other).json()
        #expect(theirs["firstDate"] == nil, "nothing counted yet: no first day")
        #expect(((theirs["days"] as? [[String: Any]])?.first?["steps"] as? Int) == 0)
    }

    @Test(arguments: Engine.allCases)
    func backfillsAndBadInputAreCheckedWhole(engine: Engine) async throws {
        let running = try await RunningApp(engine, clock: TestClock(Self.noon))
        let api = API(running)
        let (token, _, _) = try api.signUp("hana@example.com")
        let start = DayNumber.of("2024-03-08")!
        let thousand = (0..<1000).map { ["date": DayNumber.day(start + $0), "source": "Hana's Apple Watch", "steps": 1000 + $0] as [String: Any] }
        var reply = try api.call("POST", "/v1/health/days", json: ["days": thousand], token: token)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(try reply.json()["saved"] as? Int == 1000)
        let last = try api.call("GET", "/v1/health/days?from=2026-12-02&to=2026-12-02", token: token).json()
        #expect(((last["days"] as? [[String: Any]])?.first?["steps"] as? Int) == 1999)

        reply = try api.call("POST", "/v1/health/days", json: ["days": thousand + [thousand[0]]], token: token)
        #expect(reply.status == 400)
        // One bad item refuses the whole batch: nothing of it lands.
        let bad = [["date": "2020-01-01", "source": "Watch", "steps": 5], ["date": "2020-01-02", "source": "Watch", "steps": -1],
                   ["source": "Watch", "steps": 3]]
        reply = try api.call("POST", "/v1/health/days", json: ["days": bad], token: token)
        #expect(reply.status == 400)
        let fields = try ((reply.json()["errors"] as? [[String: Any]]) ?? []).compactMap { $0["field"] as? String }
        #expect(fields == ["days[1].steps", "days[2].date"])
        // Without a date, an item is valid alone but not in a backfill: 422.
        reply = try api.call("POST", "/v1/health/days", json: ["days": [["source": "Watch", "steps": 3]]], token: token)
        #expect(reply.status == 422)
        let january = try api.call("GET", "/v1/health/days?from=2020-01-01&to=2020-01-01", token: token).json()
        #expect(((january["days"] as? [[String: Any]])?.first?["steps"] as? Int) == 0)

        #expect(try api.call("PUT", "/v1/health/days/2026-02-30", json: ["source": "Watch"], token: token).status == 400)
        #expect(try api.call("PUT", "/v1/health/days/2026-11-30", json: ["source": " "], token: token).status == 400)
        #expect(try api.call("PUT", "/v1/health/days/2026-11-30", json: ["source": "Watch", "standHours": 25], token: token).status == 400)
        #expect(try api.call("PUT", "/v1/health/days/2026-11-30", json: ["source": "Watch", "date": "2026-11-29"], token: token).status == 422)
        #expect(try api.call("GET", "/v1/health/days?from=2026-11-30&to=2026-11-01", token: token).status == 422)
        #expect(try api.call("GET", "/v1/health/days?from=2024-01-01&to=2026-11-01", token: token).status == 422)
        #expect(try api.call("GET", "/v1/health/days?from=yesterday", token: token).status == 400)
        #expect(try api.call("GET", "/v1/health/days").status == 401)
    }

    /// A streak longer than a month, then than a year, is read in windows of the days met (their
    /// numbers only, picked by the store): each day met by its best source, a ring closed at half
    /// below its goal.
    @Test(arguments: Engine.allCases)
    func aStreakOfMoreThanAYearIsCountedWhole(engine: Engine) async throws {
        let running = try await RunningApp(engine, clock: TestClock(Self.noon))
        let api = API(running)
        let (token, _, _) = try api.signUp("kai@example.com")
        #expect(try api.call("PUT", "/v1/me/health-goals", json: ["steps": 5000, "activeEnergyKcal": 300, "standHours": 10], token: token).status == 200)
        // 400 days met up to today (the 30th): the watch short of steps, the phone short of the
        // rest, so each day is met only by the best of the two. The first of them closes its Move
        // ring at 299.5 kcal; the day before, at 299.4, does not.
        let today = try #require(DayNumber.of("2026-11-30"))
        var reports: [[String: Any]] = []
        for day in (today - 400)...today {
            let energy = day == today - 400 ? 299.4 : day == today - 399 ? 299.5 : 350.0
            reports.append(["date": DayNumber.day(day), "source": "Watch", "steps": 4000, "activeEnergyKcal": energy, "standHours": 10])
            reports.append(["date": DayNumber.day(day), "source": "Phone", "steps": 6000, "activeEnergyKcal": 100.0, "standHours": 3])
        }
        for start in stride(from: 0, to: reports.count, by: 1000) {
            let batch = Array(reports[start..<min(start + 1000, reports.count)])
            #expect(try api.call("POST", "/v1/health/days", json: ["days": batch], token: token).status == 200)
        }
        for (from, to) in [("2026-11-01", "2026-11-30"), ("2026-11-30", "2026-11-30"), ("2025-10-01", "2025-10-31")] {
            #expect(try api.call("GET", "/v1/health/days?from=\(from)&to=\(to)", token: token).json()["streak"] as? Int == 400, "\(from)…\(to)")
        }
        // Today not met after all: the streak ends yesterday.
        #expect(try api.call("PUT", "/v1/health/days/2026-11-30", json: ["source": "Watch", "steps": 4000, "activeEnergyKcal": 350.0, "standHours": 9],
                             token: token).status == 200)
        #expect(try api.call("GET", "/v1/health/days?from=2026-11-01&to=2026-11-30", token: token).json()["streak"] as? Int == 399)
    }

    @Test(arguments: Engine.allCases)
    func goalsGiveProgressAndTheStreakOfDaysMet(engine: Engine) async throws {
        let running = try await RunningApp(engine, clock: TestClock(Self.noon))
        let api = API(running)
        let (token, _, _) = try api.signUp("hana@example.com")
        var goals = try api.call("GET", "/v1/me/health-goals", token: token).json()
        #expect(goals["steps"] as? Int == 8000)
        #expect(goals["standHours"] as? Int == 12)
        goals = try api.call("PUT", "/v1/me/health-goals", json: ["steps": 5000, "activeEnergyKcal": 300, "standHours": 10], token: token).json()
        #expect(goals["steps"] as? Int == 5000)
        #expect(try api.call("PUT", "/v1/me/health-goals", json: ["steps": 5000, "activeEnergyKcal": 300, "standHours": 25], token: token).status == 400)
        #expect(try api.call("PUT", "/v1/me/health-goals", json: ["steps": 0, "activeEnergyKcal": 300, "standHours": 10], token: token).status == 400)

        // Met on the 25th, then the 27th to the 29th; today (the 30th) is not met yet.
        let met = ["source": "Watch", "steps": 6000, "activeEnergyKcal": 350, "standHours": 10] as [String: Any]
        let short = ["source": "Watch", "steps": 6000, "activeEnergyKcal": 350, "standHours": 9] as [String: Any]
        for (date, body) in [("2026-11-25", met), ("2026-11-26", short), ("2026-11-27", met), ("2026-11-28", met), ("2026-11-29", met), ("2026-11-30", short)] {
            #expect(try api.call("PUT", "/v1/health/days/\(date)", json: body, token: token).status == 200)
        }
        var range = try api.call("GET", "/v1/health/days?from=2026-11-29&to=2026-11-30", token: token).json()
        #expect(range["streak"] as? Int == 3)
        let days = try #require(range["days"] as? [[String: Any]])
        #expect(days[0]["met"] as? Bool == true)
        #expect(days[1]["met"] as? Bool == false)
        let progress = try #require(days[1]["progress"] as? [String: Any])
        #expect(progress["steps"] as? Double == 1.2)
        #expect(progress["standHours"] as? Double == 0.9)
        #expect((range["goals"] as? [String: Any])?["activeEnergyKcal"] as? Int == 300)
        // Closing today's rings makes it four.
        #expect(try api.call("PUT", "/v1/health/days/2026-11-30", json: met, token: token).status == 200)
        range = try api.call("GET", "/v1/health/days?from=2026-11-30&to=2026-11-30", token: token).json()
        #expect(range["streak"] as? Int == 4)
        // From the days the page reads, when the chain breaks inside them; else read further.
        #expect(try api.call("GET", "/v1/health/days?from=2026-11-20&to=2026-11-30", token: token).json()["streak"] as? Int == 4)
        #expect(try api.call("GET", "/v1/health/days?from=2026-11-28&to=2026-11-30", token: token).json()["streak"] as? Int == 4)
        // A page that ends before today (read with the days up to today when they are near): its
        // own days alone, the streak still today's.
        for (from, to, count) in [("2026-11-20", "2026-11-27", 8), ("2026-10-01", "2026-10-31", 31), ("2026-09-01", "2026-09-30", 30)] {
            let page = try api.call("GET", "/v1/health/days?from=\(from)&to=\(to)", token: token).json()
            let days = try #require(page["days"] as? [[String: Any]])
            #expect(page["streak"] as? Int == 4 && days.count == count && days.last?["date"] as? String == to, "\(from)…\(to)")
        }
    }

    @Test(arguments: Engine.allCases)
    func anImportFromTheBrowserReportsProgressAndLandsWhole(engine: Engine) async throws {
        let clock = TestClock(Self.noon)
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (token, _, _) = try api.signUp("hana@example.com")
        let client = try await Self.events(running.port, token: token)

        let zip = try Self.mixedExport()
        defer { unlink(zip) }
        // Read (and, on SQLite, kept) before the import: the import must show in the next read.
        let before = try api.call("GET", "/v1/health/days?from=2026-11-20&to=2026-11-20", token: token).json()
        #expect(((before["days"] as? [[String: Any]])?.first?["steps"] as? Int) == 0)
        let reply = try Self.upload(running.port, token: token, try Data(contentsOf: URL(fileURLWithPath: zip)))
        #expect(reply.status == 202, "\(reply.text)")
        let started = try reply.json()
        #expect(started["state"] as? String == "running")
        let id = try #require(started["id"] as? String)
        let event = try await client.waitFor("\"state\":\"done\"")
        #expect(event.contains("event: health-import"))
        let done = try api.call("GET", "/v1/health/imports/\(id)", token: token).json()
        #expect(done["days"] as? Int == 1)
        #expect(done["records"] as? Int == 22)
        #expect(done["firstDate"] as? String == "2026-11-20")
        #expect(done["bytesRead"] as? Int == done["bytesTotal"] as? Int)
        let day = try api.call("GET", "/v1/health/days?from=2026-11-20&to=2026-11-20", token: token).json()
        let shown = try #require((day["days"] as? [[String: Any]])?.first)
        #expect(shown["steps"] as? Int == 950)
        #expect(shown["distanceMeters"] as? Double == 2004.7)
        #expect(shown["sources"] as? [String] == ["Taro’s Apple Watch", "Taro’s iPhone", "Gym & Run"])

        // The same export again changes nothing.
        clock.advance(60)
        let again = try #require(try Self.upload(running.port, token: token, try Data(contentsOf: URL(fileURLWithPath: zip))).json()["id"] as? String)
        #expect(try await Self.finished(client, api, again, token: token)["state"] as? String == "done")
        #expect(try api.call("GET", "/v1/health/days?from=2026-11-20&to=2026-11-20", token: token).json()["days"] as? NSArray
                == day["days"] as? NSArray)
        let list = try api.call("GET", "/v1/health/imports", token: token).json()
        #expect((list["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [again, id])

        // Nobody else can see it.
        let (other, _, _) = try api.signUp("ken@example.com")
        #expect(try api.call("GET", "/v1/health/imports/\(id)", token: other).status == 404)
    }

    @Test(arguments: Engine.allCases)
    func aBrokenFileFailsWithItsReasonAndLeavesNoDays(engine: Engine) async throws {
        let running = try await RunningApp(engine, clock: TestClock(Self.noon))
        let api = API(running)
        let (token, _, _) = try api.signUp("hana@example.com")
        let events = try await Self.events(running.port, token: token)
        let text = HealthImportTests.mixed.text
        let zip = HealthExportFile.temporary("zip")
        defer { unlink(zip) }
        try HealthExportFile.zip(zip, [])
        let cases: [(Data, String)] = [
            (Data(text.utf8.prefix(text.utf8.count - 40)), "ends early, at byte"),
            (Data("PK but not really a zip, and not XML either".utf8), "not XML"),
            (try Data(contentsOf: URL(fileURLWithPath: zip)), "The zip is empty"),
        ]
        for (bytes, reason) in cases {
            let reply = try Self.upload(running.port, token: token, bytes, name: "export.xml")
            let id = try #require(try reply.json()["id"] as? String, "\(reply.text)")
            let done = try await Self.finished(events, api, id, token: token)
            #expect(done["state"] as? String == "failed")
            #expect((done["message"] as? String)?.contains(reason) == true, "\(done)")
        }
        let count = try await running.app.context.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM health_days")?.int("n") }
        #expect(count == 0)
        #expect(try Self.upload(running.port, token: token, Data()).status == 415)
    }
}
