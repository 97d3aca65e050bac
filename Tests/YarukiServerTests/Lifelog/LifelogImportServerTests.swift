import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// Imports of location history over HTTP: the upload read for a preview with nothing landed, the
/// landing (visits as check-ins in the right local day, paths and fixes as the track), a second
/// import of the same file adding nothing, an undo taking away exactly what its import added, a
/// broken file naming its line, and someone else's import answering 404.
@Suite(.serialized) struct LifelogImportServerTests {
    static func upload(_ port: Int, token: String, _ text: String, name: String) throws -> RawClient.Reply {
        try CommunityTests.upload(port, token: token, Data(text.utf8), path: "/v1/lifelog/imports?name=\(name)")
    }

    /// A month of Semantic Location History in Tokyo: a visit from 23:30 to 01:10 the next day, then
    /// one at Tokyo Station, a walk of 300 recorded points from there (zigzagging, so no simplification can straighten it), and a visit with an address alone.
    static let semantic: String = {
        let raw = (0..<300).map { i in
            "{\"latE7\": \(356812362 + i * 300), \"lngE7\": \(1397671248 - i * 200 + (i % 20 < 10 ? 0 : 20_000)), \"timestamp\": \"2024-01-06T00:\(String(format: "%02d", i / 10)):\(String(format: "%02d", (i % 10) * 6))Z\"}"
        }.joined(separator: ",")
        return """
            {"timelineObjects": [
              {"placeVisit": {"location": {"latitudeE7": 356580000, "longitudeE7": 1397016000, "name": "Shibuya Sky", "address": "2-24-12 Shibuya"},
                "duration": {"startTimestamp": "2024-01-05T14:30:00Z", "endTimestamp": "2024-01-05T16:10:00Z"}}},
              {"placeVisit": {"location": {"latitudeE7": 356812362, "longitudeE7": 1397671248, "name": "Tokyo Station"},
                "duration": {"startTimestamp": "2024-01-05T23:00:00Z", "endTimestamp": "2024-01-06T00:00:00Z"}}},
              {"activitySegment": {"startLocation": {"latitudeE7": 356812362, "longitudeE7": 1397671248},
                "endLocation": {"latitudeE7": 356902000, "longitudeE7": 1397071000},
                "duration": {"startTimestamp": "2024-01-06T00:00:00Z", "endTimestamp": "2024-01-06T00:30:00Z"}, "activityType": "WALKING",
                "simplifiedRawPath": {"points": [\(raw)]}}},
              {"placeVisit": {"location": {"latitudeE7": 356902000, "longitudeE7": 1397071000, "address": "Shinjuku Gyoen"},
                "duration": {"startTimestamp": "2024-01-06T00:30:00Z", "endTimestamp": "2024-01-06T02:00:00Z"}}}
            ]}
            """
    }()

    @Test(arguments: Engine.allCases)
    func anImportIsPreviewedLandedOnceAndUndoneExactly(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, _) = try api.signUp("yui-import@example.com", extra: ["timeZone": "Asia/Tokyo"])
        let stranger = try api.signUp("stranger-import@example.com").access
        func info(_ id: String) throws -> [String: Any] { try api.call("GET", "/v1/lifelog/imports/\(id)", token: token).json() }
        func settled(_ id: String, _ state: String) async throws -> [String: Any] {
            #expect(await eventuallyAsync(timeout: 60) { (try? info(id))?["state"] as? String == state }, "\(id) never got to \(state): \((try? info(id)) ?? [:])")
            return try info(id)
        }
        let events = try await HealthTests.events(running.port, token: token)

        // Read for a preview: nothing lands.
        let started = try Self.upload(running.port, token: token, Self.semantic, name: "2024_JANUARY.json")
        #expect(started.status == 202 && started.string("state") == "reading", "\(started.text)")
        let id = try #require(started.string("id"))
        let ready = try await settled(id, "ready")
        _ = try await events.waitFor("event: lifelog-import")
        let preview = try #require(ready["preview"] as? [String: Any])
        #expect(preview["format"] as? String == "takeoutSemantic" && preview["visits"] as? Int == 3 && preview["paths"] as? Int == 1)
        #expect(preview["pathPoints"] as? Int == 301 && preview["firstDay"] as? String == "2024-01-05" && preview["lastDay"] as? String == "2024-01-06")
        let days = preview["days"] as? [[String: Any]] ?? []
        #expect(days.map { $0["date"] as? String } == ["2024-01-05", "2024-01-06"] && days.map { $0["visits"] as? Int } == [1, 2], "\(days)")
        #expect((preview["outline"] as? [[Double]])?.count == 304)
        #expect(ready["bytesRead"] as? Int == ready["bytesTotal"] as? Int)
        func timeline(_ date: String) throws -> [[String: Any]] {
            (try api.call("GET", "/v1/lifelog/timeline?range=day&date=\(date)", token: token).json()["items"] as? [[String: Any]] ?? [])
                .compactMap { $0["record"] as? [String: Any] }
        }
        #expect(try timeline("2024-01-05").isEmpty && timeline("2024-01-06").isEmpty, "a preview lands nothing")
        #expect(try api.call("GET", "/v1/lifelog/imports/\(id)", token: stranger).status == 404)
        #expect(try api.call("POST", "/v1/lifelog/imports/\(id)/land", token: stranger).status == 404)

        // Landed: the visits are check-ins on the Tokyo days they began (23:30 is still the 5th), the walk is the track.
        #expect(try api.call("POST", "/v1/lifelog/imports/\(id)/land", token: token).status == 202)
        let done = try await settled(id, "done")
        #expect(done["addedVisits"] as? Int == 3 && done["addedPoints"] as? Int == 301, "\(done)")
        #expect(try api.call("POST", "/v1/lifelog/imports/\(id)/land", token: token).status == 409)
        let late = try #require(try timeline("2024-01-05").first)
        #expect(late["kind"] as? String == "checkin" && late["place"] as? String == "Shibuya Sky" && late["source"] as? String == "import")
        #expect(late["occurredAt"] as? String == "2024-01-05T23:30:00+09:00", "\(late)")
        #expect(try timeline("2024-01-06").compactMap { $0["place"] as? String } == ["Tokyo Station", "Shinjuku Gyoen"], "an address stands in for a missing name")
        // Playback follows the walk as it was recorded, not a guessed route.
        let replay = try api.call("GET", "/v1/lifelog/playback?range=day&date=2024-01-06", token: token).json()
        let walk = try #require((replay["legs"] as? [[String: Any]])?.first, "\(replay)")
        #expect(walk["estimated"] as? Bool == false && ((walk["distances"] as? [Double])?.count ?? 0) > 50, "\(walk)")
        let user = try #require(try api.call("GET", "/v1/me", token: token).string("id")).lowercased()
        let track = try await running.app.database.read { c in
            try LifelogImportStore.track(user: UUID(uuidString: user)!, from: .distantPast, to: .distantFuture, limit: 10_000, c)
        }
        #expect(track.count == 301 && track.allSatisfy { $0.path && $0.utcOffset == 9 * 3600 } && track.first?.at == Date(timeIntervalSince1970: 1_704_499_200))

        // GPX of the two days: the check-ins as waypoints and the walk as the track, read back the same.
        let gpx = try request(running.port, "GET", "/v1/lifelog/gpx?from=2024-01-05&to=2024-01-06", headers: ["Authorization": "Bearer \(token)"])
        #expect(gpx.status == 200 && gpx.headers["content-type"]?.hasPrefix("application/gpx+xml") == true, "\(gpx.status)")
        var back: [LifelogImport.Item] = []
        var given: [UInt8]? = Array(gpx.text.utf8)
        try LifelogImport.read(.gpx, { defer { given = nil }; return given }) { back.append($0) }
        let waypoints = back.compactMap { if case let .visit(v) = $0 { v } else { nil } }
        #expect(waypoints.map(\.name) == ["Shibuya Sky", "Tokyo Station", "Shinjuku Gyoen"] && waypoints[1].start == Date(timeIntervalSince1970: 1_704_495_600))
        let walked = back.flatMap { item -> [LifelogImport.Point] in if case let .path(p) = item { p } else { [] } }
        #expect(walked.map(\.at) == track.map(\.at) && walked.map(\.position) == track.map(\.position), "\(walked.count) points back")
        let wide = try request(running.port, "GET", "/v1/lifelog/gpx?from=2024-01-06&to=2024-01-05", headers: ["Authorization": "Bearer \(token)"])
        #expect(wide.status == 422)
        let export = try exportedFiles(port: running.port, token: token)
        let exported = try #require(export["yaruki-export/lifelog/lifelog.gpx"], "\(export.keys.sorted())")
        #expect(exported.components(separatedBy: "<trkpt").count == 302 && exported.components(separatedBy: "<wpt").count == 4)
        #expect(export["yaruki-export/lifelog/imports.json"]?.contains("2024_JANUARY.json") == true)

        // The same file again: a preview like the first, and landing adds nothing.
        let again = try #require(try Self.upload(running.port, token: token, Self.semantic, name: "2024_JANUARY.json").string("id"))
        _ = try await settled(again, "ready")
        #expect(try api.call("POST", "/v1/lifelog/imports/\(again)/land", token: token).status == 202)
        let second = try await settled(again, "done")
        #expect(second["addedVisits"] as? Int == 0 && second["addedPoints"] as? Int == 0, "\(second)")
        // Undoing the second takes nothing of the first's; undoing the first takes all of it, as deletions devices hear of.
        #expect(try api.call("POST", "/v1/lifelog/imports/\(again)/undo", token: token).status == 202)
        _ = try await settled(again, "undone")
        #expect(try timeline("2024-01-05").count == 1)
        #expect(try api.call("DELETE", "/v1/lifelog/imports/\(id)", token: token).status == 409, "landed: undo it first")
        // A device that has synced the two check-ins hears of their deletion.
        let synced = try api.call("GET", "/v1/sync/lifelog/changes", token: token).json()
        #expect((synced["changes"] as? [[String: Any]])?.count == 3)
        let since = try #require(synced["token"] as? String)
        #expect(try api.call("POST", "/v1/lifelog/imports/\(id)/undo", token: token).status == 202)
        _ = try await settled(id, "undone")
        #expect(try timeline("2024-01-05").isEmpty && timeline("2024-01-06").isEmpty)
        let left = try await running.app.database.read { c in
            try LifelogImportStore.track(user: UUID(uuidString: user)!, from: .distantPast, to: .distantFuture, limit: 10, c)
        }
        #expect(left.isEmpty)
        let changes = try api.call("GET", "/v1/sync/lifelog/changes?since=\(since)", token: token).json()["changes"] as? [[String: Any]] ?? []
        #expect(changes.count == 3 && changes.allSatisfy { $0["deleted"] as? Bool == true }, "devices hear of every deletion: \(changes)")
        #expect(try api.call("DELETE", "/v1/lifelog/imports/\(id)", token: token).status == 204)
        #expect(try api.call("GET", "/v1/lifelog/imports/\(id)", token: token).status == 404)

        // A broken file: failed, naming its line, nothing landed; a file of no known kind says so.
        let broken = try #require(try Self.upload(running.port, token: token, "{\"timelineObjects\": [\n{\"placeVisit\": {\"location\": {\"latitudeE7\": 1,,}}}]}",
                                                  name: "2024_FEBRUARY.json").string("id"))
        let failed = try await settled(broken, "failed")
        #expect((failed["message"] as? String)?.contains("Line 2") == true, "\(failed)")
        let unknown = try #require(try Self.upload(running.port, token: token, "Dear diary", name: "notes.txt").string("id"))
        #expect((try await settled(unknown, "failed")["message"] as? String)?.contains("none of the files Yaruki reads") == true)
        // A preview never landed can be discarded.
        let discarded = try #require(try Self.upload(running.port, token: token, Self.semantic, name: "2024_JANUARY.json").string("id"))
        _ = try await settled(discarded, "ready")
        #expect(try api.call("DELETE", "/v1/lifelog/imports/\(discarded)", token: token).status == 204)
        let listed = try api.call("GET", "/v1/lifelog/imports", token: token).json()["items"] as? [[String: Any]] ?? []
        #expect(listed.compactMap { $0["state"] as? String }.sorted() == ["failed", "failed", "undone"], "\(listed)")
    }

    @Test func everyFormatLandsItsVisitsAndTrack() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let token = try api.signUp("kai-import@example.com", extra: ["timeZone": "Europe/Helsinki"]).access
        let files: [(String, String, Int, Int)] = [
            ("Records.json", """
             {"locations": [{"latitudeE7": 601699000, "longitudeE7": 249384000, "timestamp": "2024-03-01T08:00:00Z", "accuracy": 10},
                            {"latitudeE7": 601700000, "longitudeE7": 249385000, "timestampMs": "1709280060000"}]}
             """, 0, 2),
            ("Timeline.json", """
             {"semanticSegments": [{"startTime": "2024-03-02T09:00:00.000+02:00", "endTime": "2024-03-02T10:00:00.000+02:00",
               "visit": {"topCandidate": {"placeLocation": {"latLng": "60.1699°, 24.9384°"}, "semanticType": "WORK"}}},
              {"startTime": "2024-03-02T10:00:00.000+02:00", "endTime": "2024-03-02T10:20:00.000+02:00",
               "timelinePath": [{"point": "60.17°, 24.94°", "time": "2024-03-02T10:00:00.000+02:00"}, {"point": "60.18°, 24.95°", "time": "2024-03-02T10:20:00.000+02:00"}]}]}
             """, 1, 2),
            ("2024-03.rec", """
             2024-03-03T08:00:00Z\t*\t{"_type":"location","lat":60.1699,"lon":24.9384,"tst":1709452800,"acc":8}
             2024-03-03T08:05:00Z\t*\t{"_type":"transition","event":"enter","desc":"Sauna","lat":60.16,"lon":24.93,"tst":1709453100}
             2024-03-03T09:35:00Z\t*\t{"_type":"transition","event":"leave","desc":"Sauna","lat":60.16,"lon":24.93,"tst":1709458500}
             """, 1, 1),
            ("run.gpx", """
             <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
             <wpt lat="60.1699" lon="24.9384"><time>2024-03-04T07:00:00Z</time><name>Start</name></wpt>
             <trk><trkseg><trkpt lat="60.17" lon="24.94"><time>2024-03-04T07:00:00Z</time></trkpt>
             <trkpt lat="60.171" lon="24.941"><time>2024-03-04T07:01:00Z</time></trkpt><trkpt lat="60.172" lon="24.942"><time>2024-03-04T07:02:00Z</time></trkpt>
             </trkseg></trk></gpx>
             """, 1, 3),
        ]
        var landed: [String: String] = [:]
        // Each file twice: the second adds nothing.
        for (name, text, visits, points) in files {
            for round in 0..<2 {
                let id = try #require(try Self.upload(running.port, token: token, text, name: name).string("id"))
                func state() throws -> [String: Any] { try api.call("GET", "/v1/lifelog/imports/\(id)", token: token).json() }
                #expect(await eventuallyAsync(timeout: 20) { (try? state())?["state"] as? String == "ready" }, "\(name): \((try? state()) ?? [:])")
                #expect(try api.call("POST", "/v1/lifelog/imports/\(id)/land", token: token).status == 202)
                #expect(await eventuallyAsync(timeout: 20) { (try? state())?["state"] as? String == "done" })
                let done = try state()
                #expect(done["addedVisits"] as? Int == (round == 0 ? visits : 0) && done["addedPoints"] as? Int == (round == 0 ? points : 0),
                        "\(name), import \(round + 1): \(done)")
                if round == 0 { landed[name] = id }
            }
        }
        let me = try #require(try api.call("GET", "/v1/me", token: token).string("id"))
        let user = try #require(UUID(uuidString: me))
        func track() async throws -> Int {
            try await running.app.database.read { c in try LifelogImportStore.track(user: user, from: .distantPast, to: .distantFuture, limit: 100, c).count }
        }
        #expect(try await track() == 8)
        let work = try api.call("GET", "/v1/lifelog/timeline?range=day&date=2024-03-02", token: token).json()["items"] as? [[String: Any]] ?? []
        let checkin = try #require(work.compactMap { $0["record"] as? [String: Any] }.first)
        #expect(checkin["place"] as? String == "Work" && checkin["occurredAt"] as? String == "2024-03-02T09:00:00+02:00", "\(checkin)")
        let sauna = try api.call("GET", "/v1/lifelog/timeline?range=day&date=2024-03-03", token: token).json()["items"] as? [[String: Any]] ?? []
        #expect(sauna.compactMap { ($0["record"] as? [String: Any])?["place"] as? String } == ["Sauna"])
        // Undoing the OwnTracks import takes its check-in and its point, and nothing of the others.
        let owntracks = try #require(landed["2024-03.rec"])
        #expect(try api.call("POST", "/v1/lifelog/imports/\(owntracks)/undo", token: token).status == 202)
        #expect(await eventuallyAsync(timeout: 20) {
            (try? api.call("GET", "/v1/lifelog/imports/\(owntracks)", token: token).json()["state"] as? String) == "undone"
        })
        #expect(try await track() == 7)
        #expect((try api.call("GET", "/v1/lifelog/timeline?range=day&date=2024-03-03", token: token).json()["items"] as? [[String: Any]])?.isEmpty == true)
        #expect((try api.call("GET", "/v1/lifelog/timeline?range=day&date=2024-03-04", token: token).json()["items"] as? [[String: Any]])?.count == 1,
                "the GPX import's waypoint stays")
    }
}

/// `yaruki import lifelog` as an operator runs it.
@Suite struct LifelogImportCommandTests {
    @Test func theCommandImportsOnceSaysWhatLandedAndRefusesABrokenFile() throws {
        let dataDir = NSTemporaryDirectory() + "yaruki-cli-lifelog-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let binary = BinaryTests.binary
        #expect(try Command.run([binary, "user", "create", "--email", "aki@example.com", "--data-dir", dataDir]).status == 0)
        let file = NSTemporaryDirectory() + "yaruki-run-\(UUID().uuidString).gpx"
        defer { unlink(file) }
        let points = (0..<120).map { i in
            "<trkpt lat=\"\(60.17 + Double(i) * 0.0001)\" lon=\"24.94\"><time>2024-03-04T07:\(String(format: "%02d", i / 60)):\(String(format: "%02d", i % 60))Z</time></trkpt>"
        }.joined()
        let gpx = "<?xml version=\"1.0\"?><gpx version=\"1.1\"><wpt lat=\"60.17\" lon=\"24.94\"><time>2024-03-04T07:00:00Z</time><name>Start</name></wpt>"
            + "<trk><trkseg>\(points)</trkseg></trk></gpx>"
        #expect(FileManager.default.createFile(atPath: file, contents: Data(gpx.utf8)))
        let dry = try Command.run([binary, "import", "lifelog", file, "--user", "aki@example.com", "--dry-run", "--data-dir", dataDir])
        #expect(dry.status == 0 && dry.output.contains("found 1 visits and 120 points over 1 days from 2024-03-04 to 2024-03-04 (gpx, UTC)")
                && dry.output.contains("nothing imported"), "\(dry.output)")
        let run = try Command.run([binary, "import", "lifelog", file, "--user", "aki@example.com", "--data-dir", dataDir])
        #expect(run.status == 0 && run.output.contains("imported 1 check-ins and 120 track points"), "\(run.output)")
        let again = try Command.run([binary, "import", "lifelog", file, "--user", "aki@example.com", "--data-dir", dataDir])
        #expect(again.status == 0 && again.output.contains("imported 0 check-ins and 0 track points"), "\(again.output)")

        let broken = NSTemporaryDirectory() + "yaruki-broken-\(UUID().uuidString).gpx"
        defer { unlink(broken) }
        #expect(FileManager.default.createFile(atPath: broken, contents: Data("<gpx>\n<trk><trkseg><trkpt lat=\"x\" lon=\"24\"/></trkseg></trk></gpx>".utf8)))
        let child = try Command.spawn([binary, "import", "lifelog", broken, "--user", "aki@example.com", "--data-dir", dataDir], captureOutput: true, captureError: true)
        let message = child.readAllErrors()
        #expect(child.wait() == 1 && message.contains("Line 2") && message.contains("no valid lat and lon"), "\(message)")
    }
}
