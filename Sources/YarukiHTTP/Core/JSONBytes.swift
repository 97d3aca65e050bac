import Foundation

/// The API's JSON, written straight into bytes: for every `Encodable` value, exactly what
/// `JSONCoding.encoder` writes (keys sorted by their UTF-8 bytes, slashes unescaped, whole
/// doubles without ".0", RFC 3339 dates in UTC, upper-case UUIDs), without the tree of boxed values,
/// the dynamic casts and the dictionaries Foundation's encoder builds on Linux for each reply.
///
/// Objects are written as their members arrive and put in key order when they close (most come in
/// declaration order, so a few bytes move once). A value's containers close when its
/// `encode(to:)` returns. The rare shapes this streaming cannot follow (a nested container, a
/// super-encoder, a key written twice) are handed whole to `JSONCoding.encoder`, so the bytes
/// never differ; `JSONBytesTests` holds every wire type's example and edge values to that.
public enum JSONBytes {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = ByteEncoder()
        try encoder.value(value)
        if encoder.unsupported { return Array(try JSONCoding.encoder.encode(value)) }
        return encoder.out
    }

    public static func data<T: Encodable>(_ value: T) throws -> Data {
        Data(try encode(value))
    }
}

final class ByteEncoder: Encoder, SingleValueEncodingContainer {
    private struct Frame {
        var isObject: Bool
        /// Where the container's first member or element starts in `out`.
        var start: Int
        /// Its first member in `members`.
        var firstMember: Int
        var count = 0
        var inOrder = true
    }

    private struct Member {
        var key: String
        /// Where `"key":` starts in `out`.
        var start: Int
    }

    var out: [UInt8] = []
    /// Set when the value takes a shape the streaming cannot follow; the caller falls back.
    var unsupported = false
    private var frames: [Frame] = []
    private var members: [Member] = []
    private var scratch: [UInt8] = []
    private var order: [Int] = []
    /// How many `value` calls are under way; a container belongs to the innermost.
    private var depth = 0
    private var openedAt: [Int] = []

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init() {
        out.reserveCapacity(1024)
    }

    // MARK: Values

    func value<T: Encodable>(_ value: T) throws {
        if T.self == String.self { return string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return int(unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return try double(unsafeBitCast(value, to: Double.self)) }
        if T.self == UUID.self { return uuid(unsafeBitCast(value, to: UUID.self)) }
        if T.self == Date.self { return date(unsafeBitCast(value, to: Date.self)) }
        if T.self == URL.self { return string((value as! URL).absoluteString) }
        if T.self == Data.self { return string((value as! Data).base64EncodedString()) }
        if T.self == Decimal.self { return raw((value as! Decimal).description) }
        let mark = out.count
        let level = frames.count
        depth += 1
        try value.encode(to: self)
        depth -= 1
        while frames.count > level { close() }
        if out.count == mark {
            guard depth > 0 else {
                throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
            }
            raw("{}")
        }
    }

    func string(_ text: String) {
        out.append(34)
        var text = text
        text.withUTF8 { utf8 in
            var mark = 0
            for i in 0..<utf8.count {
                let byte = utf8[i]
                guard byte < 0x20 || byte == 34 || byte == 92 else { continue }
                if i > mark { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<i])) }
                mark = i + 1
                switch byte {
                case 34: out.append(92); out.append(34)
                case 92: out.append(92); out.append(92)
                case 0x0A: out.append(92); out.append(110)
                case 0x0D: out.append(92); out.append(114)
                case 0x09: out.append(92); out.append(116)
                case 0x08: out.append(92); out.append(98)
                case 0x0C: out.append(92); out.append(102)
                default:
                    out.append(contentsOf: [92, 117, 48, 48, ByteEncoder.hex[Int(byte >> 4)], ByteEncoder.hex[Int(byte & 15)]])
                }
            }
            if utf8.count > mark { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<utf8.count])) }
        }
        out.append(34)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
    private static let upperHex: [UInt8] = Array("0123456789ABCDEF".utf8)

    func int<I: FixedWidthInteger>(_ n: I) {
        if n == 0 { out.append(48); return }
        if n < 0 { out.append(45) }
        var magnitude = n.magnitude
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)  // 40 bytes: enough for any 128-bit integer
        withUnsafeMutableBytes(of: &digits) { buffer in
            var i = buffer.count
            while magnitude > 0 {
                i -= 1
                buffer[i] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
                magnitude /= 10
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[i...]))
        }
    }

    func bool(_ value: Bool) { raw(value ? "true" : "false") }

    func double(_ value: Double) throws {
        guard value.isFinite else { throw ByteEncoder.nonConforming(value) }
        // A whole number well inside the range where `description` writes every digit.
        if value == value.rounded(.towardZero), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return int(Int64(value))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        raw(text)
    }

    func float(_ value: Float) throws {
        guard value.isFinite else { throw ByteEncoder.nonConforming(Double(value)) }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        raw(text)
    }

    private static func nonConforming(_ value: Double) -> EncodingError {
        .invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Unable to encode \(value) directly in JSON."))
    }

    func uuid(_ id: UUID) {
        let u = id.uuid
        withUnsafeBytes(of: u) { bytes in
            out.append(34)
            for (i, byte) in bytes.enumerated() {
                if i == 4 || i == 6 || i == 8 || i == 10 { out.append(45) }
                out.append(ByteEncoder.upperHex[Int(byte >> 4)])
                out.append(ByteEncoder.upperHex[Int(byte & 15)])
            }
            out.append(34)
        }
    }

    /// `2026-11-30T08:00:00Z`: what `Date.ISO8601FormatStyle` writes (seconds, UTC).
    func date(_ date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Before 1583 the style counts days in the Julian calendar; after 9998 years grow a digit.
        guard seconds.isFinite, seconds >= -12_212_553_600, seconds < 253_370_764_800 else { return string(date.formatted(.iso8601)) }
        let total = Int(seconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let second = total - days * 86_400
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) { out.append(UInt8(48 + n / 10)); out.append(UInt8(48 + n % 10)) }
        out.append(34)
        two(year / 100); two(year % 100); out.append(45); two(month); out.append(45); two(day)
        out.append(84); two(second / 3600); out.append(58); two(second / 60 % 60); out.append(58); two(second % 60)
        out.append(90); out.append(34)
    }

    func raw(_ text: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func raw(_ text: String) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // A second request for the same value's object (a subclass, a custom encode) goes on with it.
        if let top = frames.last, top.isObject, openedAt.last == depth {
            return KeyedEncodingContainer(KeyedWriter<Key>(encoder: self, frame: frames.count - 1))
        }
        open(isObject: true)
        return KeyedEncodingContainer(KeyedWriter<Key>(encoder: self, frame: frames.count - 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        open(isObject: false)
        return UnkeyedWriter(encoder: self, frame: frames.count - 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    private func open(isObject: Bool) {
        out.append(isObject ? 123 : 91)
        frames.append(Frame(isObject: isObject, start: out.count, firstMember: members.count))
        openedAt.append(depth)
    }

    /// Before a member of the object `frame`: the comma and `"key":`.
    func member(_ key: String, in frame: Int) {
        guard frame == frames.count - 1 else { unsupported = true; return }
        if frames[frame].count > 0 {
            out.append(44)
            if frames[frame].inOrder, !ByteEncoder.precedes(members[members.count - 1].key, key) { frames[frame].inOrder = false }
        }
        frames[frame].count += 1
        members.append(Member(key: key, start: out.count))
        string(key)
        out.append(58)
    }

    /// Before an element of the array `frame`: the comma.
    func element(in frame: Int) {
        guard frame == frames.count - 1 else { unsupported = true; return }
        if frames[frame].count > 0 { out.append(44) }
        frames[frame].count += 1
    }

    private func close() {
        let frame = frames.removeLast()
        openedAt.removeLast()
        guard frame.isObject else { out.append(93); return }
        if !frame.inOrder { sortMembers(frame) }
        members.removeSubrange(frame.firstMember...)
        out.append(125)
    }

    /// Whether `a` sorts before `b` by their UTF-8 bytes, as the encoder sorts keys.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let n = min(x.count, y.count)
                let c = n == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, n)
                return c < 0 || (c == 0 && x.count < y.count)
            }
        }
    }

    /// Rewrites the object's members in key order (each member's bytes end where the next one's comma is).
    private func sortMembers(_ frame: Frame) {
        // Insertion sort into a reused buffer: objects have a handful of keys, mostly near their place.
        order.removeAll(keepingCapacity: true)
        for index in frame.firstMember..<members.count {
            var at = order.count
            while at > 0, ByteEncoder.precedes(members[index].key, members[order[at - 1]].key) { at -= 1 }
            if at > 0, members[order[at - 1]].key == members[index].key {
                unsupported = true  // a key written twice: the encoder keeps the last one
                return
            }
            order.insert(index, at: at)
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: out[frame.start...])
        let base = frame.start
        out.removeSubrange(base...)
        for (n, index) in order.enumerated() {
            if n > 0 { out.append(44) }
            let start = members[index].start - base
            let end = index + 1 < members.count ? members[index + 1].start - base - 1 : scratch.count
            out.append(contentsOf: scratch[start..<end])
        }
    }

    // MARK: SingleValueEncodingContainer

    func encodeNil() throws { raw("null") }
    func encode(_ value: Bool) throws { bool(value) }
    func encode(_ value: String) throws { string(value) }
    func encode(_ value: Double) throws { try double(value) }
    func encode(_ value: Float) throws { try float(value) }
    func encode(_ value: Int) throws { int(value) }
    func encode(_ value: Int8) throws { int(value) }
    func encode(_ value: Int16) throws { int(value) }
    func encode(_ value: Int32) throws { int(value) }
    func encode(_ value: Int64) throws { int(value) }
    func encode(_ value: UInt) throws { int(value) }
    func encode(_ value: UInt8) throws { int(value) }
    func encode(_ value: UInt16) throws { int(value) }
    func encode(_ value: UInt32) throws { int(value) }
    func encode(_ value: UInt64) throws { int(value) }
    func encode<T: Encodable>(_ value: T) throws { try self.value(value) }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ByteEncoder
    let frame: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.raw("null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); try encoder.double(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); try encoder.float(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.member(key.stringValue, in: frame)
        try encoder.value(value)
    }

    // Optional fields, written here rather than through the protocol's default (one witness call
    // fewer per field, and most wire types have several).
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { encoder.member(key.stringValue, in: frame); encoder.string(value) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { encoder.member(key.stringValue, in: frame); encoder.int(value) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { encoder.member(key.stringValue, in: frame); try encoder.double(value) }
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { encoder.member(key.stringValue, in: frame); encoder.bool(value) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { encoder.member(key.stringValue, in: frame); try encoder.value(value) }
    }

    // Shapes the streaming does not follow: the whole value goes to Foundation's encoder instead.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.unsupported = true
        return ByteEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.unsupported = true
        return ByteEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder.unsupported = true; return ByteEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.unsupported = true; return ByteEncoder() }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let encoder: ByteEncoder
    let frame: Int
    var count = 0
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { next(); encoder.raw("null") }
    mutating func encode(_ value: Bool) throws { next(); encoder.bool(value) }
    mutating func encode(_ value: String) throws { next(); encoder.string(value) }
    mutating func encode(_ value: Double) throws { next(); try encoder.double(value) }
    mutating func encode(_ value: Float) throws { next(); try encoder.float(value) }
    mutating func encode(_ value: Int) throws { next(); encoder.int(value) }
    mutating func encode(_ value: Int64) throws { next(); encoder.int(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        next()
        try encoder.value(value)
    }

    private mutating func next() {
        encoder.element(in: frame)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.unsupported = true
        return ByteEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.unsupported = true
        return ByteEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { encoder.unsupported = true; return ByteEncoder() }
}

/// A JSON reply encoded once and kept: its bytes and a strong ETag made from them, answered with
/// 304 to a client that already holds the same bytes.
public struct EncodedJSON: Sendable {
    public let data: Data
    public let etag: String

    public init<T: Encodable>(_ value: T) throws {
        self.init(data: try JSONBytes.data(value))
    }

    public init(data: Data) {
        self.data = data
        etag = EncodedJSON.etag(of: data)
    }

    /// `"…"`: 64-bit FNV-1a of the bytes and their length, in hex.
    public static func etag(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { for byte in $0 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 } }
        return "\"\(String(hash, radix: 16))-\(String(data.count, radix: 16))\""
    }

    /// 304 when the request's If-None-Match names these bytes, else 200 with them; both carry the
    /// ETag and `cacheControl` (by default: keep, but ask each time).
    public func response(to request: Request, status: Int = 200, cacheControl: String = "no-cache") -> Response {
        var headers = HTTPHeaders([("ETag", etag), ("Cache-Control", cacheControl)])
        if status == 200, ETag.matches(request.headers["If-None-Match"], etag) { return Response(status: 304, headers: headers) }
        headers.add("Content-Type", "application/json")
        return Response(status: status, headers: headers, body: .data(data))
    }
}

public enum ETag {
    /// Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2), or is `*`.
    public static func matches(_ header: String?, _ etag: String) -> Bool {
        guard let header else { return false }
        let strong = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        return header.split(separator: ",").contains { item in
            let tag = item.trimmingCharacters(in: " \t")
            return tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == strong
        }
    }
}
