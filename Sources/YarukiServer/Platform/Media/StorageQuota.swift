import Foundation
import YarukiAPI
import YarukiHTTP
import YarukiStore

/// How much each person may keep on the server's disk (`--storage-per-person`): proof videos,
/// photos, voice notes and Apple Health exports waiting to be read. Every upload route checks it
/// once the file has arrived (the exact sum, from the database) and refuses one that does not
/// fit with 413 before anything is kept; the upload itself is then removed. The figure last
/// read for each person is remembered on this node a minute, so a request announcing a body
/// larger than the room left is refused before a byte of it is written.
final class StorageQuota: @unchecked Sendable {
    let limit: Int64
    private let database: Database
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var known: [UUID: (used: Int64, at: Date)] = [:]

    init(limit: Int64, database: Database, clock: @escaping @Sendable () -> Date) {
        self.limit = limit
        self.database = database
        self.clock = clock
    }

    var isLimited: Bool { limit > 0 }

    /// What the person keeps now, by kind.
    func usage(of user: UUID) async throws -> StorageUsage {
        let used = try await database.read { c in try MediaFileStore.usage(of: user, c) }
        remember(user, used.total)
        return StorageUsage(usedBytes: used.total, quotaBytes: isLimited ? limit : nil, videoBytes: used.videos, photoBytes: used.photos,
                            voiceBytes: used.voice, importBytes: used.imports)
    }

    /// Throws 413 when `bytes` more would take the person past their quota.
    func admit(_ user: UUID, bytes: Int) async throws {
        guard isLimited else { return }
        let used = try await database.read { c in try MediaFileStore.usage(of: user, c) }.total
        remember(user, used)
        guard used + Int64(bytes) <= limit else { throw StorageQuota.full(used: used, limit: limit, adding: Int64(bytes)) }
    }

    /// An upload was kept: the room left shrinks at once (the exact sum is read again at the next upload).
    func added(_ user: UUID, bytes: Int) {
        lock.withLock { if let entry = known[user] { known[user] = (entry.used + Int64(bytes), entry.at) } }
    }

    /// The room left as last read on this node (within a minute), or nil when not known.
    func roomLeft(_ user: UUID) -> Int64? {
        guard isLimited else { return nil }
        return lock.withLock {
            guard let entry = known[user], clock().timeIntervalSince(entry.at) < 60 else { return nil }
            return max(0, limit - entry.used)
        }
    }

    private func remember(_ user: UUID, _ used: Int64) {
        lock.withLock {
            if known.count > 10_000 { known.removeAll() }
            known[user] = (used, clock())
        }
    }

    static func full(used: Int64, limit: Int64, adding: Int64?) -> Refusal {
        let what = adding.map { " this upload (\(StorageQuota.describe($0)))" } ?? " this upload"
        return Refusal(.tooLarge, code: "storage-full",
                       "Your uploads use \(describe(used)) of your \(describe(limit)), and\(what) does not fit. Delete some videos, photos or voice notes first.")
    }

    /// In decimal units, as the page and phones show storage: 1500 → "1.5 KB", 5000000000 → "5.0 GB".
    static func describe(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) bytes" : String(format: "%.1f %@", value, units[unit])
    }
}
