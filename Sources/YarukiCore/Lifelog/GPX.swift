import Foundation

/// GPX 1.1 written piece by piece, so a lifelog of years goes to a file a page at a time: the
/// document's head, waypoints (records with a place), then one track whose segments are the
/// track's runs (a new segment after a gap of more than `segmentGap`), then its foot. Times are
/// UTC, as GPX has them; text is escaped for XML.
public enum GPX {
    /// A gap in the track longer than this starts a new segment.
    public static let segmentGap: TimeInterval = 15 * 60

    public static func head(creator: String, name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="\(escape(creator))" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
        <metadata><name>\(escape(name))</name></metadata>

        """
    }

    public static func waypoint(at: Date, position: GeoPoint, elevation: Double?, name: String, description: String?, kind: String) -> String {
        var out = "<wpt lat=\"\(coordinate(position.latitude))\" lon=\"\(coordinate(position.longitude))\">"
        if let elevation, elevation.isFinite { out += "<ele>\(number(elevation))</ele>" }
        out += "<time>\(time(at))</time><name>\(escape(name))</name>"
        if let description, !description.isEmpty { out += "<desc>\(escape(description))</desc>" }
        out += "<type>\(escape(kind))</type></wpt>\n"
        return out
    }

    public static func trackHead(name: String) -> String { "<trk><name>\(escape(name))</name>\n" }
    public static let segmentHead = "<trkseg>\n"
    public static let segmentFoot = "</trkseg>\n"
    public static let trackFoot = "</trk>\n"
    public static let foot = "</gpx>\n"

    public static func trackPoint(at: Date, position: GeoPoint, elevation: Double?) -> String {
        var out = "<trkpt lat=\"\(coordinate(position.latitude))\" lon=\"\(coordinate(position.longitude))\">"
        if let elevation, elevation.isFinite { out += "<ele>\(number(elevation))</ele>" }
        return out + "<time>\(time(at))</time></trkpt>\n"
    }

    /// Track points in time order as segments: feed each point; a gap closes one segment and opens the next.
    public struct Segments {
        private var last: Date?
        public init() {}

        public mutating func add(at: Date, position: GeoPoint, elevation: Double?) -> String {
            var out = ""
            if let last, at.timeIntervalSince(last) > GPX.segmentGap { out += GPX.segmentFoot + GPX.segmentHead }
            if last == nil { out += GPX.segmentHead }
            last = at
            return out + GPX.trackPoint(at: at, position: position, elevation: elevation)
        }

        /// The close of the last segment (nothing when there were no points).
        public var end: String { last == nil ? "" : GPX.segmentFoot }
    }

    static func coordinate(_ value: Double) -> String { String(format: "%.7f", value) }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.2f", value)
    }

    /// 2024-01-05T08:00:00Z, with milliseconds when there are some.
    static func time(_ date: Date) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = Int(ms.quotientAndRemainder(dividingBy: 1000).quotient) - (ms < 0 && ms % 1000 != 0 ? 1 : 0)
        let millis = Int(ms - Int64(seconds) * 1000)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        var out = DayNumber.day(days) + String(format: "T%02d:%02d:%02d", rest / 3600, rest / 60 % 60, rest % 60)
        if millis > 0 { out += String(format: ".%03d", millis) }
        return out + "Z"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // XML 1.0 has no place for other control characters: they are left out.
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
