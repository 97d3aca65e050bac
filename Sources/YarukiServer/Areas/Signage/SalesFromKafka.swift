import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Sales from a shop's Kafka topic, beside `POST /v1/signage/events`.
///
/// Every node is one member of the consumer group (`--kafka-group`), so the topic's partitions
/// are split among the nodes and move when one stops. A node reads a batch (what has arrived,
/// up to `batch` messages), reads the sales out of each message (`SaleMessages`), and lands all
/// of them, and the messages that held no valid sale as dead letters, in one transaction through
/// `SignageHub.record`; only once that has committed does it commit the batch's offsets. So:
/// - a crash before the transaction commits: the messages are read again and land then;
/// - a crash between the two commits, a rebalance, or the same sale sent twice: the sales are
///   read again and ignored by their ids (`sales_events`' key), and a dead letter by its place;
/// - a database that is away: the batch is retried with backoff, and nothing is committed.
/// A poison message costs its partition nothing: it waits in the dead letters for an admin.
final class SalesFromKafka: @unchecked Sendable {
    let setting: KafkaSetting
    let format: SaleFormat
    let library: KafkaLibrary
    let node: String
    private let hub: SignageHub
    private let database: Database
    private let clock: @Sendable () -> Date
    /// librdkafka's calls block: they run here, one at a time.
    private let work = BlockingWork(name: "kafka", width: 1, maxWaiting: 16)
    private let lock = NSLock()
    private var state = State()
    private var consumer: KafkaConsumer?
    private var loop: Task<Void, Never>?
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)
    /// Tests only: the process kills itself (SIGKILL) once this many batches are in the database,
    /// before their offsets are committed: the window a crash test must hit.
    private let dieBeforeCommit = ProcessInfo.processInfo.environment["YARUKI_TEST_KAFKA_DIE_BEFORE_COMMIT"].flatMap(Int.init)
    private var landed = 0

    /// Messages taken in one poll at most.
    static let batch = 5_000
    /// How often a node notes its state for the admin page.
    static let noteEvery = 2.0

    struct State {
        var held: Set<Int32> = []
        var generation = 0
        /// Per partition: the next offset to read (committed, or past the last landed message).
        var next: [Int32: Int64] = [:]
        var end: [Int32: Int64] = [:]
        var consumed: [Int32: Int64] = [:]
        var deadLetters: Int64 = 0
        var lastCommit: Date?
        var lastError: String?
        var connected = false
    }

    init(setting: KafkaSetting, hub: SignageHub, database: Database, node: String, clock: @escaping @Sendable () -> Date) throws {
        self.setting = setting
        do {
            format = try SaleFormat.named(setting.format)
        } catch {
            throw SettingError(setting: "--kafka-format", reason: "\(error)")
        }
        do {
            library = try KafkaLibrary.open(setting.library)
        } catch {
            throw SettingError(setting: "--kafka-library", reason: "\(error)")
        }
        do {
            try library.check(setting.librdkafka)
        } catch {
            throw SettingError(setting: "--kafka-config", reason: "\(error)")
        }
        (self.hub, self.database, self.node, self.clock) = (hub, database, node, clock)
    }

    func start() {
        let reader = self
        loop = Task.detached {
            await reader.run()
            reader.finished.signal()
        }
    }

    /// Reads nothing more (a batch being landed gets `waiting` seconds), then leaves the group,
    /// so the other nodes take its partitions at once rather than after a session timeout.
    func stop(waiting: Double) {
        lock.withLock { stopping = true }
        guard loop != nil else { return }
        if finished.wait(timeout: .now() + waiting + 1) == .success {
            lock.withLock { consumer }?.close()
        } else {
            ServerLog.warning("the Kafka reader did not stop in time; its partitions move after the group's session timeout")
        }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    /// What the metrics and the admin page show of this node.
    var snapshot: State { lock.withLock { state } }

    private func run() async {
        let (library, setting) = (self.library, self.setting)
        let consumer: KafkaConsumer
        do {
            consumer = try await work.run { try KafkaConsumer(library: library, topic: setting.topic, settings: setting.librdkafka) }
        } catch {
            ServerLog.error("cannot read sales from Kafka", ["reason": "\(error)"])
            lock.withLock { state.lastError = "\(error)" }
            await note()
            return
        }
        lock.withLock { self.consumer = consumer }
        ServerLog.info("reading sales from Kafka", ["brokers": setting.brokers, "topic": setting.topic, "group": setting.group,
                                                    "librdkafka": library.version, "node": node])
        var lastNote = Date.distantPast
        while !isStopping {
            let messages = (try? await work.run { consumer.poll(limit: SalesFromKafka.batch, wait: 0.25) }) ?? []
            await follow(consumer)
            if !messages.isEmpty, !isStopping { await land(messages, consumer) }
            if Date().timeIntervalSince(lastNote) >= SalesFromKafka.noteEvery {
                lastNote = Date()
                await look(consumer)
                await note()
            }
        }
    }

    /// After a rebalance: the partitions now held, each starting at its committed offset.
    private func follow(_ consumer: KafkaConsumer) async {
        let (held, generation) = consumer.assignment
        guard generation != lock.withLock({ state.generation }) else { return }
        let new = held.subtracting(lock.withLock { state.held })
        let committed = new.isEmpty ? [:] : ((try? await work.run { consumer.committed(Array(new)) }) ?? [:])
        lock.withLock {
            state.generation = generation
            state.held = held
            state.connected = true
            for partition in state.next.keys where !held.contains(partition) { state.next[partition] = nil }
            for partition in state.end.keys where !held.contains(partition) { state.end[partition] = nil }
            for (partition, offset) in committed { state.next[partition] = offset }
        }
        ServerLog.info("Kafka partitions assigned", ["node": node, "partitions": held.sorted().map(String.init).joined(separator: ",")])
    }

    /// Lands a batch: sales and dead letters in one transaction, then the offsets.
    private func land(_ messages: [KafkaConsumer.Message], _ consumer: KafkaConsumer) async {
        let (topic, format) = (setting.topic, self.format)
        var sales: [SaleEvent] = []
        var letters: [KafkaSalesStore.DeadLetter] = []
        let now = clock()
        for m in messages {
            let place = SaleMessages.Place(topic: topic, partition: m.partition, offset: m.offset)
            do {
                sales += try SaleMessages.sales(in: m.payload, at: place, format: format)
            } catch {
                letters.append(KafkaSalesStore.DeadLetter(id: UUID.timeOrdered(), topic: topic, partition: Int(m.partition), offset: m.offset,
                                                          raw: String(decoding: m.payload.prefix(KafkaSalesStore.rawLimit), as: UTF8.self),
                                                          bytes: m.payload.count, reason: "\(error)", receivedAt: now))
            }
        }
        var attempt = 0
        while true {
            do {
                _ = try await hub.record(sales, at: now) { c in try KafkaSalesStore.add(letters, c) }
                break
            } catch {
                attempt += 1
                lock.withLock { state.lastError = "\(error)" }
                ServerLog.warning("sales from Kafka could not be kept; trying again", ["reason": "\(error)", "attempt": String(attempt)])
                // Nothing was committed: if this node stops now, whoever holds the partitions next reads them again.
                if isStopping { return }
                try? await Task.sleep(for: .seconds(min(30, 0.5 * pow(2, Double(attempt - 1)))))
            }
        }
        landed += 1
        if landed == dieBeforeCommit { kill(getpid(), SIGKILL) }
        var offsets: [Int32: Int64] = [:]
        var counts: [Int32: Int64] = [:]
        for m in messages {
            offsets[m.partition] = max(offsets[m.partition] ?? 0, m.offset + 1)
            counts[m.partition, default: 0] += 1
        }
        let committed: Bool
        do {
            try await work.run { [offsets] in try consumer.commit(offsets) }
            committed = true
        } catch {
            // The sales are kept; whoever reads these messages again finds them known.
            committed = false
            lock.withLock { state.lastError = "offsets not committed: \(error)" }
            ServerLog.warning("Kafka offsets not committed", ["reason": "\(error)"])
        }
        lock.withLock {
            for (partition, next) in offsets { state.next[partition] = next }
            for (partition, count) in counts { state.consumed[partition, default: 0] += count }
            state.deadLetters += Int64(letters.count)
            if committed {
                state.lastCommit = clock()
                state.connected = true
                state.lastError = nil
            }
        }
    }

    /// The partitions' ends as last heard, and whether librdkafka says the brokers are away.
    private func look(_ consumer: KafkaConsumer) async {
        let held = lock.withLock { state.held }
        let ends = (try? await work.run { Dictionary(uniqueKeysWithValues: held.compactMap { p in consumer.end(of: p).map { (p, $0) } }) }) ?? [:]
        let health = consumer.takeHealth()
        lock.withLock {
            state.end = ends
            if health.brokersDown { state.connected = false }
            if let error = health.lastError { state.lastError = error }
        }
    }

    /// The partitions this node holds, as the admin page shows them.
    static func partitions(_ s: State) -> [KafkaPartitionState] {
        s.held.sorted().map { p in
            let (next, end) = (s.next[p], s.end[p])
            let lag = end.map { end in max(0, end - (next ?? end)) }
            return KafkaPartitionState(partition: Int(p), next: next, end: end, lag: next == nil ? nil : lag, consumed: s.consumed[p] ?? 0)
        }
    }

    /// Notes this node's state in the database, where every node's admin page reads it.
    private func note() async {
        let s = snapshot
        let partitions = (try? JSONCoding.encoder.encode(SalesFromKafka.partitions(s))).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let row = KafkaSalesStore.Consumer(node: node, topic: setting.topic, group: setting.group, connected: s.connected, partitions: partitions,
                                           consumed: s.consumed.values.reduce(0, +), deadLetters: s.deadLetters, lastCommitAt: s.lastCommit,
                                           lastError: s.lastError.map { String($0.prefix(500)) }, seenAt: clock())
        _ = try? await database.transaction { c in try KafkaSalesStore.note(row, c) }
    }
}
