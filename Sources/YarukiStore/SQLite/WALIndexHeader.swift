import Foundation
import Synchronization

/// The header of SQLite's WAL index, read through a map of the `-shm` file beside a database in
/// WAL mode: 48 bytes that every commit, by any connection of any process, rewrites (the WAL's
/// frame count, a change counter, salts and checksums), written twice, the second copy first, so
/// that a reader can tell a whole header from one being written (https://sqlite.org/walformat.html,
/// "the WAL-index header"). SQLite compares it to learn whether the database changed since a
/// connection's last transaction; `SQLiteDatabase` compares it to keep a reader's snapshot while
/// nothing has been committed.
final class WALIndexHeader: @unchecked Sendable {
    /// One whole header.
    struct Value: Equatable {
        var a, b, c, d, e, f: UInt64

        init(_ p: UnsafeRawPointer) {
            (a, b, c, d, e, f) = (p.load(as: UInt64.self), p.load(fromByteOffset: 8, as: UInt64.self), p.load(fromByteOffset: 16, as: UInt64.self),
                                  p.load(fromByteOffset: 24, as: UInt64.self), p.load(fromByteOffset: 32, as: UInt64.self),
                                  p.load(fromByteOffset: 40, as: UInt64.self))
        }
    }

    private static let mapped = 4096
    private let base: UnsafeMutableRawPointer

    /// Nil when the database has no WAL index of at least a page yet (SQLite makes it 32 KB at
    /// its first transaction in WAL mode) or it cannot be mapped: reads then begin every time.
    init?(databasePath: String) {
        let fd = open(databasePath + "-shm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size >= WALIndexHeader.mapped,
              let base = mmap(nil, WALIndexHeader.mapped, PROT_READ, MAP_SHARED, fd, 0), base != MAP_FAILED else { return nil }
        self.base = base
    }

    deinit { munmap(base, WALIndexHeader.mapped) }

    /// The header as last committed, or nil while a commit is writing it.
    func current() -> Value? {
        let first = Value(base)
        atomicMemoryFence(ordering: .acquiring)
        let second = Value(base + 48)
        return first == second ? first : nil
    }
}
