import Foundation
import Synchronization

/// SQLite in WAL mode: one writer on its own serial queue, a pool of readers.
/// A read that finds a reader free runs at once on the caller's thread (WAL readers never
/// wait for the writer); otherwise it waits on a worker thread.
///
/// Writes that wait together commit together: the writer takes every transaction queued while
/// the last group ran (up to `groupLimit`) into one SQLite transaction, each in a savepoint of
/// its own, so one that throws is undone alone and the others stand. Each caller hears back
/// once the group has committed. A group shares its pages' writes to the WAL: sixteen writers
/// of workouts append each table's and index's last page once, not sixteen times.
public final class SQLiteDatabase: Database, @unchecked Sendable {
    public let dialect = SQLDialect.sqlite
    public let path: String
    private let writer: SQLiteConnection
    private let writerQueue = DispatchQueue(label: "yaruki.sqlite.writer")
    private let readers: BlockingPool<SQLiteConnection>
    /// The WAL index's header, which tells a reader whether anything was committed since its
    /// snapshot began; nil (a file system without a map of it) has every read begin anew.
    private let walIndex: WALIndexHeader?
    /// Read transactions begun (read by tests: a held snapshot begins none).
    let snapshotsBegun = Atomic<Int>(0)
    /// Transactions waiting for the writer, and whether a group is scheduled to take them.
    private let waiting = NSLock()
    private var queued: [Pending] = []
    private var scheduled = false
    private var groups = 0
    /// The most transactions one group commits.
    static let groupLimit = 64

    /// A transaction waiting: its work, and what to tell its caller once the group is over.
    private struct Pending {
        var work: (SQLConnection) throws -> Void
        var finish: (Error?) -> Void
    }

    /// When a commit reaches the disk. `normal` (the default): at the WAL's checkpoints, so a
    /// power cut may lose the last commits, never the file, and a crash of the process loses
    /// nothing. `full`: before the commit is answered (a WAL `fsync` per commit, which concurrent
    /// writes share, since they commit as one group), as PostgreSQL with `synchronous_commit` on.
    public enum Synchronous: String, Sendable {
        case normal, full
    }

    public init(path: String, readers: Int = 4, synchronous: Synchronous = .normal) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        self.path = path
        writer = try SQLiteConnection(path: path, readOnly: false, synchronous: synchronous)
        // A first read in WAL mode makes the WAL index, which is then mapped.
        _ = try writer.query("SELECT COUNT(*) AS n FROM sqlite_master", [])
        walIndex = WALIndexHeader(databasePath: path)
        self.readers = BlockingPool(name: "sqlite.readers", capacity: max(1, readers)) {
            try SQLiteConnection(path: path, readOnly: true)
        }
    }

    public func read<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T {
        if let connection = readers.tryCheckout() {
            defer { readers.checkin(connection) }
            return try inOneSnapshot(connection, work)
        }
        return try await readers.run { [self] in
            let connection = try readers.checkout()
            defer { readers.checkin(connection) }
            return try inOneSnapshot(connection, work)
        }
    }

    /// SQLite has no round trips to share: a read, its answers read at once.
    public func readTogether<T>(_ work: @escaping (SQLConnection) throws -> Later<T>) async throws -> T {
        try await read { c in try work(c).value() }
    }

    /// A read's statements in one read transaction: they see one moment (a lifelog day's records,
    /// workouts and proofs agree), and the WAL's read lock is taken and let go once, not once per
    /// statement (its begin and end were an eighth of a one-row reply).
    ///
    /// A reader keeps its transaction after the read for as long as the WAL index's header is the
    /// one read before it began: nothing has been committed since, by this process or another, so
    /// the next read on it sees the moment a new transaction would and begins none (a workouts page
    /// made each time: 60–75 µs of the server's CPU before, 52–55 after). Before each
    /// group of writes the writer has idle readers let theirs go (`letIdleReadersGo`): a reader
    /// holding a snapshot keeps the WAL from starting over.
    private func inOneSnapshot<T>(_ connection: SQLiteConnection, _ work: (SQLConnection) throws -> T) throws -> T {
        let now = walIndex?.current()
        if connection.heldSnapshot == nil || connection.heldSnapshot != now || !connection.inTransaction {
            SQLiteDatabase.letGo(connection)
            try connection.execute("BEGIN", [])
            snapshotsBegun.add(1, ordering: .relaxed)
        }
        do {
            let value = try work(connection)
            if let now, connection.inTransaction { connection.heldSnapshot = now } else { SQLiteDatabase.letGo(connection) }
            return value
        } catch {
            SQLiteDatabase.letGo(connection)
            throw error
        }
    }

    /// Ends a reader's transaction. A read-only one has nothing to keep: a COMMIT that fails is a ROLLBACK.
    private static func letGo(_ connection: SQLiteConnection) {
        connection.heldSnapshot = nil
        guard connection.inTransaction else { return }
        if (try? connection.execute("COMMIT", [])) == nil { _ = try? connection.execute("ROLLBACK", []) }
    }

    /// Ends the snapshots idle readers hold, before the writer begins: while any reader holds one,
    /// the WAL cannot start over from its beginning, and it would grow for as long as reads and
    /// writes keep coming. A reader lent out meanwhile keeps its read's until the read is over,
    /// as without held snapshots.
    private func letIdleReadersGo() {
        readers.forEachIdle(SQLiteDatabase.letGo)
    }

    /// Idle readers holding a snapshot (read by tests).
    var idleSnapshotsHeld: Int {
        var held = 0
        readers.forEachIdle { if $0.heldSnapshot != nil { held += 1 } }
        return held
    }

    /// `then`'s statements after the commit, in a transaction of their own (SQLite has no round trips to save).
    public func transaction<T>(_ work: @escaping (SQLConnection) throws -> T, then: @escaping (T) -> [SQLStatement]) async throws -> (T, thenFailed: Error?) {
        let value = try await transaction(work)
        let statements = then(value)
        guard !statements.isEmpty else { return (value, nil) }
        do {
            try await transaction { c in for statement in statements { try c.execute(statement.sql, statement.parameters) } }
        } catch { return (value, error) }
        return (value, nil)
    }

    @discardableResult
    public func transaction<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
            // The value lives here from the work's end to the group's commit (the writer's queue only).
            let value = Slot<T>()
            let pending = Pending(work: { c in value.value = try work(c) }, finish: { error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let result = value.value {
                    continuation.resume(returning: result)
                } else {
                    continuation.resume(throwing: DatabaseError.unavailable("a transaction ended without its work's value"))
                }
            })
            let schedule: Bool = waiting.withLock {
                queued.append(pending)
                defer { scheduled = true }
                return !scheduled
            }
            if schedule { writerQueue.async { [self] in drain() } }
        }
    }

    /// Commits what waits, group by group, until nothing does (on the writer's queue).
    private func drain() {
        while true {
            let group: [Pending] = waiting.withLock {
                let taken = Array(queued.prefix(SQLiteDatabase.groupLimit))
                queued.removeFirst(taken.count)
                if taken.isEmpty { scheduled = false }
                return taken
            }
            if group.isEmpty { return }
            commit(group)
        }
    }

    /// One SQLite transaction for `group`, each of its works in a savepoint.
    private func commit(_ group: [Pending]) {
        var outcomes: [Error?] = []
        letIdleReadersGo()
        do {
            try writer.execute("BEGIN IMMEDIATE", [])
        } catch {
            for pending in group { pending.finish(error) }
            return
        }
        for pending in group {
            do {
                try writer.execute("SAVEPOINT grouped", [])
                try pending.work(writer)
                try writer.execute("RELEASE SAVEPOINT grouped", [])
                outcomes.append(nil)
            } catch {
                guard writer.inTransaction else {
                    // SQLite ended the whole transaction (a full disk, an I/O error): nothing of
                    // the group was written, and each caller hears so.
                    for pending in group { pending.finish(error) }
                    return
                }
                _ = try? writer.execute("ROLLBACK TO SAVEPOINT grouped", [])
                _ = try? writer.execute("RELEASE SAVEPOINT grouped", [])
                outcomes.append(error)
            }
        }
        do {
            try writer.execute("COMMIT", [])
        } catch {
            _ = try? writer.execute("ROLLBACK", [])
            for pending in group { pending.finish(error) }
            return
        }
        waiting.withLock { groups += 1 }
        for (pending, outcome) in zip(group, outcomes) { pending.finish(outcome) }
    }

    /// Transactions waiting for the writer.
    public var waitingWrites: Int { waiting.withLock { queued.count } }

    /// How many SQLite transactions the writer has committed (each one group of `transaction`s).
    public var commits: Int { waiting.withLock { groups } }

    public func statistics() -> PoolStatistics {
        var stats = readers.statistics
        stats.open += 1
        return stats
    }

    /// Closes the idle readers and copies the WAL into the database file, leaving the WAL empty:
    /// with a checkpoint only every 40 MB, a stopped server's file alone held nothing (a new
    /// install's tables and every row were in `yaruki.sqlite-wal`), and a copy of it was empty.
    public func close() {
        _ = readers.drainIdle()
        writerQueue.sync { _ = try? writer.query("PRAGMA wal_checkpoint(TRUNCATE)", []) }
    }

    public func shutDown(waiting seconds: Double) { _ = readers.shutDown(waiting: seconds) }
}

/// A work's value, from its end to its group's commit (touched on the writer's queue only).
private final class Slot<T>: @unchecked Sendable {
    var value: T?
}
