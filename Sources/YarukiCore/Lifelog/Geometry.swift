import Foundation

/// A position on the earth in degrees (WGS 84).
public struct GeoPoint: Codable, Equatable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var isValid: Bool { (-90...90).contains(latitude) && (-180...180).contains(longitude) }
}

/// Distances and paths on the earth, in metres.
public enum Geo {
    /// The mean earth radius (IUGG), in metres.
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance (haversine).
    public static func distance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let dφ = φ2 - φ1, dλ = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// The distance from the start of `path` to each of its points.
    public static func cumulativeDistances(_ path: [GeoPoint]) -> [Double] {
        var total = 0.0
        var out = [Double](repeating: 0, count: path.count)
        for i in path.indices.dropFirst() {
            total += distance(path[i - 1], path[i])
            out[i] = total
        }
        return out
    }

    /// `path` with as few points as keep it within `metres` of the original (Douglas–Peucker on a
    /// local plane: equirectangular metres about the path's middle latitude, exact enough for
    /// the few kilometres of a day's leg).
    /// The convex outline around points (on the latitude/longitude plane), counter-clockwise,
    /// without its first corner repeated; the points themselves when fewer than three.
    public static func hull(_ points: [GeoPoint]) -> [GeoPoint] {
        let sorted = points.sorted { ($0.longitude, $0.latitude) < ($1.longitude, $1.latitude) }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: GeoPoint, _ a: GeoPoint, _ b: GeoPoint) -> Double {
            (a.longitude - o.longitude) * (b.latitude - o.latitude) - (a.latitude - o.latitude) * (b.longitude - o.longitude)
        }
        var lower: [GeoPoint] = [], upper: [GeoPoint] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// Whether a point lies inside a polygon (latitude/longitude corners, not closed), by the
    /// even-odd rule.
    public static func contains(_ polygon: [GeoPoint], _ p: GeoPoint) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i], b = polygon[j]
            if (a.latitude > p.latitude) != (b.latitude > p.latitude),
               p.longitude < (b.longitude - a.longitude) * (p.latitude - a.latitude) / (b.latitude - a.latitude) + a.longitude {
                inside.toggle()
            }
            j = i
        }
        return inside
    }

    public static func simplify(_ path: [GeoPoint], metres: Double) -> [GeoPoint] {
        guard path.count > 2 else { return path }
        let middle = (path.map(\.latitude).min()! + path.map(\.latitude).max()!) / 2
        let scale = earthRadius * .pi / 180
        let xs = path.map { $0.longitude * scale * cos(middle * .pi / 180) }
        let ys = path.map { $0.latitude * scale }
        return Simplify.douglasPeucker(xs: xs, ys: ys, tolerance: metres).map { path[$0] }
    }
}

/// Line simplification on the plane.
public enum Simplify {
    /// Douglas–Peucker: the indices of the points to keep, in order, the first and last always.
    /// A point is dropped when it lies within `tolerance` of the segment that replaces it.
    /// Iterative (no recursion depth to run out of on a million points).
    public static func douglasPeucker(xs: [Double], ys: [Double], tolerance: Double) -> [Int] {
        precondition(xs.count == ys.count)
        let n = xs.count
        guard n > 2 else { return Array(0..<n) }
        let squaredTolerance = tolerance * tolerance
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        var stack: [(Int, Int)] = [(0, n - 1)]
        xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                while let (first, last) = stack.popLast() {
                    var farthest = 0
                    var most = squaredTolerance
                    let ax = x[first], ay = y[first]
                    let dx = x[last] - ax, dy = y[last] - ay
                    let length = dx * dx + dy * dy
                    for i in (first + 1)..<last {
                        var px = x[i] - ax, py = y[i] - ay
                        if length > 0 {
                            let t = (px * dx + py * dy) / length
                            if t > 1 {
                                px = x[i] - x[last]
                                py = y[i] - y[last]
                            } else if t > 0 {
                                px -= dx * t
                                py -= dy * t
                            }
                        }
                        let d = px * px + py * py
                        if d > most {
                            farthest = i
                            most = d
                        }
                    }
                    guard farthest > 0 else { continue }
                    keep[farthest] = true
                    if farthest - first > 1 { stack.append((first, farthest)) }
                    if last - farthest > 1 { stack.append((farthest, last)) }
                }
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    /// simplify-js's fast mode: a radial-distance pass (a point closer than `tolerance` to the
    /// last one kept is dropped; the last point stays) before Douglas–Peucker.
    public static func radialThenDouglasPeucker(xs: [Double], ys: [Double], tolerance: Double) -> [Int] {
        guard xs.count > 2 else { return Array(xs.indices) }
        let squared = tolerance * tolerance
        var kept = [0]
        var previous = 0
        for i in 1..<xs.count {
            let dx = xs[i] - xs[previous], dy = ys[i] - ys[previous]
            if dx * dx + dy * dy > squared {
                kept.append(i)
                previous = i
            }
        }
        if previous != xs.count - 1 { kept.append(xs.count - 1) }
        return douglasPeucker(xs: kept.map { xs[$0] }, ys: kept.map { ys[$0] }, tolerance: tolerance).map { kept[$0] }
    }
}

/// Google's encoded polyline format: each coordinate as the difference from the one before,
/// rounded to 10^-precision degrees, zig-zag encoded in 5-bit chunks offset by 63.
public enum Polyline {
    public static func encode(_ path: [GeoPoint], precision: Int = 5) -> String {
        let factor = pow(10, Double(precision))
        var out: [UInt8] = []
        var previous = (0, 0)
        for point in path {
            let lat = Int((point.latitude * factor).rounded()), lon = Int((point.longitude * factor).rounded())
            for delta in [lat - previous.0, lon - previous.1] {
                var value = delta < 0 ? ~(delta << 1) : delta << 1
                while value >= 0x20 {
                    out.append(UInt8((0x20 | (value & 0x1F)) + 63))
                    value >>= 5
                }
                out.append(UInt8(value + 63))
            }
            previous = (lat, lon)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// nil when the text is not a polyline (a character out of range, or a value cut short).
    public static func decode(_ text: String, precision: Int = 5) -> [GeoPoint]? {
        let factor = pow(10, Double(precision))
        let bytes = Array(text.utf8)
        var i = 0
        var lat = 0, lon = 0
        var path: [GeoPoint] = []
        func next() -> Int? {
            var result = 0, shift = 0
            while true {
                guard i < bytes.count, bytes[i] >= 63, bytes[i] < 127, shift < 60 else { return nil }
                let chunk = Int(bytes[i]) - 63
                i += 1
                result |= (chunk & 0x1F) << shift
                shift += 5
                if chunk < 0x20 { break }
            }
            return (result & 1) != 0 ? ~(result >> 1) : result >> 1
        }
        while i < bytes.count {
            guard let dLat = next(), let dLon = next() else { return nil }
            lat += dLat
            lon += dLon
            path.append(GeoPoint(latitude: Double(lat) / factor, longitude: Double(lon) / factor))
        }
        return path
    }
}
