import Foundation
import YarukiAPI
import YarukiHTTP
import YarukiStore

/// Events counted per key (an account, a client address, the pair of both) in a sliding window.
/// Past a key's limit, `check` answers 429 with `Retry-After` until the oldest event leaves the
/// window.
///
/// On SQLite (one node) counts live in memory. On PostgreSQL they live in `throttle_hits`, so
/// every node counts every attempt (under a hash of the key): a sign-in refused on node A is
/// refused on node B. Checking and counting are separate statements, so attempts racing on
/// several nodes at once may pass the limit by at most the number of them in flight then.
final class Throttle: @unchecked Sendable {
    struct Limit: Sendable {
        var count: Int
        var window: TimeInterval
    }

    struct Key: Sendable {
        var kind: String
        var value: String
        var name: String { kind + ":" + value }
        /// What the shared table keeps: a hash, so no address or email sits in it.
        var hashed: String { Crypto.tokenHash(name) }
    }

    private let lock = NSLock()
    private var events: [String: [Date]] = [:]
    private let limits: [String: Limit]
    /// Where shared counts live (PostgreSQL); nil: in memory.
    private let shared: Database?
    private var recorded = 0

    /// `limits` by key kind ("pair", "account", "address"…); a key of a kind without a limit is not counted.
    init(limits: [String: Limit], database: Database? = nil) {
        self.limits = limits
        shared = database?.dialect == .postgres ? database : nil
    }

    /// Throws 429 ("`what`. Try again in N seconds.") when any of the keys is at its limit.
    func check(_ keys: [Key], now: Date, what: String) async throws {
        let wait = if let shared { try await shared.read { c in try self.sharedWait(keys, now, c) } } else { lock.withLock { self.wait(keys, now) } }
        if wait > 0 { throw Throttle.refusal(wait, what) }
    }

    func record(_ keys: [Key], now: Date) async {
        if let shared {
            _ = try? await shared.transaction { c in try self.record(keys, now: now, c) }
        } else {
            lock.withLock { memoryRecord(keys, now) }
        }
    }

    /// Checks and counts in one step (a request that is limited whether or not it succeeds).
    func take(_ keys: [Key], now: Date, what: String) async throws {
        if let shared {
            let wait = try await shared.transaction { c -> TimeInterval in
                let wait = try self.sharedWait(keys, now, c)
                if wait == 0 { try self.record(keys, now: now, c) }
                return wait
            }
            if wait > 0 { throw Throttle.refusal(wait, what) }
            return
        }
        let wait = lock.withLock { () -> TimeInterval in
            let wait = self.wait(keys, now)
            if wait == 0 { memoryRecord(keys, now) }
            return wait
        }
        if wait > 0 { throw Throttle.refusal(wait, what) }
    }

    /// True when none of the keys is at its limit (for limits that must not show, like how often
    /// one address is mailed); inside the caller's transaction.
    func allows(_ keys: [Key], now: Date, _ c: SQLConnection) throws -> Bool {
        if shared != nil { return try sharedWait(keys, now, c) == 0 }
        return lock.withLock { wait(keys, now) == 0 }
    }

    /// Counts inside the caller's transaction.
    func record(_ keys: [Key], now: Date, _ c: SQLConnection) throws {
        guard shared != nil else {
            lock.withLock { memoryRecord(keys, now) }
            return
        }
        try ThrottleStore.hit(keys.filter { limits[$0.kind] != nil }.map(\.hashed), at: now, c)
        let prune = lock.withLock { () -> Bool in
            recorded += 1
            return recorded % 500 == 0
        }
        if prune { try ThrottleStore.prune(before: now.addingTimeInterval(-longest), c) }
    }

    func clear(_ key: Key) async {
        if let shared {
            _ = try? await shared.transaction { c in try ThrottleStore.clear(key.hashed, c) }
        } else {
            _ = lock.withLock { events.removeValue(forKey: key.name) }
        }
    }

    private var longest: TimeInterval { limits.values.map(\.window).max() ?? 0 }

    private func memoryRecord(_ keys: [Key], _ now: Date) {
        for key in keys {
            guard let limit = limits[key.kind] else { continue }
            var list = (events[key.name] ?? []).filter { now.timeIntervalSince($0) < limit.window }
            list.append(now)
            events[key.name] = list
        }
        if events.count > 50_000 { prune(now) }
    }

    private func sharedWait(_ keys: [Key], _ now: Date, _ c: SQLConnection) throws -> TimeInterval {
        var wait: TimeInterval = 0
        for key in keys {
            guard let limit = limits[key.kind] else { continue }
            let (count, oldest) = try ThrottleStore.hits(key.hashed, since: now.addingTimeInterval(-limit.window), c)
            if count >= limit.count, let oldest { wait = max(wait, limit.window - now.timeIntervalSince(oldest)) }
        }
        return wait
    }

    private func wait(_ keys: [Key], _ now: Date) -> TimeInterval {
        var wait: TimeInterval = 0
        for key in keys {
            guard let limit = limits[key.kind] else { continue }
            let recent = (events[key.name] ?? []).filter { now.timeIntervalSince($0) < limit.window }
            if recent.count >= limit.count, let oldest = recent.first {
                wait = max(wait, limit.window - now.timeIntervalSince(oldest))
            }
        }
        return wait
    }

    private static func refusal(_ wait: TimeInterval, _ what: String) -> Refusal {
        let seconds = Int(wait.rounded(.up))
        return Refusal(.tooMany, "\(what). Try again in \(seconds) seconds.", retryAfter: seconds)
    }

    private func prune(_ now: Date) {
        events = events.filter { _, dates in dates.contains { now.timeIntervalSince($0) < longest } }
    }
}
