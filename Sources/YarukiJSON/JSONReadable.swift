import Foundation

/// A request body read by a reader of its own instead of `JSONDecoder`'s `Decodable` walk: nil
/// for anything but the plain shape (a member twice, a value of another type, bytes that are not
/// UTF-8, a broken document), and the caller then decodes it with `JSONDecoder`, whose errors
/// name the field. A reader must give exactly the value `JSONDecoder` gives for every body it
/// takes (each is held to it by a test). It throws `JSONReader.Invalid` for what it refuses
/// outright, and `JSONDecoder` is not asked: an id that is not a UUID's 36 characters, which
/// `JSONDecoder` (through Foundation's parser) would take as another id.
public protocol JSONReadable {
    static func read(json: Data) throws -> Self?
}

extension JSONReader {
    /// What a reader of a known shape throws when the body is not that shape: it gives up, and
    /// `JSONDecoder` says what is wrong.
    public struct Unusual: Error {
        public init() {}
    }

    /// A value refused outright, at `field` (its path in the body, `records[2].id`).
    public struct Invalid: Error, Equatable {
        public var field: String
        public let message: String
        public init(field: String = "", message: String) { (self.field, self.message) = (field, message) }

        /// The same refusal one level up: inside `name` (a member) or at `index` (an element).
        func inside(_ name: String) -> Invalid {
            Invalid(field: name + (field.isEmpty || field.hasPrefix("[") ? field : "." + field), message: message)
        }
    }

    /// A body read by `read` (what `JSONReadable.read(json:)` does): nil when the bytes are not
    /// UTF-8, when `read` gives up (nil, `Unusual`, a broken document) or when more follows the
    /// value; `Invalid` is thrown on.
    public static func body<T>(_ json: Data, _ read: (inout JSONReader) throws -> T?) throws -> T? {
        guard var r = validated(json) else { return nil }
        do {
            guard let value = try read(&r), try r.next() == nil else { return nil }
            return value
        } catch let invalid as Invalid {
            throw invalid
        } catch {
            return nil
        }
    }

    /// Reads bytes that must be UTF-8 (as `JSONDecoder` requires): nil when they are not.
    public static func validated(_ data: some Sequence<UInt8>) -> JSONReader? {
        let bytes = Array(data)
        if bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) == nil { return nil }
        return JSONReader(bytes: bytes)
    }

    /// The next value, which must be a string.
    public mutating func requiredString() throws -> String {
        guard case let .string(s)? = try next() else { throw Unusual() }
        return s
    }

    /// The next value, which must be a string holding a UUID's 36 characters (`UUID(strict:)`);
    /// any other string is `Invalid`.
    public mutating func requiredUUID() throws -> UUID {
        try Self.uuid(requiredString())
    }

    /// The same, or null.
    public mutating func optionalUUID() throws -> UUID? {
        try optionalString().map(Self.uuid)
    }

    public static let uuidMessage = "must be a UUID like 123e4567-e89b-12d3-a456-426614174000"

    private static func uuid(_ text: String) throws -> UUID {
        guard let id = UUID(strict: text) else { throw Invalid(message: uuidMessage) }
        return id
    }

    /// The next value, which must be a string or null.
    public mutating func optionalString() throws -> String? {
        switch try next() {
        case let .string(s)?: return s
        case .null?: return nil
        default: throw Unusual()
        }
    }

    /// The next value, which must be true, false or null.
    public mutating func optionalBool() throws -> Bool? {
        switch try next() {
        case let .bool(b)?: return b
        case .null?: return nil
        default: throw Unusual()
        }
    }

    /// The next value, which must be a whole number below 2^52, or null. Below it a Double holds
    /// every whole number and every half between them, so the number read is the one written (at
    /// 2^53, 9007199254740993 reads as ...992, where `JSONDecoder` reads the digits themselves).
    public mutating func optionalInteger() throws -> Int64? {
        switch try next() {
        case let .number(n)? where n.rounded() == n && abs(n) < 4_503_599_627_370_496: return Int64(n)
        case .null?: return nil
        default: throw Unusual()
        }
    }

    /// The next value, which must be a string that `parse` takes (a date, a UUID, one of a set of words).
    public mutating func requiredString<T>(_ parse: (String) -> T?) throws -> T {
        guard let value = parse(try requiredString()) else { throw Unusual() }
        return value
    }

    /// The next value, which must be a string that `parse` takes, or null.
    public mutating func optionalString<T>(_ parse: (String) -> T?) throws -> T? {
        guard let text = try optionalString() else { return nil }
        guard let value = parse(text) else { throw Unusual() }
        return value
    }

    /// The next value, which must be a number or null.
    public mutating func optionalNumber() throws -> Double? {
        switch try next() {
        case let .number(n)?: return n
        case .null?: return nil
        default: throw Unusual()
        }
    }

    /// The next value, which must be a whole number within `Int`'s range (as `optionalInteger`), or null.
    public mutating func optionalInt() throws -> Int? {
        try optionalInteger().map { Int($0) }
    }

    /// The next value, which must be an array: `element` reads each, given its first token.
    public mutating func array(_ element: (inout JSONReader, Token) throws -> Void) throws {
        guard try next() == .arrayStart else { throw Unusual() }
        try elements(element)
    }

    /// The next value, which must be an array of objects: `read` reads each one's members after its `{`.
    public mutating func objects<T>(_ read: (inout JSONReader) throws -> T) throws -> [T] {
        var list: [T] = []
        try array { r, t in
            guard t == .objectStart else { throw Unusual() }
            do { list.append(try read(&r)) } catch let invalid as Invalid { throw invalid.inside("[\(list.count)]") }
        }
        return list
    }

    /// Calls `member` with each member of the object that comes next, refusing a name given twice.
    public mutating func object(_ member: (inout JSONReader, String) throws -> Bool) throws {
        guard try next() == .objectStart else { throw Unusual() }
        try uniqueMembers(member)
    }

    /// `members`, refusing a name given twice.
    public mutating func uniqueMembers(_ member: (inout JSONReader, String) throws -> Bool) throws {
        var seen = Set<String>()
        try members { r, name in
            guard seen.insert(name).inserted else { throw Unusual() }
            do { return try member(&r, name) } catch let invalid as Invalid { throw invalid.inside(name) }
        }
    }
}
