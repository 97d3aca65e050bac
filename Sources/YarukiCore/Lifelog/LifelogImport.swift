import Foundation
import YarukiJSON

/// Location history from elsewhere, read as it streams past: Google Takeout's `Records.json` and
/// its Semantic Location History month files, the newer on-device Timeline export (Android's
/// `Timeline.json` and the iPhone's `location-history.json`), OwnTracks recorder `.rec` files, and
/// GPX 1.1. Each reader turns its file into three kinds of item: a visit (a stay at a place: a
/// check-in), a path (where someone went between two stays: the day's route), and a point (a
/// raw fix: the track). Nothing here writes anything; a broken file is refused with its line and
/// byte before the caller lands any of it.
public enum LifelogImport {
    public enum Format: String, Codable, CaseIterable, Sendable {
        /// Takeout's Records.json: every raw fix.
        case takeoutRecords
        /// Takeout's Semantic Location History (one file a month): visits and activity segments.
        case takeoutSemantic
        /// The on-device Timeline export: semantic segments (visits, paths) and raw signals.
        case timeline
        /// OwnTracks recorder's `.rec` lines: locations and region transitions.
        case owntracks
        /// GPX 1.1: tracks and waypoints.
        case gpx
    }

    /// A fix: where someone was at an instant.
    public struct Point: Equatable, Sendable {
        public var at: Date
        /// Seconds east of UTC where the file says so (the Timeline export does); nil: the person's own zone decides.
        public var offset: Int?
        public var position: GeoPoint
        public var altitude: Double?
        public var accuracy: Double?

        public init(at: Date, offset: Int? = nil, position: GeoPoint, altitude: Double? = nil, accuracy: Double? = nil) {
            self.at = at
            self.offset = offset
            self.position = position
            self.altitude = altitude
            self.accuracy = accuracy
        }
    }

    /// A stay at a place, from its start to its end (nil: the file does not say).
    public struct Visit: Equatable, Sendable {
        public var start: Date
        public var end: Date?
        public var offset: Int?
        public var position: GeoPoint
        public var name: String?
        public var address: String?

        public init(start: Date, end: Date?, offset: Int? = nil, position: GeoPoint, name: String? = nil, address: String? = nil) {
            self.start = start
            self.end = end
            self.offset = offset
            self.position = position
            self.name = name
            self.address = address
        }
    }

    public enum Item: Equatable, Sendable {
        case visit(Visit)
        /// Points in time order, at least two.
        case path([Point])
        case point(Point)
    }

    /// Why a file cannot be imported, and where (a line and byte, or a byte alone).
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var line: Int?
        public var offset: Int
        public var reason: String

        public init(line: Int?, offset: Int, reason: String) {
            self.line = line
            self.offset = offset
            self.reason = reason
        }

        public var description: String { (line.map { "Line \($0), byte \(offset)" } ?? "Byte \(offset)") + ": " + reason }
    }

    /// Points one path may hold; a longer one is cut into paths of this many (each the next's start).
    public static let maxPathPoints = 50_000

    /// Which format a file is, from its name and its first bytes; nil: none of these.
    public static func format(name: String, head: [UInt8]) -> Format? {
        let lower = name.lowercased()
        let text = String(decoding: head.prefix(4096), as: UTF8.self)
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if lower.hasSuffix(".gpx") || start.hasPrefix("<?xml") || start.hasPrefix("<gpx") { return .gpx }
        if lower.hasSuffix(".rec") || start.first?.isNumber == true { return .owntracks }
        guard start.first == "{" || start.first == "[" else { return nil }
        if start.first == "[" { return .timeline }  // the iPhone's export is a bare array of segments
        if text.contains("\"timelineObjects\"") { return .takeoutSemantic }
        if text.contains("\"semanticSegments\"") || text.contains("\"rawSignals\"") { return .timeline }
        if text.contains("\"locations\"") { return .takeoutRecords }
        return lower.hasPrefix("records") ? .takeoutRecords : nil
    }

    /// Reads a file of `format` from `chunks` (the next bytes, nil at the end), handing each item to `emit`.
    public static func read(_ format: Format, _ chunks: @escaping () throws -> [UInt8]?, emit: (Item) throws -> Void) throws {
        switch format {
        case .takeoutRecords, .takeoutSemantic, .timeline:
            var reader = JSONReader(chunks)
            do {
                try withoutActuallyEscaping(emit) { emit in try GoogleHistory(emit: emit).read(&reader) }
            } catch let failure as JSONReader.Failure {
                throw Failure(line: failure.line, offset: failure.offset, reason: failure.reason)
            }
        case .owntracks:
            try OwnTracks.read(chunks, emit: emit)
        case .gpx:
            try GPXReader.read(chunks, emit: emit)
        }
    }

    /// "35.6812362°, 139.7671248°" (Android's Timeline), "geo:35.681236,139.767125" (the iPhone's).
    static func latLng(_ text: String) -> GeoPoint? {
        var body = Substring(text)
        if body.hasPrefix("geo:") { body = body.dropFirst(4) }
        let parts = body.replacingOccurrences(of: "°", with: "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
        let point = GeoPoint(latitude: lat, longitude: lon)
        return point.isValid ? point : nil
    }

    /// An RFC 3339 time with the offset it was written with (nil for UTC written as Z, whose local clock the file does not know).
    static func time(_ text: String) -> (Date, Int?)? {
        guard let parsed = OffsetDateTime.parse(text) else { return nil }
        return (parsed.date, text.hasSuffix("Z") || text.hasSuffix("z") ? nil : parsed.utcOffset)
    }
}

/// Google's three JSON exports, told apart by their members as they come: `locations`
/// (Records.json), `timelineObjects` (Semantic Location History), `semanticSegments` and
/// `rawSignals` (the on-device Timeline), or a bare array of segments (the iPhone's).
struct GoogleHistory {
    let emit: (LifelogImport.Item) throws -> Void

    func read(_ r: inout JSONReader) throws {
        switch try r.next() {
        case .objectStart?:
            var known = false
            try r.members { r, name in
                switch name {
                case "locations": known = true; try array(&r) { r in try record(&r) }
                case "timelineObjects": known = true; try array(&r) { r in try timelineObject(&r) }
                case "semanticSegments": known = true; try array(&r) { r in try segment(&r) }
                case "rawSignals": known = true; try array(&r) { r in try rawSignal(&r) }
                default: return false
                }
                return true
            }
            guard known else { throw r.failure("this JSON is not a Google location history: it has no locations, timelineObjects or semanticSegments") }
        case .arrayStart?:
            try r.elements { r, token in
                guard token == .objectStart else { throw r.failure("a Timeline segment is not an object") }
                try segmentMembers(&r)
            }
        default:
            throw r.failure("this is not a Google location history: it does not start with { or [")
        }
        guard try r.next() == nil else { throw r.failure("more follows the end of the history") }
    }

    /// The array that is the next value, each element an object read by `element` after its `{`.
    private func array(_ r: inout JSONReader, _ element: (inout JSONReader) throws -> Void) throws {
        guard try r.next() == .arrayStart else { throw r.failure("expected an array") }
        try r.elements { r, token in
            guard token == .objectStart else { throw r.failure("expected an object in the array") }
            try element(&r)
        }
    }

    private func object(_ r: inout JSONReader, _ member: (inout JSONReader, String) throws -> Bool) throws {
        switch try r.next() {
        case .objectStart?: try r.members(member)
        case .null?: return
        default: throw r.failure("expected an object")
        }
    }

    private func point(_ lat: Double?, _ lon: Double?, _ r: JSONReader) throws -> GeoPoint? {
        guard let lat, let lon else { return nil }
        let point = GeoPoint(latitude: lat / 1e7, longitude: lon / 1e7)
        guard point.isValid else { throw r.failure("\(lat), \(lon) (E7) is not a place on earth") }
        return point
    }

    private func instant(_ r: inout JSONReader, _ what: String, milliseconds: Bool = false) throws -> (Date, Int?)? {
        if milliseconds {
            guard let ms = try r.numberValue(what) else { return nil }
            return (Date(timeIntervalSince1970: ms / 1000), nil)
        }
        guard let text = try r.stringValue(what) else { return nil }
        guard let time = LifelogImport.time(text) else { throw r.failure("\(what) \"\(text.prefix(40))\" is not a time") }
        return time
    }

    // MARK: Records.json

    private func record(_ r: inout JSONReader) throws {
        var lat: Double?, lon: Double?, at: (Date, Int?)?, accuracy: Double?, altitude: Double?
        try r.members { r, name in
            switch name {
            case "latitudeE7": lat = try r.numberValue(name)
            case "longitudeE7": lon = try r.numberValue(name)
            case "timestamp": at = try instant(&r, name)
            case "timestampMs": at = try instant(&r, name, milliseconds: true)
            case "accuracy": accuracy = try r.numberValue(name)
            case "altitude": altitude = try r.numberValue(name)
            default: return false
            }
            return true
        }
        // A fix without a place or a time (Google writes a few, from Wi-Fi scans alone) says nothing.
        guard let at, let position = try point(lat, lon, r) else { return }
        try emit(.point(LifelogImport.Point(at: at.0, offset: at.1, position: position, altitude: altitude, accuracy: accuracy)))
    }

    // MARK: Semantic Location History

    private struct Duration { var start: (Date, Int?)?; var end: (Date, Int?)? }

    private func duration(_ r: inout JSONReader) throws -> Duration {
        var d = Duration()
        try object(&r) { r, name in
            switch name {
            case "startTimestamp": d.start = try instant(&r, name)
            case "endTimestamp": d.end = try instant(&r, name)
            case "startTimestampMs": d.start = try instant(&r, name, milliseconds: true)
            case "endTimestampMs": d.end = try instant(&r, name, milliseconds: true)
            default: return false
            }
            return true
        }
        return d
    }

    private func timelineObject(_ r: inout JSONReader) throws {
        try r.members { r, name in
            switch name {
            case "placeVisit": try placeVisit(&r)
            case "activitySegment": try activitySegment(&r)
            default: return false
            }
            return true
        }
    }

    private func placeVisit(_ r: inout JSONReader) throws {
        var lat: Double?, lon: Double?, place: String?, address: String?, when = Duration()
        try object(&r) { r, name in
            switch name {
            case "location":
                try object(&r) { r, name in
                    switch name {
                    case "latitudeE7": lat = try r.numberValue(name)
                    case "longitudeE7": lon = try r.numberValue(name)
                    case "name": place = try r.stringValue(name)
                    case "address": address = try r.stringValue(name)
                    default: return false
                    }
                    return true
                }
            case "duration": when = try duration(&r)
            default: return false
            }
            return true
        }
        guard let start = when.start, let position = try point(lat, lon, r) else { return }
        try emit(.visit(LifelogImport.Visit(start: start.0, end: when.end?.0, offset: start.1, position: position,
                                            name: place.flatMap { $0.isEmpty ? nil : $0 }, address: address.flatMap { $0.isEmpty ? nil : $0 })))
    }

    private func activitySegment(_ r: inout JSONReader) throws {
        var from: GeoPoint?, to: GeoPoint?, when = Duration()
        var waypoints: [GeoPoint] = []
        var raw: [LifelogImport.Point] = []
        func location(_ r: inout JSONReader) throws -> GeoPoint? {
            var lat: Double?, lon: Double?
            try object(&r) { r, name in
                switch name {
                case "latitudeE7": lat = try r.numberValue(name)
                case "longitudeE7": lon = try r.numberValue(name)
                default: return false
                }
                return true
            }
            return try point(lat, lon, r)
        }
        try object(&r) { r, name in
            switch name {
            case "startLocation": from = try location(&r)
            case "endLocation": to = try location(&r)
            case "duration": when = try duration(&r)
            case "waypointPath":
                try object(&r) { r, name in
                    guard name == "waypoints" else { return false }
                    try array(&r) { r in
                        var lat: Double?, lon: Double?
                        try r.members { r, name in
                            switch name {
                            case "latE7": lat = try r.numberValue(name)
                            case "lngE7": lon = try r.numberValue(name)
                            default: return false
                            }
                            return true
                        }
                        if let p = try point(lat, lon, r), waypoints.count < LifelogImport.maxPathPoints { waypoints.append(p) }
                    }
                    return true
                }
            case "simplifiedRawPath":
                try object(&r) { r, name in
                    guard name == "points" else { return false }
                    try array(&r) { r in
                        var lat: Double?, lon: Double?, at: (Date, Int?)?, accuracy: Double?
                        try r.members { r, name in
                            switch name {
                            case "latE7": lat = try r.numberValue(name)
                            case "lngE7": lon = try r.numberValue(name)
                            case "timestamp": at = try instant(&r, name)
                            case "timestampMs": at = try instant(&r, name, milliseconds: true)
                            case "accuracyMeters": accuracy = try r.numberValue(name)
                            default: return false
                            }
                            return true
                        }
                        if let at, let p = try point(lat, lon, r) { raw.append(LifelogImport.Point(at: at.0, offset: at.1, position: p, accuracy: accuracy)) }
                    }
                    return true
                }
            default: return false
            }
            return true
        }
        guard let start = when.start, let end = when.end, end.0 >= start.0 else { return }
        var points: [LifelogImport.Point]
        if !raw.isEmpty {
            points = raw
        } else {
            // Waypoints carry no times: spread them evenly over the segment, between its ends.
            let places = [from].compactMap { $0 } + waypoints + [to].compactMap { $0 }
            let span = end.0.timeIntervalSince(start.0)
            points = places.enumerated().map { i, p in
                LifelogImport.Point(at: start.0.addingTimeInterval(places.count > 1 ? span * Double(i) / Double(places.count - 1) : 0), offset: start.1, position: p)
            }
        }
        if let from, raw.first.map({ $0.at > start.0 }) ?? false { points.insert(LifelogImport.Point(at: start.0, offset: start.1, position: from), at: 0) }
        if let to, !raw.isEmpty, raw.last.map({ $0.at < end.0 }) ?? false { points.append(LifelogImport.Point(at: end.0, offset: end.1, position: to)) }
        try emitPath(points)
    }

    private func emitPath(_ points: [LifelogImport.Point]) throws {
        let sorted = points.sorted { $0.at < $1.at }
        guard sorted.count >= 2 else { return }
        var start = 0
        while start < sorted.count - 1 {
            let end = min(sorted.count, start + LifelogImport.maxPathPoints)
            try emit(.path(Array(sorted[start..<end])))
            start = end - 1
        }
    }

    // MARK: the on-device Timeline

    private func segment(_ r: inout JSONReader) throws { try segmentMembers(&r) }

    /// One semantic segment, its `{` read: a visit, an activity (its two ends), or a timeline path.
    private func segmentMembers(_ r: inout JSONReader) throws {
        var start: (Date, Int?)?, end: (Date, Int?)?
        var startOffset: Int?, endOffset: Int?
        var visit: (GeoPoint, String?)?
        var ends: (GeoPoint?, GeoPoint?) = (nil, nil)
        // Path points come with their own time (Android) or minutes from the start (iPhone).
        var path: [(GeoPoint, (Date, Int?)?, Double?)] = []
        func latLng(_ r: inout JSONReader, _ what: String) throws -> GeoPoint? {
            guard let text = try r.stringValue(what) else { return nil }
            guard let p = LifelogImport.latLng(text) else { throw r.failure("\(what) \"\(text.prefix(40))\" is not a latitude and longitude") }
            return p
        }
        func place(_ r: inout JSONReader) throws -> GeoPoint? {
            // Android: {"latLng": "…"}; the iPhone: the "geo:" text itself.
            switch try r.next() {
            case let .string(text)?:
                guard let p = LifelogImport.latLng(text) else { throw r.failure("\"\(text.prefix(40))\" is not a latitude and longitude") }
                return p
            case .objectStart?:
                var found: GeoPoint?
                try r.members { r, name in
                    guard name == "latLng" else { return false }
                    found = try latLng(&r, name)
                    return true
                }
                return found
            case .null?: return nil
            case let other?: try r.skip(after: other); throw r.failure("a place is neither a text nor an object")
            case nil: throw r.failure("expected a place")
            }
        }
        try r.members { r, name in
            switch name {
            case "startTime": start = try instant(&r, name)
            case "endTime": end = try instant(&r, name)
            case "startTimeTimezoneUtcOffsetMinutes": startOffset = try r.numberValue(name).map { Int($0) * 60 }
            case "endTimeTimezoneUtcOffsetMinutes": endOffset = try r.numberValue(name).map { Int($0) * 60 }
            case "visit":
                try object(&r) { r, name in
                    guard name == "topCandidate" else { return false }
                    var position: GeoPoint?, kind: String?
                    try object(&r) { r, name in
                        switch name {
                        case "placeLocation": position = try place(&r)
                        case "semanticType": kind = try r.stringValue(name)
                        default: return false
                        }
                        return true
                    }
                    if let position { visit = (position, kind) }
                    return true
                }
            case "activity":
                try object(&r) { r, name in
                    switch name {
                    case "start": ends.0 = try place(&r)
                    case "end": ends.1 = try place(&r)
                    default: return false
                    }
                    return true
                }
            case "timelinePath":
                guard try r.next() == .arrayStart else { throw r.failure("timelinePath is not an array") }
                try r.elements { r, token in
                    guard token == .objectStart else { throw r.failure("a timelinePath point is not an object") }
                    var position: GeoPoint?, at: (Date, Int?)?, minutes: Double?
                    try r.members { r, name in
                        switch name {
                        case "point": position = try place(&r)
                        case "time": at = try instant(&r, name)
                        case "durationMinutesOffsetFromStartTime": minutes = try r.numberValue(name)
                        default: return false
                        }
                        return true
                    }
                    if let position, path.count < LifelogImport.maxPathPoints { path.append((position, at, minutes)) }
                }
            default: return false
            }
            return true
        }
        guard let start else { return }
        let offset = startOffset ?? start.1
        if let (position, kind) = visit {
            let name = ["HOME": "Home", "WORK": "Work", "INFERRED_HOME": "Home", "INFERRED_WORK": "Work"][kind?.uppercased() ?? ""]
            try emit(.visit(LifelogImport.Visit(start: start.0, end: end?.0, offset: offset, position: position, name: name)))
        } else if !path.isEmpty {
            try emitPath(path.map { position, at, minutes in
                LifelogImport.Point(at: at?.0 ?? start.0.addingTimeInterval((minutes ?? 0) * 60), offset: at?.1 ?? offset, position: position)
            })
        } else if let from = ends.0, let to = ends.1, let end {
            try emitPath([LifelogImport.Point(at: start.0, offset: offset, position: from),
                          LifelogImport.Point(at: end.0, offset: endOffset ?? end.1 ?? offset, position: to)])
        }
    }

    private func rawSignal(_ r: inout JSONReader) throws {
        try r.members { r, name in
            guard name == "position" else { return false }
            var position: GeoPoint?, at: (Date, Int?)?, accuracy: Double?, altitude: Double?
            try object(&r) { r, name in
                switch name {
                case "LatLng", "latLng":
                    guard let text = try r.stringValue(name) else { return true }
                    guard let p = LifelogImport.latLng(text) else { throw r.failure("\(name) \"\(text.prefix(40))\" is not a latitude and longitude") }
                    position = p
                case "timestamp": at = try instant(&r, name)
                case "accuracyMeters": accuracy = try r.numberValue(name)
                case "altitudeMeters": altitude = try r.numberValue(name)
                default: return false
                }
                return true
            }
            if let position, let at {
                try emit(.point(LifelogImport.Point(at: at.0, offset: at.1, position: position, altitude: altitude, accuracy: accuracy)))
            }
            return true
        }
    }
}
