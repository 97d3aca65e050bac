import Foundation
import YarukiAPI
import YarukiHTTP

/// Encoded replies of reads, kept until the data under them changes. A reply is kept under a key
/// (its route, query and, for a person's own data, the person) with the tags of what it was made
/// from: `catalog`, `community`, `workouts:<user>`… Every write says which tags it changed
/// (`invalidate`, or `AppContext.transaction(changing:)`), and a reply made before that is not
/// given again. Each reply carries an ETag and answers 304 to a client that holds the same bytes.
///
/// Only a process that sees every write can trust this: on SQLite (one node) replies are kept up
/// to `maxAge`; on PostgreSQL, where another node may write, nothing is kept (`maxAge` 0) and every
/// request makes its reply, still with its ETag and 304. `maxAge` also bounds what a reply holds
/// that ages by itself, like the hour a signed photo link is good for.
///
/// Bounded: two generations of at most `capacity / 2` replies and `maxBytes / 2` bytes each; when
/// the newer fills, the older is dropped. Tag counters are dropped together past `capacity * 16`.
final class ReplyCache: @unchecked Sendable {
    /// What a reply is kept under: whose it is (none for public data), what was asked, and when.
    struct Key: Hashable, Sendable {
        var user: UUID?
        var text: String
        var bucket: Int = 0
    }

    /// A kind of data a reply was made from, all of it or one person's.
    struct Tag: Hashable, Sendable {
        var name: String
        var user: UUID?

        init(_ name: String, _ user: UUID? = nil) {
            self.name = name
            self.user = user
        }
    }

    /// What a reply was made from: when, and the counts of its tags then.
    private struct Source {
        var made: Date
        var epoch: Int
        var tags: [(Tag, Int)]
    }

    private struct Kept {
        var json: EncodedJSON
        var source: Source
    }

    let maxAge: TimeInterval
    let capacity: Int
    let maxBytes: Int
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var newer: [Key: Kept] = [:]
    private var older: [Key: Kept] = [:]
    private var newerBytes = 0
    /// How often each tag changed; a kept reply is good while its tags' counts are unchanged.
    private var versions: [Tag: Int] = [:]
    /// Bumped when `versions` is dropped, so nothing kept before it is given again.
    private var epoch = 0
    private var hitCount = 0
    private var missCount = 0

    init(maxAge: TimeInterval, capacity: Int = 8192, maxBytes: Int = 64 << 20, clock: @escaping @Sendable () -> Date) {
        self.maxAge = maxAge
        self.capacity = max(2, capacity)
        self.maxBytes = maxBytes
        self.clock = clock
    }

    /// The reply kept under `key` while none of `tags` changed, or `make`'s value encoded (and kept).
    func reply<T: APIModel>(key: Key, tags: [Tag], make: () async throws -> T) async throws -> Reply<T> {
        let now = clock()
        let (found, source): (EncodedJSON?, Source?) = lock.withLock {
            guard maxAge > 0 else { missCount += 1; return (nil, nil) }
            if let kept = newer[key] ?? older[key], isCurrent(kept.source, now) {
                hitCount += 1
                if newer[key] == nil { insert(key, kept) }
                return (kept.json, nil)
            }
            missCount += 1
            return (nil, Source(made: now, epoch: epoch, tags: tags.map { ($0, versions[$0, default: 0]) }))
        }
        if let found { return Reply(kept: found) }
        // Made from what the tags were before; a write meanwhile leaves it stale at once.
        let json = try EncodedJSON(try await make())
        if let source { lock.withLock { insert(key, Kept(json: json, source: source)) } }
        return Reply(kept: json)
    }

    /// Young enough, and none of its tags changed since it was made (called under the lock).
    private func isCurrent(_ source: Source, _ now: Date) -> Bool {
        now.timeIntervalSince(source.made) < maxAge && now >= source.made && source.epoch == epoch
            && source.tags.allSatisfy { versions[$0.0, default: 0] == $0.1 }
    }

    /// The data under `tags` changed: replies made from it are not given again.
    func invalidate(_ tags: [Tag]) {
        lock.withLock {
            if versions.count + tags.count > capacity * 16 {
                versions.removeAll(keepingCapacity: true)
                epoch += 1
            }
            for tag in tags { versions[tag, default: 0] += 1 }
        }
    }

    /// Everything changed (an account was deleted, with its part in every area).
    func invalidateAll() {
        lock.withLock {
            newer.removeAll(keepingCapacity: true)
            older.removeAll(keepingCapacity: true)
            newerBytes = 0
            versions.removeAll(keepingCapacity: true)
            epoch += 1
        }
    }

    var count: Int { lock.withLock { newer.count + older.count } }
    /// The bytes of the replies kept now.
    var bytes: Int { lock.withLock { (newer.values.map(\.json.data.count) + older.values.map(\.json.data.count)).reduce(0, +) } }
    /// Reads answered with a kept reply, and ones that made theirs.
    var hits: Int { lock.withLock { hitCount } }
    var misses: Int { lock.withLock { missCount } }

    private func insert(_ key: Key, _ kept: Kept) {
        let size = kept.json.data.count
        guard size <= maxBytes / 2 else { return }
        if newer.count >= capacity / 2 || newerBytes + size > maxBytes / 2 {
            older = newer
            newer = [:]
            newerBytes = 0
        }
        if let replaced = newer.updateValue(kept, forKey: key) { newerBytes -= replaced.json.data.count }
        newerBytes += size
        older[key] = nil
    }
}
