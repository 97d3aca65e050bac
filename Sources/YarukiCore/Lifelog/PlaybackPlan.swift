import Foundation

/// How a day (or week, or month) replays: the places a person recorded things, in time order,
/// and the legs between them. Everything here is decided from the records alone; the routes
/// that give legs their shape come from a `RouteProvider` afterwards, leg by leg.
public enum PlaybackPlan {
    /// A record with a position, as the plan needs it.
    public struct Entry: Equatable, Sendable {
        public var id: UUID
        public var at: OffsetDateTime
        public var position: GeoPoint
        /// A memo, caption or transcript worth a longer pause.
        public var hasWords: Bool

        public init(id: UUID, at: OffsetDateTime, position: GeoPoint, hasWords: Bool) {
            self.id = id
            self.at = at
            self.position = position
            self.hasWords = hasWords
        }
    }

    public struct Stop: Codable, Equatable, Sendable {
        public var position: GeoPoint
        public var arrivedAt: OffsetDateTime
        public var leftAt: OffsetDateTime
        /// The records made here, in time order.
        public var records: [UUID]
        public var hasMemo: Bool
        /// Seconds the marker rests here at 1×.
        public var dwell: Double
    }

    public struct Leg: Codable, Equatable, Sendable {
        public var from: Int
        public var to: Int
        public var mode: TravelMode
        /// Great-circle metres between the stops.
        public var straight: Double
        /// Seconds the marker takes at 1×.
        public var duration: Double
    }

    /// Records this close to the first of a run of records are one stop.
    public static let mergeRadius = 40.0
    /// Faster than this between two stops (m/s, ≈ 11 km/h) and the person went by car.
    public static let walkingLimit = 3.0
    /// The marker's pace at 1×, in metres of the straight line per second, and the bounds on a
    /// leg's duration: a long drive does not take a minute, a short walk is still seen.
    public static let pace = 150.0
    public static let legDurations = 1.5...10.0
    /// A route's detour over the straight line, about (for timing before the route is known).
    public static let detour = 1.3
    /// Douglas–Peucker tolerance for leg geometry, metres.
    public static let tolerance = 4.0

    /// Consecutive records within `mergeRadius` of the run's first place become one stop,
    /// placed at their mean position. A place visited again later is a new stop.
    public static func stops(_ entries: [Entry]) -> [Stop] {
        var stops: [Stop] = []
        var anchor: GeoPoint?
        var members: [Entry] = []
        func close() {
            guard let first = members.first, let last = members.last else { return }
            let n = Double(members.count)
            let position = GeoPoint(latitude: members.reduce(0) { $0 + $1.position.latitude } / n,
                                    longitude: members.reduce(0) { $0 + $1.position.longitude } / n)
            let memo = members.contains { $0.hasWords }
            stops.append(Stop(position: position, arrivedAt: first.at, leftAt: last.at, records: members.map(\.id), hasMemo: memo,
                              dwell: dwell(records: members.count, hasMemo: memo)))
        }
        for entry in entries.sorted(by: { $0.at == $1.at ? $0.id.uuidString < $1.id.uuidString : $0.at < $1.at }) {
            if let a = anchor, Geo.distance(a, entry.position) <= mergeRadius {
                members.append(entry)
            } else {
                close()
                anchor = entry.position
                members = [entry]
            }
        }
        close()
        return stops
    }

    /// Seconds at a stop: a beat to see it, longer to read a memo, a little more per extra record.
    public static func dwell(records: Int, hasMemo: Bool) -> Double {
        1.0 + (hasMemo ? 2.0 : 0) + 0.5 * Double(min(4, max(0, records - 1)))
    }

    /// The legs between consecutive stops: walking or driving by the speed the times imply,
    /// timed by distance so the marker keeps an even pace (clamped).
    public static func legs(_ stops: [Stop]) -> [Leg] {
        zip(stops.indices, stops.indices.dropFirst()).map { a, b in
            let straight = Geo.distance(stops[a].position, stops[b].position)
            let gap = max(60, stops[b].arrivedAt.date.timeIntervalSince(stops[a].leftAt.date))
            let mode: TravelMode = straight / gap > walkingLimit ? .driving : .walking
            let duration = min(legDurations.upperBound, max(legDurations.lowerBound, straight * detour / pace))
            return Leg(from: a, to: b, mode: mode, straight: straight, duration: duration)
        }
    }

    /// A leg's path as the browser draws it: simplified, with its cumulative distances.
    public static func shape(_ path: [GeoPoint]) -> (path: [GeoPoint], distances: [Double]) {
        let simple = Geo.simplify(path, metres: tolerance)
        return (simple, Geo.cumulativeDistances(simple).map { ($0 * 10).rounded() / 10 })
    }
}
