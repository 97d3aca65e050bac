import Foundation
import YarukiJSON

/// Any JSON value, for documents whose shape is data (OpenAPI, schemas, synced records, a 412's current record).
public indirect enum JSONValue: Sendable, Equatable, Codable, ExpressibleByStringLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByArrayLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case let .bool(b): try c.encode(b)
        case let .number(n):
            if n.rounded() == n, abs(n) < 1e15 { try c.encode(Int64(n)) } else { try c.encode(n) }
        case let .string(s): try c.encode(s)
        case let .array(a): try c.encode(a)
        case let .object(o): try c.encode(o)
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case let .object(o) = self { return o[key] }
        return nil
    }
}

extension JSONValue {
    /// A whole document read without `JSONDecoder` (as `init(from:)` would decode it); nil when it
    /// is broken, not UTF-8, or an object in it names a member twice.
    public static func parse(_ data: some Collection<UInt8>) -> JSONValue? {
        guard var r = JSONReader.validated(data) else { return nil }
        do {
            guard let first = try r.next() else { return nil }
            let value = try read(after: first, &r)
            return try r.next() == nil ? value : nil
        } catch {
            return nil
        }
    }

    /// The value whose first token is `token`, read from `r` as `init(from:)` decodes it; an
    /// object naming a member twice is unusual (`JSONReader.Unusual`).
    public static func read(after token: JSONReader.Token, _ r: inout JSONReader) throws -> JSONValue {
        switch token {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .number(n): return .number(n)
        case let .string(s): return .string(s)
        case .arrayStart:
            var items: [JSONValue] = []
            try r.elements { r, t in items.append(try read(after: t, &r)) }
            return .array(items)
        case .objectStart:
            var members: [String: JSONValue] = [:]
            try r.uniqueMembers { r, name in
                guard let t = try r.next() else { throw JSONReader.Unusual() }
                members[name] = try read(after: t, &r)
                return true
            }
            return .object(members)
        case .key, .objectEnd, .arrayEnd:
            throw JSONReader.Unusual()
        }
    }
}

/// Written as `encode(to:)` writes it: whole numbers without a fraction, objects in key order.
extension JSONValue: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) throws {
        switch self {
        case .null: w.null()
        case let .bool(b): w.bool(b)
        case let .number(n):
            if n.rounded() == n, abs(n) < 1e15 { w.int(Int64(n)) } else { try w.double(n) }
        case let .string(s): w.string(s)
        case let .array(a): try a.writeJSON(to: &w)
        case let .object(o): try o.writeJSON(to: &w)
        }
    }
}
