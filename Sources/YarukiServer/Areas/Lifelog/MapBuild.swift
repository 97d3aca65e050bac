import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// `yaruki map build EXTRACT.osm.pbf`: reads an OpenStreetMap extract in three streamed passes
/// (relations, then ways, then nodes; a blob at a time, so memory holds what is kept, never
/// the file) and writes a region's map file: the road graph with its connected parts and its
/// grid, the named places with theirs, the base map cut into tiles at three zooms, and what
/// the region covers (its outline) and when its data is from. The same extract gives the same
/// bytes. A server given an extract instead of a map file builds it in memory the same way.
public enum MapBuild {
    /// The zooms the base map is cut at: each tile holds what a map at that zoom and the next shows.
    public static let zooms = [11, 13, 15]
    /// Metres the region's outline reaches beyond its outermost nodes.
    static let margin = 200.0

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// What `map build` reports.
    public struct Summary: Sendable {
        public var name: String
        public var timestamp: Int64
        public var vertices: Int
        public var arcs: Int
        public var places: Int
        public var tiles: Int
        public var bytes: Int
    }

    /// Builds the map of `extract` into `output` (a path), or into memory when nil (the bytes
    /// are returned). `progress` hears bytes read over the three passes and objects kept.
    public static func build(extract path: String, output: String?, name: String? = nil,
                             progress: (_ done: Int, _ total: Int, _ kept: Int) -> Void = { _, _, _ in }) throws -> (Summary, [UInt8]) {
        guard path.hasSuffix(".osm.pbf") || path.hasSuffix(".osm") || path.hasSuffix(".pbf") else {
            throw Failure(description: "\(path) is not an OpenStreetMap extract (.osm.pbf or .osm)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        var kept = 0
        do {
            // Pass 1: the multipolygons whose outer ways draw water and parks.
            var members: [Int64: [String: String]] = [:]
            _ = try OSMExtract.scan(path, want: .relations, progress: { read, _ in progress(0 * size + read, 3 * size, kept) }) { block in
                for relation in block.relations where OSMExtract.wantedArea(relation.tags) {
                    var tags = relation.tags
                    tags["type"] = nil
                    for member in relation.members where member.1 == "outer" || member.1.isEmpty { members[member.0] = tags }
                }
            }
            // Pass 2: the ways kept, in their compact form, and the nodes they need.
            var ways: [KeptWay] = []
            var needed: [Int64] = []
            var newest = try OSMExtract.scan(path, want: .ways, progress: { read, _ in progress(1 * size + read, 3 * size, kept) }) { block in
                for way in block.ways {
                    guard let kept = KeptWay(way, relationTags: members[way.id]) else { continue }
                    ways.append(kept)
                    needed += way.refs
                }
                kept = ways.count
            }
            members = [:]
            needed.sort()
            needed = needed.uniqued()
            // Pass 3: where those nodes are, and the named places that are nodes.
            var latitudes = [Double](repeating: .nan, count: needed.count), longitudes = latitudes
            var places: [NamedPlace] = []
            newest = max(newest, try OSMExtract.scan(path, want: .nodes, progress: { read, _ in progress(2 * size + read, 3 * size, kept) }) { block in
                for (id, latitude, longitude) in block.nodes {
                    let i = needed.lowerBound(id)
                    if i < needed.count, needed[i] == id { (latitudes[i], longitudes[i]) = (latitude, longitude) }
                }
                places += block.places
                kept = ways.count + places.count
            })
            func position(_ id: Int64) -> GeoPoint? {
                let i = needed.lowerBound(id)
                guard i < needed.count, needed[i] == id, !latitudes[i].isNaN else { return nil }
                return GeoPoint(latitude: latitudes[i], longitude: longitudes[i])
            }
            let regionName = name ?? URL(fileURLWithPath: path).lastPathComponent.components(separatedBy: ".").first ?? "map"
            var writer = try output.map { try MapFileWriter(path: $0) } ?? MapFileWriter()
            RoadGraph.write(ways: ways.compactMap { way in way.rules.map { RoadWay(refs: way.refs, rules: $0) } }, position: position, into: &writer)
            // Named ways are places at the middle of their nodes (a closed way's first is not counted twice).
            for way in ways {
                guard let place = way.place else { continue }
                let refs = way.refs.count > 1 && way.refs.first == way.refs.last ? Array(way.refs.dropLast()) : way.refs
                let points = refs.compactMap(position)
                guard !points.isEmpty else { continue }
                var found = place
                found.position = GeoPoint(latitude: points.map(\.latitude).reduce(0, +) / Double(points.count),
                                          longitude: points.map(\.longitude).reduce(0, +) / Double(points.count))
                places.append(found)
            }
            NamedPlaces.write(places, into: &writer)
            var tiles = BaseTiles()
            for way in ways { tiles.add(way, points: way.refs.compactMap(position)) }
            ways = []
            let tileCount = try tiles.write(into: &writer)
            // What the region covers: the outline around every node it keeps, and 200 m beyond (a
            // fix a little off the last road is still in the region), as the hull of an octagon around each corner.
            let inner = Geo.hull((0..<needed.count).lazy.filter { !latitudes[$0].isNaN }.map { GeoPoint(latitude: latitudes[$0], longitude: longitudes[$0]) }
                                 + places.map(\.position))
            let outline = Geo.hull(inner.flatMap { corner in
                (0..<8).map { k in
                    let angle = Double(k) * .pi / 4, degrees = MapBuild.margin / 111_320
                    return GeoPoint(latitude: corner.latitude + degrees * sin(angle),
                                    longitude: corner.longitude + degrees * cos(angle) / max(0.1, cos(corner.latitude * .pi / 180)))
                }
            })
            let meta = MapRegionMeta(name: regionName, outline: outline.map { [MapLabels.round($0.latitude), MapLabels.round($0.longitude)] },
                                     zooms: zooms, places: places.count)
            try writer.add("meta", json: meta)
            let bytes = try writer.finish(timestamp: newest)
            let file = try output.map { try MapFile(path: $0) } ?? MapFile(bytes: bytes)
            let graph = try RoadGraph(file: file)
            return (Summary(name: regionName, timestamp: newest, vertices: graph.vertexCount, arcs: graph.arcCount, places: places.count, tiles: tileCount,
                            bytes: file.size), bytes)
        } catch let error as OSMExtract.ReadError {
            throw Failure(description: "\(path): \(error.description)")
        }
    }
}

/// A region's description in its map file (section `meta`).
struct MapRegionMeta: Codable, Equatable {
    var name: String
    /// Latitude and longitude of each corner of the convex outline around the region's nodes.
    var outline: [[Double]]
    var zooms: [Int]
    var places: Int
}

/// What a map build keeps of a way: its nodes, who may travel it, how the base map draws it,
/// the name it labels, and the place it is (each nil when it is not).
struct KeptWay {
    var refs: [Int64]
    var rules: WayRules?
    /// water, park, coast, or a road class (major, minor, path).
    var drawn: String?
    var label: [String: String]?
    var place: NamedPlace?

    init?(_ way: OSMWay, relationTags: [String: String]?) {
        let tags = OSMExtract.wanted(way.tags) ? way.tags : relationTags
        let place = OSMExtract.mayBePlace(way.tags) ? NamedPlace.from(tags: way.tags, at: GeoPoint(latitude: 0, longitude: 0)) : nil
        guard tags != nil || place != nil, way.refs.count >= 1 else { return nil }
        refs = way.refs
        self.place = place
        guard let t = tags else { return }
        let road = WayRules(t)
        rules = road.isRoutable ? road : nil
        if t["natural"] == "water" || t["waterway"] == "riverbank" || t["water"] != nil || ["reservoir", "basin"].contains(t["landuse"] ?? "") {
            drawn = "water"
        } else if t["natural"] == "coastline" {
            drawn = "coast"
        } else if t["leisure"] != nil || t["landuse"] != nil || t["natural"] == "wood" {
            drawn = "park"
        } else if let highway = t["highway"], t["area"] != "yes" {
            drawn = MapData.roadClass(highway)
        }
        if t["name"] != nil { label = t.filter { ["name", "highway", "natural", "water", "leisure", "landuse"].contains($0.key) } }
    }

    var isArea: Bool { drawn == "water" || drawn == "park" }
}

/// The base map cut into tiles (the web's x/y/zoom scheme) at `MapBuild.zooms`: each zoom keeps
/// what shows at it (paths from 15, minor roads from 13, small parks from 13), simplified to
/// what a pixel there is. A shape lies in every tile its box touches.
struct BaseTiles {
    private var tiles: [Int64: (areas: [BaseMap.Feature], lines: [BaseMap.Feature], labels: [BaseMap.Label])] = [:]
    private var labels = MapLabels()

    /// Metres a shape may move when simplified at a zoom (about half a pixel).
    static func tolerance(_ zoom: Int) -> Double { zoom >= 15 ? 1 : zoom >= 13 ? 5 : 25 }

    static func shows(_ kind: String, zoom: Int, span: Double) -> Bool {
        switch kind {
        case "path": zoom >= 15
        case "minor": zoom >= 13
        case "park", "water": zoom >= 13 || span > 300
        default: true
        }
    }

    static func key(_ zoom: Int, _ x: Int, _ y: Int) -> Int64 { Int64(zoom) << 58 | Int64(x) << 29 | Int64(y) }

    static func tile(_ p: GeoPoint, _ zoom: Int) -> (x: Int, y: Int) {
        let n = Double(1 << zoom)
        let latitude = min(85.05, max(-85.05, p.latitude)) * .pi / 180
        let x = Int(((p.longitude + 180) / 360 * n).rounded(.down))
        let y = Int(((1 - asinh(tan(latitude)) / .pi) / 2 * n).rounded(.down))
        return (min(max(x, 0), Int(n) - 1), min(max(y, 0), Int(n) - 1))
    }

    /// South, west, north, east of a tile.
    static func bounds(_ zoom: Int, _ x: Int, _ y: Int) -> [Double] {
        let n = Double(1 << zoom)
        func latitude(_ y: Int) -> Double { atan(sinh(.pi * (1 - 2 * Double(y) / n))) * 180 / .pi }
        return [latitude(y + 1), Double(x) / n * 360 - 180, latitude(y), Double(x + 1) / n * 360 - 180].map(MapLabels.round)
    }

    mutating func add(_ way: KeptWay, points: [GeoPoint]) {
        guard points.count >= 2 else { return }
        if let label = way.label { labels.consider(way: label, points) }
        guard let kind = way.drawn else { return }
        // Areas are closed rings only (see MapData's note on multipolygons).
        if way.isArea, !(way.refs.first == way.refs.last && points.count >= 4) { return }
        let south = points.map(\.latitude).min()!, north = points.map(\.latitude).max()!
        let west = points.map(\.longitude).min()!, east = points.map(\.longitude).max()!
        let span = Geo.distance(GeoPoint(latitude: south, longitude: west), GeoPoint(latitude: north, longitude: east))
        for zoom in MapBuild.zooms where BaseTiles.shows(kind, zoom: zoom, span: span) {
            let feature = BaseMap.Feature(k: kind, p: Polyline.encode(Geo.simplify(points, metres: BaseTiles.tolerance(zoom))))
            let low = BaseTiles.tile(GeoPoint(latitude: north, longitude: west), zoom), high = BaseTiles.tile(GeoPoint(latitude: south, longitude: east), zoom)
            for x in low.x...high.x {
                for y in low.y...high.y {
                    let key = BaseTiles.key(zoom, x, y)
                    if way.isArea { tiles[key, default: ([], [], [])].areas.append(feature) } else { tiles[key, default: ([], [], [])].lines.append(feature) }
                }
            }
        }
    }

    /// Each tile as the JSON `GET /v1/map/base/{z}/{x}/{y}` answers: sections `t.keys` (ascending),
    /// `t.first` (where each tile's bytes begin in `t.data`, and the end). The number of tiles.
    mutating func write(into writer: inout MapFileWriter) throws -> Int {
        for label in labels.labels() {
            for zoom in MapBuild.zooms where label.k == "water" || label.k == "park" || label.k == "major" && zoom >= 13 || zoom >= 15 {
                let (x, y) = BaseTiles.tile(GeoPoint(latitude: label.a, longitude: label.o), zoom)
                tiles[BaseTiles.key(zoom, x, y), default: ([], [], [])].labels.append(label)
            }
        }
        var keys: [Int64] = [], first: [Int64] = [], data: [UInt8] = []
        for key in tiles.keys.sorted() {
            var (areas, lines, labels) = tiles[key]!
            areas.sort { $0.k > $1.k }  // parks under water; stable within a kind
            lines = lines.enumerated().sorted { (MapData.order($0.1.k), $0.0) < (MapData.order($1.1.k), $1.0) }.map(\.1)
            let zoom = Int(key >> 58), x = Int((key >> 29) & 0x1FFF_FFFF), y = Int(key & 0x1FFF_FFFF)
            keys.append(key)
            first.append(Int64(data.count))
            data += try JSONBytes.encode(BaseMap(bounds: BaseTiles.bounds(zoom, x, y), credit: MapData.credit, areas: areas, lines: lines, labels: labels))
        }
        first.append(Int64(data.count))
        writer.add("t.keys", keys)
        writer.add("t.first", first)
        writer.add("t.data", data)
        return keys.count
    }
}

extension Array where Element: Comparable {
    /// The first index whose element is not below `value` (the array sorted ascending).
    func lowerBound(_ value: Element) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Without repeats (the array sorted).
    func uniqued() -> [Element] {
        var out: [Element] = []
        out.reserveCapacity(count)
        for value in self where out.last != value { out.append(value) }
        return out
    }
}
