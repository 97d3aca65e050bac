import Foundation

/// A statement a piece of work wants answered by its next read of one database, whatever that read
/// is for. On PostgreSQL it goes out in that read's first round trip, ahead of the read's own
/// statements, so a check that must come before a reply's reads (the kept replies' versions) costs
/// no round trip of its own. Set it around the work with `ReadAhead.$current.withValue(_:)`; the
/// first `read` of that database inside takes it, and `rows()` answers once the work is done.
/// SQLite's reads leave it (nothing shares versions there).
public final class ReadAhead: @unchecked Sendable {
    @TaskLocal public static var current: ReadAhead?

    private let database: ObjectIdentifier
    private let statement: SQLStatement
    private let lock = NSLock()
    private var taken = false
    private var answer: Later<[Row]>?

    public init(_ statement: SQLStatement, on database: Database) {
        self.statement = statement
        self.database = ObjectIdentifier(database)
    }

    /// The statement, for the first read of `database` that asks (nil for any other).
    func take(for database: Database) -> SQLStatement? {
        guard ObjectIdentifier(database) == self.database else { return nil }
        return lock.withLock {
            if taken { return nil }
            taken = true
            return statement
        }
    }

    func answered(by later: Later<[Row]>) {
        lock.withLock { answer = later }
    }

    /// Its rows once the read that took it has returned; nil when no read took it.
    public func rows() throws -> [Row]? {
        try lock.withLock { answer }?.value()
    }
}
