import Foundation

/// What a day's playback walks: stops (where the person was, and how long the marker pauses
/// there) joined by legs (a path with its cumulative distances, and how long the marker takes
/// over it). Times are seconds of playback at 1×.
public struct PlaybackTimeline: Codable, Equatable, Sendable {
    public struct Stop: Codable, Equatable, Sendable {
        public var position: GeoPoint
        /// The pause on arrival (longer when the stop has a memo).
        public var dwell: Double
        /// Whether the stop holds a memo: a chapter dot on the scrubber.
        public var hasMemo: Bool

        public init(position: GeoPoint, dwell: Double, hasMemo: Bool) {
            self.position = position
            self.dwell = dwell
            self.hasMemo = hasMemo
        }
    }

    public struct Leg: Codable, Equatable, Sendable {
        public var path: [GeoPoint]
        /// From the leg's start to each point of `path`, in metres.
        public var distances: [Double]
        public var duration: Double

        public init(path: [GeoPoint], duration: Double) {
            self.path = path
            distances = Geo.cumulativeDistances(path)
            self.duration = duration
        }
    }

    public var stops: [Stop]
    /// Leg i runs from stop i to stop i + 1.
    public var legs: [Leg]

    public init(stops: [Stop], legs: [Leg]) {
        precondition(legs.count == max(0, stops.count - 1))
        self.stops = stops
        self.legs = legs
    }
}

/// Where playback is: a playhead in seconds over the timeline, moved by the wall clock times the
/// speed. The position comes from the time, never from a count of steps: a binary search over
/// the parts' start times (a stop's pause, then a leg, then the next stop's pause…), then, on a
/// leg, over its cumulative distances, so the marker moves at an even speed whatever the
/// spacing of the path's points.
public struct PlaybackCursor: Equatable, Sendable {
    /// The speed button's cycle, starting at the first.
    public static let speeds: [Double] = [0.5, 1, 2]

    public let timeline: PlaybackTimeline
    /// The start of each part: part 2i is stop i's pause, part 2i + 1 is leg i.
    public let starts: [Double]
    public let total: Double
    public private(set) var time: Double = 0
    public private(set) var speed: Double = PlaybackCursor.speeds[0]
    public private(set) var playing = false

    public init(_ timeline: PlaybackTimeline) {
        self.timeline = timeline
        var starts: [Double] = []
        var clock = 0.0
        for (i, stop) in timeline.stops.enumerated() {
            starts.append(clock)
            clock += stop.dwell
            if i < timeline.legs.count {
                starts.append(clock)
                clock += timeline.legs[i].duration
            }
        }
        self.starts = starts
        total = clock
    }

    public var progress: Double { total > 0 ? time / total : 0 }
    public var atEnd: Bool { time >= total }

    /// The scrubber's dots: the progress at which each stop with a memo is reached.
    public var chapters: [Double] {
        timeline.stops.indices.filter { timeline.stops[$0].hasMemo }.map { total > 0 ? starts[2 * $0] / total : 0 }
    }

    public mutating func play() {
        if atEnd { time = 0 }
        playing = true
    }

    public mutating func pause() { playing = false }

    /// The wall clock moved on by `seconds`: so does the playhead, at the speed, while playing;
    /// at the end it stops.
    public mutating func advance(by seconds: Double) {
        guard playing, seconds > 0 else { return }
        time = min(total, time + seconds * speed)
        if atEnd { playing = false }
    }

    /// The next speed of the cycle; the marker stays where it is.
    public mutating func nextSpeed() {
        let i = PlaybackCursor.speeds.firstIndex(of: speed) ?? 0
        speed = PlaybackCursor.speeds[(i + 1) % PlaybackCursor.speeds.count]
    }

    public mutating func seek(progress: Double) {
        time = total * min(1, max(0, progress))
    }

    /// To the moment the marker arrives at stop `index`.
    public mutating func jump(toStop index: Int) {
        guard timeline.stops.indices.contains(index) else { return }
        time = starts[2 * index]
    }

    public struct Position: Equatable, Sendable {
        public var point: GeoPoint
        /// The stop the marker is pausing at, or nil while it travels.
        public var stop: Int?
        /// The leg the marker is on, or nil while it pauses.
        public var leg: Int?
    }

    public var position: Position? { position(at: time) }

    public func position(at time: Double) -> Position? {
        guard !timeline.stops.isEmpty else { return nil }
        let part = PlaybackCursor.lastIndex(in: starts, notAfter: min(max(0, time), total))
        if part % 2 == 0 { return Position(point: timeline.stops[part / 2].position, stop: part / 2, leg: nil) }
        let index = part / 2
        let leg = timeline.legs[index]
        guard let length = leg.distances.last, length > 0, leg.duration > 0, leg.path.count > 1 else {
            return Position(point: timeline.stops[index + 1].position, stop: nil, leg: index)
        }
        let travelled = min(1, (time - starts[part]) / leg.duration) * length
        let j = min(leg.path.count - 2, PlaybackCursor.lastIndex(in: leg.distances, notAfter: travelled))
        let span = leg.distances[j + 1] - leg.distances[j]
        let f = span > 0 ? (travelled - leg.distances[j]) / span : 0
        let a = leg.path[j], b = leg.path[j + 1]
        return Position(point: GeoPoint(latitude: a.latitude + (b.latitude - a.latitude) * f, longitude: a.longitude + (b.longitude - a.longitude) * f),
                        stop: nil, leg: index)
    }

    /// The last index whose value is not after `value` (0 when none is); `values` ascending.
    static func lastIndex(in values: [Double], notAfter value: Double) -> Int {
        var low = 0, high = values.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if values[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
