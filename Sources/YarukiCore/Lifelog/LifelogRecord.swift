import Foundation
import YarukiJSON

/// An instant with the UTC offset of the place it happened: "2026-11-30T09:12:00+02:00" in JSON.
/// The offset is kept so a day replays in the clock of where it was lived, not of the reader.
public struct OffsetDateTime: Codable, Equatable, Hashable, Sendable, Comparable {
    public var date: Date
    /// Seconds east of UTC.
    public var utcOffset: Int

    public init(date: Date, utcOffset: Int) {
        self.date = date
        self.utcOffset = utcOffset
    }

    public static func < (a: OffsetDateTime, b: OffsetDateTime) -> Bool { a.date < b.date }

    /// RFC 3339 with its offset kept (fractions of a second allowed).
    public static func parse(_ text: String) -> OffsetDateTime? {
        let u = Array(text.utf8)
        guard u.count >= 20, u[10] == 84 || u[10] == 116 else { return nil }  // 'T' or 't'
        var offset = 0
        var end = u.count
        if u.last == 90 || u.last == 122 {  // 'Z'
            end -= 1
        } else {
            guard u.count >= 25, let o = TIFFReader.offset(String(decoding: u[(u.count - 6)...], as: UTF8.self)) else { return nil }
            offset = o
            end -= 6
        }
        let clock = String(decoding: u[11..<end], as: UTF8.self)
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard let day = DayNumber.of(String(decoding: u[0..<10], as: UTF8.self)), parts.count == 3,
              parts[0].count == 2, parts[1].count == 2, parts[2].count >= 2,
              let h = Int(parts[0]), let m = Int(parts[1]), let s = Double(parts[2]), parts[2].first?.isNumber == true,
              (0...23).contains(h), (0...59).contains(m), s >= 0, s < 61 else { return nil }
        let local = Double(day * 86_400 + h * 3600 + m * 60) + s
        return OffsetDateTime(date: Date(timeIntervalSince1970: local - Double(offset)), utcOffset: offset)
    }

    /// "2026-11-30T09:12:00+02:00" (milliseconds only when there are some).
    public var text: String {
        String(unsafeUninitializedCapacity: OffsetDateTime.longest) { write(to: $0.baseAddress!) }
    }

    /// The most bytes `text` has: "2026-11-30T09:12:00.123+02:00".
    public static let longest = 29

    /// `text`'s bytes written at `out` (room for `longest`), and how many: a lifelog day's reply
    /// writes a hundred of them straight into its buffer (a String and its day's String each were
    /// a tenth of the reply).
    public func write(to out: UnsafeMutablePointer<UInt8>) -> Int {
        let local = date.timeIntervalSince1970 + Double(utcOffset)
        let whole = Int(local.rounded(.down))
        let millis = Int(((local - Double(whole)) * 1000).rounded())
        let days = Int((Double(whole) / 86_400).rounded(.down))
        let seconds = whole - days * 86_400
        CivilDate.write(days: days, to: UnsafeMutableBufferPointer(start: out, count: 10))
        var at = 10
        func put(_ b: UInt8) { out[at] = b; at += 1 }
        func two(_ n: Int) { put(UInt8(48 + n / 10)); put(UInt8(48 + n % 10)) }
        put(84); two(seconds / 3600); put(58); two(seconds / 60 % 60); put(58); two(seconds % 60)
        if millis > 0 && millis < 1000 { put(46); put(UInt8(48 + millis / 100)); two(millis % 100) }
        if utcOffset == 0 {
            put(90)
        } else {
            let a = abs(utcOffset)
            put(utcOffset < 0 ? 45 : 43); two(a / 3600); put(58); two(a / 60 % 60)
        }
        return at
    }

    /// The local calendar day, "2026-11-30".
    public var day: String { DayNumber.day(Int(((date.timeIntervalSince1970 + Double(utcOffset)) / 86_400).rounded(.down))) }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = OffsetDateTime.parse(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not an RFC 3339 date-time"))
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

extension OffsetDateTime: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) {
        w.unescapedString(atMost: OffsetDateTime.longest) { write(to: $0) }
    }
}

/// What a lifelog record is.
public enum LifelogKind: String, Codable, CaseIterable, Sendable {
    case memo, checkin, photo, voice
}

/// Where a record was made.
public enum LifelogSource: String, Codable, CaseIterable, Sendable {
    case phone, watch, web, `import`
}

/// The fields of a record a person (or their device) writes; the server adds the rest.
public struct LifelogDraft: Equatable, Sendable {
    public var kind: LifelogKind
    public var occurredAt: OffsetDateTime
    /// A memo's words, a photo's caption, a voice note's transcript.
    public var text: String
    /// Where it was: a check-in's place, typed or picked; a memo's, photo's or voice note's, the
    /// named place the map has nearest (or one the person gave).
    public var place: String?
    public var position: GeoPoint?
    public var altitude: Double?
    /// Metres (the radius of 68 % confidence, as phones report it).
    public var accuracy: Double?
    public var source: LifelogSource

    public init(kind: LifelogKind, occurredAt: OffsetDateTime, text: String = "", place: String? = nil, position: GeoPoint? = nil,
                altitude: Double? = nil, accuracy: Double? = nil, source: LifelogSource) {
        self.kind = kind
        self.occurredAt = occurredAt
        self.text = text
        self.place = place
        self.position = position
        self.altitude = altitude
        self.accuracy = accuracy
        self.source = source
    }

    public static let maxText = 10_000
    public static let maxPlace = 200

    /// An occurredAt's offset: Z or ±HH:MM within ±14:00, as the document's pattern says.
    public static let offsetPattern = "([Zz]|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$"

    /// Every rule a record must meet (its text as sent), each failure naming its field.
    public static func check(_ d: LifelogDraft, now: Date) -> [FieldRuleError] {
        var errors: [FieldRuleError] = []
        errors += TextRule.check(d.text, field: "text", max: maxText, required: false, paragraph: true)
        if d.kind == .memo, TextRule.isBlank(d.text) { errors.append(.conflict("text", "is required for a memo")) }
        if let place = d.place { errors += TextRule.check(place, field: "place", max: maxPlace, required: false) }
        if d.kind == .checkin {
            if TextRule.isBlank(d.place ?? "") { errors.append(.conflict("place", "is required for a check-in")) }
            if d.position == nil { errors.append(.conflict("position", "is required for a check-in")) }
        }
        if let p = d.position {
            if !(-90...90).contains(p.latitude) || !p.latitude.isFinite { errors.append(.init(field: "position.latitude", message: "must be between -90 and 90")) }
            if !(-180...180).contains(p.longitude) || !p.longitude.isFinite {
                errors.append(.init(field: "position.longitude", message: "must be between -180 and 180"))
            }
        }
        if let a = d.altitude, !(-1000...10_000).contains(a) || !a.isFinite {
            errors.append(.init(field: "position.altitude", message: "must be between -1000 and 10000 metres"))
        }
        if let a = d.accuracy, !(0...100_000).contains(a) || !a.isFinite {
            errors.append(.init(field: "position.accuracy", message: "must be between 0 and 100000 metres"))
        }
        if d.position == nil, d.altitude != nil || d.accuracy != nil {
            errors.append(.conflict("position", "needs latitude and longitude with its altitude or accuracy"))
        }
        if abs(d.occurredAt.utcOffset) > 14 * 3600 || d.occurredAt.utcOffset % 60 != 0 {
            errors.append(.init(field: "occurredAt", message: "has an offset beyond ±14:00"))
        }
        if d.occurredAt.date > now.addingTimeInterval(24 * 3600) { errors.append(.conflict("occurredAt", "is more than a day in the future")) }
        if d.occurredAt.date < Date(timeIntervalSince1970: 0) { errors.append(.conflict("occurredAt", "is before 1970")) }
        return errors
    }
}
