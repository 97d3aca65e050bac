import Foundation
import YarukiAPI
import YarukiHTTP
import YarukiStore

/// Encoded replies of reads, kept until the data under them changes. A reply is kept under a key
/// (its route, query and, for a person's own data, the person) with the tags of what it was made
/// from: `catalog`, `community`, `workouts:<user>`… Every write says which tags it changed
/// (`invalidate`, or `AppContext.transaction(changing:)`), and a reply made before that is not
/// given again. Each reply carries an ETag and answers 304 to a client that holds the same bytes.
///
/// On one node (SQLite) the tags' counts live in memory: that node sees every write. With
/// several nodes (PostgreSQL) each tag also has a version in the database (`ReplyVersionStore`),
/// bumped by a write before its answer goes out and read before every kept reply is given, in
/// one query: a write on one node is never answered by another node's older reply, even before
/// any news of it has arrived there. `maxAge` also bounds what a reply holds that ages by itself,
/// like the hour a signed photo link is good for.
///
/// A reply is kept from the second time its key is asked (`askedBefore`): most keys asked once
/// (a new query string, a page's cursor) are never asked again, and keeping each cost a lock turn,
/// a dictionary insert and, as they filled the newer generation, replies that would have been
/// asked again. A key kept before and changed since (a write) is kept at its first making.
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

        /// Its name in the shared versions: `community`, `workouts:<id>`.
        var text: String { user.map { "\(name):\($0.lowercasedString)" } ?? name }

        /// Stands for every tag: bumped when everything changed.
        static let all = Tag("*")
    }

    /// What a reply was made from: when, the counts of its tags then, and their shared versions
    /// (with `Tag.all`'s last) when there are several nodes.
    private struct Source {
        var made: Date
        var epoch: Int
        var tags: [(Tag, Int)]
        var shared: [Int64]
    }

    private struct Kept {
        var json: EncodedJSON
        var source: Source
    }

    let maxAge: TimeInterval
    let capacity: Int
    let maxBytes: Int
    /// Where the tags' versions are shared between nodes (none: this node sees every write).
    private let shared: Database?
    /// Versions read for requests at once: one statement for all of those that ask while reads
    /// are under way (at most two at once), each begun after every request in it asked.
    private let checks = WorkGroups<[String], [Int64]>(limit: 256, width: 2)
    /// Versions read together since start: groups, the replies checked in them, those read alone.
    var checksTogether: (groups: Int, items: Int, alone: Int) { checks.done }
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
    /// The hashes of keys asked, one per slot (a key's hash picks its slot): a key whose hash is
    /// in its slot was asked before. Two keys sharing a slot push each other out (asked once more
    /// before they are kept); two of the same hash pass for one (kept at once). Neither is wrong.
    private var asked: [Int]

    init(maxAge: TimeInterval, capacity: Int = 8192, maxBytes: Int = 64 << 20, shared: Database? = nil,
         clock: @escaping @Sendable () -> Date) {
        self.maxAge = maxAge
        self.shared = shared
        self.capacity = max(2, capacity)
        self.maxBytes = maxBytes
        self.clock = clock
        asked = Array(repeating: 0, count: self.capacity * 2)
    }

    /// The reply kept under `key` while none of `tags` changed, or `make`'s value encoded (and kept).
    func reply<T: APIModel>(key: Key, tags: [Tag], make: () async throws -> T) async throws -> Reply<T> {
        let now = clock()
        let names = shared == nil ? [] : tags.map(\.text) + [Tag.all.text]
        // The shared versions are read before the reply is made: a write meanwhile leaves what is
        // made stale at once. When nothing kept here could answer, the reply is made anyway, so
        // they go out ahead of its first read, in the same round trip; a reply that read nothing
        // of the database is then not kept. A key asked for the first time is made without them, and
        // not kept.
        var ahead: ReadAhead?
        var current: [Int64] = []
        // Whether what is made now is kept, when that was settled before the versions were read.
        var keep: Bool?
        if let shared, maxAge > 0 {
            let (fresh, again) = lock.withLock {
                let kept = newer[key] ?? older[key]
                return (kept.map { isCurrent($0.source, now) } ?? false, kept != nil || askedBefore(key))
            }
            if fresh {
                current = try await checks.run(names, together: { asked in
                    let all = Array(Set(asked.joined()))
                    let found = Dictionary(uniqueKeysWithValues: zip(all, try await shared.read { c in try ReplyVersionStore.versions(all, c) }))
                    return asked.map { $0.map { found[$0] ?? 0 } }
                }, alone: { names in
                    try await shared.read { c in try ReplyVersionStore.versions(names, c) }
                })
            } else if again {
                ahead = ReadAhead(ReplyVersionStore.versionsStatement(names), on: shared)
            }
            keep = again
        }
        let (found, made): (EncodedJSON?, Source?) = lock.withLock {
            guard maxAge > 0 else { missCount += 1; return (nil, nil) }
            let kept = newer[key] ?? older[key]
            if ahead == nil, let kept, isCurrent(kept.source, now), kept.source.shared == current {
                hitCount += 1
                if newer[key] == nil { insert(key, kept) }
                return (kept.json, nil)
            }
            missCount += 1
            // One kept before (changed since) was asked before.
            guard keep ?? (kept != nil || askedBefore(key)) else { return (nil, nil) }
            return (nil, Source(made: now, epoch: epoch, tags: tags.map { ($0, versions[$0, default: 0]) }, shared: current))
        }
        if let found { return Reply(kept: found) }
        let json = try EncodedJSON(try await ReadAhead.$current.withValue(ahead) { try await make() })
        guard var source = made else { return Reply(kept: json) }
        if let ahead {
            guard let rows = try ahead.rows() else { return Reply(kept: json) }
            source.shared = try ReplyVersionStore.versions(names, from: rows)
        }
        lock.withLock { insert(key, Kept(json: json, source: source)) }
        return Reply(kept: json)
    }

    /// How `tags` stand on this node now, for something other than a reply to be trusted while
    /// none of them changes (`stands`). Nil when this node does not see every write (several
    /// nodes), or keeps nothing.
    struct Stamp: Sendable {
        fileprivate var epoch: Int
        fileprivate var tags: [(Tag, Int)]
    }

    func stamp(_ tags: [Tag]) -> Stamp? {
        guard shared == nil, maxAge > 0 else { return nil }
        return lock.withLock { Stamp(epoch: epoch, tags: tags.map { ($0, versions[$0, default: 0]) }) }
    }

    /// None of the stamp's tags changed since it was taken.
    func stands(_ stamp: Stamp) -> Bool {
        lock.withLock { unchanged(stamp.epoch, stamp.tags) }
    }

    /// None of `tags` changed here since they stood at these counts in `epoch` (called under the lock).
    private func unchanged(_ since: Int, _ tags: [(Tag, Int)]) -> Bool {
        since == epoch && tags.allSatisfy { versions[$0.0, default: 0] == $0.1 }
    }

    /// Young enough, and none of its tags changed here since it was made (called under the lock).
    private func isCurrent(_ source: Source, _ now: Date) -> Bool {
        now.timeIntervalSince(source.made) < maxAge && now >= source.made && unchanged(source.epoch, source.tags)
    }

    /// The data under `tags` changed (and has committed): replies made from it are not given
    /// again, on this node at once and on every node once this returns.
    func invalidate(_ tags: [Tag]) async {
        invalidateHere(tags)
        await share(tags)
    }

    /// The statement that tells every node `tags` changed, for a write to run in its COMMIT's
    /// round trip (`AppContext.transaction(changing:)`); nil when no other node keeps replies.
    func sharedBump(_ tags: [Tag]) -> SQLStatement? {
        guard let shared, maxAge > 0 else { return nil }
        return ReplyVersionStore.bump(tags.map(\.text), shared.dialect)
    }

    /// A shared bump that failed: other nodes' replies of those tags stand until they age out
    /// (`maxAge`). Logged; the write it follows stands.
    func bumpFailed(_ tags: [Tag], _ error: Error) {
        ServerLog.error("kept replies' versions not bumped", ["tags": tags.map(\.text).joined(separator: ","), "reason": String(describing: error)])
    }

    /// `tags` changed: this node's replies made from them are not given again.
    func invalidateHere(_ tags: [Tag]) {
        lock.withLock {
            if versions.count + tags.count > capacity * 16 {
                versions.removeAll(keepingCapacity: true)
                epoch += 1
            }
            for tag in tags { versions[tag, default: 0] += 1 }
        }
    }

    /// Everything changed (an account was deleted, with its part in every area).
    func invalidateAll() async {
        lock.withLock {
            newer.removeAll(keepingCapacity: true)
            older.removeAll(keepingCapacity: true)
            newerBytes = 0
            versions.removeAll(keepingCapacity: true)
            epoch += 1
        }
        await share([.all])
    }

    /// Bumps the shared versions (`bumpFailed` when that fails).
    private func share(_ tags: [Tag]) async {
        guard let shared, let statement = sharedBump(tags) else { return }
        do {
            // One statement, its own transaction: on a connection of the pool, outside any other.
            _ = try await shared.read { c in try c.execute(statement.sql, statement.parameters) }
        } catch {
            bumpFailed(tags, error)
        }
    }

    var count: Int { lock.withLock { newer.count + older.count } }
    /// The bytes of the replies kept now.
    var bytes: Int { lock.withLock { (newer.values.map(\.json.data.count) + older.values.map(\.json.data.count)).reduce(0, +) } }
    /// Reads answered with a kept reply, and ones that made theirs.
    var hits: Int { lock.withLock { hitCount } }
    var misses: Int { lock.withLock { missCount } }

    /// Whether `key` was asked before (as far as its slot remembers); it is remembered from now
    /// (called under the lock).
    private func askedBefore(_ key: Key) -> Bool {
        let hash = key.hashValue
        let slot = Int(UInt(bitPattern: hash) % UInt(asked.count))
        defer { asked[slot] = hash }
        return asked[slot] == hash
    }

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
