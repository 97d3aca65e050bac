import Foundation
#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A small SQLite file of the device's own (the system's SQLite, nothing else), for the sync
/// engine's state: written in transactions with the journal in WAL mode, so a crash leaves the
/// last committed state whole.
final class LocalDatabase: @unchecked Sendable {
    enum Value: Equatable, Sendable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private var handle: OpaquePointer?
    private let lock = NSLock()
    /// Statements prepared once per SQL text (a first sync runs the same few for every record).
    private var prepared: [String: OpaquePointer] = [:]

    /// SQLite's process-wide count of its memory off before the first open (see the shim).
    private static let memoryCountOff: Int32 = yaruki_sqlite3_count_no_memory()

    init(path: String) throws {
        _ = LocalDatabase.memoryCountOff
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            throw Failure(description: "\(path): \(message)")
        }
        sqlite3_busy_timeout(handle, 5000)
        _ = try query("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
    }

    deinit {
        for statement in prepared.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    func execute(_ sql: String, _ values: [Value] = []) throws {
        _ = try query(sql, values)
    }

    /// Rows as column name → value.
    func query(_ sql: String, _ values: [Value] = []) throws -> [[String: Value]] {
        lock.lock()
        defer { lock.unlock() }
        let statement = try statement(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            switch value {
            case .null: sqlite3_bind_null(statement, index)
            case let .integer(v): sqlite3_bind_int64(statement, index, v)
            case let .real(v): sqlite3_bind_double(statement, index, v)
            case let .text(v): sqlite3_bind_text(statement, index, v, -1, transient)
            }
        }
        var rows: [[String: Value]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw failure(sql) }
            var row: [String: Value] = [:]
            for column in 0..<sqlite3_column_count(statement) {
                let name = String(cString: sqlite3_column_name(statement, column))
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: row[name] = .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: row[name] = .real(sqlite3_column_double(statement, column))
                case SQLITE_NULL: row[name] = .null
                default: row[name] = .text(String(cString: sqlite3_column_text(statement, column)))
                }
            }
            rows.append(row)
        }
        return rows
    }

    /// Runs `work` in one transaction: all of it is kept, or none.
    func transaction<T>(_ work: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try work()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The statement for `sql`, prepared the first time (called under the lock).
    private func statement(_ sql: String) throws -> OpaquePointer {
        if let found = prepared[sql] { return found }
        var made: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &made, nil) == SQLITE_OK, let made else {
            throw failure(sql)
        }
        prepared[sql] = made
        return made
    }

    private func failure(_ sql: String) -> Failure {
        Failure(description: "\(String(cString: sqlite3_errmsg(handle))) in \(sql.prefix(80))")
    }
}

extension [String: LocalDatabase.Value] {
    func text(_ key: String) -> String? { if case let .text(v)? = self[key] { v } else { nil } }
    func integer(_ key: String) -> Int64? { if case let .integer(v)? = self[key] { v } else { nil } }
    func real(_ key: String) -> Double? {
        switch self[key] {
        case let .real(v)?: v
        case let .integer(v)?: Double(v)
        default: nil
        }
    }
}
