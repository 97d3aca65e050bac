import Foundation
import YarukiHTTP
import YarukiStore

/// What every node's screens hear of: one way for events to travel, whichever node wrote them.
///
/// `publish` returns at once; an outbox writes what was published in order, a batch per
/// transaction. Kept topics (a person's events) are logged in `events`, so a screen that
/// reconnects to any node is sent what it missed after its `Last-Event-ID`; passing topics (a
/// board's sales, which a screen rebuilds whole) are not.
///
/// - SQLite (one node): the outbox delivers each batch itself once it has committed.
/// - PostgreSQL (several nodes): the same transaction `NOTIFY`s every node, this one too, and each
///   node's one listening connection (`PostgresListener`) delivers to its own screens: an event
///   is read from the database at most once per node, never once per screen (inline when it fits
///   NOTIFY's 8,000 bytes, else by id). After a reconnect the node first catches up from the log
///   by id, then tells passing topics' subscribers to rebuild (`onResync`).
///
/// Handlers run in id order, one at a time, and must only hand work on (queue bytes on streams).
final class EventBus: @unchecked Sendable {
    typealias Entry = EventLogStore.Entry

    /// Kept entries older than this are pruned.
    static let retention: TimeInterval = 24 * 3600
    /// An outbox that cannot reach the database keeps at most this many entries, dropping the oldest.
    static let maxOutbox = 50_000

    private let database: Database
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var handlers: [String: [@Sendable (Entry) -> Void]] = [:]
    private var resyncs: [@Sendable () -> Void] = []
    private var outbox: [(entry: Entry, kept: Bool)] = []
    /// The newest kept id delivered on this node; nil until it has been read.
    private var delivered: Int64?
    private var dropped = 0
    private var appended = 0
    /// A batch taken from the outbox is being written.
    private var writing = false
    private let wake: AsyncStream<Void>.Continuation
    private let signals: AsyncStream<Void>
    private var drainer: Task<Void, Never>?
    private var listener: PostgresListener?
    /// Delivery is one at a time: the listener thread and a local drain never interleave.
    private let delivery = NSLock()

    init(database: Database, clock: @escaping @Sendable () -> Date) {
        self.database = database
        self.clock = clock
        (signals, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func subscribe(_ topic: String, _ handler: @escaping @Sendable (Entry) -> Void) {
        lock.withLock { handlers[topic, default: []].append(handler) }
    }

    /// `action` runs after this node's listener reconnected: what passing topics carried meanwhile is lost.
    func onResync(_ action: @escaping @Sendable () -> Void) {
        lock.withLock { resyncs.append(action) }
    }

    /// Sends an entry to every node's subscribers of `topic`, in the order published. `personal`:
    /// the audience is people's ids (never logged for an account that is gone).
    func publish(_ topic: String, name: String, audience: String, data: String, kept: Bool = true, personal: Bool = false) {
        lock.withLock {
            outbox.append((Entry(topic: topic, name: name, audience: audience, data: data, personal: personal), kept))
            if outbox.count > EventBus.maxOutbox {
                outbox.removeFirst(outbox.count - EventBus.maxOutbox)
                dropped += 1
            }
        }
        wake.yield()
    }

    var isMultiNode: Bool { database.dialect == .postgres }
    /// Listening on PostgreSQL now (always true on SQLite).
    var isConnected: Bool { lock.withLock { listener }?.isConnected ?? true }
    /// Entries waiting to be written now, and those dropped since start because the outbox was full.
    var outboxCounts: (waiting: Int, dropped: Int) { lock.withLock { (outbox.count, dropped) } }
    /// How often the listener has connected (nil on SQLite).
    var listenerConnects: Int? { lock.withLock { listener }?.connectCount }

    func start() {
        let bus = self
        lock.withLock {
            drainer = Task.detached {
                for await _ in bus.signals { await bus.drain() }
            }
        }
        guard let postgres = database as? PostgresDatabase else { return }
        let listener = postgres.listener(channel: EventLogStore.channel, connected: { c in
            try bus.caughtUp(c)
        }, received: { payloads, c in
            try bus.received(payloads, c)
        }, failed: { reason in
            ServerLog.warning("the event listener lost PostgreSQL; reconnecting", ["reason": reason])
        })
        lock.withLock { self.listener = listener }
        listener.start()
    }

    func stop() {
        lock.withLock { drainer?.cancel(); drainer = nil }
        wake.finish()
        listener?.stop()
    }

    /// Waits, at most `limit` seconds, until everything published here so far is written (an
    /// account about to be deleted: its events still on their way must land before the deletion
    /// takes them). A bus that was never started writes nothing: no wait.
    func settled(limit: Double = 2) async {
        let end = Date().addingTimeInterval(limit)
        while Date() < end, lock.withLock({ drainer != nil && (!outbox.isEmpty || writing) }) { try? await Task.sleep(for: .milliseconds(5)) }
    }

    /// The newest kept id this node has delivered (read from the log the first time).
    func currentID() async -> Int64 {
        if let id = lock.withLock({ delivered }) { return id }
        let newest = (try? await database.read { c in try EventLogStore.newest(c) }) ?? 0
        return lock.withLock {
            delivered = max(delivered ?? 0, newest)
            return delivered!
        }
    }

    /// Kept entries of `topic` after `id`, oldest first: what a reconnecting screen missed.
    func since(_ id: Int64, topic: String, limit: Int) async throws -> [Entry] {
        try await database.read { c in try EventLogStore.after(id, topic: topic, limit: limit, c) }
    }

    // MARK: the outbox

    private func drain() async {
        while true {
            let batch = lock.withLock { () -> [(entry: Entry, kept: Bool)] in
                defer { outbox.removeAll(keepingCapacity: true) }
                writing = !outbox.isEmpty
                return outbox
            }
            if batch.isEmpty { return }
            defer { lock.withLock { writing = false } }
            let now = clock()
            let prune = lock.withLock { () -> Bool in
                appended += batch.count
                if appended < 2_000 { return false }
                appended = 0
                return true
            }
            do {
                let logged = try await write(batch, at: now, prune: prune)
                if !isMultiNode { deliver(logged) }
            } catch {
                ServerLog.warning("events could not be written; trying again", ["reason": "\(error)", "events": String(batch.count)])
                lock.withLock { outbox.insert(contentsOf: batch, at: 0) }
                try? await Task.sleep(for: .milliseconds(500))
                if Task.isCancelled { return }
            }
        }
    }

    /// Logs the kept entries and notifies every node of the batch, in one transaction; the entries
    /// in order, kept ones with their ids. A batch of passing entries on SQLite needs no write.
    private func write(_ batch: [(entry: Entry, kept: Bool)], at now: Date, prune: Bool) async throws -> [Entry] {
        let multiNode = isMultiNode
        guard multiNode || batch.contains(where: \.kept) || prune else { return batch.map(\.entry) }
        return try await database.transaction { c in
            var logged: [Entry] = []
            logged.reserveCapacity(batch.count)
            // Runs of kept entries are logged, runs of passing ones told, each run in a statement or two.
            var index = 0
            while index < batch.count {
                let kept = batch[index].kept
                var end = index
                while end < batch.count, batch[end].kept == kept { end += 1 }
                let run = batch[index..<end].map(\.entry)
                if kept {
                    logged += try EventLogStore.append(run, at: now, c)
                } else {
                    if multiNode {
                        for entry in try EventLogStore.notify(run, c) {
                            ServerLog.warning("an event too long to pass between nodes was dropped", ["topic": entry.topic])
                        }
                    }
                    logged += run
                }
                index = end
            }
            if prune { try EventLogStore.prune(before: now.addingTimeInterval(-EventBus.retention), c) }
            return logged
        }
    }

    // MARK: delivery

    /// Hands entries to their topics' handlers; a kept entry already delivered is skipped.
    private func deliver(_ entries: [Entry]) {
        delivery.withLock {
            for entry in entries {
                if entry.id > 0 {
                    let fresh = lock.withLock { () -> Bool in
                        guard entry.id > (delivered ?? 0) else { return false }
                        delivered = entry.id
                        return true
                    }
                    guard fresh else { continue }
                }
                let targets = lock.withLock { handlers[entry.topic] ?? [] }
                for handler in targets { handler(entry) }
            }
        }
    }

    /// The listener (re)connected: deliver what was logged since the last delivered id, then
    /// have passing topics rebuild. The first connect only learns where the log stands.
    private func caughtUp(_ c: SQLConnection) throws {
        guard let from = lock.withLock({ delivered }) else {
            let newest = try EventLogStore.newest(c)
            lock.withLock { delivered = max(delivered ?? 0, newest) }
            return
        }
        var cursor = from
        while true {
            let missed = try EventLogStore.after(cursor, limit: 1_000, c)
            deliver(missed)
            guard let last = missed.last, missed.count == 1_000 else { break }
            cursor = last.id
        }
        for action in lock.withLock({ resyncs }) { action() }
    }

    private func received(_ payloads: [String], _ c: SQLConnection) throws {
        var entries: [Entry] = []
        entries.reserveCapacity(payloads.count)
        for payload in payloads {
            let (entry, id) = EventLogStore.parse(payload)
            if let entry {
                entries.append(entry)
            } else if let id, let found = try EventLogStore.entry(id, c) {
                entries.append(found)  // too long for NOTIFY: read once, here
            }
        }
        deliver(entries)
    }
}
