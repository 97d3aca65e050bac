import Foundation

public enum SQLDialect: String, Sendable {
    case sqlite
    case postgres
}

public enum DatabaseError: Error, Equatable, CustomStringConvertible {
    /// The database cannot be reached (PostgreSQL down, file unreadable): try again later.
    case unavailable(String)
    case uniqueViolation(String)
    case foreignKeyViolation(String)
    case constraint(String)
    case statement(String)
    case decoding(String)
    case configuration(String)

    public var description: String {
        switch self {
        case let .unavailable(m): "database unavailable: \(m)"
        case let .uniqueViolation(m): "duplicate value: \(m)"
        case let .foreignKeyViolation(m): "missing referenced row: \(m)"
        case let .constraint(m): "constraint failed: \(m)"
        case let .statement(m): "SQL error: \(m)"
        case let .decoding(m): "cannot read result: \(m)"
        case let .configuration(m): m
        }
    }
}

/// A connection handed to a `read` or `transaction` closure; valid only inside it.
public protocol SQLConnection: AnyObject {
    var dialect: SQLDialect { get }
    /// Runs a statement; returns the number of rows it changed.
    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws -> Int
    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Row]
    /// A statement whose answer the work does not wait for. SQLite runs it at once. PostgreSQL
    /// sends it with the next statement that is waited for, or with the transaction's COMMIT, or
    /// at the end of a read, in one round trip (libpq's pipeline mode): a failure then fails that
    /// statement, the COMMIT or the read, and the transaction rolls back. Its rows come from the
    /// answer's `value()`, which sends what still waits if need be.
    @discardableResult
    func queryLater(_ sql: String, _ parameters: [SQLValue]) throws -> Later<[Row]>
}

/// What a statement sent with `SQLConnection.queryLater` answers; `value()` waits for it (and
/// throws its failure). Read inside its `read` or `transaction` closure, or after it returned.
public final class Later<T>: @unchecked Sendable {
    private let resolve: () throws -> T
    private var kept: T?

    public init(_ resolve: @escaping () throws -> T) {
        self.resolve = resolve
    }

    public func value() throws -> T {
        if let kept { return kept }
        let value = try resolve()
        kept = value
        return value
    }

    public func map<U>(_ transform: @escaping (T) throws -> U) -> Later<U> {
        Later<U> { try transform(self.value()) }
    }
}

extension SQLConnection {
    @discardableResult
    public func queryLater(_ sql: String, _ parameters: any SQLBindable...) throws -> Later<[Row]> {
        try queryLater(sql, parameters.map(\.sqlValue))
    }

    @discardableResult
    public func execute(_ sql: String, _ parameters: any SQLBindable...) throws -> Int {
        try execute(sql, parameters.map(\.sqlValue))
    }
    public func query(_ sql: String, _ parameters: any SQLBindable...) throws -> [Row] {
        try query(sql, parameters.map(\.sqlValue))
    }
    public func queryOne(_ sql: String, _ parameters: any SQLBindable...) throws -> Row? {
        try query(sql, parameters.map(\.sqlValue)).first
    }
}

extension Database {
    /// `transaction(_:then:)` with one statement to follow, whatever the value.
    public func transaction<T>(_ work: @escaping (SQLConnection) throws -> T, then: SQLStatement?) async throws -> (T, thenFailed: Error?) {
        try await transaction(work, then: { _ in then.map { [$0] } ?? [] })
    }
}

/// A statement and its parameters, to be run later (`Database.transaction(_:then:)`).
public struct SQLStatement: Sendable {
    public var sql: String
    public var parameters: [SQLValue]

    public init(sql: String, parameters: [SQLValue]) {
        self.sql = sql
        self.parameters = parameters
    }
}

public struct PoolStatistics: Sendable, Equatable {
    public var open: Int
    public var inUse: Int
    public var waiting: Int
    /// Reads asked together (`readTogether(_:)`) since start: the round trips that took them, and
    /// the reads in those (PostgreSQL; SQLite has no round trips).
    public var askedRounds = 0
    public var askedReads = 0
}

/// The store's one entry point: reads on a pooled connection, writes in a transaction
/// that commits when the closure returns and rolls back when it throws.
public protocol Database: AnyObject, Sendable {
    var dialect: SQLDialect { get }
    func read<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T
    /// A read that asks every statement before it reads any answer: `work` sends them with
    /// `queryLater` and returns what its value is made from them (`Later.map`), without waiting.
    /// On PostgreSQL the reads of concurrent requests asked this way go out together, one round
    /// trip and one wait of a connection's thread for all of them, where each `read` has its
    /// own. A `work` that waits for an answer after all (a statement run at once, a `value()`
    /// read inside it) is run again by itself as a `read` would run it; it must have nothing to
    /// undo, as a read has not. The value is made from the answers before the connection goes
    /// back, so making it may still run a statement (a rare repair, as a workout stored in an
    /// older shape read from its sets). SQLite runs it as `read` does.
    func readTogether<T>(_ work: @escaping (SQLConnection) throws -> Later<T>) async throws -> T
    @discardableResult
    func transaction<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T
    /// `work` in a transaction, then, once it has committed, the statements `then` gives for its
    /// value, together in a transaction of their own (on PostgreSQL in the COMMIT's round trip).
    /// Their failing leaves `work` committed: the error comes back beside the value instead of
    /// being thrown. (A statement PostgreSQL cannot even prepare fails the write: it is prepared
    /// before the COMMIT.)
    func transaction<T>(_ work: @escaping (SQLConnection) throws -> T, then: @escaping (T) -> [SQLStatement]) async throws -> (T, thenFailed: Error?)
    func statistics() -> PoolStatistics
    func close()
    /// The process is ending: no new work is taken (it fails as unavailable), work running gets
    /// `seconds` to end, then every connection closes. After it no thread is inside the
    /// database's library, so the process can exit (libpq's Kerberos mutexes are destroyed by
    /// exit's handlers; a pool thread still connecting then aborted the process).
    func shutDown(waiting seconds: Double)
}

extension Database {
    /// A round trip to the database (`SELECT 1`): what a health check asks.
    public func ping() async throws {
        _ = try await read { try $0.execute("SELECT 1", []) }
    }
}

public enum DatabaseURL {
    /// `sqlite:./data/yaruki.sqlite`, `sqlite:///abs/path.sqlite` or `postgres://user@host:port/db`.
    /// A SQLite URL may end in `?synchronous=full` (`SQLiteDatabase.Synchronous`).
    public static func open(_ url: String, readers: Int = 4, poolSize: Int = 8) throws -> Database {
        if url.hasPrefix("sqlite:") {
            var path = String(url.dropFirst("sqlite:".count))
            var synchronous = SQLiteDatabase.Synchronous.normal
            if let mark = path.firstIndex(of: "?") {
                let option = String(path[path.index(after: mark)...])
                path = String(path[..<mark])
                let (name, value) = (option.prefix { $0 != "=" }, option.drop { $0 != "=" }.dropFirst())
                guard name == "synchronous", let chosen = SQLiteDatabase.Synchronous(rawValue: value.lowercased()) else {
                    throw DatabaseError.configuration("the sqlite: URL's '\(option)' is not an option it knows (synchronous=normal or synchronous=full)")
                }
                synchronous = chosen
            }
            if path.hasPrefix("//") { path = String(path.dropFirst(2)) }
            guard !path.isEmpty else { throw DatabaseError.configuration("the sqlite: URL names no file") }
            return try SQLiteDatabase(path: path, readers: readers, synchronous: synchronous)
        }
        if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            return try PostgresDatabase(url: url, poolSize: poolSize)
        }
        throw DatabaseError.configuration("'\(url)' is neither a sqlite: nor a postgres:// URL")
    }
}
