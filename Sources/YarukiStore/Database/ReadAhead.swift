import Foundation

/// A statement a piece of work wants answered by its next read of one database, whatever that read
/// is for. On PostgreSQL it goes out in that read's first round trip, ahead of the read's own
/// statements, so a check that must come before a reply's reads (the kept replies' versions, the
/// person's account) costs no round trip of its own. Set it around the work with
/// `ReadAhead.$current.withValue(_:)`; one set inside another's work keeps the outer one, so the
/// first `read` of that database inside takes every one not yet taken (the outermost first), and
/// `rows()` answers once the work is done. One made unarmed goes out only once `arm()` is called
/// (a statement the work may turn out not to need). SQLite's reads leave them
/// (`Database.takesReadsAhead`: no round trip to save there).
public final class ReadAhead: @unchecked Sendable {
    @TaskLocal public static var current: ReadAhead?

    private let database: ObjectIdentifier
    private let statement: SQLStatement
    /// The one set around the work when this one was made.
    private let outer: ReadAhead?
    private let lock = NSLock()
    private var armed: Bool
    private var taken = false
    private var answer: Later<[Row]>?

    public init(_ statement: SQLStatement, on database: Database, armed: Bool = true) {
        self.statement = statement
        self.database = ObjectIdentifier(database)
        self.armed = armed
        outer = ReadAhead.current
    }

    /// From now on the next read takes it.
    public func arm() {
        lock.withLock { armed = true }
    }

    /// Whether it was armed: whether the work wanted it.
    public var isArmed: Bool { lock.withLock { armed } }

    /// The armed statements of this one and those around it that no read took yet, for the read
    /// of `database` that asks, the outermost first.
    func take(for database: Database) -> [(ReadAhead, SQLStatement)] {
        var found = outer?.take(for: database) ?? []
        guard ObjectIdentifier(database) == self.database else { return found }
        let mine = lock.withLock { () -> Bool in
            guard armed, !taken else { return false }
            taken = true
            return true
        }
        if mine { found.append((self, statement)) }
        return found
    }

    /// Sends the statements `take` gave on the read's connection, ahead of its own, each to be
    /// answered with them.
    static func send(_ taken: [(ReadAhead, SQLStatement)], on c: SQLConnection) throws {
        for (ahead, statement) in taken {
            let later = try c.queryLater(statement.sql, statement.parameters)
            ahead.lock.withLock { ahead.answer = later }
        }
    }

    /// Its rows once the read that took it has returned; nil when no read took it.
    public func rows() throws -> [Row]? {
        try lock.withLock { answer }?.value()
    }
}

extension Database {
    /// Whether its reads send the statements set ahead of them (PostgreSQL); on SQLite a read has
    /// no round trip to share, so none is set for it.
    public var takesReadsAhead: Bool { dialect == .postgres }
}
