import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The maps a deployment has: one region per map file (or extract, built in memory at start),
/// each with its road graph for the built-in router, its named places and its base map tiles.
/// A place belongs to the first region whose outline holds it.
final class MapData: Sendable {
    let regions: [MapRegion]
    /// Names the maps in the route cache's keys: a map built again from a newer extract does not serve old routes.
    let name: String
    /// South, west, north, east around every region.
    let bounds: (south: Double, west: Double, north: Double, east: Double)

    static let credit = "© OpenStreetMap contributors (ODbL)"

    /// One opening per set of files per process (tests start many servers on the same one).
    static func shared(_ paths: [String]) throws -> MapData {
        lock.lock()
        defer { lock.unlock() }
        let key = paths.joined(separator: "\n")
        if let map = loaded[key] { return map }
        let map = try MapData(paths: paths)
        loaded[key] = map
        return map
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: [String: MapData] = [:]

    /// Map files are mapped into memory; an extract (`.osm.pbf`, `.osm`) is built in memory first.
    init(paths: [String]) throws {
        regions = try paths.map { path in
            if path.hasSuffix(".osm.pbf") || path.hasSuffix(".osm") {
                return try MapRegion(file: MapFile(bytes: MapBuild.build(extract: path, output: nil).1))
            }
            return try MapRegion(file: MapFile(path: path))
        }
        name = regions.map { "\($0.meta.name)@\($0.file.timestamp)" }.joined(separator: "+")
        bounds = (regions.map(\.bounds.south).min() ?? 0, regions.map(\.bounds.west).min() ?? 0,
                  regions.map(\.bounds.north).max() ?? 0, regions.map(\.bounds.east).max() ?? 0)
    }

    func region(holding point: GeoPoint) -> MapRegion? { regions.first { $0.holds(point) } }

    /// The named places nearest a point, in `language` where the map names them so.
    func suggestions(at point: GeoPoint, limit: Int, language: String) -> [PlaceSuggestion] {
        guard let region = region(holding: point) else { return [] }
        return region.places.nearest(to: point, limit: limit).map { found in
            PlaceSuggestion(name: found.place.name(in: language), kind: found.place.kind, distance: (found.distance * 10).rounded() / 10,
                            latitude: found.place.position.latitude, longitude: found.place.position.longitude)
        }
    }

    /// What a memo or photo made here is said to be at: the named place (or address) nearest,
    /// within 40 m, as the map writes it.
    func name(near point: GeoPoint) -> String? {
        region(holding: point)?.places.nearest(to: point, limit: 1, radius: MapData.nearby).first?.place.name
    }

    static let nearby = 40.0

    /// A base map tile's JSON: the region's own, or the regions' together where two meet in it.
    func tile(zoom: Int, x: Int, y: Int) throws -> Data? {
        let found = regions.compactMap { $0.tile(zoom: zoom, x: x, y: y) }
        guard found.count > 1 else { return found.first }
        let parts = try found.map { try JSONDecoder().decode(BaseMap.self, from: $0) }
        return try JSONBytes.data(BaseMap(bounds: parts[0].bounds, credit: MapData.credit, areas: parts.flatMap(\.areas), lines: parts.flatMap(\.lines),
                                          labels: parts.flatMap(\.labels)))
    }

    var info: [MapInfo.Region] {
        regions.map { region in
            MapInfo.Region(name: region.meta.name, outline: Polyline.encode(region.outline), timestamp: region.file.timestamp)
        }
    }

    static func roadClass(_ highway: String) -> String? {
        switch highway {
        case "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link": "major"
        case "tertiary", "tertiary_link", "unclassified", "residential", "living_street", "service", "road": "minor"
        case "pedestrian", "footway", "path", "steps", "cycleway", "track", "bridleway", "corridor": "path"
        default: nil
        }
    }

    static func order(_ k: String) -> Int { ["coast": 0, "path": 1, "minor": 2, "major": 3][k] ?? 4 }
}

/// One region's map file, read in place.
final class MapRegion: Sendable {
    let file: MapFile
    let graph: RoadGraph
    let places: NamedPlaces
    let meta: MapRegionMeta
    let outline: [GeoPoint]
    let bounds: (south: Double, west: Double, north: Double, east: Double)
    private let tileKeys: Column<Int64>
    private let tileFirst: Column<Int64>
    private let tileData: Column<UInt8>

    init(file: MapFile) throws {
        self.file = file
        graph = try RoadGraph(file: file)
        places = try NamedPlaces(file: file)
        meta = try file.json("meta", as: MapRegionMeta.self)
        outline = meta.outline.compactMap { $0.count == 2 ? GeoPoint(latitude: $0[0], longitude: $0[1]) : nil }
        bounds = (outline.map(\.latitude).min() ?? 0, outline.map(\.longitude).min() ?? 0, outline.map(\.latitude).max() ?? 0,
                  outline.map(\.longitude).max() ?? 0)
        tileKeys = try file.column("t.keys")
        tileFirst = try file.column("t.first")
        tileData = try file.column("t.data")
        guard tileFirst.count == tileKeys.count + 1, Int(tileFirst.last ?? 0) == tileData.count else {
            throw MapFile.Failure(description: "\(file.source): its tiles' columns do not agree")
        }
    }

    func holds(_ p: GeoPoint) -> Bool {
        p.latitude >= bounds.south && p.latitude <= bounds.north && p.longitude >= bounds.west && p.longitude <= bounds.east
            && Geo.contains(outline, p)
    }

    func tile(zoom: Int, x: Int, y: Int) -> Data? {
        let key = BaseTiles.key(zoom, x, y)
        let i = tileKeys.lowerBound(key)
        guard i < tileKeys.count, tileKeys[i] == key else { return nil }
        return tileData.data(Int(tileFirst[i])..<Int(tileFirst[i + 1]))
    }
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
