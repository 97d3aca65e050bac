// The Swift side of bench/playback (main.swift), built -O from YarukiCore's own geometry and cursor files:
//   core dp FILE TOLERANCE   Douglas–Peucker over the float64 x,y pairs in FILE: best of 5, ms, and points kept
//   core cursor N            N cursor position lookups at scattered times over a 300-stop month: lookups a second
import Foundation

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "dp":
    let data = FileManager.default.contents(atPath: arguments[2])!
    let tolerance = Double(arguments[3])!
    let values = data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
    let xs = stride(from: 0, to: values.count, by: 2).map { values[$0] }
    let ys = stride(from: 1, to: values.count, by: 2).map { values[$0] }
    var best = Double.infinity
    var kept = 0
    for _ in 0..<5 {
        let start = now()
        kept = Simplify.douglasPeucker(xs: xs, ys: ys, tolerance: tolerance).count
        best = min(best, now() - start)
    }
    print("{\"ms\": \(best * 1000), \"kept\": \(kept), \"points\": \(xs.count)}")
case "cursor":
    let n = Int(arguments[2])!
    var state: UInt64 = 42
    func random() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    // 300 stops around a city, legs of 60 points each.
    var stops: [PlaybackTimeline.Stop] = []
    var legs: [PlaybackTimeline.Leg] = []
    for i in 0..<300 {
        let p = GeoPoint(latitude: 60.165 + random() * 0.013, longitude: 24.937 + random() * 0.015)
        stops.append(PlaybackTimeline.Stop(position: p, dwell: i % 3 == 0 ? 3 : 1, hasMemo: i % 3 == 0))
        if i > 0 {
            let a = stops[i - 1].position
            var path: [GeoPoint] = []
            for k in 0...59 {
                let f = Double(k) / 59
                let wobble: Double = (random() - 0.5) * 0.0001
                let latitude: Double = a.latitude + (p.latitude - a.latitude) * f + wobble
                let longitude: Double = a.longitude + (p.longitude - a.longitude) * f
                path.append(GeoPoint(latitude: latitude, longitude: longitude))
            }
            legs.append(PlaybackTimeline.Leg(path: path, duration: 2 + random() * 6))
        }
    }
    let cursor = PlaybackCursor(PlaybackTimeline(stops: stops, legs: legs))
    let times = (0..<4096).map { _ in random() * cursor.total }
    var sink = 0.0
    let start = now()
    for i in 0..<n { sink += cursor.position(at: times[i & 4095])?.point.latitude ?? 0 }
    let seconds = now() - start
    print("{\"lookupsPerSecond\": \(Double(n) / seconds), \"check\": \(sink / Double(n))}")
default:
    print("usage: core dp FILE TOLERANCE | core cursor N")
    exit(2)
}
