import Foundation
import YarukiJSON

/// A value bound to or read from SQL, the same on both engines.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// Anything that can be a statement parameter.
public protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension SQLValue: SQLBindable { public var sqlValue: SQLValue { self } }
extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Data: SQLBindable { public var sqlValue: SQLValue { .blob(self) } }
extension UUID: SQLBindable {
    /// Lower-case text, written by hand (`lowercasedString`): a page of a thousand members binds
    /// thousands of ids.
    public var sqlValue: SQLValue { .text(lowercasedString) }
}
/// Instants are stored as milliseconds since 1970: sortable and exact on both engines.
extension Date: SQLBindable { public var sqlValue: SQLValue { .integer(Int64((timeIntervalSince1970 * 1000).rounded())) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// The rows one statement answered, kept together: their cells in one array and the bytes of
/// their texts and blobs in one buffer, so a row costs no allocation of its own. A text is made
/// into a `String` only when it is read as one (an id is read from the bytes): a page of twenty
/// workouts' 240 sets made a cell array and an id string per row, a health month a cell array
/// and a devices string per day.
final class RowSet: Sendable {
    enum Cell: Sendable {
        case null
        case integer(Int64)
        case real(Double)
        case text(Int, Int)
        case blob(Int, Int)
    }

    let columns: [String]
    let cells: [Cell]
    let bytes: [UInt8]

    init(columns: [String], cells: [Cell], bytes: [UInt8]) {
        self.columns = columns
        self.cells = cells
        self.bytes = bytes
    }

    /// The column's place. Names of another length are passed over without comparing them: a
    /// lifelog record's fourteen columns read by name were a twelfth of a day's reply.
    func index(of column: String) -> Int? {
        let length = column.utf8.count
        return columns.firstIndex { $0.utf8.count == length && $0 == column }
    }

    func withBytes<R>(_ start: Int, _ count: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
    }

    /// What a driver fills, a row at a time, cell by cell in column order.
    struct Builder {
        let columns: [String]
        private var cells: [Cell] = []
        private var bytes: [UInt8] = []

        init(columns: [String], rows: Int = 0, bytes: Int = 0) {
            self.columns = columns
            cells.reserveCapacity(rows * columns.count)
            self.bytes.reserveCapacity(bytes)
        }

        /// Rows and bytes so far.
        var size: (rows: Int, bytes: Int) { (columns.isEmpty ? 0 : cells.count / columns.count, bytes.count) }

        mutating func null() { cells.append(.null) }
        mutating func integer(_ v: Int64) { cells.append(.integer(v)) }
        mutating func real(_ v: Double) { cells.append(.real(v)) }
        mutating func text(_ v: UnsafeBufferPointer<UInt8>) {
            cells.append(.text(bytes.count, v.count))
            bytes.append(contentsOf: v)
        }
        mutating func blob(_ v: UnsafeRawBufferPointer) {
            cells.append(.blob(bytes.count, v.count))
            bytes.append(contentsOf: v)
        }

        func rows() -> [Row] {
            let width = columns.count
            guard width > 0, !cells.isEmpty else { return [] }
            let set = RowSet(columns: columns, cells: cells, bytes: bytes)
            return (0..<cells.count / width).map { Row(set, start: $0 * width) }
        }
    }
}

/// One result row (a place in its `RowSet`); columns by name, typed reads that throw a clear
/// error on a mismatch.
public struct Row: Sendable {
    private let set: RowSet
    private let start: Int

    init(_ set: RowSet, start: Int) {
        self.set = set
        self.start = start
    }

    private func cell(_ column: String) throws -> RowSet.Cell {
        guard let i = set.index(of: column) else { throw DatabaseError.decoding("no column '\(column)' in the result") }
        return set.cells[start + i]
    }

    private func text(_ start: Int, _ count: Int) -> String {
        set.withBytes(start, count) { String(decoding: $0, as: UTF8.self) }
    }

    public func int(_ column: String) throws -> Int {
        switch try cell(column) {
        case let .integer(v): return Int(v)
        case let .real(v) where v.rounded() == v: return Int(v)
        case let .text(s, n): if let v = Int(text(s, n)) { return v }
        default: break
        }
        throw DatabaseError.decoding("column '\(column)' is not an integer")
    }

    public func optionalInt(_ column: String) throws -> Int? {
        if case .null = try cell(column) { return nil }
        return try int(column)
    }

    public func double(_ column: String) throws -> Double {
        switch try cell(column) {
        case let .real(v): return v
        case let .integer(v): return Double(v)
        case let .text(s, n): if let v = Double(text(s, n)) { return v }
        default: break
        }
        throw DatabaseError.decoding("column '\(column)' is not a number")
    }

    public func optionalDouble(_ column: String) throws -> Double? {
        if case .null = try cell(column) { return nil }
        return try double(column)
    }

    public func string(_ column: String) throws -> String {
        switch try cell(column) {
        case let .text(s, n): return text(s, n)
        case let .integer(v): return String(v)
        case let .real(v): return String(v)
        default: throw DatabaseError.decoding("column '\(column)' is not text")
        }
    }

    public func optionalString(_ column: String) throws -> String? {
        if case .null = try cell(column) { return nil }
        return try string(column)
    }

    /// A text column's bytes, lent to `body` (read in place: no string or array is made).
    public func withText<R>(_ column: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        guard case let .text(s, n) = try cell(column) else { throw DatabaseError.decoding("column '\(column)' is not text") }
        return try set.withBytes(s, n, body)
    }

    /// A text column's lines (split at each newline; none for an empty text), made straight from
    /// the bytes.
    public func lines(_ column: String) throws -> [String] {
        guard case let .text(s, n) = try cell(column) else { throw DatabaseError.decoding("column '\(column)' is not text") }
        return set.withBytes(s, n) { $0.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether a text column holds exactly `bytes` (a reader that makes the same value from the
    /// same text can keep it).
    public func text(_ column: String, equals bytes: [UInt8]) throws -> Bool {
        guard case let .text(s, n) = try cell(column), n == bytes.count else { return false }
        return n == 0 || set.withBytes(s, n) { text in bytes.withUnsafeBufferPointer { memcmp(text.baseAddress!, $0.baseAddress!, n) == 0 } }
    }

    /// A text column's bytes.
    public func bytes(_ column: String) throws -> [UInt8] {
        guard case let .text(s, n) = try cell(column) else { throw DatabaseError.decoding("column '\(column)' is not text") }
        return Array(set.bytes[s..<s + n])
    }

    public func bool(_ column: String) throws -> Bool { try int(column) != 0 }

    public func data(_ column: String) throws -> Data {
        switch try cell(column) {
        case let .blob(s, n), let .text(s, n): return set.withBytes(s, n) { Data($0) }
        default: throw DatabaseError.decoding("column '\(column)' is not a blob")
        }
    }

    /// Read from the text's bytes: no string is made for it.
    public func uuid(_ column: String) throws -> UUID {
        guard case let .text(s, n) = try cell(column), let id = set.withBytes(s, n, UUID.init(strictUTF8:)) else {
            throw DatabaseError.decoding("column '\(column)' is not a UUID")
        }
        return id
    }

    public func date(_ column: String) throws -> Date {
        Date(timeIntervalSince1970: Double(try int(column)) / 1000)
    }

    public func optionalDate(_ column: String) throws -> Date? {
        if case .null = try cell(column) { return nil }
        return try date(column)
    }
}
