import Foundation

/// PostgreSQL through a pool of libpq connections on worker threads. A connection that
/// breaks is dropped and the next use reconnects, so the store recovers by itself when the
/// server comes back; while it is away every call fails fast with `.unavailable`.
public final class PostgresDatabase: Database, @unchecked Sendable {
    public let dialect = SQLDialect.postgres
    private let pool: BlockingPool<PostgresConnection>
    /// host:port/db for messages, without the password.
    public let target: String
    /// The URL connections open (with a connect timeout added); a test's own listener uses it too.
    let connectURL: String

    public init(url: String, poolSize: Int = 8) throws {
        guard let components = URLComponents(string: url), let host = components.host else {
            throw DatabaseError.configuration("'\(url)' is not a postgres://user@host:port/database URL")
        }
        let target = "\(host):\(components.port ?? 5432)\(components.path)"
        var connectURL = url
        if !url.contains("connect_timeout=") { connectURL += (url.contains("?") ? "&" : "?") + "connect_timeout=5" }
        self.target = target
        self.connectURL = connectURL
        pool = BlockingPool(name: "postgres", capacity: max(1, poolSize)) { [connectURL] in
            try PostgresConnection(url: connectURL, target: target)
        }
        // Fail at start with a clear message rather than on the first request.
        pool.checkin(try pool.checkout())
    }

    /// The `ReadAhead`s of this database set for the task that no read took yet go out first in
    /// this read's first round trip.
    public func read<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T {
        let ahead = ReadAhead.current?.take(for: self) ?? []
        return try await pool.run { [self] in
            try withConnection { connection in
                try ReadAhead.send(ahead, on: connection)
                return try work(connection)
            }
        }
    }

    /// Reads asked together (`readTogether(_:)`) go out on their own connections' threads, at most
    /// this many at once: while they are busy, the reads asked meanwhile wait and go out together.
    static let askingThreads = max(2, ProcessInfo.processInfo.activeProcessorCount)
    private let asked = AskedReads(threads: PostgresDatabase.askingThreads)

    public func readTogether<T>(_ work: @escaping (SQLConnection) throws -> Later<T>) async throws -> T {
        let ahead = ReadAhead.current?.take(for: self) ?? []
        return try await withCheckedThrowingContinuation { continuation in
            if asked.add(AskedRead(ahead: ahead, work: work, continuation: continuation)) {
                let thread = Thread { [weak self] in
                    // The reads asked while the last went out, all at once (up to 64), until none comes.
                    while let self, let reads = self.asked.next(atMost: 64) { self.answer(reads) }
                }
                thread.name = "postgres.asked"
                thread.start()
            }
        }
    }

    private func answer(_ reads: [AskedReading]) {
        do {
            try withConnection { connection in connection.answer(reads) }
        } catch {
            for read in reads { read.fail(error) }
        }
    }

    @discardableResult
    public func transaction<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T {
        try await transaction(work, then: { _ in [] }).0
    }

    /// BEGIN goes out with the first statement and COMMIT with `then`'s statements: a write of n
    /// statements takes n + 1 round trips, and what follows it (its reply versions' bump, the
    /// devices told) none of their own.
    public func transaction<T>(_ work: @escaping (SQLConnection) throws -> T, then: @escaping (T) -> [SQLStatement]) async throws -> (T, thenFailed: Error?) {
        try await pool.run { [self] in
            try withConnection { connection in
                connection.beginWithNextStatement()
                do {
                    let value = try work(connection)
                    return (value, try connection.commit(then: then(value)))
                } catch {
                    connection.rollBack()
                    throw error
                }
            }
        }
    }

    private func withConnection<T>(_ work: (PostgresConnection) throws -> T) throws -> T {
        var connection = try pool.checkout()
        if !connection.isHealthy {
            pool.discard(connection)
            connection = try pool.checkout()
        }
        do {
            let value = try work(connection)
            // What the work sent without waiting goes out before the connection goes back.
            try connection.flush()
            connection.trimPrepared()
            release(connection)
            return value
        } catch {
            connection.abandon(error)
            release(connection)
            throw error
        }
    }

    /// A broken connection usually means the server restarted: its idle siblings are stale
    /// too, so they go with it and only one caller sees the outage.
    private func release(_ connection: PostgresConnection) {
        if connection.isHealthy {
            pool.checkin(connection)
        } else {
            pool.discard(connection)
            _ = pool.drainIdle()
        }
    }

    public func statistics() -> PoolStatistics {
        var statistics = pool.statistics
        (statistics.askedRounds, statistics.askedReads) = asked.taken
        return statistics
    }

    /// A connection of its own that listens on `channel` (see `PostgresListener`).
    public func listener(channel: String, connected: @escaping @Sendable (SQLConnection) throws -> Void,
                         received: @escaping @Sendable ([String], SQLConnection) throws -> Void,
                         failed: @escaping @Sendable (String) -> Void) -> PostgresListener {
        PostgresListener(url: connectURL + "&application_name=yaruki-listener", target: target, channel: channel, connected: connected, received: received, failed: failed)
    }

    /// Its idle connections close (it stays usable: the next use opens one). The threads sending
    /// reads asked together end by themselves, a second after the last.
    public func close() { _ = pool.drainIdle() }

    public func shutDown(waiting seconds: Double) {
        asked.close()
        _ = pool.shutDown(waiting: seconds)
    }
}
