import Foundation

/// Rows of a CSV file read as its bytes arrive, in pieces of any size (RFC 4180: fields in double
/// quotes may hold the separator, line breaks and doubled quotes; CRLF or LF ends a row). Each
/// row comes with the line it began on, so a problem can name it. Memory stays within one row.
public struct CSVReader: Sendable {
    public struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }

        public init(line: Int, _ reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    public static let maxField = 20_000
    public static let maxColumns = 100

    public let separator: UInt8
    private var field: [UInt8] = []
    private var row: [String] = []
    private var quoted = false
    private var afterQuote = false
    private var carriageReturn = false
    private var line = 1
    private var rowLine = 1
    private var started = false

    public init(separator: UInt8 = UInt8(ascii: ",")) { self.separator = separator }

    /// The separator of a file from its first line: a semicolon when it has more of them than commas.
    public static func separator(ofFirstLine bytes: some Collection<UInt8>) -> UInt8 {
        var commas = 0, semicolons = 0
        for b in bytes {
            if b == UInt8(ascii: "\n") { break }
            if b == UInt8(ascii: ",") { commas += 1 } else if b == UInt8(ascii: ";") { semicolons += 1 }
        }
        return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    public mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: ([String], Int) throws -> Void) throws {
        for b in bytes {
            if carriageReturn {
                carriageReturn = false
                if b == UInt8(ascii: "\n") { continue }
            }
            if quoted {
                if b == UInt8(ascii: "\"") {
                    quoted = false
                    afterQuote = true
                } else {
                    if b == UInt8(ascii: "\n") { line += 1 }
                    try append(b)
                }
                continue
            }
            if afterQuote {
                afterQuote = false
                if b == UInt8(ascii: "\"") {  // a doubled quote inside quotes
                    try append(b)
                    quoted = true
                    continue
                }
            }
            switch b {
            case separator:
                try endField()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try endRow(emit)
                carriageReturn = b == UInt8(ascii: "\r")
                line += 1
                rowLine = line
            case UInt8(ascii: "\""):
                if field.isEmpty { quoted = true } else { try append(b) }
                started = true
            default:
                try append(b)
            }
        }
    }

    /// The last row, when the file does not end with a line break.
    public mutating func finish(_ emit: ([String], Int) throws -> Void) throws {
        if quoted { throw Failure(line: rowLine, "a quoted field is never closed") }
        try endRow(emit)
    }

    private mutating func append(_ b: UInt8) throws {
        started = true
        guard field.count < Self.maxField else { throw Failure(line: rowLine, "a field is longer than \(Self.maxField) bytes") }
        field.append(b)
    }

    private mutating func endField() throws {
        started = true
        guard row.count < Self.maxColumns else { throw Failure(line: rowLine, "more than \(Self.maxColumns) columns") }
        row.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
    }

    private mutating func endRow(_ emit: ([String], Int) throws -> Void) throws {
        guard started || !field.isEmpty || !row.isEmpty else { return }  // an empty line
        try endField()
        let done = row
        row.removeAll(keepingCapacity: true)
        started = false
        try emit(done, rowLine)
    }
}
