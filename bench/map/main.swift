// The Swift side of bench/map, built -O from YarukiCore's own map files (MapFile, RoadGraph,
// NamedPlaces, Geometry):
//   map-bench open FILE                    opening a region's map file in place: ms, and its size
//   map-bench route FILE LEGS SEED         random walking legs (300 m – 3 km apart, joined by roads): p50/p99 ms
//   map-bench places FILE LOOKUPS SEED     the nearest five named places to random spots near roads: p50/p99 ms
//   map-bench pairs FILE PAIRS SEED OUT    vertex pairs for the reference: OUT.arcs (from to metres), OUT.pairs
//                                          (from to metres µs), each length the router's own walkingDistance
import Foundation

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

struct Random {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    mutating func below(_ n: Int) -> Int { min(n - 1, Int(next() * Double(n))) }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

/// Pairs of vertices 300 m – 3 km apart in the same walking part, by rejection.
func legs(_ graph: RoadGraph, _ count: Int, _ random: inout Random) -> [(Int, Int)] {
    var out: [(Int, Int)] = []
    while out.count < count {
        let a = random.below(graph.vertexCount)
        // A partner near a: vertices are in file order, and copies of a tiled region lie in runs, so
        // look among a window of neighbours first, then anywhere.
        for _ in 0..<200 {
            let b = random.next() < 0.9 ? min(graph.vertexCount - 1, max(0, a + random.below(20_000) - 10_000)) : random.below(graph.vertexCount)
            let d = Geo.distance(graph.point(a), graph.point(b))
            if d >= 300, d <= 3000, graph.part(of: a, mode: .walking) == graph.part(of: b, mode: .walking) {
                out.append((a, b))
                break
            }
        }
    }
    return out
}

let arguments = CommandLine.arguments
let path = arguments.count > 2 ? arguments[2] : ""
switch arguments.dropFirst().first {
case "open":
    var best = Double.infinity
    var size = 0
    for _ in 0..<5 {
        let start = now()
        let file = try MapFile(path: path)
        let graph = try RoadGraph(file: file)
        let places = try NamedPlaces(file: file)
        best = min(best, now() - start)
        size = file.size
        _ = (graph, places)
    }
    print("{\"openMs\": \(best * 1000), \"bytes\": \(size)}")
case "route":
    let graph = try RoadGraph(file: MapFile(path: path))
    var random = Random(state: UInt64(arguments[4])!)
    var times: [Double] = []
    var found = 0
    for (a, b) in legs(graph, Int(arguments[3])!, &random) {
        let start = now()
        let route = graph.route(from: graph.point(a), to: graph.point(b), mode: .walking)
        times.append((now() - start) * 1000)
        if route != nil { found += 1 }
    }
    print("{\"legs\": \(times.count), \"found\": \(found), \"p50\": \(percentile(times, 0.5)), \"p99\": \(percentile(times, 0.99)), \"vertices\": \(graph.vertexCount)}")
case "places":
    let file = try MapFile(path: path)
    let graph = try RoadGraph(file: file)
    let places = try NamedPlaces(file: file)
    var random = Random(state: UInt64(arguments[4])!)
    var times: [Double] = []
    var answered = 0
    for _ in 0..<Int(arguments[3])! {
        let v = graph.point(random.below(graph.vertexCount))
        let spot = GeoPoint(latitude: v.latitude + (random.next() - 0.5) * 0.002, longitude: v.longitude + (random.next() - 0.5) * 0.004)
        let start = now()
        let found = places.nearest(to: spot, limit: 5)
        times.append((now() - start) * 1000)
        if !found.isEmpty { answered += 1 }
    }
    print("{\"lookups\": \(times.count), \"answered\": \(answered), \"p50\": \(percentile(times, 0.5)), \"p99\": \(percentile(times, 0.99)), \"places\": \(places.count)}")
case "pairs":
    let graph = try RoadGraph(file: MapFile(path: path))
    var random = Random(state: UInt64(arguments[4])!)
    let out = arguments[5]
    var arcs = ""
    for arc in graph.walkingArcs() { arcs += "\(arc.from) \(arc.to) \(arc.metres)\n" }
    try arcs.write(toFile: out + ".arcs", atomically: true, encoding: .utf8)
    var lines = ""
    for (a, b) in legs(graph, Int(arguments[3])!, &random) {
        let start = now()
        let metres = graph.walkingDistance(from: a, to: b)
        let micros = (now() - start) * 1e6
        lines += "\(a) \(b) \(metres.map { String($0) } ?? "none") \(micros)\n"
    }
    try lines.write(toFile: out + ".pairs", atomically: true, encoding: .utf8)
    print("{\"vertices\": \(graph.vertexCount), \"arcs\": \(graph.walkingArcs().count)}")
default:
    FileHandle.standardError.write(Data("usage: map-bench open|route|places|pairs FILE …\n".utf8))
    exit(2)
}
