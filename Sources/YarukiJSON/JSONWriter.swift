import Foundation

/// A value that writes its own JSON: the bytes `JSONEncoder` writes with `.sortedKeys` and
/// `.withoutEscapingSlashes`, RFC 3339 dates in UTC (seconds), whole doubles without ".0",
/// upper-case UUIDs, nil members left out.
///
/// The API's types get theirs at build time: the JSONWriters plugin writes each one from the
/// type's declaration (its members in key order, each key a constant), so a reply is written
/// without `Encoder`, its containers, boxed values or run-time key sorting.
public protocol JSONWritable {
    func writeJSON(to w: inout JSONWriter) throws
}

/// JSON written into a byte buffer. Objects and arrays track only whether a comma is due:
/// `key` and `element` clear `first` before each value, and a container clears it as it closes,
/// so a value itself never touches it.
public struct JSONWriter {
    public var bytes: [UInt8]
    @usableFromInline var first = true

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    @inlinable public mutating func beginObject() {
        bytes.append(123)
        first = true
    }

    @inlinable public mutating func endObject() {
        bytes.append(125)
        first = false
    }

    @inlinable public mutating func beginArray() {
        bytes.append(91)
        first = true
    }

    @inlinable public mutating func endArray() {
        bytes.append(93)
        first = false
    }

    /// Before an array's element: the comma, unless it is the first.
    @inlinable public mutating func element() {
        if first { first = false } else { bytes.append(44) }
    }

    /// `"key":` (the key's JSON, colon included, as a constant), after a comma unless it is the first.
    @inlinable public mutating func key(_ quoted: StaticString) {
        if first { first = false } else { bytes.append(44) }
        bytes.append(contentsOf: UnsafeBufferPointer(start: quoted.utf8Start, count: quoted.utf8CodeUnitCount))
    }

    /// `"key":` for a key known only at run time.
    public mutating func key(_ name: String) {
        if first { first = false } else { bytes.append(44) }
        string(name)
        bytes.append(58)
    }

    @inlinable public mutating func member<T: JSONWritable>(_ quoted: StaticString, _ value: T) throws {
        key(quoted)
        try value.writeJSON(to: &self)
    }

    /// A member written only when there is a value (`encodeIfPresent`).
    @inlinable public mutating func member<T: JSONWritable>(_ quoted: StaticString, ifPresent value: T?) throws {
        guard let value else { return }
        key(quoted)
        try value.writeJSON(to: &self)
    }

    @inlinable public mutating func write<T: JSONWritable>(_ value: T) throws {
        try value.writeJSON(to: &self)
    }

    // MARK: Values

    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func null() { raw("null") }

    /// A string whose bytes need no escaping (digits, dashes, colons), appended by `body` between the quotes.
    @inlinable public mutating func unescapedString(_ body: (inout [UInt8]) -> Void) {
        bytes.append(34)
        body(&bytes)
        bytes.append(34)
    }

    public mutating func string(_ text: String) {
        bytes.append(34)
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            let count = utf8.count
            var mark = 0, i = 0
            while i < count {
                // Eight bytes at a time while none of them needs escaping: most text has nothing
                // to escape, and a board page's photo links alone are 12 KB of it.
                while i + 8 <= count, !JSONWriter.needsEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { i += 8 }
                guard i < count else { break }
                let byte = base[i]
                i += 1
                guard byte < 0x20 || byte == 34 || byte == 92 else { continue }
                if i - 1 > mark { bytes.append(contentsOf: UnsafeBufferPointer(start: base + mark, count: i - 1 - mark)) }
                mark = i
                switch byte {
                case 34: bytes.append(92); bytes.append(34)
                case 92: bytes.append(92); bytes.append(92)
                case 0x0A: bytes.append(92); bytes.append(110)
                case 0x0D: bytes.append(92); bytes.append(114)
                case 0x09: bytes.append(92); bytes.append(116)
                case 0x08: bytes.append(92); bytes.append(98)
                case 0x0C: bytes.append(92); bytes.append(102)
                default:
                    bytes.append(contentsOf: [92, 117, 48, 48, JSONWriter.hex[Int(byte >> 4)], JSONWriter.hex[Int(byte & 15)]])
                }
            }
            if count > mark { bytes.append(contentsOf: UnsafeBufferPointer(start: base + mark, count: count - mark)) }
        }
        bytes.append(34)
    }

    /// True when one of the word's eight bytes is below 0x20, a quote or a backslash (the
    /// bytes a JSON string escapes): each test is the classic "has a byte below n" of
    /// Hacker's Delight, exact as a yes or no (UTF-8's bytes of 0x80 and up never match).
    @inline(__always) static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 34), backslash = word ^ (ones &* 92)
        let control = (word &- ones &* 0x20) & ~word
        let quoted = (quote &- ones) & ~quote
        let escaped = (backslash &- ones) & ~backslash
        return (control | quoted | escaped) & highs != 0
    }

    static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    public mutating func int<I: FixedWidthInteger>(_ n: I) {
        if n == 0 { bytes.append(48); return }
        if n < 0 { bytes.append(45) }
        var magnitude = n.magnitude
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)  // 40 bytes: enough for any 128-bit integer
        withUnsafeMutableBytes(of: &digits) { buffer in
            var i = buffer.count
            while magnitude > 0 {
                i -= 1
                buffer[i] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[i...]))
        }
    }

    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    public mutating func double(_ value: Double) throws {
        guard value.isFinite else { throw JSONWriter.nonConforming(value) }
        // A whole number well inside the range where `description` writes every digit.
        if value == value.rounded(.towardZero), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return int(Int64(value))
        }
        if abs(value) >= 0.001, abs(value) < 1e9, decimal(value) { return }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        raw(text)
    }

    private static let scales: [Double] = [10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// A number of at most six decimals (a coordinate, a weight, a tenth) written from its
    /// digits, as `description` writes it, without making a String: when `n / 10^k` is exactly
    /// the value (both exact, the division rounded once, as parsing the text would be), the
    /// shortest text that reads back as the value is n's digits with the point k from the right
    /// (fewer than 16 digits name one double each). False when it is not such a number.
    @usableFromInline mutating func decimal(_ value: Double) -> Bool {
        for (k, scale) in JSONWriter.scales.enumerated() {
            let n = (value * scale).rounded()
            guard n / scale == value else { continue }
            if value < 0 { bytes.append(45) }
            var magnitude = Int64(n).magnitude  // under 10^15: exact
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { out in
                var i = out.count
                for _ in 0...k {
                    i -= 1
                    out[i] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
                    magnitude /= 10
                }
                i -= 1
                out[i] = 46
                repeat {
                    i -= 1
                    out[i] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: out[i...]))
            }
            return true
        }
        return false
    }

    public mutating func float(_ value: Float) throws {
        guard value.isFinite else { throw JSONWriter.nonConforming(Double(value)) }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        raw(text)
    }

    static func nonConforming(_ value: Double) -> EncodingError {
        .invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Unable to encode \(value) directly in JSON."))
    }

    /// `"6F1D2C3A-5B4E-4D7F-9A8B-1C2D3E4F5A6B"`: 38 bytes made on the stack, appended at once.
    public mutating func uuid(_ id: UUID) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { out in
            out[0] = 34
            id.writeDigits(to: UnsafeMutableBufferPointer(rebasing: out[1..<37]), upper: true)
            out[37] = 34
            bytes.append(contentsOf: UnsafeBufferPointer(out))
        }
    }

    /// `2026-11-30T08:00:00Z`: what `Date.ISO8601FormatStyle` writes (seconds, UTC).
    public mutating func date(_ date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Before 1583 the style counts days in the Julian calendar; after 9998 years grow a digit.
        guard seconds.isFinite, seconds >= -12_212_553_600, seconds < 253_370_764_800 else { return string(date.formatted(.iso8601)) }
        let total = Int(seconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let second = total - days * 86_400
        let (year, month, day) = CivilDate.of(days: days)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 22) { b in
            func two(_ at: Int, _ n: Int) { b[at] = UInt8(48 + n / 10); b[at + 1] = UInt8(48 + n % 10) }
            b[0] = 34
            two(1, year / 100); two(3, year % 100); b[5] = 45; two(6, month); b[8] = 45; two(9, day)
            b[11] = 84; two(12, second / 3600); b[14] = 58; two(15, second / 60 % 60); b[17] = 58; two(18, second % 60)
            b[20] = 90; b[21] = 34
            bytes.append(contentsOf: UnsafeBufferPointer(b))
        }
    }

    /// Whether `a` sorts before `b` by their UTF-8 bytes, as `.sortedKeys` sorts keys.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let n = min(x.count, y.count)
                let c = n == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, n)
                return c < 0 || (c == 0 && x.count < y.count)
            }
        }
    }
}

// MARK: The standard library's and Foundation's values

extension String: JSONWritable {
    @inlinable public func writeJSON(to w: inout JSONWriter) { w.string(self) }
}

extension Bool: JSONWritable {
    @inlinable public func writeJSON(to w: inout JSONWriter) { w.bool(self) }
}

extension Int: JSONWritable {
    @inlinable public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension Int8: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension Int16: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension Int32: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension Int64: JSONWritable {
    @inlinable public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension UInt: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension UInt8: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension UInt16: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension UInt32: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension UInt64: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.int(self) }
}

extension Double: JSONWritable {
    @inlinable public func writeJSON(to w: inout JSONWriter) throws { try w.double(self) }
}

extension Float: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) throws { try w.float(self) }
}

extension UUID: JSONWritable {
    @inlinable public func writeJSON(to w: inout JSONWriter) { w.uuid(self) }
}

extension Date: JSONWritable {
    @inlinable public func writeJSON(to w: inout JSONWriter) { w.date(self) }
}

extension URL: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.string(absoluteString) }
}

extension Data: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) { w.string(base64EncodedString()) }
}

extension Decimal: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) {
        w.raw(description)
    }
}

/// Inside an array (where `JSONEncoder` writes it): `null` when nil. A member that is nil is left
/// out instead, by `member(_:ifPresent:)`.
extension Optional: JSONWritable where Wrapped: JSONWritable {
    @inlinable public func writeJSON(to w: inout JSONWriter) throws {
        if let self { try self.writeJSON(to: &w) } else { w.null() }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    @inlinable public func writeJSON(to w: inout JSONWriter) throws {
        w.beginArray()
        for element in self {
            w.element()
            try element.writeJSON(to: &w)
        }
        w.endArray()
    }
}

/// A dictionary key `JSONEncoder` writes as an object's member name (an Int key as its digits).
public protocol JSONKey: Hashable {
    var jsonKey: String { get }
}

extension String: JSONKey {
    public var jsonKey: String { self }
}

extension Int: JSONKey {
    public var jsonKey: String { String(self) }
}

/// Keys in the order of their UTF-8 bytes, as `.sortedKeys` writes them.
extension Dictionary: JSONWritable where Key: JSONKey, Value: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) throws {
        w.beginObject()
        for (name, value) in map({ ($0.key.jsonKey, $0.value) }).sorted(by: { JSONWriter.precedes($0.0, $1.0) }) {
            w.key(name)
            try value.writeJSON(to: &w)
        }
        w.endObject()
    }
}

/// Calendar dates from day numbers (days since 1970-01-01, proleptic Gregorian): for dates
/// written into JSON and for YarukiCore's `DayNumber`.
public enum CivilDate {
    /// Howard Hinnant's civil_from_days.
    @inlinable public static func of(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// "2026-11-29" written into `out`'s first ten bytes (a four-digit year).
    @inlinable public static func write(days: Int, to out: UnsafeMutableBufferPointer<UInt8>) {
        let (y, m, d) = of(days: days)
        out[0] = UInt8(48 + y / 1000 % 10); out[1] = UInt8(48 + y / 100 % 10); out[2] = UInt8(48 + y / 10 % 10); out[3] = UInt8(48 + y % 10)
        out[4] = 45; out[5] = UInt8(48 + m / 10); out[6] = UInt8(48 + m % 10)
        out[7] = 45; out[8] = UInt8(48 + d / 10); out[9] = UInt8(48 + d % 10)
    }

    /// "2026-11-29" appended as bytes.
    @inlinable public static func append(days: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
            write(days: days, to: text)
            out.append(contentsOf: UnsafeBufferPointer(text))
        }
    }
}
