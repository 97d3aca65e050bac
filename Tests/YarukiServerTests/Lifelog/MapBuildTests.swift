import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// `yaruki map build` and the map files a server opens in place: the same bytes from the same
/// extract, the same graph and places as reading the extract whole, clear refusals of files that
/// are not maps, and several regions served at once.
@Suite struct MapBuildTests {
    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "yaruki-map-\(UUID().uuidString)-" + name }

    @Test func theSameExtractGivesTheSameFileWithItsVersionAndDate() throws {
        let (a, b) = (Self.temporary("a.yrkmap"), Self.temporary("b.yrkmap"))
        defer { for path in [a, b] { try? FileManager.default.removeItem(atPath: path) } }
        var seen: [(Int, Int)] = []
        let (summary, _) = try MapBuild.build(extract: RouterTests.helsinkiPath, output: a) { done, total, _ in seen.append((done, total)) }
        _ = try MapBuild.build(extract: RouterTests.helsinkiPath, output: b)
        let (first, second) = (try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
        #expect(first == second && first.count == summary.bytes)
        // Progress over three passes of the file, ending at the whole.
        #expect(seen.count >= 3 && seen.last.map { $0.0 == $0.1 } == true && zip(seen, seen.dropFirst()).allSatisfy { $0.0 <= $1.0 })
        let file = try MapFile(path: a)
        #expect(Array(first.prefix(6)) == Array("YRKMAP".utf8) && first[8] == UInt8(MapFile.version))
        // The extract's newest edit: the central Helsinki file is from April 2019.
        #expect(file.timestamp == summary.timestamp && (1_555_000_000...1_556_000_000).contains(file.timestamp), "\(file.timestamp)")
        #expect(summary.name == "helsinki" && summary.tiles > 5 && summary.places > 1000)
    }

    @Test func theBuiltGraphAndPlacesAreThoseOfTheWholeExtract() throws {
        let (extract, whole) = RouterTests.helsinki
        let region = try MapRegion(file: MapFile(bytes: MapBuild.build(extract: RouterTests.helsinkiPath, output: nil).1))
        #expect(region.graph.vertexCount == whole.vertexCount && region.graph.arcCount == whole.arcCount && region.graph.segmentCount == whole.segmentCount)
        #expect(region.places.count == extract.places.count)
        #expect(Set(region.places.all.map(\.name)) == Set(extract.places.map(\.name)))
        var random = SystemRandomNumberGenerator()
        var routed = 0
        for _ in 0..<40 {
            let a = whole.point(Int.random(in: 0..<whole.vertexCount, using: &random))
            let b = whole.point(Int.random(in: 0..<whole.vertexCount, using: &random))
            let (one, other) = (whole.route(from: a, to: b, mode: .walking), region.graph.route(from: a, to: b, mode: .walking))
            #expect((one == nil) == (other == nil))
            if let one, let other {
                #expect(abs(RouterTests.length(one) - RouterTests.length(other)) < 0.01)
                routed += 1
            }
        }
        #expect(routed > 30, "most random pairs in the centre are joined")
        // The outline holds every road, and reaches about 200 m past the outermost.
        #expect((0..<region.graph.vertexCount).allSatisfy { region.holds(region.graph.point($0)) })
        let east = (0..<region.graph.vertexCount).map { region.graph.point($0) }.max { $0.longitude < $1.longitude }!
        let step = 1 / (111_320 * cos(east.latitude * .pi / 180))
        #expect(region.holds(GeoPoint(latitude: east.latitude, longitude: east.longitude + 150 * step)))
        #expect(!region.holds(GeoPoint(latitude: east.latitude, longitude: east.longitude + 250 * step)))
    }

    @Test func filesThatAreNotMapsAreRefusedClearly() throws {
        let path = Self.temporary("h.yrkmap")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try MapBuild.build(extract: RouterTests.helsinkiPath, output: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func refusal(_ changed: [UInt8]) -> String {
            do {
                _ = try MapRegion(file: MapFile(bytes: changed))
                return "opened"
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal(Array("not a map at all, just some text that is long enough for a header".utf8)).contains("not a Yaruki map"))
        var newer = bytes
        newer[8] = 9
        #expect(refusal(newer).contains("map format 9, this server reads format 1: build it again"))
        #expect(refusal(Array(bytes.prefix(bytes.count / 2))).contains("section table is cut off"))
        // A section pointing past the table.
        let table = Int(bytes[16]) | Int(bytes[17]) << 8 | Int(bytes[18]) << 16 | Int(bytes[19]) << 24
        bytes[table + 16 + 6] = 0x7F
        #expect(refusal(bytes).contains("lies outside the file"))
        #expect(throws: MapFile.Failure.self) { _ = try MapFile(path: Self.temporary("missing.yrkmap")) }
        // An extract that is not one names the file, and leaves no map behind.
        #expect(throws: MapBuild.Failure.self) { _ = try MapBuild.build(extract: path, output: path + ".out") }
        #expect(!FileManager.default.fileExists(atPath: path + ".out"))
    }

    @Test func theCommandBuildsWithAProgressLineAndLeavesNothingHalfWritten() throws {
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary), "build first: swift build")
        let output = Self.temporary("cli.yrkmap")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let built = try Command.run([BinaryTests.binary, "map", "build", RouterTests.helsinkiPath, "-o", output, "--name", "keskusta"])
        #expect(built.status == 0, "\(built.output)")
        #expect(built.output.hasPrefix("wrote \(output): region keskusta (data of 2019-04-"), "\(built.output)")
        #expect(try MapFile(path: output).json("meta", as: MapRegionMeta.self).name == "keskusta")
        let broken = Self.temporary("broken.osm.pbf")
        defer { try? FileManager.default.removeItem(atPath: broken) }
        _ = FileManager.default.createFile(atPath: broken, contents: Data([0, 0, 0, 9, 1, 2, 3]))
        let child = try Command.spawn([BinaryTests.binary, "map", "build", broken, "-o", broken + ".yrkmap"], captureOutput: true, captureError: true)
        let errors = child.readAllErrors()
        #expect(child.wait() == 1)
        #expect(errors.hasPrefix("yaruki: \(broken): ") && errors.filter { $0 == "\n" }.count == 1, "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: broken + ".yrkmap") && !FileManager.default.fileExists(atPath: broken + ".yrkmap.partial"))
    }

    /// Helsinki from its map file and the hand-written grid 18 km south, served together: each
    /// routes inside its own outline, a leg from one to the other is straight, places come from the
    /// region that holds the point.
    @Test func twoRegionsAreServedTogether() async throws {
        let helsinki = Self.temporary("helsinki.yrkmap"), grid = Self.temporary("grid.osm")
        defer { for path in [helsinki, grid] { try? FileManager.default.removeItem(atPath: path) } }
        _ = try MapBuild.build(extract: RouterTests.helsinkiPath, output: helsinki)
        try RouterTests.grid.write(toFile: grid, atomically: true, encoding: .utf8)
        let running = try await RunningApp(.sqlite, clock: TestClock(PlaybackTests.clock), arguments: ["--map", "\(helsinki),\(grid)"])
        let api = API(running)
        let map = try api.call("GET", "/v1/map").json()
        let regions = try #require(map["regions"] as? [[String: Any]])
        #expect(regions.count == 2 && regions[0]["name"] as? String == "helsinki" && (regions[1]["name"] as? String)?.hasSuffix("-grid") == true,
                "\(regions)")
        let bounds = try #require(map["bounds"] as? [Double])
        #expect(bounds[0] <= 60.0 && bounds[2] >= 60.17, "the bounds hold both")
        let (mina, _, _) = try api.signUp("two-regions@example.com", extra: ["timeZone": "Europe/Helsinki"])
        try PlaybackTests.put(api, mina, 0, 60.1712, 24.9413, text: "Station")
        try PlaybackTests.put(api, mina, 30, 60.1676, 24.9520, text: "Market Square")
        try PlaybackTests.put(api, mina, 300, 60.0002, 25.0001, text: "South")  // into the grid: 19 km in 4.5 hours, no region holds both
        try PlaybackTests.put(api, mina, 310, 60.0011, 25.0041, text: "The grid's far corner")
        let legs = try #require(try PlaybackTests.plan(api, mina)["legs"] as? [[String: Any]])
        #expect(legs.map { $0["followsRoads"] as? Bool } == [true, false, true], "\(legs.map { $0["followsRoads"] ?? "?" })")
        let south = try #require(Polyline.decode(legs[2]["path"] as? String ?? "", precision: 6))
        #expect(south.count >= 4, "along the grid's roads, not across: \(south)")
        // Places: Helsinki's near the station, none in the grid (a bench is not a place) nor at sea between.
        let near = try api.call("GET", "/v1/map/places?latitude=60.1712&longitude=24.9413", token: mina).json()["items"] as? [[String: Any]]
        #expect(near?.isEmpty == false)
        let between = try api.call("GET", "/v1/map/places?latitude=60.08&longitude=24.97", token: mina).json()["items"] as? [[String: Any]]
        #expect(between?.isEmpty == true)
        // The grid's base map tile has its roads.
        let tile = BaseTiles.tile(GeoPoint(latitude: 60.0005, longitude: 25.002), 15)
        let lines = try api.call("GET", "/v1/map/base/15/\(tile.x)/\(tile.y)").json()["lines"] as? [[String: Any]]
        #expect((lines?.count ?? 0) >= 4)
    }
}
