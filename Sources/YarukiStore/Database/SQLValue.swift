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
    /// Lower-case text, formatted by hand: Foundation's uuidString goes through sprintf, and a
    /// page of a thousand members binds thousands of ids.
    public var sqlValue: SQLValue {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        let u = uuid
        let bytes = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
        var out = [UInt8]()
        out.reserveCapacity(36)
        for (i, b) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { out.append(45) }
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return .text(String(decoding: out, as: UTF8.self))
    }
}
/// Instants are stored as milliseconds since 1970: sortable and exact on both engines.
extension Date: SQLBindable { public var sqlValue: SQLValue { .integer(Int64((timeIntervalSince1970 * 1000).rounded())) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// One result row; columns by name, typed reads that throw a clear error on a mismatch.
public struct Row: Sendable {
    public let columns: [String]
    public let values: [SQLValue]

    public init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    public subscript(column: String) -> SQLValue {
        guard let i = index(of: column) else { return .null }
        return values[i]
    }

    private func value(_ column: String) throws -> SQLValue {
        guard let i = index(of: column) else { throw DatabaseError.decoding("no column '\(column)' in the result") }
        return values[i]
    }

    /// The column's place. Names of another length are passed over without comparing them: a
    /// lifelog record's fourteen columns read by name were a twelfth of a day's reply.
    private func index(of column: String) -> Int? {
        let length = column.utf8.count
        return columns.firstIndex { $0.utf8.count == length && $0 == column }
    }

    public func int(_ column: String) throws -> Int {
        switch try value(column) {
        case let .integer(v): return Int(v)
        case let .real(v) where v.rounded() == v: return Int(v)
        case let .text(t): if let v = Int(t) { return v }
        default: break
        }
        throw DatabaseError.decoding("column '\(column)' is not an integer")
    }

    public func optionalInt(_ column: String) throws -> Int? {
        if case .null = try value(column) { return nil }
        return try int(column)
    }

    public func double(_ column: String) throws -> Double {
        switch try value(column) {
        case let .real(v): return v
        case let .integer(v): return Double(v)
        case let .text(t): if let v = Double(t) { return v }
        default: break
        }
        throw DatabaseError.decoding("column '\(column)' is not a number")
    }

    public func optionalDouble(_ column: String) throws -> Double? {
        if case .null = try value(column) { return nil }
        return try double(column)
    }

    public func string(_ column: String) throws -> String {
        switch try value(column) {
        case let .text(v): return v
        case let .integer(v): return String(v)
        case let .real(v): return String(v)
        default: throw DatabaseError.decoding("column '\(column)' is not text")
        }
    }

    public func optionalString(_ column: String) throws -> String? {
        if case .null = try value(column) { return nil }
        return try string(column)
    }

    public func bool(_ column: String) throws -> Bool { try int(column) != 0 }

    public func data(_ column: String) throws -> Data {
        switch try value(column) {
        case let .blob(v): return v
        case let .text(v): return Data(v.utf8)
        default: throw DatabaseError.decoding("column '\(column)' is not a blob")
        }
    }

    public func uuid(_ column: String) throws -> UUID {
        guard let id = UUID(strict: try string(column)) else { throw DatabaseError.decoding("column '\(column)' is not a UUID") }
        return id
    }

    public func date(_ column: String) throws -> Date {
        Date(timeIntervalSince1970: Double(try int(column)) / 1000)
    }

    public func optionalDate(_ column: String) throws -> Date? {
        if case .null = try value(column) { return nil }
        return try date(column)
    }
}
