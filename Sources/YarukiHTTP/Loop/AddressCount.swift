import Foundation

/// Open connections across every loop: in all, for the cap that keeps descriptors free for the
/// work of those already open, and per client address, for the per-address cap.
final class AddressCount: @unchecked Sendable {
    enum Admission { case admitted, addressFull, serverFull }

    private let lock = NSLock()
    private var open: [String: Int] = [:]
    private var total = 0
    private let limit: Int
    private let capLoopback: Bool
    /// The most connections open at once (0: no cap).
    var maxTotal: Int

    init(limit: Int, capLoopback: Bool, maxTotal: Int = 0) {
        self.limit = limit
        self.capLoopback = capLoopback
        self.maxTotal = maxTotal
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    private func capped(_ address: String) -> Bool { limit > 0 && (capLoopback || !AddressCount.isLoopback(address)) }

    /// Counts a new connection, or says why it may not open (and counts nothing).
    func admit(_ address: String) -> Admission {
        lock.withLock {
            if maxTotal > 0, total >= maxTotal { return .serverFull }
            if capped(address) {
                let now = open[address, default: 0]
                guard now < limit else { return .addressFull }
                open[address] = now + 1
            }
            total += 1
            return .admitted
        }
    }

    func release(_ address: String) {
        lock.withLock {
            total -= 1
            guard capped(address) else { return }
            let left = (open[address] ?? 1) - 1
            open[address] = left > 0 ? left : nil
        }
    }

    var openConnections: Int { lock.withLock { total } }
}
