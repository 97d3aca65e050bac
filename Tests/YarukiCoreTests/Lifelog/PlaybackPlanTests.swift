import Foundation
import Testing
@testable import YarukiCore

/// Stops and legs from records: merging near places, dwell, travel mode, timing.
struct PlaybackPlanTests {
    static let start = Date(timeIntervalSince1970: 1_795_900_000)

    static func entry(_ minutes: Double, _ lat: Double, _ lon: Double, words: Bool = false) -> PlaybackPlan.Entry {
        PlaybackPlan.Entry(id: UUID(), at: OffsetDateTime(date: start.addingTimeInterval(minutes * 60), utcOffset: 7200),
                           position: GeoPoint(latitude: lat, longitude: lon), hasWords: words)
    }

    @Test func nearRecordsMergeIntoOneStopAndRevisitsDoNot() {
        let station = (60.1712, 24.9413)
        let entries = [
            Self.entry(0, station.0, station.1),
            Self.entry(5, station.0 + 0.0002, station.1, words: true),  // 22 m north: the same stop
            Self.entry(30, 60.1676, 24.9520),  // the market, 700 m away
            Self.entry(31, 60.1676 + 0.0005, 24.9520),  // 56 m from the market's first record: a new stop
            Self.entry(90, station.0, station.1),  // back at the station later: a new stop
        ]
        let stops = PlaybackPlan.stops(entries.shuffled())
        #expect(stops.map(\.records.count) == [2, 1, 1, 1])
        #expect(stops[0].records == [entries[0].id, entries[1].id], "in time order")
        #expect(abs(stops[0].position.latitude - (station.0 + 0.0001)) < 1e-9, "placed at the mean")
        #expect(stops[0].hasMemo && !stops[1].hasMemo)
        #expect(stops[0].arrivedAt == entries[0].at && stops[0].leftAt == entries[1].at)
        #expect(stops[0].dwell == 3.5 && stops[1].dwell == 1.0, "a memo and a second record hold the marker longer")
    }

    @Test func legsAreTimedByDistanceAndMovedByTheirSpeed() {
        let entries = [
            Self.entry(0, 60.1712, 24.9413),
            Self.entry(15, 60.1676, 24.9520),  // 715 m in 15 min: walking
            Self.entry(20, 60.1990, 24.9400),  // 3.6 km in 5 min: driving
            Self.entry(21, 60.1991, 24.9400),  // 11 m: the same stop
            Self.entry(200, 60.2100, 24.9400),  // long gap, 1.2 km: walking
            Self.entry(201, 60.2100, 24.9405),  // 28 m: the same stop
        ]
        let legs = PlaybackPlan.legs(PlaybackPlan.stops(entries))
        #expect(legs.map(\.mode) == [.walking, .driving, .walking])
        #expect(legs.map(\.from) == [0, 1, 2] && legs.map(\.to) == [1, 2, 3])
        // 715 m × 1.3 / 150 m/s ≈ 6.2 s; 3.6 km would be 31 s, clamped to 10.
        #expect(abs(legs[0].duration - legs[0].straight * 1.3 / 150) < 1e-9 && legs[1].duration == 10)
        let short = PlaybackPlan.legs(PlaybackPlan.stops([Self.entry(0, 60, 25), Self.entry(10, 60.0005, 25)]))
        #expect(short[0].duration == 1.5, "a short walk is still seen")
        #expect(PlaybackPlan.stops([]).isEmpty && PlaybackPlan.legs([]).isEmpty)
    }

    @Test func shapesAreSimplifiedWithTheirDistances() {
        // A straight street with a point every metre and one corner.
        let path = (0...200).map { GeoPoint(latitude: 60, longitude: 25 + Double($0) * 0.00002) } + [GeoPoint(latitude: 60.001, longitude: 25.004)]
        let shape = PlaybackPlan.shape(path)
        #expect(shape.path.count == 3)
        #expect(shape.distances.first == 0 && abs(shape.distances.last! - Geo.cumulativeDistances(path).last!) < 0.2)
    }
}
