import Foundation

/// How a person moved between two places, which decides the roads they could use.
public enum TravelMode: String, Codable, CaseIterable, Sendable {
    case walking, driving
}

/// A way from an OpenStreetMap extract: its nodes in order and its tags.
public struct OSMWay: Equatable, Sendable {
    public var id: Int64
    public var refs: [Int64]
    public var tags: [String: String]

    public init(id: Int64, refs: [Int64], tags: [String: String]) {
        self.id = id
        self.refs = refs
        self.tags = tags
    }
}

/// Who may use a way in which direction, by OpenStreetMap's tagging conventions: `highway` class,
/// `access`, `foot`, `motor_vehicle`/`motorcar`, `oneway` (yes, 1, true, -1, reverse),
/// `junction=roundabout` and motorways (oneway by default).
public struct WayRules: Equatable, Sendable {
    public var walkForward = false, walkBackward = false
    public var driveForward = false, driveBackward = false
    /// Metres per second a car keeps on it.
    public var driveSpeed = 0.0

    static let walkable: Set<String> = ["footway", "path", "pedestrian", "steps", "living_street", "residential", "service", "unclassified",
                                        "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link", "trunk",
                                        "trunk_link", "track", "cycleway", "bridleway", "corridor", "road"]
    /// km/h by class.
    static let driveSpeeds: [String: Double] = ["motorway": 100, "motorway_link": 50, "trunk": 80, "trunk_link": 45, "primary": 60,
                                                "primary_link": 40, "secondary": 50, "secondary_link": 35, "tertiary": 40, "tertiary_link": 30,
                                                "unclassified": 30, "residential": 30, "living_street": 10, "service": 15, "road": 30]
    static let no: Set<String> = ["no", "private", "discouraged"]

    public init(_ tags: [String: String]) {
        guard let highway = tags["highway"], tags["area"] != "yes" || highway == "pedestrian" else { return }
        let access = tags["access"]
        let foot = tags["foot"]
        if foot == "yes" || foot == "designated" || foot == "permissive" {
            walkForward = true
        } else if WayRules.walkable.contains(highway), !WayRules.no.contains(foot ?? ""), !WayRules.no.contains(access ?? "") {
            walkForward = true
        }
        walkBackward = walkForward && tags["oneway:foot"] != "yes"
        if let kmh = WayRules.driveSpeeds[highway] {
            let vehicle = tags["motorcar"] ?? tags["motor_vehicle"] ?? tags["vehicle"]
            let allowed = vehicle.map { !WayRules.no.contains($0) } ?? !WayRules.no.contains(access ?? "")
            if allowed {
                let oneway = tags["oneway"] ?? ""
                let implied = highway == "motorway" || tags["junction"] == "roundabout" || tags["junction"] == "circular"
                switch oneway {
                case "yes", "1", "true": (driveForward, driveBackward) = (true, false)
                case "-1", "reverse": (driveForward, driveBackward) = (false, true)
                case "no", "false", "0": (driveForward, driveBackward) = (true, true)
                default: (driveForward, driveBackward) = (true, !implied)
                }
                if let max = tags["maxspeed"].flatMap({ Double($0.prefix { $0.isNumber }) }), max > 0 {
                    driveSpeed = min(kmh, max) / 3.6
                } else {
                    driveSpeed = kmh / 3.6
                }
            }
        }
    }

    public var isRoutable: Bool { walkForward || walkBackward || driveForward || driveBackward }
}

/// The roads of an extract as a graph for routing: vertices are the nodes of routable ways,
/// arcs their segments in each direction a mode may use (compressed sparse rows), and a grid
/// over the segments to find the nearest road to a recorded place.
public struct RoadGraph: Sendable {
    public let latitudes: [Double]
    public let longitudes: [Double]
    /// Arcs leaving vertex v: `first[v] ..< first[v + 1]`.
    let first: [Int32]
    let target: [Int32]
    let length: [Float]
    /// Bit 0: walking may use it; bit 1: driving may.
    let modes: [UInt8]
    /// Seconds a car needs for it.
    let driveTime: [Float]
    /// Undirected segments (vertex pairs) for snapping, with the modes that may use either direction.
    let segments: [(Int32, Int32)]
    let segmentModes: [UInt8]
    let grid: [Int64: [Int32]]
    let cell: Double
    /// The connected part of the network each vertex belongs to, per mode (ignoring direction):
    /// an extract's edge cuts roads into pieces that lead nowhere.
    let walkingPart: [Int32]
    let drivingPart: [Int32]

    public var vertexCount: Int { latitudes.count }
    public var arcCount: Int { target.count }
    /// The fastest a car goes anywhere in the graph (for the A* heuristic), m/s.
    let topSpeed: Double

    public func point(_ v: Int) -> GeoPoint { GeoPoint(latitude: latitudes[v], longitude: longitudes[v]) }

    static func bit(_ mode: TravelMode) -> UInt8 { mode == .walking ? 1 : 2 }

    /// Builds the graph from ways and a lookup of node positions (nodes it cannot place are skipped).
    public init(ways: [OSMWay], position: (Int64) -> GeoPoint?, cell: Double = 0.002) {
        var index: [Int64: Int32] = [:]
        var lats: [Double] = [], lons: [Double] = []
        struct Arc { var from: Int32; var to: Int32; var length: Float; var modes: UInt8; var time: Float }
        var arcs: [Arc] = []
        var segments: [(Int32, Int32)] = []
        var segmentModes: [UInt8] = []
        var top = 1.4
        for way in ways {
            let rules = WayRules(way.tags)
            guard rules.isRoutable else { continue }
            if rules.driveSpeed > top { top = rules.driveSpeed }
            var previous: (Int32, GeoPoint)?
            for ref in way.refs {
                guard let p = position(ref) else { previous = nil; continue }
                let v: Int32
                if let known = index[ref] {
                    v = known
                } else {
                    v = Int32(lats.count)
                    index[ref] = v
                    lats.append(p.latitude)
                    lons.append(p.longitude)
                }
                if let (u, q) = previous, u != v {
                    let d = Float(Geo.distance(q, p))
                    let time = rules.driveSpeed > 0 ? d / Float(rules.driveSpeed) : 0
                    let forward = (rules.walkForward ? 1 : 0) | (rules.driveForward ? 2 : 0) as UInt8
                    let backward = (rules.walkBackward ? 1 : 0) | (rules.driveBackward ? 2 : 0) as UInt8
                    if forward != 0 { arcs.append(Arc(from: u, to: v, length: d, modes: forward, time: time)) }
                    if backward != 0 { arcs.append(Arc(from: v, to: u, length: d, modes: backward, time: time)) }
                    segments.append((u, v))
                    segmentModes.append(forward | backward)
                }
                previous = (v, p)
            }
        }
        arcs.sort { $0.from < $1.from }
        var first = [Int32](repeating: 0, count: lats.count + 1)
        for arc in arcs { first[Int(arc.from) + 1] += 1 }
        for v in 0..<lats.count { first[v + 1] += first[v] }
        self.first = first
        target = arcs.map(\.to)
        length = arcs.map(\.length)
        modes = arcs.map(\.modes)
        driveTime = arcs.map(\.time)
        latitudes = lats
        longitudes = lons
        self.segments = segments
        self.segmentModes = segmentModes
        topSpeed = top
        self.cell = cell
        var grid: [Int64: [Int32]] = [:]
        for (s, (a, b)) in segments.enumerated() {
            let (r0, c0) = RoadGraph.cellOf(lats[Int(a)], lons[Int(a)], cell)
            let (r1, c1) = RoadGraph.cellOf(lats[Int(b)], lons[Int(b)], cell)
            for r in min(r0, r1)...max(r0, r1) {
                for c in min(c0, c1)...max(c0, c1) { grid[RoadGraph.key(r, c), default: []].append(Int32(s)) }
            }
        }
        self.grid = grid
        func parts(_ bit: UInt8) -> [Int32] {
            var parent = Array(Int32(0)..<Int32(lats.count))
            func root(_ v: Int32) -> Int32 {
                var v = v
                while parent[Int(v)] != v {
                    parent[Int(v)] = parent[Int(parent[Int(v)])]
                    v = parent[Int(v)]
                }
                return v
            }
            for (k, (a, b)) in segments.enumerated() where segmentModes[k] & bit != 0 {
                let (ra, rb) = (root(a), root(b))
                if ra != rb { parent[Int(ra)] = rb }
            }
            return (0..<Int32(lats.count)).map(root)
        }
        walkingPart = parts(1)
        drivingPart = parts(2)
    }

    /// Which connected part of the network a vertex belongs to, for a mode.
    public func part(of vertex: Int, mode: TravelMode) -> Int { Int((mode == .walking ? walkingPart : drivingPart)[vertex]) }

    public func part(of snap: Snap, mode: TravelMode) -> Int { part(of: Int(segments[snap.segment].0), mode: mode) }

    /// Places this much further from the road than the nearest one may still be what a person
    /// was on (a GPS fix is a few tens of metres out), if they join the rest of the network.
    public static let snapSlack = 75.0

    static func cellOf(_ lat: Double, _ lon: Double, _ cell: Double) -> (Int, Int) {
        (Int((lat / cell).rounded(.down)), Int((lon / (cell * 2)).rounded(.down)))
    }

    static func key(_ r: Int, _ c: Int) -> Int64 { Int64(r) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: c))) }

    /// Where a place meets the nearest road a mode may use.
    public struct Snap: Equatable, Sendable {
        public var segment: Int
        /// 0 at the segment's first vertex, 1 at its second.
        public var fraction: Double
        public var point: GeoPoint
        /// Metres from the place to the road.
        public var distance: Double
    }

    /// The nearest segment `mode` may use within `radius` metres, through the grid.
    public func snap(_ p: GeoPoint, mode: TravelMode, radius: Double = 500) -> Snap? {
        candidates(p, mode: mode, radius: radius, slack: 0).first
    }

    /// The nearest usable segment and every other within `slack` metres more, nearest first, at
    /// most one per connected part of the network.
    public func candidates(_ p: GeoPoint, mode: TravelMode, radius: Double = 500, slack: Double = RoadGraph.snapSlack) -> [Snap] {
        let bit = RoadGraph.bit(mode)
        let (r0, c0) = RoadGraph.cellOf(p.latitude, p.longitude, cell)
        let cellMetres = cell * Geo.earthRadius * .pi / 180 * max(0.2, cos(p.latitude * .pi / 180))
        var found: [Snap] = []
        var seen = Set<Int32>()
        var ring = 0
        while true {
            for r in (r0 - ring)...(r0 + ring) {
                for c in (c0 - ring)...(c0 + ring) where abs(r - r0) == ring || abs(c - c0) == ring {
                    for s in grid[RoadGraph.key(r, c)] ?? [] where segmentModes[Int(s)] & bit != 0 && seen.insert(s).inserted {
                        found.append(project(p, segment: Int(s)))
                    }
                }
            }
            let nearest = found.map(\.distance).min() ?? .infinity
            // A ring further out is at least `ring` cells away.
            if nearest + slack <= Double(ring) * cellMetres || Double(ring) * cellMetres > radius { break }
            ring += 1
        }
        guard let nearest = found.map(\.distance).min(), nearest <= radius else { return [] }
        var taken = Set<Int>()
        return found.filter { $0.distance <= nearest + slack }.sorted { $0.distance < $1.distance }.filter {
            taken.insert(part(of: $0, mode: mode)).inserted
        }
    }

    func project(_ p: GeoPoint, segment s: Int) -> Snap {
        let (a, b) = segments[s]
        let scale = Geo.earthRadius * .pi / 180, k = cos(p.latitude * .pi / 180)
        let ax = (longitudes[Int(a)] - p.longitude) * scale * k, ay = (latitudes[Int(a)] - p.latitude) * scale
        let bx = (longitudes[Int(b)] - p.longitude) * scale * k, by = (latitudes[Int(b)] - p.latitude) * scale
        let dx = bx - ax, dy = by - ay
        let t = dx * dx + dy * dy > 0 ? min(1, max(0, -(ax * dx + ay * dy) / (dx * dx + dy * dy))) : 0
        let point = GeoPoint(latitude: latitudes[Int(a)] + (latitudes[Int(b)] - latitudes[Int(a)]) * t,
                             longitude: longitudes[Int(a)] + (longitudes[Int(b)] - longitudes[Int(a)]) * t)
        return Snap(segment: s, fraction: t, point: point, distance: Geo.distance(p, point))
    }

    /// What an arc costs a mode: metres walking, seconds driving.
    func cost(_ arc: Int, _ bit: UInt8) -> Double { bit == 1 ? Double(length[arc]) : Double(driveTime[arc]) }

    /// The cost of `fraction` of the arc from `a` to `b`, nil when the mode may not go that way.
    func cost(from a: Int32, to b: Int32, _ fraction: Double, _ bit: UInt8) -> Double? {
        for arc in Int(first[Int(a)])..<Int(first[Int(a) + 1]) where target[arc] == b && modes[arc] & bit != 0 { return cost(arc, bit) * fraction }
        return nil
    }

    /// The shortest (walking) or quickest (driving) way along roads from one place to another,
    /// by A* with a great-circle heuristic, from the nearest usable road to the nearest usable
    /// road; nil when either place is far from any road or no road joins them.
    public func route(from start: GeoPoint, to end: GeoPoint, mode: TravelMode) -> [GeoPoint]? {
        // The nearest roads at both ends that the network joins (the nearest, unless it is a piece cut off).
        let starts = candidates(start, mode: mode), ends = candidates(end, mode: mode)
        var pair: (Snap, Snap)?
        for a in starts {
            for b in ends where part(of: a, mode: mode) == part(of: b, mode: mode) {
                if pair == nil || a.distance + b.distance < pair!.0.distance + pair!.1.distance { pair = (a, b) }
            }
        }
        guard let (s, t) = pair else { return nil }
        let bit = RoadGraph.bit(mode)
        let n = vertexCount
        let goal = n  // a virtual vertex: the target's snapped point
        let origin = n + 1  // and the start's
        let speed = mode == .walking ? 1 : topSpeed
        func h(_ v: Int) -> Double { v >= n ? 0 : Geo.distance(point(v), t.point) / speed }

        var g = [Double](repeating: .infinity, count: n + 2)
        var parent = [Int32](repeating: -1, count: n + 2)
        var heap = BinaryHeap()
        func relax(_ v: Int, _ c: Double, from u: Int) {
            let candidate = g[u] + c
            guard candidate < g[v] else { return }
            g[v] = candidate
            parent[v] = Int32(u)
            heap.push(v, candidate + h(v))
        }
        let (sa, sb) = segments[s.segment]
        let (ta, tb) = segments[t.segment]
        // Ways into the target from its segment's ends (arriving at the snapped point).
        var into: [Int32: Double] = [:]
        into[ta] = cost(from: ta, to: tb, t.fraction, bit)
        into[tb] = cost(from: tb, to: ta, 1 - t.fraction, bit)
        g[origin] = 0
        // Out of the start along its segment.
        if let c = cost(from: sb, to: sa, s.fraction, bit) { relax(Int(sa), c, from: origin) }
        if let c = cost(from: sa, to: sb, 1 - s.fraction, bit) { relax(Int(sb), c, from: origin) }
        // Both on one segment, in a usable direction: straight along it.
        if s.segment == t.segment {
            let forward = t.fraction >= s.fraction
            if let c = cost(from: forward ? sa : sb, to: forward ? sb : sa, abs(t.fraction - s.fraction), bit) { relax(goal, c, from: origin) }
        }

        var closed = [Bool](repeating: false, count: n + 2)
        while let (u, _) = heap.pop() {
            if closed[u] { continue }
            closed[u] = true
            if u == goal { break }
            if let extra = into[Int32(u)] { relax(goal, extra, from: u) }
            for arc in Int(first[u])..<Int(first[u + 1]) where modes[arc] & bit != 0 {
                relax(Int(target[arc]), cost(arc, bit), from: u)
            }
        }
        guard g[goal] < .infinity else { return nil }
        var vertices: [Int] = []
        var v = Int(parent[goal])
        while v != origin && v >= 0 {
            vertices.append(v)
            v = Int(parent[v])
        }
        var path = [s.point] + vertices.reversed().map(point) + [t.point]
        if s.distance > 1 { path.insert(start, at: 0) }
        if t.distance > 1 { path.append(end) }
        return path
    }
}

/// A min-heap of (vertex, priority) for A*.
struct BinaryHeap {
    private var items: [(Int, Double)] = []

    mutating func push(_ v: Int, _ priority: Double) {
        items.append((v, priority))
        var i = items.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard items[p].1 > items[i].1 else { break }
            items.swapAt(p, i)
            i = p
        }
    }

    mutating func pop() -> (Int, Double)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count, items[l].1 < items[m].1 { m = l }
                if r < items.count, items[r].1 < items[m].1 { m = r }
                if m == i { break }
                items.swapAt(m, i)
                i = m
            }
        }
        return top
    }
}
