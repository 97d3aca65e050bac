import Foundation

/// SQLite in WAL mode: one writer on its own serial queue, a pool of readers.
/// A read that finds a reader free runs at once on the caller's thread (WAL readers never
/// wait for the writer); otherwise it waits on a worker thread.
public final class SQLiteDatabase: Database, @unchecked Sendable {
    public let dialect = SQLDialect.sqlite
    public let path: String
    private let writer: SQLiteConnection
    private let writerQueue = DispatchQueue(label: "yaruki.sqlite.writer")
    private let readers: BlockingPool<SQLiteConnection>

    public init(path: String, readers: Int = 4) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        self.path = path
        writer = try SQLiteConnection(path: path, readOnly: false)
        self.readers = BlockingPool(name: "sqlite.readers", capacity: max(1, readers)) {
            try SQLiteConnection(path: path, readOnly: true)
        }
    }

    public func read<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T {
        if let connection = readers.tryCheckout() {
            defer { readers.checkin(connection) }
            return try work(connection)
        }
        return try await readers.run { [readers] in
            let connection = try readers.checkout()
            defer { readers.checkin(connection) }
            return try work(connection)
        }
    }

    @discardableResult
    public func transaction<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T {
        let (work, writer) = (HandedOver(work), HandedOver(self.writer))
        return try await withCheckedThrowingContinuation { continuation in
            writerQueue.async {
                let writer = writer.value
                continuation.resume(with: Result {
                    try writer.execute("BEGIN IMMEDIATE", [])
                    do {
                        let value = try work.value(writer)
                        try writer.execute("COMMIT", [])
                        return value
                    } catch {
                        _ = try? writer.execute("ROLLBACK", [])
                        throw error
                    }
                })
            }
        }
    }

    public func statistics() -> PoolStatistics {
        var stats = readers.statistics
        stats.open += 1
        return stats
    }

    public func close() {
        _ = readers.drainIdle()
    }
}
