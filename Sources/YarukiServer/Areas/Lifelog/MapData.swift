import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The map a deployment has: the extract's road graph for the built-in router, and an offline
/// base map drawn from the same extract (roads by class, water, parks, coastline) for the map
/// pages, made once at start and served as one cacheable JSON document.
final class MapData: Sendable {
    let path: String
    let graph: RoadGraph
    /// The base map's JSON, with its ETag.
    let baseMap: EncodedJSON
    let bounds: (south: Double, west: Double, north: Double, east: Double)

    static let credit = "© OpenStreetMap contributors (ODbL)"

    /// One reading per extract file per process (tests start many servers on the same one).
    static func shared(_ path: String) throws -> MapData {
        lock.lock()
        defer { lock.unlock() }
        if let map = loaded[path] { return map }
        let map = try MapData(path: path)
        loaded[path] = map
        return map
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: [String: MapData] = [:]

    init(path: String) throws {
        let extract = try OSMExtract.read(path: path)
        self.path = path
        graph = RoadGraph(ways: extract.ways, position: extract.position)
        bounds = (extract.latitudes.min() ?? 0, extract.longitudes.min() ?? 0, extract.latitudes.max() ?? 0, extract.longitudes.max() ?? 0)
        baseMap = try EncodedJSON(MapData.drawing(extract, bounds: bounds))
    }

    typealias Feature = BaseMap.Feature

    static func roadClass(_ highway: String) -> String? {
        switch highway {
        case "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link": "major"
        case "tertiary", "tertiary_link", "unclassified", "residential", "living_street", "service", "road": "minor"
        case "pedestrian", "footway", "path", "steps", "cycleway", "track", "bridleway", "corridor": "path"
        default: nil
        }
    }

    /// Areas before lines, each kind in one list, simplified to about a metre.
    static func drawing(_ extract: OSMExtract, bounds: (south: Double, west: Double, north: Double, east: Double)) -> BaseMap {
        var areas: [Feature] = [], lines: [Feature] = []
        for way in extract.ways {
            let points = way.refs.compactMap(extract.position)
            guard points.count >= 2 else { continue }
            let t = way.tags
            let closed = way.refs.first == way.refs.last && points.count >= 4
            let kind: String?
            if t["natural"] == "water" || t["waterway"] == "riverbank" || t["water"] != nil || ["reservoir", "basin"].contains(t["landuse"] ?? "") {
                kind = "water"
            } else if t["natural"] == "coastline" {
                lines.append(Feature(k: "coast", p: Polyline.encode(Geo.simplify(points, metres: 1))))
                continue
            } else if t["leisure"] != nil || t["landuse"] != nil || t["natural"] == "wood" {
                kind = "park"
            } else {
                kind = nil
            }
            if let kind {
                // Closed rings only: a multipolygon's outer ways that close on themselves are drawn; those
                // that form a ring only together with others are left out (not joined here; see docs/architecture.md).
                if closed { areas.append(Feature(k: kind, p: Polyline.encode(Geo.simplify(points, metres: 1)))) }
                continue
            }
            if let highway = t["highway"], t["area"] != "yes", let road = roadClass(highway) {
                lines.append(Feature(k: road, p: Polyline.encode(Geo.simplify(points, metres: 1))))
            }
        }
        areas.sort { $0.k > $1.k }  // parks under water
        lines.sort { order($0.k) < order($1.k) }
        return BaseMap(bounds: [bounds.south, bounds.west, bounds.north, bounds.east], credit: credit, areas: areas, lines: lines)
    }

    static func order(_ k: String) -> Int { ["coast": 0, "path": 1, "minor": 2, "major": 3][k] ?? 4 }
}
