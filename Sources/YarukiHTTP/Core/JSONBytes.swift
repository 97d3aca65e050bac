import Foundation
@_exported import YarukiJSON

/// The API's JSON, written straight into bytes by each type's own writer (`JSONWritable`, made at
/// build time by the JSONWriters plugin): exactly what `JSONCoding.encoder` writes (keys sorted by
/// their UTF-8 bytes, slashes unescaped, whole doubles without ".0", RFC 3339 dates in UTC,
/// upper-case UUIDs), with no `Encoder` at run time. `JSONBytesTests` and the OpenAPI tests hold
/// every wire type's example and edge values to the encoder's bytes.
public enum JSONBytes {
    public static func encode<T: JSONWritable>(_ value: T) throws -> [UInt8] {
        try written(value) { $0.bytes }
    }

    /// The JSON as text (a stored reply, a part of one).
    public static func text<T: JSONWritable>(_ value: T) throws -> String {
        try written(value) { $0.text }
    }

    public static func data<T: JSONWritable>(_ value: T) throws -> Data {
        try written(value) { $0.data }
    }

    /// `value` written, handed to `out` for the one copy it takes.
    private static func written<T: JSONWritable, R>(_ value: T, _ out: (borrowing JSONWriter) -> R) throws -> R {
        var w = JSONWriter()
        try value.writeJSON(to: &w)
        return out(w)
    }
}

/// A JSON reply encoded once and kept: its bytes and a strong ETag made from them, answered with
/// 304 to a client that already holds the same bytes.
public struct EncodedJSON: Sendable {
    public let data: Data
    public let etag: String

    public init<T: JSONWritable>(_ value: T) throws {
        self.init(data: try JSONBytes.data(value))
    }

    public init(data: Data) {
        self.data = data
        etag = EncodedJSON.etag(of: data)
    }

    /// `"…"`: a 64-bit hash of the bytes and their length, in hex. Eight bytes a step (FNV-1a's
    /// multiply with a shift to mix the high bits down), in four lanes that do not wait on each
    /// other (one lane's chain of multiplies took 4% of a page made each time), folded at the end.
    /// The same bytes give the same tag on every node.
    public static func etag(of data: Data) -> String {
        let prime: UInt64 = 0x100_0000_01b3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_cbf2_2325_8422, 0x2325_8422_9ce4_cbf2)
        var hash: UInt64 = 0
        data.withUnsafeBytes { raw in
            func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
                let m = (h ^ w) &* prime
                return m ^ (m >> 29)
            }
            let blocks = raw.count / 32
            for i in 0..<blocks {
                let o = i * 32
                lanes = (mix(lanes.0, word(o)), mix(lanes.1, word(o + 8)), mix(lanes.2, word(o + 16)), mix(lanes.3, word(o + 24)))
            }
            hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
            var i = blocks * 32
            while i + 8 <= raw.count {
                hash = mix(hash, word(i))
                i += 8
            }
            while i < raw.count {
                hash = (hash ^ UInt64(raw[i])) &* prime
                i += 1
            }
        }
        // As `"\(String(hash, radix: 16))-\(String(data.count, radix: 16))"` writes it, without
        // the general formatting (a twentieth of `/v1/me` made each time).
        return String(unsafeUninitializedCapacity: 36) { out in
            var n = 0
            func put(_ byte: UInt8) {
                out[n] = byte
                n += 1
            }
            func hex(_ value: UInt64) {
                let digits = max(1, (64 - value.leadingZeroBitCount + 3) / 4)
                for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
                    let digit = UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0xf
                    put(digit < 10 ? 48 + digit : 87 + digit)
                }
            }
            put(34)
            hex(hash)
            put(45)
            hex(UInt64(data.count))
            put(34)
            return n
        }
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
