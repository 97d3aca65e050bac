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
    /// Named places and addresses, found by where they are (check-ins' suggestions).
    let places: NamedPlaces

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
        places = NamedPlaces(extract.places)
    }

    /// The named places nearest a point, in `language` where the map names them so.
    func suggestions(at point: GeoPoint, limit: Int, language: String) -> [PlaceSuggestion] {
        places.nearest(to: point, limit: limit).map { found in
            PlaceSuggestion(name: found.place.name(in: language), kind: found.place.kind, distance: (found.distance * 10).rounded() / 10,
                            latitude: found.place.position.latitude, longitude: found.place.position.longitude)
        }
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
        var names = MapLabels()
        for way in extract.ways {
            let points = way.refs.compactMap(extract.position)
            guard points.count >= 2 else { continue }
            let t = way.tags
            names.consider(way: t, points)
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
        return BaseMap(bounds: [bounds.south, bounds.west, bounds.north, bounds.east], credit: credit, areas: areas, lines: lines,
                       labels: names.labels())
    }

    static func order(_ k: String) -> Int { ["coast": 0, "path": 1, "minor": 2, "major": 3][k] ?? 4 }
}

/// The names the base map writes: each named street at the middle of its longest stretches (one
/// label per name within 150 m, so a long avenue is named along its length at close zooms and a
/// block of short pieces once; the page leaves out those that would crowd), each named park or
/// lake at the middle of its ring.
struct MapLabels {
    private var streets: [(name: String, kind: String, length: Double, at: GeoPoint, angle: Int)] = []
    private var places: [BaseMap.Label] = []

    mutating func consider(way tags: [String: String], _ points: [GeoPoint]) {
        guard let name = tags["name"]?.trimmingCharacters(in: .whitespaces), !name.isEmpty, name.count <= 80 else { return }
        if let highway = tags["highway"], let road = MapData.roadClass(highway), road != "path" {
            var length = 0.0
            for i in 1..<points.count { length += Geo.distance(points[i - 1], points[i]) }
            guard length >= 40 else { return }
            // The middle: where half the length has been walked, and the direction of that piece.
            var walked = 0.0
            for i in 1..<points.count {
                let step = Geo.distance(points[i - 1], points[i])
                if walked + step >= length / 2, step > 0 {
                    let f = (length / 2 - walked) / step
                    let a = points[i - 1], b = points[i]
                    let at = GeoPoint(latitude: a.latitude + (b.latitude - a.latitude) * f, longitude: a.longitude + (b.longitude - a.longitude) * f)
                    // Screen angle: east is x, north is −y; a metre of longitude is shorter by cos(latitude).
                    let dx = (b.longitude - a.longitude) * cos(a.latitude * .pi / 180), dy = b.latitude - a.latitude
                    var angle = Int((-atan2(dy, dx) * 180 / .pi).rounded())
                    if angle > 90 { angle -= 180 } else if angle < -90 { angle += 180 }
                    streets.append((name, road, length, at, angle))
                    return
                }
                walked += step
            }
        } else if tags["highway"] == nil, points.count >= 4, points.first == points.last {
            let kind = tags["natural"] == "water" || tags["water"] != nil ? "water" : tags["leisure"] != nil || tags["landuse"] != nil ? "park" : nil
            guard let kind else { return }
            let latitude = points.dropLast().map(\.latitude).reduce(0, +) / Double(points.count - 1)
            let longitude = points.dropLast().map(\.longitude).reduce(0, +) / Double(points.count - 1)
            places.append(BaseMap.Label(n: name, k: kind, a: Self.round(latitude), o: Self.round(longitude), r: 0))
        }
    }

    func labels() -> [BaseMap.Label] {
        var kept: [String: [GeoPoint]] = [:]
        var out: [BaseMap.Label] = []
        for street in streets.sorted(by: { $0.length > $1.length }) {
            if kept[street.name, default: []].contains(where: { Geo.distance($0, street.at) < 150 }) { continue }
            kept[street.name, default: []].append(street.at)
            out.append(BaseMap.Label(n: street.name, k: street.kind, a: Self.round(street.at.latitude), o: Self.round(street.at.longitude),
                                     r: street.angle))
        }
        var seen = Set<String>()
        return out + places.filter { seen.insert("\($0.n) \($0.a) \($0.o)").inserted }
    }

    static func round(_ value: Double) -> Double { (value * 100_000).rounded() / 100_000 }
}
