import Foundation
import Testing
@testable import YarukiCore

/// The playback cursor: time decides the position (never a count of points), speeds keep the
/// position, the scrubber's dots; written out as vectors the browser's copy must replay.
@Suite struct PlaybackCursorTests {
    static let market = GeoPoint(latitude: 60.16752, longitude: 24.95262)
    static let cathedral = GeoPoint(latitude: 60.17041, longitude: 24.95227)
    static let station = GeoPoint(latitude: 60.17100, longitude: 24.94140)

    /// Three stops; the first leg's points bunch up at its start (ten within five metres, then
    /// one long stretch), which a cursor that steps from point to point would crawl through.
    static var timeline: PlaybackTimeline {
        let bunched = (0..<10).map { GeoPoint(latitude: market.latitude + Double($0) * 0.000004, longitude: market.longitude) }
        return PlaybackTimeline(
            stops: [.init(position: market, dwell: 2, hasMemo: true), .init(position: cathedral, dwell: 3, hasMemo: false),
                    .init(position: station, dwell: 5, hasMemo: true)],
            legs: [.init(path: bunched + [GeoPoint(latitude: 60.1690, longitude: 24.9525), cathedral], duration: 4),
                   .init(path: [cathedral, station], duration: 2)])
    }

    @Test func timeDecidesWhereTheMarkerIs() throws {
        var cursor = PlaybackCursor(PlaybackCursorTests.timeline)
        #expect(cursor.starts == [0, 2, 6, 9, 11] && cursor.total == 16)
        #expect(cursor.position?.stop == 0 && cursor.speed == 0.5 && !cursor.playing)
        // Along the bunched leg the marker covers equal distances in equal times.
        let leg = PlaybackCursorTests.timeline.legs[0]
        let length = try #require(leg.distances.last)
        for quarter in 1...3 {
            let at = try #require(cursor.position(at: 2 + Double(quarter)))
            #expect(at.leg == 0 && at.stop == nil)
            let along = PlaybackCursorTests.distanceAlong(leg, to: at.point)
            #expect(abs(along - length * Double(quarter) / 4) < 0.5, "quarter \(quarter): \(along) of \(length)")
        }
        #expect(cursor.position(at: 6)?.stop == 1 && cursor.position(at: 16)?.stop == 2)
        #expect(cursor.position(at: 10)?.point.latitude ?? 0 > PlaybackCursorTests.cathedral.latitude)

        // Paused, the clock moves nothing; playing at 0.5×, ten seconds are five of playback.
        cursor.advance(by: 10)
        #expect(cursor.time == 0)
        cursor.play()
        cursor.advance(by: 10)
        #expect(cursor.time == 5)
        // A new speed keeps the marker where it is.
        let before = cursor.position
        cursor.nextSpeed()
        #expect(cursor.speed == 1 && cursor.position == before)
        cursor.nextSpeed()
        cursor.advance(by: 2)
        #expect(cursor.speed == 2 && cursor.time == 9)
        cursor.nextSpeed()
        #expect(cursor.speed == 0.5)
        // To the end: it stops there, and play starts again from the start.
        cursor.advance(by: 100)
        #expect(cursor.time == 16 && !cursor.playing && cursor.progress == 1)
        cursor.play()
        #expect(cursor.time == 0 && cursor.playing)
        cursor.jump(toStop: 2)
        #expect(cursor.time == 11 && cursor.position?.stop == 2)
        cursor.seek(progress: 0.5)
        #expect(cursor.time == 8 && cursor.position?.stop == 1)
        #expect(cursor.chapters == [0, 11.0 / 16])
        #expect(PlaybackCursor(PlaybackTimeline(stops: [], legs: [])).position == nil)
    }

    /// How far along `leg` a point on it lies.
    static func distanceAlong(_ leg: PlaybackTimeline.Leg, to point: GeoPoint) -> Double {
        var best = (Double.infinity, 0.0)
        for j in 0..<(leg.path.count - 1) {
            let a = leg.path[j], b = leg.path[j + 1]
            for step in 0...1_000 {
                let f = Double(step) / 1_000
                let p = GeoPoint(latitude: a.latitude + (b.latitude - a.latitude) * f, longitude: a.longitude + (b.longitude - a.longitude) * f)
                let off = Geo.distance(p, point)
                if off < best.0 { best = (off, leg.distances[j] + (leg.distances[j + 1] - leg.distances[j]) * f) }
            }
        }
        return best.1
    }

    struct Step: Codable { var action: String; var value: Double?; var time: Double; var progress: Double; var speed: Double; var playing: Bool
        var latitude: Double; var longitude: Double; var stop: Int?; var leg: Int? }
    struct Scenario: Codable { var timeline: PlaybackTimeline; var chapters: [Double]; var steps: [Step] }

    static var scenario: Scenario {
        var cursor = PlaybackCursor(timeline)
        let actions: [(String, Double?)] = [("play", nil)] + (0..<40).map { _ in ("advance", 0.25) }
            + [("speed", nil), ("advance", 1.5), ("speed", nil), ("advance", 0.75), ("pause", nil), ("advance", 3), ("seek", 0.3),
               ("play", nil), ("advance", 0.1), ("jump", 1), ("speed", nil), ("advance", 2.2), ("seek", 0.99), ("advance", 5), ("play", nil),
               ("advance", 0.5)]
        var steps: [Step] = []
        for (action, value) in actions {
            switch action {
            case "play": cursor.play()
            case "pause": cursor.pause()
            case "advance": cursor.advance(by: value!)
            case "speed": cursor.nextSpeed()
            case "seek": cursor.seek(progress: value!)
            default: cursor.jump(toStop: Int(value!))
            }
            let at = cursor.position!
            steps.append(Step(action: action, value: value, time: cursor.time, progress: cursor.progress, speed: cursor.speed, playing: cursor.playing,
                              latitude: at.point.latitude, longitude: at.point.longitude, stop: at.stop, leg: at.leg))
        }
        return Scenario(timeline: timeline, chapters: cursor.chapters, steps: steps)
    }

    @Test func vectorsForTheBrowserAreUpToDate() throws {
        #expect(try BrowserVectors.isUpToDate(PlaybackCursorTests.scenario, file: "playback-cursor.json"), "web/tests/vectors/playback-cursor.json was out of date and has been rewritten: commit it")
    }
}
