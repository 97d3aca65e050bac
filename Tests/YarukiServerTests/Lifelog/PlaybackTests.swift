import Foundation
import YarukiAPI
import Testing
import YarukiCore
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// The playback plan over HTTP on the Helsinki extract, its route cache, its pages of legs, and
/// the OSRM client against a local server that speaks OSRM's route protocol.
@Suite(.serialized) struct PlaybackTests {
    static let clock = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30T00:53Z

    static func put(_ api: API, _ token: String, _ minutes: Int, _ lat: Double, _ lon: Double, text: String = "", kind: String = "memo") throws {
        var body: [String: Any] = ["kind": kind, "occurredAt": String(format: "2026-11-28T%02d:%02d:00+02:00", 8 + minutes / 60, minutes % 60),
                                   "position": ["latitude": lat, "longitude": lon]]
        if kind == "checkin" { body["place"] = text } else { body["text"] = text.isEmpty ? "here" : text }
        let reply = try api.call("PUT", "/v1/lifelog/records/\(UUID().uuidString)", json: body, token: token)
        #expect(reply.status == 201, "\(reply.text)")
    }

    static func plan(_ api: API, _ token: String, _ query: String = "range=day&date=2026-11-28") throws -> [String: Any] {
        let reply = try api.call("GET", "/v1/lifelog/playback?\(query)", token: token)
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.json()
    }

    static func cacheRows(_ running: RunningApp) async throws -> Int {
        try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM route_cache")?.int("n") ?? 0 }
    }

    @Test(arguments: Engine.allCases) func aHelsinkiDayReplaysAlongTheStreets(_ engine: Engine) async throws {
        let running = try await RunningApp(engine, clock: TestClock(Self.clock))
        let api = API(running)
        let (mina, _, _) = try api.signUp("walk@example.com", extra: ["timeZone": "Europe/Helsinki"])
        try Self.put(api, mina, 0, 60.1712, 24.9413, text: "Train in")
        try Self.put(api, mina, 3, 60.17135, 24.9414, text: "Coffee at the station")  // 17 m away: the same stop
        try Self.put(api, mina, 30, 60.1676, 24.9520, text: "Market Square", kind: "checkin")
        try Self.put(api, mina, 90, 60.1686, 24.9440, text: "Lunch")
        try Self.put(api, mina, 240, 35.6586, 139.7454, text: "(a wrong fix: Tokyo)")
        // A record with no place is in the timeline but not on the map.
        #expect(try api.call("PUT", "/v1/lifelog/records/\(UUID().uuidString)", json: ["kind": "memo", "occurredAt": "2026-11-28T09:00:00+02:00",
                                                                                    "text": "no GPS"], token: mina).status == 201)
        let plan = try Self.plan(api, mina)
        let stops = try #require(plan["stops"] as? [[String: Any]])
        #expect(stops.map { ($0["records"] as? [Any])?.count } == [2, 1, 1, 1])
        #expect(stops.map { $0["hasMemo"] as? Bool } == [true, false, true, true], "a check-in's place is not a memo")
        #expect(((stops[0]["records"] as? [[String: Any]])?.first?["text"]) as? String == "Train in")
        let legs = try #require(plan["legs"] as? [[String: Any]])
        #expect(legs.count == 3 && plan["resolved"] as? Int == 3 && plan["legsURL"] == nil)
        #expect(plan["credit"] as? String == MapData.credit)
        for leg in legs.prefix(2) {
            #expect(leg["estimated"] as? Bool == true && leg["followsRoads"] as? Bool == true && leg["mode"] as? String == "walking")
            let encoded = try #require(leg["path"] as? String)
            let path = try #require(Polyline.decode(encoded, precision: 6))
            let distances = try #require(leg["distances"] as? [Double])
            #expect(path.count == distances.count && path.count > 3 && distances.first == 0)
            #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 })
            let straight = try #require(leg["straight"] as? Double)
            #expect(distances.last! > straight && distances.last! < straight * 2, "\(distances.last!) m for \(straight) m")
        }
        // Tokyo is off the map: a straight, flagged line (driving, by its speed).
        #expect(legs[2]["followsRoads"] as? Bool == false && legs[2]["mode"] as? String == "driving")
        #expect(Polyline.decode(legs[2]["path"] as? String ?? "", precision: 6)?.count == 2)
        // Every leg is cached; the second plan routes nothing and says the same.
        #expect(try await Self.cacheRows(running) == 3)
        let again = try Self.plan(api, mina)
        #expect((again["legs"] as? [[String: Any]])?.map { $0["path"] as? String } == legs.map { $0["path"] as? String })
        #expect(try await Self.cacheRows(running) == 3)
        // A record moved (the clock standing still, so only the write itself tells): the plan follows.
        let lunch = try #require((stops[2]["records"] as? [[String: Any]])?.first?["id"] as? String)
        let moved = try api.call("PUT", "/v1/lifelog/records/\(lunch)", json: ["kind": "memo", "occurredAt": "2026-11-28T09:30:00+02:00", "text": "Lunch",
                                                                             "position": ["latitude": 60.1700, "longitude": 24.9441]], token: mina)
        #expect(moved.status == 200)
        let replanned = try #require(try Self.plan(api, mina)["stops"] as? [[String: Any]])
        #expect((replanned[2]["position"] as? [String: Double])?["latitude"] == 60.17)
        // Nobody else sees any of it.
        let (bo, _, _) = try api.signUp("bo-walk@example.com", extra: ["timeZone": "Europe/Helsinki"])
        let empty = try Self.plan(api, bo)
        #expect((empty["stops"] as? [Any])?.isEmpty == true && (empty["legs"] as? [Any])?.isEmpty == true)
        #expect(try api.call("GET", "/v1/lifelog/playback?range=day&date=2026-11-28").status == 401)
        #expect(TrainingTests.fields(try api.call("GET", "/v1/lifelog/playback?range=fortnight", token: mina)) == ["range"])
    }

    @Test func aLongRangeComesInPages() async throws {
        let running = try await RunningApp(.sqlite, clock: TestClock(Self.clock))
        let api = API(running)
        let (mina, _, _) = try api.signUp("month@example.com", extra: ["timeZone": "Europe/Helsinki"])
        // 40 stops, zig-zagging 300 m apart through the centre.
        for i in 0..<40 { try Self.put(api, mina, i * 12, i % 2 == 0 ? 60.1700 : 60.1673, 24.9420 + Double(i % 8) * 0.0012) }
        let plan = try Self.plan(api, mina, "range=week&date=2026-11-28")
        let legs = try #require(plan["legs"] as? [[String: Any]])
        #expect(legs.count == 39 && plan["resolved"] as? Int == PlaybackService.firstLegs)
        #expect(legs.prefix(16).allSatisfy { $0["path"] != nil } && legs.dropFirst(16).allSatisfy { $0["path"] == nil && $0["duration"] != nil },
                "every leg is timed at once; only the first are routed")
        let first = try #require(plan["legsURL"] as? String)
        var next = first + "&count=10"
        var fetched: [[String: Any]] = []
        while true {
            let page = try api.call("GET", next, token: mina)
            #expect(page.status == 200, "\(page.text)")
            let json = try page.json()
            fetched += json["legs"] as? [[String: Any]] ?? []
            guard let more = json["next"] as? String else { break }
            next = more + "&count=10"
        }
        #expect(fetched.map { $0["index"] as? Int } == Array(16..<39))
        #expect(fetched.allSatisfy { $0["followsRoads"] as? Bool == true })
        // A record added since: the old pages are out of date.
        try Self.put(api, mina, 600, 60.1690, 24.9450)
        let stale = try api.call("GET", first, token: mina)
        #expect(stale.status == 409 && stale.problemType?.hasSuffix("plan-changed") == true, "\(stale.text)")
        let bad = try api.call("GET", "/v1/lifelog/playback/legs?range=week&date=2026-11-28&from=-1&count=0", token: mina)
        #expect(bad.status == 400 && Set(TrainingTests.fields(bad)) == ["from", "count"], "each against its declaration, in one answer")
        let past = try api.call("GET", "/v1/lifelog/playback/legs?range=week&date=2026-11-28&from=99", token: mina)
        #expect(past.status == 422 && TrainingTests.fields(past) == ["from"], "past the plan's last leg: \(past.text)")
    }

    /// A local server speaking OSRM's route service: on foot an L-shaped route through a corner
    /// it makes up, by car `NoRoute`; it counts the requests it gets.
    final class FakeOSRM: @unchecked Sendable {
        let server: HTTPServer
        private let seen = Seen()
        var requests: [String] { seen.lock.withLock { seen.list } }

        /// What the server was asked, as "profile coordinates".
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var list: [String] = []
        }

        init() throws {
            var config = ServerConfiguration()
            config.port = 0
            config.loops = 1
            config.accessLog = .none
            var router = Router()
            let seen = seen
            router.get("/route/v1/{profile}/{coordinates}") { request in
                let profile = try request.parameter("profile")
                let coordinates = try request.parameter("coordinates")
                seen.lock.withLock { seen.list.append("\(profile) \(coordinates)") }
                guard request.queryItem("geometries") == "polyline6", request.queryItem("overview") == "full" else {
                    return try .json(["code": "InvalidOptions", "message": "polyline6, full"], status: 400)
                }
                let pairs = coordinates.split(separator: ";").map { $0.split(separator: ",").compactMap { Double($0) } }
                guard pairs.count == 2, pairs.allSatisfy({ $0.count == 2 }) else {
                    return try .json(["code": "InvalidQuery", "message": "two coordinates"], status: 400)
                }
                if profile == "driving" { return try .json(["code": "NoRoute", "message": "Impossible route between points"], status: 400) }
                let a = GeoPoint(latitude: pairs[0][1], longitude: pairs[0][0]), b = GeoPoint(latitude: pairs[1][1], longitude: pairs[1][0])
                let corner = GeoPoint(latitude: a.latitude, longitude: b.longitude)
                let path = [a, corner, b]
                let metres = Geo.cumulativeDistances(path).last!
                let route: JSONValue = ["geometry": .string(Polyline.encode(path, precision: 6)), "distance": .number(metres), "duration": .number(metres / 1.4)]
                return try .json(["code": "Ok", "routes": [route]] as JSONValue)
            }
            server = HTTPServer(configuration: config, handler: router.responder(fallback: nil))
            try server.start()
        }
    }

    @Test func osrmClientSpeaksTheRouteProtocol() async throws {
        let osrm = try FakeOSRM()
        defer { osrm.server.shutdown() }
        let client = OSRMRouter(base: URL(string: "http://127.0.0.1:\(osrm.server.port)")!)
        let a = GeoPoint(latitude: 60.1712, longitude: 24.9413), b = GeoPoint(latitude: 60.1676, longitude: 24.9520)
        let path = try #require(try await client.route(from: a, to: b, mode: .walking))
        #expect(path.count == 3 && abs(path[1].latitude - a.latitude) < 1e-6 && abs(path[1].longitude - b.longitude) < 1e-6)
        #expect(try await client.route(from: a, to: b, mode: .driving) == nil)
        #expect(osrm.requests == ["foot 24.941300,60.171200;24.952000,60.167600", "driving 24.941300,60.171200;24.952000,60.167600"])
        // A server that is not there: an error, not a "no route".
        let dead = OSRMRouter(base: URL(string: "http://127.0.0.1:9")!, timeout: 2)
        await #expect(throws: (any Error).self) { _ = try await dead.route(from: a, to: b, mode: .walking) }

        // Through the app: legs take OSRM's shape, a "no route" is straight and flagged.
        let running = try await RunningApp(.sqlite, clock: TestClock(Self.clock), arguments: ["--osrm", "http://127.0.0.1:\(osrm.server.port)"])
        let api = API(running)
        let (mina, _, _) = try api.signUp("osrm@example.com", extra: ["timeZone": "Europe/Helsinki"])
        try Self.put(api, mina, 0, a.latitude, a.longitude)
        try Self.put(api, mina, 20, b.latitude, b.longitude)
        try Self.put(api, mina, 22, 60.2000, 24.9520)  // 3.6 km in 2 minutes: by car
        let legs = try #require(try Self.plan(api, mina)["legs"] as? [[String: Any]])
        #expect(Polyline.decode(legs[0]["path"] as? String ?? "", precision: 6)?.count == 3 && legs[0]["followsRoads"] as? Bool == true)
        #expect(legs[1]["mode"] as? String == "driving" && legs[1]["followsRoads"] as? Bool == false)
        let rows = try await running.app.database.read { c in try c.query("SELECT key FROM route_cache").map { try $0.string("key") } }
        #expect(rows.count == 2 && rows.allSatisfy { $0.hasPrefix("osrm:http://127.0.0.1:\(osrm.server.port)|") })
    }

    /// The tiles a map at `zoom` draws over the region's bounds.
    static func tiles(_ api: API, _ bounds: [Double], zoom: Int) throws -> [[String: Any]] {
        let low = BaseTiles.tile(GeoPoint(latitude: bounds[2], longitude: bounds[1]), zoom)
        let high = BaseTiles.tile(GeoPoint(latitude: bounds[0], longitude: bounds[3]), zoom)
        var out: [[String: Any]] = []
        for x in low.x...high.x {
            for y in low.y...high.y {
                let tile = try api.call("GET", "/v1/map/base/\(zoom)/\(x)/\(y)")
                #expect(tile.status == 200 && tile.headers["cache-control"]?.contains("max-age") == true)
                out.append(try tile.json())
            }
        }
        return out
    }

    @Test func theBaseMapIsDrawnFromTheExtract() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let map = try api.call("GET", "/v1/map").json()
        #expect(map["router"] as? String == "builtin" && map["baseURL"] as? String == "/v1/map/base/{z}/{x}/{y}" && map["credit"] as? String == MapData.credit)
        #expect(map["baseZooms"] as? [Int] == [11, 13, 15])
        let bounds = try #require(map["bounds"] as? [Double])
        #expect(bounds.count == 4 && (60.15...60.17).contains(bounds[0]) && (60.17...60.19).contains(bounds[2]))
        // One region: its outline holds the city centre and not the sea beyond, and its data is from the extract's edits (2019).
        let regions = try #require(map["regions"] as? [[String: Any]])
        #expect(regions.count == 1 && regions[0]["name"] as? String == "helsinki")
        let outline = try #require(Polyline.decode(regions[0]["outline"] as? String ?? ""))
        #expect(Geo.contains(outline, GeoPoint(latitude: 60.1699, longitude: 24.9384)) && !Geo.contains(outline, GeoPoint(latitude: 60.10, longitude: 24.94)))
        #expect(Calendar(identifier: .gregorian).component(.year, from: Date(timeIntervalSince1970: Double(regions[0]["timestamp"] as? Int ?? 0))) == 2019)

        // Zoom 15: everything, the streets named.
        let close = try Self.tiles(api, bounds, zoom: 15)
        #expect(close.count > 4)
        let lines = close.flatMap { $0["lines"] as? [[String: Any]] ?? [] }
        let kinds = Set(lines.compactMap { $0["k"] as? String })
        #expect(kinds.isSuperset(of: ["major", "minor", "path"]), "\(kinds)")
        #expect(close.contains { ($0["areas"] as? [[String: Any]])?.contains { $0["k"] as? String == "park" } == true })
        // Names from the extract's `name` tags: streets along their way, parks at their middle.
        let labels = close.flatMap { $0["labels"] as? [[String: Any]] ?? [] }
        let streets = labels.filter { ["major", "minor"].contains($0["k"] as? String ?? "") }
        let esplanadi = streets.filter { $0["n"] as? String == "Pohjoisesplanadi" }
        #expect(!esplanadi.isEmpty, "a central street is named")
        // The Esplanade runs about east–west: its label lies nearly flat.
        #expect(esplanadi.allSatisfy { abs($0["r"] as? Int ?? 90) < 30 }, "\(esplanadi)")
        #expect(labels.contains { $0["k"] as? String == "park" && ($0["n"] as? String)?.isEmpty == false })
        #expect(labels.allSatisfy { ($0["r"] as? Int).map { (-90...90).contains($0) } == true })
        // One label per name within 150 m: no street is written over itself.
        let byName = Dictionary(grouping: streets) { $0["n"] as? String ?? "" }
        for (name, same) in byName {
            let points = same.map { GeoPoint(latitude: $0["a"] as? Double ?? 0, longitude: $0["o"] as? Double ?? 0) }
            for (i, a) in points.enumerated() {
                for b in points[(i + 1)...] { #expect(Geo.distance(a, b) >= 150, "\(name) twice within \(Int(Geo.distance(a, b))) m") }
            }
        }
        // Zoom 11: the city's shape, without footpaths or side streets, simplified.
        let far = try Self.tiles(api, bounds, zoom: 11)
        let farKinds = Set(far.flatMap { $0["lines"] as? [[String: Any]] ?? [] }.compactMap { $0["k"] as? String })
        #expect(farKinds.contains("major") && !farKinds.contains("path") && !farKinds.contains("minor"), "\(farKinds)")
        let farBytes = far.map { (try? JSONSerialization.data(withJSONObject: $0).count) ?? 0 }.reduce(0, +)
        let closeBytes = close.map { (try? JSONSerialization.data(withJSONObject: $0).count) ?? 0 }.reduce(0, +)
        #expect(farBytes * 4 < closeBytes, "\(farBytes) bytes far out, \(closeBytes) close in")

        // Tiles no region reaches are empty; zooms the map is not cut at, and tiles outside the world, are not found.
        let tokyo = BaseTiles.tile(GeoPoint(latitude: 35.68, longitude: 139.76), 15)
        let empty = try api.call("GET", "/v1/map/base/15/\(tokyo.x)/\(tokyo.y)")
        let emptyLines = try empty.json()["lines"] as? [Any]
        #expect(empty.status == 200 && emptyLines?.isEmpty == true)
        #expect(try api.call("GET", "/v1/map/base/14/9327/4742").status == 404)
        #expect(try api.call("GET", "/v1/map/base/11/2048/1").status == 404)
        #expect(try api.call("GET", "/v1/map/base/11/x/1").status == 400)
        let centre = BaseTiles.tile(GeoPoint(latitude: 60.1699, longitude: 24.9384), 15)
        let tile = try api.call("GET", "/v1/map/base/15/\(centre.x)/\(centre.y)")
        let etag = try #require(tile.headers["etag"])
        #expect(try api.call("GET", "/v1/map/base/15/\(centre.x)/\(centre.y)", headers: ["If-None-Match": etag]).status == 304)
    }
}
