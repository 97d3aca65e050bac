import Foundation

/// Open connections per client address, across every loop, for the per-address cap.
final class AddressCount: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [String: Int] = [:]
    private let limit: Int
    private let capLoopback: Bool

    init(limit: Int, capLoopback: Bool) {
        self.limit = limit
        self.capLoopback = capLoopback
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    /// Counts a new connection; false (and not counted) when the address holds its limit.
    func admit(_ address: String) -> Bool {
        guard limit > 0, capLoopback || !AddressCount.isLoopback(address) else { return true }
        return lock.withLock {
            let now = open[address, default: 0]
            guard now < limit else { return false }
            open[address] = now + 1
            return true
        }
    }

    func release(_ address: String) {
        guard limit > 0, capLoopback || !AddressCount.isLoopback(address) else { return }
        lock.withLock {
            let left = (open[address] ?? 1) - 1
            open[address] = left > 0 ? left : nil
        }
    }
}
