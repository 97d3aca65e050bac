import Foundation
import YarukiAPI
import YarukiCore

/// Who a session belongs to and whether it still stands, remembered for a few seconds so an
/// authenticated request costs no database read while a signed-out session stops working
/// within `ttl` on every node (and at once on the node that signed it out).
final class SessionCache: @unchecked Sendable {
    struct Entry: Sendable {
        var userID: UUID
        var role: Role
        var active: Bool
        var checked: Date
    }

    private let lock = NSLock()
    private var entries: [UUID: Entry] = [:]
    let ttl: TimeInterval

    init(ttl: TimeInterval = 10) { self.ttl = ttl }

    func fresh(_ session: UUID, now: Date) -> Entry? {
        lock.withLock {
            guard let entry = entries[session], now.timeIntervalSince(entry.checked) < ttl, now >= entry.checked else { return nil }
            return entry
        }
    }

    func store(_ session: UUID, _ entry: Entry) {
        lock.withLock {
            if entries.count > 100_000 { entries.removeAll(keepingCapacity: true) }
            entries[session] = entry
        }
    }

    func forget(_ session: UUID) {
        _ = lock.withLock { entries.removeValue(forKey: session) }
    }

    func forget(user: UUID) {
        lock.withLock { entries = entries.filter { $0.value.userID != user } }
    }
}
