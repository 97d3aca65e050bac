import Foundation
import Testing
@testable import YarukiHTTP

/// `JSONBytes` must write what `JSONCoding.encoder` writes, byte for byte, for any value: the
/// scalars at their edges, key order, every container shape, and each shape of declaration the
/// JSONWriters plugin writes a writer from (this target's types get theirs from it too).
@Suite struct JSONBytesTests {
    func same<T: Encodable & JSONWritable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try JSONCoding.encoder.encode(value)
        let written = try JSONBytes.encode(value)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
    }

    /// An ETag is `"<hash>-<length>"`, both in lower-case hex without leading zeros, and the same
    /// for the same bytes: what a client sent back in If-None-Match before matches now.
    @Test func anETagIsTheHashAndLengthInHex() throws {
        var random = SystemRandomNumberGenerator()
        var hashes: Set<String> = []
        for size in Array(0..<300) + [4095, 4096, 65_537] {
            let data = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
            let tag = EncodedJSON.etag(of: data)
            #expect(tag == EncodedJSON.etag(of: Data(data)))
            let parts = tag.dropFirst().dropLast().split(separator: "-")
            #expect(tag.first == "\"" && tag.last == "\"" && parts.count == 2, "\(tag)")
            let hash = try #require(UInt64(parts[0], radix: 16))
            #expect(String(hash, radix: 16) == parts[0] && String(size, radix: 16) == parts[1], "\(tag) for \(size) bytes")
            hashes.insert(String(parts[0]))
        }
        #expect(hashes.count == 303, "different bytes, different hashes")
        #expect(EncodedJSON.etag(of: Data("{}".utf8)) != EncodedJSON.etag(of: Data("[]".utf8)))
    }

    @Test func stringsEscapeWhatTheEncoderEscapes() throws {
        var every = ""
        for scalar in 0..<0x80 { every.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        for text in ["", "plain", every, "a/b\\c\"d", "日本語 한국어 emoji 🏋️‍♀️", "\u{2028}\u{2029}\u{7F}\u{FEFF}", "tab\tnew\nline\r\u{0}"] {
            try same(text)
            try same(["key \(text)": text])
        }
        // Eight bytes are scanned at once: every byte that is escaped, and bytes around those
        // that are not (0x1F, 0x20, 0x21, 0x5B, 0x5D, 0x7F, UTF-8's continuations), at every
        // place in a word and at every length's end.
        let pieces = ["\"", "\\", "\n", "\u{0}", "\u{1F}", " ", "!", "#", "[", "]", "\u{7F}", "a", "é", "語", "🏋", "/"]
        var random = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<60 {
                var text = ""
                for _ in 0..<length { text += Bool.random(using: &random) ? "x" : pieces[Int.random(in: 0..<pieces.count, using: &random)] }
                try same(text)
            }
        }
        for at in 0..<17 {
            for piece in pieces { try same(String(repeating: "p", count: at) + piece + String(repeating: "q", count: 16 - at)) }
        }
    }

    @Test func numbersAtTheirEdges() throws {
        let doubles: [Double] = [0, -0.0, 1, -1, 0.1, 2.5, 40, 1e15 - 1, 1e15, 1e16, 123_456_789_012_345.6, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                                 -.greatestFiniteMagnitude, Double(1 << 53), Double(1 << 53) + 2, 60.1676, 24.952, -77.03653, 1.0 / 3.0]
        for d in doubles { try same(d); try same([d]); try same(["d": d]) }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let d = Double(bitPattern: random.next())
            if d.isFinite { try same(d) }
            try same(Double(Int64(truncatingIfNeeded: random.next()) % 1_000_000) / 100)
        }
        // Numbers of a few decimals (coordinates, weights, tenths), written from their digits.
        for decimals in 1...8 {
            let scale = (0..<decimals).reduce(1.0) { v, _ in v * 10 }
            for _ in 0..<3000 {
                let d = Double(Int64.random(in: -2_000_000_000_000_000...2_000_000_000_000_000, using: &random) / Int64(pow(10, Double(Int.random(in: 0...12, using: &random))))) / scale
                try same(d)
                try same(Double.random(in: -180...180, using: &random))
            }
        }
        for d in [0.001, -0.001, 0.0015, 0.000_999, 999_999_999.999_999, 999_999_999.5, 1e9 + 0.5, 60.169_856, -0.5, 0.1 + 0.2, 100.000_4] { try same(d) }
        try same([Int.min, Int.max, 0, -1, 10, 1_000_000])
        try same([Int8.min, Int8.max])
        try same([UInt64.max, 0])
        try same([Float(0.1), 3, -2.5, .greatestFiniteMagnitude])
        #expect(throws: EncodingError.self) { try JSONBytes.encode(Double.nan) }
        #expect(throws: EncodingError.self) { try JSONBytes.encode(["x": Double.infinity]) }
    }

    @Test func datesUUIDsURLsDataAndDecimals() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let seconds = Double(Int64.random(in: -62_135_596_800...253_402_300_799, using: &random)) + Double.random(in: 0..<1, using: &random)
            try same(Date(timeIntervalSince1970: seconds))
        }
        for seconds in [0, -0.5, -1, 0.999_999, 1_764_500_000, 951_782_400, -62_135_596_800, 253_402_300_799, -1e12, 1e12] {
            try same(Date(timeIntervalSince1970: seconds))
        }
        try same([UUID(), UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!])
        try same(["url": URL(string: "https://example.com/a/b?c=d&e=%20")!])
        try same(Data([0, 1, 2, 250, 255]))
        try same([Decimal(string: "12.50")!, Decimal(-3)])
    }

    struct Member: Codable {
        var zeta: Int
        var alpha: String?
        var middle: [String: Double]
        var Upper: Bool
        var nested: [Member]
        var when: Date?
        var id: UUID
        var count: Int? = nil
        var weight: Double? = nil
        var flag: Bool? = nil
    }

    enum Kind: String, Codable { case memo, checkin }

    @Test func keysAreSortedByTheirBytesAtEveryLevel() throws {
        let leaf = Member(zeta: 1, alpha: nil, middle: [:], Upper: false, nested: [], when: nil, id: UUID())
        let tree = Member(zeta: -3, alpha: "a", middle: ["b": 1, "a": 2.5, "B": 3, "aa": 4, "": 5, "é": 6], Upper: true,
                          nested: [leaf, leaf, Member(zeta: 2, alpha: "x", middle: ["k": 0], Upper: true, nested: [leaf], when: Date(), id: UUID())],
                          when: Date(timeIntervalSince1970: 1_764_500_000), id: UUID())
        try same(tree)
        var filled = tree
        (filled.count, filled.weight, filled.flag) = (0, 42.5, false)
        try same([filled, leaf, tree])
        try same([tree, leaf])
        try same(["outer": ["inner": [tree]]])
        try same([Kind.memo, Kind.checkin])
        try same([1: "one", 10: "ten", 2: "two"])
    }

    /// Renamed and left-out keys.
    struct Renamed: Codable {
        var isPublic: Bool
        var title: String
        var skipped: Int = 7
        static let shared = 5
        var note: String?
        enum CodingKeys: String, CodingKey { case isPublic = "public", title, note = "a note" }
    }

    /// A writer of its own, a plain list of keyed calls: the plugin follows it.
    struct Custom: Codable {
        var list: [String]
        var flag: Bool
        var maybe: String?
        enum CodingKeys: String, CodingKey { case list, flag = "Flag", maybe }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(Optional(list), forKey: .list)
            try c.encode(flag, forKey: .flag)
            try c.encode(maybe, forKey: .maybe)  // null when nil: encode, not encodeIfPresent
        }
    }

    /// Generic, constant members, optionals spelled out, observers, Int raw values.
    struct Box<Content: Encodable>: Encodable {
        let version = 3
        var content: Content
        var extra: Optional<Int>
        var watched: Int = 0 {
            didSet { _ = oldValue }
        }
        var computed: Int { content is String ? 1 : 2 }
        static func make(_ content: Content) -> Box { Box(content: content, extra: nil) }
    }

    enum Level: Int, Codable { case low = 1, high = 10 }

    @Test func everyShapeOfDeclarationIsWrittenAsTheEncoderWritesIt() throws {
        try same(Renamed(isPublic: true, title: "t", note: nil))
        try same([Renamed(isPublic: false, title: "x\"y", note: "n")])
        try same(Custom(list: [], flag: true, maybe: nil))
        try same(Custom(list: ["a"], flag: false, maybe: "m"))
        try same(Box(content: "text", extra: nil, watched: 4))
        try same(Box(content: [Level.low, .high], extra: 0))
        try same(Box(content: Box(content: ["k": Level.high], extra: -1), extra: 2))
        try same([String?.none, "x"])
        try same([[Int]]([[], [1], [2, 3]]))
        try same([String: [String: Int]]())
        #expect(try JSONBytes.encode(Box(content: 1, extra: nil)) == Array(#"{"content":1,"version":3,"watched":0}"#.utf8))
    }
}
