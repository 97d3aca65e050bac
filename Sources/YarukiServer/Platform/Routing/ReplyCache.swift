import Foundation
import YarukiAPI
import YarukiHTTP

/// Encoded replies of public reads that rarely change (the exercise catalog), kept on this node
/// until the area that owns them says the data changed (`invalidate`), and at most `maxAge` so a
/// change made through another node shows within it. Each is answered with its ETag, and with 304
/// to a client that holds the same bytes. Bounded: past `capacity` keys (one per distinct query)
/// every kept reply is dropped.
final class ReplyCache: @unchecked Sendable {
    private struct Kept {
        var json: EncodedJSON
        var made: Date
    }

    let maxAge: TimeInterval
    let capacity: Int
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var kept: [String: Kept] = [:]
    /// Bumped by every invalidation: a reply made while the data changed is not kept.
    private var generation = 0

    init(maxAge: TimeInterval = 10, capacity: Int = 256, clock: @escaping @Sendable () -> Date) {
        self.maxAge = maxAge
        self.capacity = capacity
        self.clock = clock
    }

    /// The reply kept under `key`, or `make`'s value encoded and kept.
    func reply<T: APIModel>(_ request: Request, key: String, make: () async throws -> T) async throws -> Reply<T> {
        let now = clock()
        let (found, generation) = lock.withLock { (kept[key], self.generation) }
        if let found, now.timeIntervalSince(found.made) < maxAge, now >= found.made {
            return Reply(kept: found.json, for: request)
        }
        let json = try EncodedJSON(try await make())
        lock.withLock {
            guard generation == self.generation else { return }
            if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
            kept[key] = Kept(json: json, made: now)
        }
        return Reply(kept: json, for: request)
    }

    /// Forgets every kept reply: the data behind them changed.
    func invalidate() {
        lock.withLock {
            generation += 1
            kept.removeAll(keepingCapacity: true)
        }
    }

    var count: Int { lock.withLock { kept.count } }
}
