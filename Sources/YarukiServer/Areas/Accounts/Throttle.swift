import Foundation
import YarukiAPI
import YarukiHTTP

/// Events counted per key (an account, a client address, the pair of both) in a sliding window.
/// Past a key's limit, `check` answers 429 with `Retry-After` until the oldest event leaves the
/// window. Counts live in the node's memory: each node of several counts on its own.
final class Throttle: @unchecked Sendable {
    struct Limit: Sendable {
        var count: Int
        var window: TimeInterval
    }

    struct Key: Sendable {
        var kind: String
        var value: String
    }

    private let lock = NSLock()
    private var events: [String: [Date]] = [:]
    private let limits: [String: Limit]

    /// `limits` by key kind ("pair", "account", "address"…); a key of a kind without a limit is not counted.
    init(limits: [String: Limit]) {
        self.limits = limits
    }

    /// Throws 429 ("`what`. Try again in N seconds.") when any of the keys is at its limit.
    func check(_ keys: [Key], now: Date, what: String) throws {
        let wait = lock.withLock { self.wait(keys, now) }
        if wait > 0 { throw Throttle.refusal(wait, what) }
    }

    func record(_ keys: [Key], now: Date) {
        lock.withLock {
            for key in keys {
                guard let limit = limits[key.kind] else { continue }
                let name = key.kind + ":" + key.value
                var list = (events[name] ?? []).filter { now.timeIntervalSince($0) < limit.window }
                list.append(now)
                events[name] = list
            }
            if events.count > 50_000 { prune(now) }
        }
    }

    /// Checks and counts in one step (a request that is limited whether or not it succeeds).
    func take(_ keys: [Key], now: Date, what: String) throws {
        let wait = lock.withLock { self.wait(keys, now) }
        if wait > 0 { throw Throttle.refusal(wait, what) }
        record(keys, now: now)
    }

    /// True when none of the keys is at its limit (for limits that must not show, like how often one address is mailed).
    func allows(_ keys: [Key], now: Date) -> Bool {
        lock.withLock { wait(keys, now) == 0 }
    }

    func clear(_ key: Key) {
        _ = lock.withLock { events.removeValue(forKey: key.kind + ":" + key.value) }
    }

    private func wait(_ keys: [Key], _ now: Date) -> TimeInterval {
        var wait: TimeInterval = 0
        for key in keys {
            guard let limit = limits[key.kind] else { continue }
            let recent = (events[key.kind + ":" + key.value] ?? []).filter { now.timeIntervalSince($0) < limit.window }
            if recent.count >= limit.count, let oldest = recent.first {
                wait = max(wait, limit.window - now.timeIntervalSince(oldest))
            }
        }
        return wait
    }

    private static func refusal(_ wait: TimeInterval, _ what: String) -> HTTPError {
        let seconds = Int(wait.rounded(.up))
        return HTTPError(429, detail: "\(what). Try again in \(seconds) seconds.", headers: ["Retry-After": String(seconds)])
    }

    private func prune(_ now: Date) {
        let longest = limits.values.map(\.window).max() ?? 0
        events = events.filter { _, dates in dates.contains { now.timeIntervalSince($0) < longest } }
    }
}
