import Foundation

/// Reads JSON as it streams past, one token at a time, from chunks of bytes (a file read a
/// megabyte at a time, or bytes in memory): a file of any size is read in the memory of one chunk
/// and the longest string in it. Nothing is built that the caller does not ask for; a value the
/// caller has no use for is skipped (`skipValue`). A broken file is refused with the line and
/// byte where it went wrong.
public struct JSONReader {
    public enum Token: Equatable, Sendable {
        case objectStart, objectEnd, arrayStart, arrayEnd
        /// An object's member name; its value is the next token.
        case key(String)
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// Where and why the JSON is broken.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// From 1.
        public var line: Int
        /// From 0, counted over the whole stream.
        public var offset: Int
        public var reason: String

        public init(line: Int, offset: Int, reason: String) {
            self.line = line
            self.offset = offset
            self.reason = reason
        }

        public var description: String { "line \(line), byte \(offset): \(reason)" }
    }

    /// The longest string (or number) one token may hold.
    public static let maxToken = 1 << 20
    /// How deep objects and arrays may nest.
    public static let maxDepth = 512

    private let more: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    private var at = 0
    private var consumed = 0
    private var ended = false
    /// Whether each open container is an object (true) or an array.
    private var stack: [Bool] = []
    private enum Expect { case value, keyOrEnd, key, valueOrEnd, commaOrEnd, done }
    private var expect = Expect.value
    /// The last comma read is still waiting for what follows it.
    private var afterComma = false
    /// The line and stream offset of the token last returned.
    public private(set) var line = 1
    public private(set) var offset = 0
    private var lineNow = 1

    /// Reads from `more`, which gives the next chunk, or nil at the end.
    public init(_ more: @escaping () throws -> [UInt8]?) {
        self.more = more
    }

    /// Reads bytes already in memory.
    public init(bytes: [UInt8]) {
        var given: [UInt8]? = bytes
        self.init { defer { given = nil }; return given }
    }

    /// Reads a file, `chunk` bytes at a time.
    public init(file: FileHandle, chunk: Int = 1 << 20) {
        self.init { () throws -> [UInt8]? in
            let data = try file.read(upToCount: chunk) ?? Data()
            return data.isEmpty ? nil : [UInt8](data)
        }
    }

    /// How deep the reader is: 0 outside everything, 1 inside the outermost container.
    public var depth: Int { stack.count }

    /// Bytes read so far (for progress).
    public var position: Int { consumed + at }

    private func fail(_ reason: String) -> Failure { Failure(line: lineNow, offset: consumed + at, reason: reason) }

    /// A failure at the byte just taken (`b`).
    private func failTaken(_ b: UInt8?, _ reason: String) -> Failure {
        Failure(line: lineNow - (b == 10 ? 1 : 0), offset: consumed + at - (b == nil ? 0 : 1), reason: reason)
    }

    /// The next byte without taking it; nil at the end of the stream.
    private mutating func peek() throws -> UInt8? {
        if at < buffer.count { return buffer[at] }
        guard !ended else { return nil }
        while true {
            guard let chunk = try more() else { ended = true; return nil }
            if chunk.isEmpty { continue }
            consumed += buffer.count
            buffer = chunk
            at = 0
            return buffer[0]
        }
    }

    private mutating func take() throws -> UInt8? {
        guard let b = try peek() else { return nil }
        at += 1
        if b == 10 { lineNow += 1 }
        return b
    }

    private mutating func skipSpace() throws {
        while let b = try peek(), b == 32 || b == 10 || b == 13 || b == 9 { _ = try take() }
    }

    /// The next token, or nil once the one top-level value has ended (and only white space follows).
    public mutating func next() throws -> Token? {
        try skipSpace()
        line = lineNow
        offset = consumed + at
        guard let b = try peek() else {
            if !stack.isEmpty { throw fail("the file ends inside \(stack.last == true ? "an object" : "an array"): it looks cut short") }
            if expect != .done { throw fail("there is no JSON here: the file is empty") }
            return nil
        }
        let closing = b == 125 || b == 93
        switch expect {
        case .done:
            throw fail("more follows the end of the JSON value (\(Self.describe(b)))")
        case .commaOrEnd:
            if closing { return try close(b) }
            guard b == 44 else { throw fail("expected ',' or '\(stack.last == true ? "}" : "]")', found \(Self.describe(b))") }
            _ = try take()
            expect = stack.last == true ? .key : .value
            afterComma = true
            return try next()
        case .keyOrEnd where b == 125, .valueOrEnd where b == 93:
            return try close(b)
        case .keyOrEnd, .key:
            if closing { throw fail(afterComma ? "a trailing comma before \(Self.describe(b))" : "expected a member name, found \(Self.describe(b))") }
            guard b == 34 else { throw fail("expected a member name in quotes, found \(Self.describe(b))") }
            _ = try take()
            let name = try string()
            try skipSpace()
            let colon = try take()
            guard colon == 58 else { throw failTaken(colon, "expected ':' after the member name \"\(name.prefix(40))\"") }
            expect = .value
            afterComma = false
            return .key(name)
        case .value, .valueOrEnd:
            if closing { throw fail(afterComma ? "a trailing comma before \(Self.describe(b))" : "expected a value, found \(Self.describe(b))") }
            afterComma = false
            return try value(b)
        }
    }

    /// Closes the innermost container with `b` when it is the one that closes it.
    private mutating func close(_ b: UInt8) throws -> Token {
        guard let top = stack.last, top == (b == 125) else { throw fail("\(Self.describe(b)) closes nothing open") }
        _ = try take()
        stack.removeLast()
        valueRead()
        return b == 125 ? .objectEnd : .arrayEnd
    }

    /// A value has been read: a comma or the container's end is due, or the stream's one value is done.
    private mutating func valueRead() {
        expect = stack.isEmpty ? .done : .commaOrEnd
    }

    private mutating func value(_ b: UInt8) throws -> Token {
        switch b {
        case 123, 91:
            guard stack.count < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth)") }
            _ = try take()
            stack.append(b == 123)
            expect = b == 123 ? .keyOrEnd : .valueOrEnd
            return b == 123 ? .objectStart : .arrayStart
        case 34:
            _ = try take()
            let text = try string()
            valueRead()
            return .string(text)
        case 116, 102, 110:
            let word: [UInt8] = b == 116 ? Array("true".utf8) : b == 102 ? Array("false".utf8) : Array("null".utf8)
            for expected in word {
                let got = try take()
                guard got == expected else { throw failTaken(got, "expected \(String(decoding: word, as: UTF8.self))") }
            }
            valueRead()
            return b == 110 ? .null : .bool(b == 116)
        case 45, 48...57:
            let number = try self.number()
            valueRead()
            return .number(number)
        default:
            throw fail("expected a value, found \(Self.describe(b))")
        }
    }

    private mutating func number() throws -> Double {
        var text: [UInt8] = []
        while let b = try peek(), b == 45 || b == 43 || b == 46 || b == 101 || b == 69 || (48...57).contains(b) {
            text.append(b)
            _ = try take()
            if text.count > 400 { throw fail("a number longer than 400 characters") }
        }
        let written = String(decoding: text, as: UTF8.self)
        // JSON's grammar: no leading '+', no leading zeros, digits after '.', an exponent with digits.
        guard Self.isJSONNumber(text), let value = Double(written), value.isFinite else { throw fail("'\(written)' is not a number") }
        return value
    }

    static func isJSONNumber(_ t: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int { let s = i; while i < t.count, (48...57).contains(t[i]) { i += 1 }; return i - s }
        if i < t.count, t[i] == 45 { i += 1 }
        guard i < t.count else { return false }
        if t[i] == 48 { i += 1 } else if digits() == 0 { return false }
        if i < t.count, t[i] == 46 { i += 1; if digits() == 0 { return false } }
        if i < t.count, t[i] == 101 || t[i] == 69 {
            i += 1
            if i < t.count, t[i] == 43 || t[i] == 45 { i += 1 }
            if digits() == 0 { return false }
        }
        return i == t.count
    }

    /// A string's characters after its opening quote, through its closing one.
    private mutating func string() throws -> String {
        var out: [UInt8] = []
        while true {
            // The run up to the next quote or backslash, copied whole.
            var end = at
            while end < buffer.count, buffer[end] != 34, buffer[end] != 92, buffer[end] >= 32 { end += 1 }
            if end > at {
                out.append(contentsOf: buffer[at..<end])
                at = end
                if out.count > Self.maxToken { throw fail("a string longer than \(Self.maxToken) bytes") }
            }
            guard let b = try take() else { throw fail("the file ends inside a string") }
            switch b {
            case 34: return String(decoding: out, as: UTF8.self)
            case 92:
                guard let e = try take() else { throw fail("the file ends inside a string") }
                switch e {
                case 34, 92, 47: out.append(e)
                case 98: out.append(8)
                case 102: out.append(12)
                case 110: out.append(10)
                case 114: out.append(13)
                case 116: out.append(9)
                case 117:
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        let slash = try take()
                        guard slash == 92 else { throw failTaken(slash, "a lone surrogate in a \\u escape") }
                        let u = try take()
                        guard u == 117 else { throw failTaken(u, "a lone surrogate in a \\u escape") }
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate in a \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw fail("a lone surrogate in a \\u escape")
                    }
                    guard let u = UnicodeScalar(scalar) else { throw fail("\\u escape is not a character") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw failTaken(e, "'\\\(Character(UnicodeScalar(e)))' is not an escape")
                }
            default:
                if b < 32 { throw failTaken(b, "a control character (\(b)) inside a string: it must be escaped") }
                out.append(b)
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let h = try take() else { throw fail("the file ends inside a \\u escape") }
            let digit: UInt32
            switch h {
            case 48...57: digit = UInt32(h - 48)
            case 65...70: digit = UInt32(h - 55)
            case 97...102: digit = UInt32(h - 87)
            default: throw fail("'\(Character(UnicodeScalar(h)))' is not a hex digit in a \\u escape")
            }
            value = value << 4 | digit
        }
        return value
    }

    static func describe(_ b: UInt8) -> String {
        b >= 33 && b < 127 ? "'\(Character(UnicodeScalar(b)))'" : "byte \(b)"
    }

    // MARK: Conveniences for readers of known shapes

    /// Skips the value whose first token is next (a whole object or array, or one scalar).
    public mutating func skipValue() throws {
        guard let token = try next() else { throw fail("expected a value") }
        try skip(after: token)
    }

    /// Skips the rest of a value whose first token was `token`.
    public mutating func skip(after token: Token) throws {
        guard token == .objectStart || token == .arrayStart else { return }
        let level = depth - 1
        while depth > level {
            guard try next() != nil else { throw fail("the file ends inside a value") }
        }
    }

    /// Calls `member` with each key of the object whose `{` was just read, positioned before its
    /// value; `member` reads the value (or the reader skips it when `member` returns false).
    public mutating func members(_ member: (inout JSONReader, String) throws -> Bool) throws {
        let level = depth
        while true {
            guard let token = try next() else { throw fail("the file ends inside an object") }
            if token == .objectEnd && depth == level - 1 { return }
            guard case let .key(name) = token else { throw fail("expected a member name") }
            if try !member(&self, name) { try skipValue() }
        }
    }

    /// Calls `element` with each element of the array whose `[` was just read, given its first token.
    public mutating func elements(_ element: (inout JSONReader, Token) throws -> Void) throws {
        let level = depth
        while true {
            guard let token = try next() else { throw fail("the file ends inside an array") }
            if token == .arrayEnd && depth == level - 1 { return }
            try element(&self, token)
        }
    }

    /// The next value as a string (nil when it is null); anything else is an error naming `what`.
    public mutating func stringValue(_ what: String) throws -> String? {
        switch try next() {
        case let .string(s): return s
        case .null: return nil
        case let other?: try skip(after: other); throw fail("\(what) is not a string")
        case nil: throw fail("expected \(what)")
        }
    }

    /// The next value as a number (a string of digits counts, as Google writes big integers).
    public mutating func numberValue(_ what: String) throws -> Double? {
        switch try next() {
        case let .number(n): return n
        case let .string(s):
            guard let n = Double(s), n.isFinite else { throw fail("\(what) \"\(s.prefix(40))\" is not a number") }
            return n
        case .null: return nil
        case let other?: try skip(after: other); throw fail("\(what) is not a number")
        case nil: throw fail("expected \(what)")
        }
    }

    /// An error at the token last read, for readers that find a value of the wrong shape.
    public func failure(_ reason: String) -> Failure { Failure(line: line, offset: offset, reason: reason) }
}
