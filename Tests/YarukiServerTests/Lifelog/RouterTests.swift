import Foundation
import YarukiAPI
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// The built-in router on the real central Helsinki extract (fetched by scripts/setup.sh) and on
/// a small hand-written `.osm` file whose answers are known.
@Suite struct RouterTests {
    static let helsinkiPath = repositoryRoot + "/vendor/osm/helsinki.osm.pbf"

    static let helsinki: (OSMExtract, RoadGraph) = {
        let extract = try! OSMExtract.read(path: helsinkiPath)
        return (extract, try! RoadGraph(ways: extract.ways, position: extract.position))
    }()

    static func length(_ path: [GeoPoint]) -> Double { Geo.cumulativeDistances(path).last ?? 0 }

    /// A 2 × 3 grid, 0.002° apart east–west (≈ 111 m at 60° N) and 0.001° north–south (≈ 111 m):
    /// the south row is one-way eastward, the middle link is a footway, and two nodes sit on an
    /// island of road no other road reaches.
    static let grid = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
          <!-- nodes -->
          <node id="1" lat="60.000" lon="25.000"/><node id="2" lat="60.000" lon="25.002"/><node id="3" lat="60.000" lon="25.004"/>
          <node id="4" lat="60.001" lon="25.000"/><node id="5" lat="60.001" lon="25.002"/><node id="6" lat="60.001" lon="25.004"/>
          <node id="7" lat="60.003" lon="25.000"/>
          <node id="8" lat="60.003" lon="25.002"><tag k="amenity" v="bench"/></node>
          <node id="20" lat="60.0005" lon="25.0005"/><node id="21" lat="60.0005" lon="25.0008"/><node id="22" lat="60.0008" lon="25.0008"/>
          <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="oneway" v="yes"/>
            <tag k="name" v="Caf&#233; &amp; &quot;Bar&quot; street"/></way>
          <way id="11"><nd ref="4"/><nd ref="5"/><nd ref="6"/><tag k="highway" v="residential"/></way>
          <way id="12"><nd ref="1"/><nd ref="4"/><tag k="highway" v="residential"/></way>
          <way id="13"><nd ref="3"/><nd ref="6"/><tag k="highway" v="residential"/></way>
          <way id="14"><nd ref="2"/><nd ref="5"/><tag k="highway" v="footway"/></way>
          <way id="15"><nd ref="7"/><nd ref="8"/><tag k="highway" v="residential"/></way>
          <way id="16"><nd ref="4"/><nd ref="7"/><tag k="highway" v="primary"/><tag k="access" v="private"/></way>
          <way id="30"><nd ref="20"/><nd ref="21"/><nd ref="22"/><nd ref="20"/></way>
          <relation id="40"><member type="way" ref="30" role="outer"/><tag k="type" v="multipolygon"/><tag k="natural" v="water"/></relation>
        </osm>
        """

    static let gridGraph: (OSMExtract, RoadGraph) = {
        let extract = OSMExtract.collected(try! OSMExtract.readXML(Array(grid.utf8)))
        return (extract, try! RoadGraph(ways: extract.ways, position: extract.position))
    }()

    static func node(_ id: Int64) -> GeoPoint { gridGraph.0.position(id)! }

    /// A cached route's key writes coordinates as `%.5f` does.
    @Test func routeKeysWriteFiveDecimals() {
        for _ in 0..<5000 {
            let x = Double.random(in: -180...180)
            #expect(RouteBook.fixed(x) == String(format: "%.5f", x), "\(x)")
        }
        for x in [0, 60.1676, -0.5, 24.952, 179.999995, 1e-6] { #expect(RouteBook.fixed(x) == String(format: "%.5f", x), "\(x)") }
        #expect(RouteBook.key("osrm", .walking, GeoPoint(latitude: 60.1676, longitude: 24.952), GeoPoint(latitude: -33.9, longitude: 151.2))
                == "osrm|walking|60.16760,24.95200;-33.90000,151.20000")
    }

    @Test func readsOSMXML() throws {
        let (extract, graph) = Self.gridGraph
        #expect(extract.ways.first { $0.id == 10 }?.tags["name"] == "Café & \"Bar\" street")
        #expect(extract.ways.first { $0.id == 30 }?.tags["natural"] == "water", "an untagged outer way takes its multipolygon's tags")
        #expect(extract.nodeIDs == [1, 2, 3, 4, 5, 6, 7, 8, 20, 21, 22])
        #expect(graph.vertexCount == 8, "the private road and the lake are not roads")
        #expect(throws: OSMExtract.ReadError.self) { try OSMExtract.readXML(Array("<html><body/></html>".utf8)) }
        #expect(throws: OSMExtract.ReadError.self) { try OSMExtract.readXML(Array("<osm><node id=\"1\" lat=\"x\"/></osm>".utf8)) }
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).osm.pbf").path
        _ = FileManager.default.createFile(atPath: broken, contents: Data([0, 0, 0, 200, 1, 2]))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(throws: MapBuild.Failure.self) { _ = try MapBuild.build(extract: broken, output: nil) }
    }

    @Test func oneWayStreetsBindCarsNotWalkers() throws {
        let (_, graph) = Self.gridGraph
        let east = Self.node(3), west = Self.node(1)
        // Walking west along the one-way street is allowed: ≈ 222 m straight along it.
        let walk = try #require(graph.route(from: east, to: west, mode: .walking))
        #expect(abs(Self.length(walk) - Geo.distance(east, west)) < 1)
        // Driving must go round by the north row: 111 + 222 + 111 m.
        let drive = try #require(graph.route(from: east, to: west, mode: .driving))
        #expect(drive.contains(Self.node(5)) && abs(Self.length(drive) - 3 * Geo.distance(east, west) / 2 - Geo.distance(east, Self.node(6))) < 2)
        // Eastward the car takes the one-way street itself.
        #expect(abs(Self.length(try #require(graph.route(from: west, to: east, mode: .driving))) - Geo.distance(east, west)) < 1)
        // The footway is for walkers: 111 m on foot, 333 m by car (east, north, back west).
        #expect(abs(Self.length(try #require(graph.route(from: Self.node(2), to: Self.node(5), mode: .walking))) - 111.2) < 1)
        let car = try #require(graph.route(from: Self.node(2), to: Self.node(5), mode: .driving))
        #expect(car.contains(Self.node(3)) && car.contains(Self.node(6)))
    }

    @Test func placesOffTheRoadSnapToTheNearestOne() throws {
        let (_, graph) = Self.gridGraph
        // 20 m south of the middle of the south row, to 20 m north of the north row's middle.
        let start = GeoPoint(latitude: 59.99982, longitude: 25.001), end = GeoPoint(latitude: 60.00118, longitude: 25.003)
        let path = try #require(graph.route(from: start, to: end, mode: .walking))
        #expect(path.first == start && path.last == end, "the route begins and ends at the places themselves")
        #expect(abs(path[1].latitude - 60) < 1e-9 && abs(path[1].longitude - 25.001) < 1e-6, "it joins the road square to it")
    }

    @Test func unreachableAndFarPlacesHaveNoRoute() throws {
        let (_, graph) = Self.gridGraph
        #expect(graph.route(from: Self.node(1), to: Self.node(8), mode: .walking) == nil, "no road joins the island")
        #expect(graph.route(from: Self.node(1), to: GeoPoint(latitude: 35.68, longitude: 139.76), mode: .walking) == nil, "Tokyo is off the map")
        #expect(graph.snap(GeoPoint(latitude: 60.01, longitude: 25.0), mode: .walking) == nil, "a kilometre from any road")
    }

    @Test func readsTheHelsinkiExtract() throws {
        let (extract, graph) = Self.helsinki
        #expect(extract.ways.count > 2000 && graph.vertexCount > 5000 && graph.arcCount > 10_000, "\(extract.ways.count) ways")
        // Every node the extract keeps lies in central Helsinki.
        #expect(extract.latitudes.allSatisfy { (60.15...60.19).contains($0) } && extract.longitudes.allSatisfy { (24.92...24.97).contains($0) })
        #expect(extract.ways.contains { $0.tags["highway"] == "pedestrian" } && extract.ways.contains { $0.tags["natural"] != nil || $0.tags["leisure"] != nil })
    }

    /// Central station to the Market Square, on foot and by car.
    @Test func helsinkiRoutesFollowTheStreets() throws {
        let (_, graph) = Self.helsinki
        let station = GeoPoint(latitude: 60.1712, longitude: 24.9413), market = GeoPoint(latitude: 60.1676, longitude: 24.9520)
        let straight = Geo.distance(station, market)
        for mode in TravelMode.allCases {
            let path = try #require(graph.route(from: station, to: market, mode: mode), "\(mode)")
            let ratio = Self.length(path) / straight
            // On foot about 1.4× the straight line; a car keeps to one-way streets and off the
            // pedestrian streets, about 1.8× here (the quickest way, not the shortest).
            #expect(ratio > 1.0 && ratio < (mode == .walking ? 1.6 : 2.5), "\(mode): \(Self.length(path)) m for \(straight) m straight")
            #expect(path.count > 5, "it turns with the streets")
        }
    }

    /// Every one-way street of the extract: a car never runs against it.
    @Test func helsinkiCarsKeepToOneWayStreets() throws {
        let (extract, graph) = Self.helsinki
        let oneWay = extract.ways.filter { $0.tags["oneway"] == "yes" && $0.tags["highway"] != nil && WayRules($0.tags).driveForward }
        #expect(oneWay.count > 20)
        var against = Set<[Int64]>()
        for way in oneWay { for (a, b) in zip(way.refs, way.refs.dropFirst()) { against.insert([b, a]) } }
        let byPosition = Dictionary(extract.nodeIDs.indices.map { (GeoPoint(latitude: extract.latitudes[$0], longitude: extract.longitudes[$0]), extract.nodeIDs[$0]) },
                                    uniquingKeysWith: { a, _ in a })
        var checked = 0
        for way in oneWay.prefix(40) {
            // From the way's last node back to its first: the short way is forbidden.
            guard let from = extract.position(way.refs.last!), let to = extract.position(way.refs.first!), from != to,
                  let path = graph.route(from: from, to: to, mode: .driving) else { continue }
            let ids = path.compactMap { byPosition[$0] }
            for (a, b) in zip(ids, ids.dropFirst()) { #expect(!against.contains([a, b]), "way \(way.id): \(a) → \(b) runs against it") }
            #expect(Self.length(path) >= Geo.distance(from, to))
            checked += 1
        }
        #expect(checked > 10)
    }

    /// The extract's edge cuts roads into pieces that lead nowhere: a place on such a piece is
    /// routed from the nearest road that does join the rest (a few tens of metres on).
    @Test func helsinkiPiecesCutByTheEdgeStillRoute() throws {
        let (_, graph) = Self.helsinki
        let station = GeoPoint(latitude: 60.1712, longitude: 24.9413)
        let main = graph.part(of: try #require(graph.snap(station, mode: .walking)), mode: .walking)
        let pieces = (0..<graph.vertexCount).filter { v in
            graph.part(of: v, mode: .walking) != main && graph.snap(graph.point(v), mode: .walking, radius: 1) != nil
        }
        #expect(!pieces.isEmpty, "the extract has cut-off pieces")
        var routed = 0
        for v in pieces.prefix(30) where graph.candidates(graph.point(v), mode: .walking).count > 1 {
            let path = try #require(graph.route(from: station, to: graph.point(v), mode: .walking))
            #expect(path.last == graph.point(v))
            routed += 1
        }
        #expect(routed > 0)
    }

    /// Suomenlinna, an island fortress no road reaches (and off this extract): no route, so the
    /// playback draws a straight, flagged line.
    @Test func helsinkiUnreachableHasNoRoute() throws {
        let (_, graph) = Self.helsinki
        let station = GeoPoint(latitude: 60.1712, longitude: 24.9413), suomenlinna = GeoPoint(latitude: 60.1454, longitude: 24.9881)
        for mode in TravelMode.allCases { #expect(graph.route(from: station, to: suomenlinna, mode: mode) == nil) }
    }
}
