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

/// JSON written into a byte buffer of its own. Objects and arrays track only whether a comma is
/// due: `key` and `element` clear `first` before each value, and a container clears it as it
/// closes, so a value itself never touches it.
///
/// The buffer is memory the writer owns, not an array: each value makes room for itself once and
/// is then stored byte by byte (an array's append checks that it is the only owner and has room
/// on every call, and copied a key's few bytes through its generic path: together a third of the
/// time a health month's JSON took). So a writer cannot be copied, and frees its memory when it ends.
public struct JSONWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    @usableFromInline var first = true

    public init(capacity: Int = 1024) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// What has been written, copied out.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// What has been written, as `Data` (one copy, as `bytes`).
    public var data: Data { Data(bytes: base, count: count) }

    /// What has been written, as text (one copy).
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Makes room for `n` more bytes.
    @inlinable @inline(__always) mutating func reserve(_ n: Int) {
        if capacity &- count < n { grow(n) }
    }

    @usableFromInline mutating func grow(_ n: Int) {
        let larger = Swift.max(capacity * 2, count + n)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        (base, capacity) = (moved, larger)
    }

    @inlinable @inline(__always) mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count &+= 1
    }

    @inlinable @inline(__always) mutating func append(_ p: UnsafeRawPointer, _ n: Int) {
        reserve(n)
        UnsafeMutableRawPointer(base + count).copyMemory(from: p, byteCount: n)
        count &+= n
    }

    /// Bytes that are JSON already (a stored reply, a part of one), as they are.
    public mutating func raw<C: Collection>(bytes: C) where C.Element == UInt8 {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            if let p = buffer.baseAddress { append(p, buffer.count) }
        }
        guard copied == nil else { return }
        reserve(bytes.count)
        for b in bytes { byte(b) }
    }

    // MARK: Containers

    @inlinable public mutating func beginObject() {
        byte(123)
        first = true
    }

    @inlinable public mutating func endObject() {
        byte(125)
        first = false
    }

    @inlinable public mutating func beginArray() {
        byte(91)
        first = true
    }

    @inlinable public mutating func endArray() {
        byte(93)
        first = false
    }

    /// Before an array's element: the comma, unless it is the first.
    @inlinable public mutating func element() {
        if first { first = false } else { byte(44) }
    }

    /// `"key":` (the key's JSON, colon included, as a constant), after a comma unless it is the first.
    @inlinable public mutating func key(_ quoted: StaticString) {
        let n = quoted.utf8CodeUnitCount
        reserve(n &+ 1)
        if first { first = false } else { base[count] = 44; count &+= 1 }
        UnsafeMutableRawPointer(base + count).copyMemory(from: quoted.utf8Start, byteCount: n)
        count &+= n
    }

    /// `"key":` for a key known only at run time.
    public mutating func key(_ name: String) {
        if first { first = false } else { byte(44) }
        string(name)
        byte(58)
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
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    public mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { if let p = $0.baseAddress { append(p, $0.count) } }
    }

    public mutating func null() { raw("null") }

    /// A string whose bytes need no escaping (digits, dashes, colons), of at most `length` bytes,
    /// which `body` writes from the pointer it is given and counts; the quotes go around it.
    @inlinable public mutating func unescapedString(atMost length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(length &+ 2)
        base[count] = 34
        let written = body(base + (count &+ 1))
        base[count &+ 1 &+ written] = 34
        count &+= written &+ 2
    }

    public mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            let length = utf8.count
            reserve(length &+ 2)
            base[count] = 34
            count &+= 1
            if let start = utf8.baseAddress {
                var mark = 0, i = 0
                while i < length {
                    // Eight bytes at a time while none of them needs escaping: most text has nothing
                    // to escape, and a board page's photo links alone are 12 KB of it.
                    while i + 8 <= length, !JSONWriter.needsEscape(UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)) { i += 8 }
                    guard i < length else { break }
                    let byte = start[i]
                    i += 1
                    guard byte < 0x20 || byte == 34 || byte == 92 else { continue }
                    if i - 1 > mark { append(start + mark, i - 1 - mark) }
                    mark = i
                    switch byte {
                    case 34: escape(34)
                    case 92: escape(92)
                    case 0x0A: escape(110)
                    case 0x0D: escape(114)
                    case 0x09: escape(116)
                    case 0x08: escape(98)
                    case 0x0C: escape(102)
                    default:
                        let code: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (92, 117, 48, 48, JSONWriter.hex[Int(byte >> 4)], JSONWriter.hex[Int(byte & 15)])
                        withUnsafeBytes(of: code) { append($0.baseAddress!, 6) }
                    }
                }
                if length > mark { append(start + mark, length - mark) }
            }
            byte(34)
        }
    }

    /// A backslash and `letter`.
    private mutating func escape(_ letter: UInt8) {
        reserve(2)
        base[count] = 92
        base[count &+ 1] = letter
        count &+= 2
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
        reserve(41)  // a sign and the 39 digits of any 128-bit integer
        if n < 0 {
            base[count] = 45
            count &+= 1
        }
        writeDigits(n.magnitude)
    }

    /// `magnitude`'s decimal digits, in room already made.
    @inline(__always) private mutating func writeDigits<M: UnsignedInteger>(_ magnitude: M) {
        let digits = JSONWriter.digits(magnitude)
        var (i, left) = (count &+ digits, magnitude)
        repeat {
            i &-= 1
            base[i] = UInt8(truncatingIfNeeded: 48 + left % 10)
            left /= 10
        } while left > 0
        count &+= digits
    }

    /// How many decimal digits `magnitude` has (one for zero).
    @inline(__always) static func digits<M: UnsignedInteger>(_ magnitude: M) -> Int {
        var digits = 1, rest = magnitude / 10
        while rest > 0 {
            digits &+= 1
            rest /= 10
        }
        return digits
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

    /// A number of at most six decimals (a coordinate, a weight, a tenth) written from its
    /// digits, as `description` writes it, without making a String: when `n / 10^k` is exactly
    /// the value (both exact, the division rounded once, as parsing the text would be), the
    /// shortest text that reads back as the value is n's digits with the point k from the right
    /// (fewer than 16 digits name one double each). False when it is not such a number.
    ///
    /// A scale whose product is not within a few units in the last place of a whole number is
    /// passed over before dividing: when `n / 10^k` is the value, `value * 10^k` is n to within
    /// two rounding errors. (The division and a call to round each scale were a quarter of a
    /// health month's JSON.)
    @usableFromInline mutating func decimal(_ value: Double) -> Bool {
        var scale = 1.0
        for k in 0..<6 {
            scale *= 10  // 10 to 10^6, each exact
            let product = value * scale
            // |product| < 10^15: it and product ± 0.5 are exact, and so is n.
            let n = Double(Int64(product + (product < 0 ? -0.5 : 0.5)))
            guard abs(product - n) <= abs(product) * 1e-15, n / scale == value else { continue }
            reserve(24)
            if value < 0 {
                base[count] = 45
                count &+= 1
            }
            var magnitude = Int64(n).magnitude
            // k + 1 decimals, the point, and at least one digit before it.
            let length = Swift.max(JSONWriter.digits(magnitude), k + 2) + 1
            var i = count &+ length
            for _ in 0...k {
                i &-= 1
                base[i] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
                magnitude /= 10
            }
            i &-= 1
            base[i] = 46
            repeat {
                i &-= 1
                base[i] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
                magnitude /= 10
            } while i > count
            count &+= length
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

    /// `"6F1D2C3A-5B4E-4D7F-9A8B-1C2D3E4F5A6B"`: 38 bytes written in place.
    public mutating func uuid(_ id: UUID) {
        unescapedString(atMost: 36) { out in
            id.writeDigits(to: UnsafeMutableBufferPointer(start: out, count: 36), upper: true)
            return 36
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
        unescapedString(atMost: 20) { b in
            func two(_ at: Int, _ n: Int) { b[at] = UInt8(48 + n / 10); b[at + 1] = UInt8(48 + n % 10) }
            two(0, year / 100); two(2, year % 100); b[4] = 45; two(5, month); b[7] = 45; two(8, day)
            b[10] = 84; two(11, second / 3600); b[13] = 58; two(14, second / 60 % 60); b[16] = 58; two(17, second % 60)
            b[19] = 90
            return 20
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

}
