import Foundation
import YarukiCore
import YarukiJSON

/// A request or reply body of the API. The server encodes replies and decodes requests with these
/// very types, the SDK the other way round, and the OpenAPI document describes each from its
/// `example` as the server's encoder writes it: one declaration, three uses, no copy to drift.
public protocol APIModel: Codable, JSONWritable, Sendable {
    /// A value with every optional field that matters filled in, so the document shows its shape.
    static var example: Self { get }
}

/// A closed set of words on the wire; the document lists them.
public protocol APIEnumeration {
    static var wireValues: [String] { get }
}

extension APIEnumeration where Self: CaseIterable & RawRepresentable, RawValue == String {
    public static var wireValues: [String] { allCases.map(\.rawValue) }
}

/// `{"items": […]}`: a whole list.
public struct Items<Item: APIModel>: APIModel {
    public var items: [Item]

    public init(_ items: [Item]) { self.items = items }

    public static var example: Items { Items([Item.example]) }
}

/// `{"items": […], "nextCursor": "…"}`: one page of a list; the cursor asks for the next (absent at the end).
public struct Page<Item: APIModel>: APIModel {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    public static var example: Page { Page(items: [Item.example], nextCursor: "MTc2NDUwMDAwMDAwMC4w") }
}

/// A value whose JSON was written when it was stored: a reply writes those bytes as they are,
/// instead of reading the value's rows and writing it again. On the wire and in the document it
/// is `Value` (the bytes are `Value`'s own writer's, checked per type by the store's tests).
public struct Prewritten<Value: APIModel>: APIModel, PrewrittenModel {
    public static var valueType: any APIModel.Type { Value.self }
    /// As the store holds it (a column's text): from the row to the reply without another copy.
    public let json: String

    public init(json: String) { self.json = json }

    public init(json: [UInt8]) { self.json = String(decoding: json, as: UTF8.self) }

    public init(_ value: Value) throws {
        var w = JSONWriter(capacity: 512)
        try value.writeJSON(to: &w)
        self.init(json: w.text)
    }

    public func writeJSON(to w: inout JSONWriter) throws { w.raw(json) }

    /// The value itself, read back from its bytes (for the document and the SDK; replies never do).
    public func value() throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Value.self, from: Data(json.utf8))
    }

    public func encode(to encoder: any Encoder) throws { try value().encode(to: encoder) }

    public init(from decoder: any Decoder) throws { try self.init(Value(from: decoder)) }

    public static var example: Prewritten { (try? Prewritten(Value.example)) ?? Prewritten(json: "null") }
}

extension Prewritten: Equatable {
    public static func == (a: Prewritten, b: Prewritten) -> Bool { a.json.utf8.elementsEqual(b.json.utf8) }
}

/// A `Prewritten` of some type, for the document to describe as that type.
public protocol PrewrittenModel {
    static var valueType: any APIModel.Type { get }
}

/// Someone as others see them.
public struct Person: APIModel, Equatable {
    public var id: UUID
    public var displayName: String

    public init(id: UUID, displayName: String) {
        self.id = id
        self.displayName = displayName
    }

    public static let example = Person(id: Example.personID, displayName: "Mina")
}

/// Fixed values the examples share, so the document reads as one story.
public enum Example {
    public static let personID = UUID(uuidString: "6F1D2C3A-5B4E-4D7F-9A8B-1C2D3E4F5A6B")!
    public static let otherID = UUID(uuidString: "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D")!
    public static let instant = Date(timeIntervalSince1970: 1_764_500_000)
    public static let day = "2026-11-30"
    /// An instant on a quarter hour (2025-11-30T10:45:00Z), where boards' windows start and end.
    public static let quarterHour = Date(timeIntervalSince1970: 1_764_499_500)
    /// A device's own token (32 random bytes, URL-safe).
    public static let deviceToken = "d3ViNXh0Zk1lQmxhY2tCb3hEZXZpY2VUb2tlbjAwMQx"
}
