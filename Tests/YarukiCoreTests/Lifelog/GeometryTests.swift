import Foundation
import Testing
@testable import YarukiCore

/// Distances, Douglas–Peucker and Google's polyline format, against published vectors.
@Suite struct GeometryTests {
    // simplify-js's own test (test/test.js): these points at tolerance 5 in its fast mode.
    static let points: [(Double, Double)] = [
        (224.55, 250.15), (226.91, 244.19), (233.31, 241.45), (234.98, 236.06), (244.21, 232.76), (262.59, 215.31), (267.76, 213.81),
        (273.57, 201.84), (273.12, 192.16), (277.62, 189.03), (280.36, 181.41), (286.51, 177.74), (292.41, 159.37), (296.91, 155.64),
        (314.95, 151.37), (319.75, 145.16), (330.33, 137.57), (341.48, 139.96), (369.98, 137.89), (387.39, 142.51), (391.28, 139.39),
        (409.52, 141.14), (414.82, 139.75), (427.72, 127.30), (439.60, 119.74), (474.93, 107.87), (486.51, 106.75), (489.20, 109.45),
        (493.79, 108.63), (504.74, 119.66), (512.96, 122.35), (518.63, 120.89), (524.09, 126.88), (529.57, 127.86), (534.21, 140.93),
        (539.27, 147.24), (567.69, 148.91), (575.25, 157.26), (580.62, 158.15), (601.53, 156.85), (617.74, 159.86), (622.00, 167.04),
        (629.55, 194.60), (638.90, 195.61), (641.26, 200.81), (651.77, 204.56), (671.55, 222.55), (683.68, 217.45), (695.25, 219.15),
        (700.64, 217.98), (703.12, 214.36), (712.26, 215.87), (721.49, 212.81), (727.81, 213.36), (729.98, 208.73), (735.32, 208.20),
        (739.94, 204.77), (769.98, 208.42), (779.60, 216.87), (784.20, 218.16), (800.24, 214.62), (810.53, 219.73), (817.19, 226.82),
        (820.77, 236.17), (827.23, 236.16), (829.89, 239.89), (851.00, 248.94), (859.88, 255.49), (865.21, 268.53), (857.95, 280.30),
        (865.48, 291.45), (866.81, 298.66), (864.68, 302.71), (867.79, 306.17), (859.87, 311.37), (860.08, 314.35), (858.29, 314.94),
        (858.10, 327.60), (854.54, 335.40), (860.92, 343.00), (856.43, 350.15), (851.42, 352.96), (849.84, 359.59), (854.56, 365.53),
        (849.74, 370.38), (844.09, 371.89), (844.75, 380.44), (841.52, 383.67), (839.57, 390.40), (845.59, 399.05), (848.40, 407.55),
        (843.71, 411.30), (844.09, 419.88), (839.51, 432.76), (841.33, 441.04), (847.62, 449.22), (847.16, 458.44), (851.38, 462.79),
        (853.97, 471.15), (866.36, 480.77),
    ]
    static let simplified: [(Double, Double)] = [
        (224.55, 250.15), (267.76, 213.81), (296.91, 155.64), (330.33, 137.57), (409.52, 141.14), (439.60, 119.74), (486.51, 106.75),
        (529.57, 127.86), (539.27, 147.24), (617.74, 159.86), (629.55, 194.60), (671.55, 222.55), (727.81, 213.36), (739.94, 204.77),
        (769.98, 208.42), (779.60, 216.87), (800.24, 214.62), (820.77, 236.17), (859.88, 255.49), (865.21, 268.53), (857.95, 280.30),
        (867.79, 306.17), (859.87, 311.37), (854.54, 335.40), (860.92, 343.00), (849.84, 359.59), (854.56, 365.53), (844.09, 371.89),
        (839.57, 390.40), (848.40, 407.55), (839.51, 432.76), (853.97, 471.15), (866.36, 480.77),
    ]

    @Test func simplifiesLikeSimplifyJS() {
        let kept = Simplify.radialThenDouglasPeucker(xs: Self.points.map(\.0), ys: Self.points.map(\.1), tolerance: 5)
        #expect(kept.map { Self.points[$0].0 } == Self.simplified.map(\.0))
        #expect(kept.map { Self.points[$0].1 } == Self.simplified.map(\.1))
        #expect(Simplify.douglasPeucker(xs: [1], ys: [2], tolerance: 5) == [0])
        #expect(Simplify.douglasPeucker(xs: [], ys: [], tolerance: 5).isEmpty)
    }

    @Test func douglasPeuckerKeepsEveryDroppedPointWithinTheTolerance() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<20 {
            var x = 0.0, y = 0.0
            var xs: [Double] = [], ys: [Double] = []
            for _ in 0..<2_000 {
                x += Double.random(in: 0...3, using: &random)
                y += Double.random(in: -2...2, using: &random)
                xs.append(x)
                ys.append(y)
            }
            let tolerance = Double.random(in: 0.5...10, using: &random)
            let kept = Simplify.douglasPeucker(xs: xs, ys: ys, tolerance: tolerance)
            #expect(kept.first == 0 && kept.last == xs.count - 1 && kept == kept.sorted())
            #expect(kept.count < xs.count)
            for (a, b) in zip(kept, kept.dropFirst()) {
                for i in (a + 1)..<b { #expect(Self.segmentDistance(xs[i], ys[i], xs[a], ys[a], xs[b], ys[b]) <= tolerance + 1e-9) }
            }
        }
    }

    static func segmentDistance(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let dx = bx - ax, dy = by - ay
        let t = max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        return hypot(px - (ax + t * dx), py - (ay + t * dy))
    }

    @Test func encodesAndDecodesGooglesExample() throws {
        // developers.google.com/maps/documentation/utilities/polylinealgorithm
        let path = [GeoPoint(latitude: 38.5, longitude: -120.2), GeoPoint(latitude: 40.7, longitude: -120.95),
                    GeoPoint(latitude: 43.252, longitude: -126.453)]
        #expect(Polyline.encode(path) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@") == path)
        // The same with six decimals, as OSRM's polyline6 carries it, round-trips.
        let helsinki = [GeoPoint(latitude: 60.169857, longitude: 24.938379), GeoPoint(latitude: 60.170185, longitude: 24.952297)]
        #expect(Polyline.decode(Polyline.encode(helsinki, precision: 6), precision: 6) == helsinki)
        #expect(Polyline.decode("_p~iF~ps|U_") == nil, "a value cut short")
        #expect(Polyline.decode("abc\u{7F}") == nil)
    }

    @Test func measuresTheEarth() {
        // One degree along the equator is 2πR/360.
        #expect(abs(Geo.distance(GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 0, longitude: 1)) - 111_195.08) < 0.01)
        // Rosetta Code's haversine example, Nashville BNA to Los Angeles LAX: 2,887.2599506 km with
        // a radius of 6,372.8 km, so this much with the mean radius.
        let d = Geo.distance(GeoPoint(latitude: 36.12, longitude: -86.67), GeoPoint(latitude: 33.94, longitude: -118.40))
        #expect(abs(d - 2_887_259.9506 * Geo.earthRadius / 6_372_800) < 0.01)
        let path = [GeoPoint(latitude: 60.17, longitude: 24.94), GeoPoint(latitude: 60.171, longitude: 24.94), GeoPoint(latitude: 60.171, longitude: 24.942)]
        let cumulative = Geo.cumulativeDistances(path)
        #expect(cumulative[0] == 0 && abs(cumulative[1] - 111.2) < 0.1 && cumulative[2] > cumulative[1] + 110)
        // A street's wiggles of a metre go; a corner stays.
        let street = (0...100).map { GeoPoint(latitude: 60.17 + Double($0) * 0.00001 + ($0 % 2 == 0 ? 0 : 0.000005), longitude: 24.94) }
            + [GeoPoint(latitude: 60.171, longitude: 24.945)]
        let simple = Geo.simplify(street, metres: 2)
        #expect(simple.count == 3 && simple.first == street.first && simple.last == street.last)
    }
}
