import Foundation
import Testing
@testable import YarukiHTTP

/// `JSONBytes` must write what `JSONCoding.encoder` writes, byte for byte, for any value: the
/// scalars at their edges, key order, every container shape, and the shapes it hands to Foundation.
@Suite struct JSONBytesTests {
    func same<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try JSONCoding.encoder.encode(value)
        let written = try JSONBytes.encode(value)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
    }

    @Test func stringsEscapeWhatTheEncoderEscapes() throws {
        var every = ""
        for scalar in 0..<0x80 { every.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        for text in ["", "plain", every, "a/b\\c\"d", "日本語 한국어 emoji 🏋️‍♀️", "\u{2028}\u{2029}\u{7F}\u{FEFF}", "tab\tnew\nline\r\u{0}"] {
            try same(text)
            try same(["key \(text)": text])
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

    struct Nothing: Encodable { func encode(to encoder: Encoder) throws {} }

    struct Twice: Encodable {
        func encode(to encoder: Encoder) throws {
            var first = encoder.container(keyedBy: AnyKey.self)
            try first.encode(1, forKey: AnyKey("b"))
            var second = encoder.container(keyedBy: AnyKey.self)
            try second.encode(2, forKey: AnyKey("a"))
        }
    }

    struct SameKey: Encodable {
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: AnyKey.self)
            try c.encode(1, forKey: AnyKey("k"))
            try c.encode("z", forKey: AnyKey("a"))
            try c.encode(2, forKey: AnyKey("k"))
        }
    }

    struct Nested: Encodable {
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: AnyKey.self)
            var inner = c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("inner"))
            try c.encode(1, forKey: AnyKey("z"))
            try inner.encode(2, forKey: AnyKey("y"))
            var list = c.nestedUnkeyedContainer(forKey: AnyKey("list"))
            try list.encode("x")
            try c.encode(3, forKey: AnyKey("a"))
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func shapesBeyondTheStreamingGiveTheSameBytes() throws {
        #expect(throws: EncodingError.self) { try JSONCoding.encoder.encode(Nothing()) }
        #expect(throws: EncodingError.self) { try JSONBytes.encode(Nothing()) }
        try same([Nothing(), Nothing()])
        try same(["n": Nothing()])
        try same(Twice())
        try same(SameKey())
        try same(Nested())
        try same(["deep": [Nested()]])
        try same([String?.none, "x"])
        try same([[Int]]([[], [1], [2, 3]]))
        try same([String: [String: Int]]())
    }
}
