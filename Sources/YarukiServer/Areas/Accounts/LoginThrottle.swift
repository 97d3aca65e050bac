import Foundation
import YarukiAPI
import YarukiHTTP

/// Failed sign-ins counted per key (an account, a client address) in a sliding window. Past the
/// limit, further tries answer 429 with `Retry-After` until the oldest failure leaves the window,
/// so guessing is slow for one account and for one address spraying many accounts.
final class LoginThrottle: @unchecked Sendable {
    struct Limit: Sendable {
        var failures: Int
        var window: TimeInterval
    }

    private let lock = NSLock()
    private var failures: [String: [Date]] = [:]
    private let limits: [String: Limit]

    /// `limits` by key kind: "account", "address".
    init(limits: [String: Limit]) {
        self.limits = limits
    }

    /// Throws 429 when any of the keys is over its limit.
    func check(_ keys: [(kind: String, value: String)], now: Date) throws {
        var wait: TimeInterval = 0
        lock.withLock {
            for key in keys {
                guard let limit = limits[key.kind] else { continue }
                let recent = (failures[key.kind + ":" + key.value] ?? []).filter { now.timeIntervalSince($0) < limit.window }
                if recent.count >= limit.failures, let oldest = recent.first {
                    wait = max(wait, limit.window - now.timeIntervalSince(oldest))
                }
            }
        }
        if wait > 0 {
            let seconds = Int(wait.rounded(.up))
            throw HTTPError(429, detail: "Too many failed sign-ins. Try again in \(seconds) seconds.",
                            headers: ["Retry-After": String(seconds)])
        }
    }

    func recordFailure(_ keys: [(kind: String, value: String)], now: Date) {
        lock.withLock {
            for key in keys {
                guard let limit = limits[key.kind] else { continue }
                let name = key.kind + ":" + key.value
                var list = (failures[name] ?? []).filter { now.timeIntervalSince($0) < limit.window }
                list.append(now)
                failures[name] = list
            }
            if failures.count > 50_000 { prune(now) }
        }
    }

    func clear(kind: String, value: String) {
        _ = lock.withLock { failures.removeValue(forKey: kind + ":" + value) }
    }

    private func prune(_ now: Date) {
        let longest = limits.values.map(\.window).max() ?? 0
        failures = failures.filter { _, dates in dates.contains { now.timeIntervalSince($0) < longest } }
    }
}
