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

/// A way as the router needs it: its nodes and who may use it which way.
public struct RoadWay: Sendable {
    public var refs: [Int64]
    public var rules: WayRules

    public init(refs: [Int64], rules: WayRules) {
        self.refs = refs
        self.rules = rules
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
/// over the segments to find the nearest road to a recorded place. Its columns lie in a
/// `MapFile` (sections named `g.…`), read in place: a region's graph opens without decoding.
public struct RoadGraph: Sendable {
    public let latitudes: Column<Double>
    public let longitudes: Column<Double>
    /// Arcs leaving vertex v: `first[v] ..< first[v + 1]`.
    let first: Column<Int32>
    let target: Column<Int32>
    let length: Column<Float>
    /// Bit 0: walking may use it; bit 1: driving may.
    let modes: Column<UInt8>
    /// Seconds a car needs for it.
    let driveTime: Column<Float>
    /// Undirected segments (vertex pairs) for snapping, with the modes that may use either direction.
    let segmentFrom: Column<Int32>
    let segmentTo: Column<Int32>
    let segmentModes: Column<UInt8>
    /// The segments by grid cell.
    let grid: CellIndex
    let cell: Double
    /// The connected part of the network each vertex belongs to, per mode (ignoring direction):
    /// an extract's edge cuts roads into pieces that lead nowhere.
    let walkingPart: Column<Int32>
    let drivingPart: Column<Int32>

    public var vertexCount: Int { latitudes.count }
    public var arcCount: Int { target.count }
    public var segmentCount: Int { segmentFrom.count }
    /// The fastest a car goes anywhere in the graph (for the A* heuristic), m/s.
    let topSpeed: Double

    public func point(_ v: Int) -> GeoPoint { GeoPoint(latitude: latitudes[v], longitude: longitudes[v]) }

    static func bit(_ mode: TravelMode) -> UInt8 { mode == .walking ? 1 : 2 }

    /// Reads the graph's sections of a map file.
    public init(file: MapFile) throws {
        latitudes = try file.column("g.lat")
        longitudes = try file.column("g.lon")
        first = try file.column("g.first")
        target = try file.column("g.target")
        length = try file.column("g.length")
        modes = try file.column("g.modes")
        driveTime = try file.column("g.time")
        segmentFrom = try file.column("g.seg.from")
        segmentTo = try file.column("g.seg.to")
        segmentModes = try file.column("g.seg.modes")
        grid = try CellIndex(file: file, name: "g.grid")
        walkingPart = try file.column("g.part.walk")
        drivingPart = try file.column("g.part.drive")
        let meta: Column<Double> = try file.column("g.meta")
        let (n, arcs) = (latitudes.count, target.count)
        guard meta.count == 2, longitudes.count == n, first.count == n + 1, walkingPart.count == n, drivingPart.count == n,
              length.count == arcs, modes.count == arcs, driveTime.count == arcs, Int(first.last ?? 0) == arcs,
              segmentTo.count == segmentFrom.count, segmentModes.count == segmentFrom.count
        else { throw MapFile.Failure(description: "\(file.source): its road graph's columns do not agree") }
        cell = meta[0]
        topSpeed = meta[1]
    }

    /// Builds the graph from ways and a lookup of node positions (nodes it cannot place are
    /// skipped), in memory.
    public init(ways: [OSMWay], position: (Int64) -> GeoPoint?, cell: Double = RoadGraph.cellDegrees) throws {
        var writer = MapFileWriter()
        RoadGraph.write(ways: ways.map { RoadWay(refs: $0.refs, rules: WayRules($0.tags)) }, position: position, cell: cell, into: &writer)
        self = try RoadGraph(file: MapFile(bytes: writer.finish(timestamp: 0)))
    }

    /// Writes the graph of `ways` as a map file's `g.…` sections.
    public static func write(ways: [RoadWay], position: (Int64) -> GeoPoint?, cell: Double = RoadGraph.cellDegrees, into writer: inout MapFileWriter) {
        var index: [Int64: Int32] = [:]
        var lats: [Double] = [], lons: [Double] = []
        var arcs: [Arc] = []
        var segmentFrom: [Int32] = [], segmentTo: [Int32] = []
        var segmentModes: [UInt8] = []
        var top = 1.4
        for way in ways {
            let rules = way.rules
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
                    segmentFrom.append(u)
                    segmentTo.append(v)
                    segmentModes.append(forward | backward)
                }
                previous = (v, p)
            }
        }
        index = [:]
        // Stable: arcs of a vertex keep the order the ways gave them, so the same extract gives the same file.
        let order = arcs.indices.sorted { arcs[$0].from != arcs[$1].from ? arcs[$0].from < arcs[$1].from : $0 < $1 }
        var first = [Int32](repeating: 0, count: lats.count + 1)
        for arc in arcs { first[Int(arc.from) + 1] += 1 }
        for v in 0..<lats.count { first[v + 1] += first[v] }
        writer.add("g.lat", lats)
        writer.add("g.lon", lons)
        writer.add("g.first", first)
        writer.add("g.target", order.map { arcs[$0].to })
        writer.add("g.length", order.map { arcs[$0].length })
        writer.add("g.modes", order.map { arcs[$0].modes })
        writer.add("g.time", order.map { arcs[$0].time })
        arcs = []
        writer.add("g.seg.from", segmentFrom)
        writer.add("g.seg.to", segmentTo)
        writer.add("g.seg.modes", segmentModes)
        // The grid: each segment in every cell its box touches.
        var pairs: [(Int64, Int32)] = []
        pairs.reserveCapacity(segmentFrom.count * 2)
        for s in segmentFrom.indices {
            let (a, b) = (Int(segmentFrom[s]), Int(segmentTo[s]))
            let (r0, c0) = RoadGraph.cellOf(lats[a], lons[a], cell)
            let (r1, c1) = RoadGraph.cellOf(lats[b], lons[b], cell)
            for r in min(r0, r1)...max(r0, r1) {
                for c in min(c0, c1)...max(c0, c1) { pairs.append((RoadGraph.key(r, c), Int32(s))) }
            }
        }
        CellIndex.write(pairs, name: "g.grid", into: &writer)
        pairs = []
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
            for k in segmentFrom.indices where segmentModes[k] & bit != 0 {
                let (ra, rb) = (root(segmentFrom[k]), root(segmentTo[k]))
                if ra != rb { parent[Int(ra)] = rb }
            }
            return (0..<Int32(lats.count)).map(root)
        }
        writer.add("g.part.walk", parts(1))
        writer.add("g.part.drive", parts(2))
        writer.add("g.meta", [cell, top])
    }

    struct Arc { var from: Int32; var to: Int32; var length: Float; var modes: UInt8; var time: Float }

    /// Which connected part of the network a vertex belongs to, for a mode.
    public func part(of vertex: Int, mode: TravelMode) -> Int { Int((mode == .walking ? walkingPart : drivingPart)[vertex]) }

    public func part(of snap: Snap, mode: TravelMode) -> Int { part(of: Int(segmentFrom[snap.segment]), mode: mode) }

    /// Degrees of latitude a grid cell spans (about 55 m; columns span twice as many degrees of
    /// longitude): a snap looks at the segments within the slack of the nearest, a few cells.
    public static let cellDegrees = 0.0005

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
        let k = cos(p.latitude * .pi / 180)
        // A cell's narrower side: a row is `cell` degrees of latitude, a column twice that of longitude.
        let cellMetres = cell * Geo.earthRadius * .pi / 180 * min(1, 2 * max(0.1, k))
        // Segments by their distance alone first (a segment crossing cells is met more than once);
        // the few kept become snaps.
        var found: [(segment: Int32, fraction: Double, distance: Double)] = []
        var nearest = Double.infinity
        var ring = 0
        while true {
            for r in (r0 - ring)...(r0 + ring) {
                for c in (c0 - ring)...(c0 + ring) where abs(r - r0) == ring || abs(c - c0) == ring {
                    for s in grid.items(in: RoadGraph.key(r, c)) where segmentModes[Int(s)] & bit != 0 {
                        let (fraction, distance) = project(p, k, segment: Int(s))
                        found.append((s, fraction, distance))
                        nearest = min(nearest, distance)
                    }
                }
            }
            // A ring further out is at least `ring` cells away.
            if nearest + slack <= Double(ring) * cellMetres || Double(ring) * cellMetres > radius { break }
            ring += 1
        }
        guard nearest <= radius else { return [] }
        var taken = Set<Int>(), seen = Set<Int32>()
        return found.filter { $0.distance <= nearest + slack }.sorted { ($0.distance, $0.segment) < ($1.distance, $1.segment) }
            .filter { seen.insert($0.segment).inserted }
            .map { snap(p, segment: Int($0.segment), fraction: $0.fraction, distance: $0.distance) }
            .filter { taken.insert(part(of: $0, mode: mode)).inserted }
    }

    /// Where on a segment a point is nearest (0 at its first vertex, 1 at its second), and how
    /// far, in metres on the plane tangent at the point (`k`: the cosine of its latitude).
    @inline(__always) func project(_ p: GeoPoint, _ k: Double, segment s: Int) -> (Double, Double) {
        let (a, b) = (Int(segmentFrom[s]), Int(segmentTo[s]))
        let scale = Geo.earthRadius * .pi / 180
        let ax = (longitudes[a] - p.longitude) * scale * k, ay = (latitudes[a] - p.latitude) * scale
        let bx = (longitudes[b] - p.longitude) * scale * k, by = (latitudes[b] - p.latitude) * scale
        let dx = bx - ax, dy = by - ay
        let t = dx * dx + dy * dy > 0 ? min(1, max(0, -(ax * dx + ay * dy) / (dx * dx + dy * dy))) : 0
        let (x, y) = (ax + t * dx, ay + t * dy)
        return (t, (x * x + y * y).squareRoot())
    }

    func snap(_ p: GeoPoint, segment s: Int, fraction t: Double, distance: Double) -> Snap {
        let (a, b) = (Int(segmentFrom[s]), Int(segmentTo[s]))
        let point = GeoPoint(latitude: latitudes[a] + (latitudes[b] - latitudes[a]) * t, longitude: longitudes[a] + (longitudes[b] - longitudes[a]) * t)
        return Snap(segment: s, fraction: t, point: point, distance: distance)
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
        let (sa, sb) = (segmentFrom[s.segment], segmentTo[s.segment])
        let (ta, tb) = (segmentFrom[t.segment], segmentTo[t.segment])
        // Out of the start along its segment; into the target from its segment's ends (arriving at the snapped point).
        var seeds: [(Int32, Double)] = []
        if let c = cost(from: sb, to: sa, s.fraction, bit) { seeds.append((sa, c)) }
        if let c = cost(from: sa, to: sb, 1 - s.fraction, bit) { seeds.append((sb, c)) }
        var into: [(Int32, Double)] = []
        if let c = cost(from: ta, to: tb, t.fraction, bit) { into.append((ta, c)) }
        if let c = cost(from: tb, to: ta, 1 - t.fraction, bit) { into.append((tb, c)) }
        // Both on one segment, in a usable direction: straight along it.
        var direct: Double?
        if s.segment == t.segment {
            let forward = t.fraction >= s.fraction
            direct = cost(from: forward ? sa : sb, to: forward ? sb : sa, abs(t.fraction - s.fraction), bit)
        }
        guard let (_, vertices) = search(seeds: seeds, into: into, direct: direct, toward: t.point, bit: bit) else { return nil }
        var path = [s.point] + vertices.map { point(Int($0)) } + [t.point]
        if s.distance > 1 { path.insert(start, at: 0) }
        if t.distance > 1 { path.append(end) }
        return path
    }

    /// Each arc walking may use, as (from, to, metres): the graph a reference router is given.
    public func walkingArcs() -> [(from: Int, to: Int, metres: Float)] {
        (0..<vertexCount).flatMap { v in
            (Int(first[v])..<Int(first[v + 1])).filter { modes[$0] & 1 != 0 }.map { (v, Int(target[$0]), length[$0]) }
        }
    }

    /// The length of the shortest walk between two vertices, in metres (nil when none joins
    /// them): what a reference router's shortest path over the same arcs must equal.
    public func walkingDistance(from v: Int, to w: Int) -> Double? {
        search(seeds: [(Int32(v), 0)], into: [(Int32(w), 0)], direct: v == w ? 0 : nil, toward: point(w), bit: 1)?.cost
    }

    /// A* with a great-circle heuristic from seed vertices (with what reaching each cost) to a
    /// goal reached from `into`'s vertices (with what the last stretch costs), or straight
    /// (`direct`). Its state is kept only for the vertices it reaches, so a search costs what it
    /// explores, not the size of the region. The vertices passed on the way, in order.
    func search(seeds: [(Int32, Double)], into: [(Int32, Double)], direct: Double?, toward goalPoint: GeoPoint, bit: UInt8)
        -> (cost: Double, vertices: [Int32])? {
        let speed = bit == 1 ? 1 : topSpeed
        let goal: Int32 = -2, origin: Int32 = -1
        func h(_ v: Int32) -> Double { v < 0 ? 0 : Geo.distance(point(Int(v)), goalPoint) / speed }
        var state = SearchState(capacity: 1024)
        var heap = BinaryHeap()
        func relax(_ v: Int32, _ candidate: Double, from u: Int32) {
            let slot = state.slot(v)
            guard candidate < state.cost[slot] else { return }
            state.cost[slot] = candidate
            state.parent[slot] = u
            heap.push(Int(v), candidate + h(v))
        }
        for (v, c) in seeds { relax(v, c, from: origin) }
        if let direct { relax(goal, direct, from: origin) }
        while let (popped, _) = heap.pop() {
            let u = Int32(popped)
            let slot = state.slot(u)
            if state.closed[slot] { continue }
            state.closed[slot] = true
            if u == goal { break }
            let g = state.cost[slot]
            for (v, c) in into where v == u { relax(goal, g + c, from: u) }
            for arc in Int(first[Int(u)])..<Int(first[Int(u) + 1]) where modes[arc] & bit != 0 {
                relax(target[arc], g + cost(arc, bit), from: u)
            }
        }
        guard let end = state.find(goal), state.cost[end] < .infinity else { return nil }
        var vertices: [Int32] = []
        var v = state.parent[end]
        while v != origin, let slot = state.find(v) {
            vertices.append(v)
            v = state.parent[slot]
        }
        return (state.cost[end], vertices.reversed())
    }
}

/// A search's cost, parent and closed flag per vertex it has reached: open addressing on the
/// vertex number, grown at half full.
struct SearchState {
    private var keys: [Int32]
    var cost: [Double]
    var parent: [Int32]
    var closed: [Bool]
    private var used = 0
    private var mask: Int
    static let empty = Int32.min

    init(capacity: Int) {
        let size = max(16, capacity.nextPowerOfTwo)
        keys = [Int32](repeating: SearchState.empty, count: size)
        cost = [Double](repeating: .infinity, count: size)
        parent = [Int32](repeating: -1, count: size)
        closed = [Bool](repeating: false, count: size)
        mask = size - 1
    }

    @inline(__always) static func hash(_ v: Int32) -> Int { Int(truncatingIfNeeded: UInt32(bitPattern: v) &* 0x9E37_79B1) }

    func find(_ v: Int32) -> Int? {
        var i = SearchState.hash(v) & mask
        while keys[i] != SearchState.empty {
            if keys[i] == v { return i }
            i = (i + 1) & mask
        }
        return nil
    }

    /// The vertex's slot, added (unreached: infinite cost) when new.
    mutating func slot(_ v: Int32) -> Int {
        var i = SearchState.hash(v) & mask
        while keys[i] != SearchState.empty {
            if keys[i] == v { return i }
            i = (i + 1) & mask
        }
        if (used + 1) * 2 > keys.count {
            grow()
            return slot(v)
        }
        keys[i] = v
        used += 1
        return i
    }

    private mutating func grow() {
        var bigger = SearchState(capacity: keys.count * 2)
        for i in keys.indices where keys[i] != SearchState.empty {
            let j = bigger.slot(keys[i])
            bigger.cost[j] = cost[i]
            bigger.parent[j] = parent[i]
            bigger.closed[j] = closed[i]
        }
        self = bigger
    }
}

extension Int {
    var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
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
