import CRdKafka
import Foundation

/// What went wrong with Kafka, in librdkafka's words.
struct KafkaError: Error, CustomStringConvertible {
    let description: String
}

/// librdkafka, opened at run time (`CRdKafka/shim.h` says why): from `--kafka-library`, or the
/// system's `librdkafka.so.1`. Opened once per path for the life of the process.
final class KafkaLibrary: @unchecked Sendable {
    let api: yaruki_kafka
    let path: String
    var version: String { api.version_str!().map { String(cString: $0) } ?? "?" }

    private init(api: yaruki_kafka, path: String) {
        (self.api, self.path) = (api, path)
    }

    static let systemName = "librdkafka.so.1"
    private static let lock = NSLock()
    nonisolated(unsafe) private static var opened: [String: KafkaLibrary] = [:]

    static func open(_ path: String?) throws -> KafkaLibrary {
        let path = path ?? systemName
        return try lock.withLock {
            if let library = opened[path] { return library }
            var api = yaruki_kafka()
            var error = [CChar](repeating: 0, count: 512)
            guard yaruki_kafka_open(path, &api, &error, error.count) == 0 else {
                throw KafkaError(description: "cannot load librdkafka (\(path)): \(String(nulTerminated: error))")
            }
            let library = KafkaLibrary(api: api, path: path)
            opened[path] = library
            return library
        }
    }

    func message(_ error: rd_kafka_resp_err_t) -> String { api.err2str!(error).map { String(cString: $0) } ?? "error \(error.rawValue)" }

    /// A configuration with `settings` applied; the first one librdkafka refuses is thrown.
    func configuration(_ settings: [(String, String)]) throws -> OpaquePointer {
        guard let conf = api.conf_new!() else { throw KafkaError(description: "librdkafka made no configuration") }
        var error = [CChar](repeating: 0, count: 512)
        for (name, value) in settings where api.conf_set!(conf, name, value, &error, error.count) != RD_KAFKA_CONF_OK {
            api.conf_destroy!(conf)
            throw KafkaError(description: "\(name): \(String(nulTerminated: error))")
        }
        return conf
    }

    /// Throws what librdkafka says of the first property it refuses (checked at start, so a typo
    /// in --kafka-config stops the server instead of leaving it without its sales).
    func check(_ settings: [(String, String)]) throws {
        api.conf_destroy!(try configuration(settings))
    }

    /// A client of `kind` from `conf` (which it takes over, or destroys when it cannot).
    func client(_ kind: rd_kafka_type_t, _ conf: OpaquePointer) throws -> OpaquePointer {
        var error = [CChar](repeating: 0, count: 512)
        guard let client = api.new_client!(kind, conf, &error, error.count) else {
            api.conf_destroy!(conf)
            throw KafkaError(description: String(nulTerminated: error))
        }
        return client
    }
}

/// One member of a consumer group reading one topic, with offsets committed only when asked
/// (`enable.auto.commit` off): the caller commits what its database has kept.
///
/// librdkafka runs the group protocol (join, sync, heartbeats, rebalances) on its own threads;
/// the rebalance itself is handed to `poll`'s caller, which assigns what it is given and notes
/// which partitions it holds, so `poll` never returns a message of a partition taken away
/// meanwhile. Every call blocks: use it from one thread at a time (`BlockingWork`).
final class KafkaConsumer: @unchecked Sendable {
    struct Message: Sendable {
        var partition: Int32
        var offset: Int64
        var payload: [UInt8]
    }

    /// What librdkafka told the callbacks, read by the owner.
    final class Events: @unchecked Sendable {
        let api: yaruki_kafka
        let lock = NSLock()
        var assigned: Set<Int32> = []
        /// Bumped by every assignment and revocation.
        var generation = 0
        var lastError: String?
        var brokersDown = false

        init(api: yaruki_kafka) { self.api = api }
    }

    let library: KafkaLibrary
    let topic: String
    private let handle: OpaquePointer
    private let events: Events
    private let retained: Unmanaged<Events>
    private var closed = false

    /// `settings` are librdkafka's properties (bootstrap.servers, group.id, security…).
    init(library: KafkaLibrary, topic: String, settings: [(String, String)]) throws {
        self.library = library
        self.topic = topic
        let api = library.api
        events = Events(api: api)
        let conf = try library.configuration([("enable.auto.commit", "false"), ("enable.auto.offset.store", "false"),
                                              ("auto.offset.reset", "earliest"), ("enable.partition.eof", "false")] + settings)
        retained = Unmanaged.passRetained(events)
        api.conf_set_opaque!(conf, retained.toOpaque())
        api.conf_set_rebalance_cb!(conf) { client, error, partitions, opaque in
            guard let opaque else { return }
            let events = Unmanaged<Events>.fromOpaque(opaque).takeUnretainedValue()
            var given: Set<Int32> = []
            if let list = partitions?.pointee, let elements = list.elems {
                for i in 0..<Int(list.cnt) { given.insert(elements[i].partition) }
            }
            if error == RD_KAFKA_RESP_ERR__ASSIGN_PARTITIONS {
                _ = events.api.assign!(client, partitions)
                events.lock.withLock {
                    events.assigned = given
                    events.generation += 1
                }
            } else {
                _ = events.api.assign!(client, nil)
                events.lock.withLock {
                    events.assigned = []
                    events.generation += 1
                }
            }
        }
        api.conf_set_error_cb!(conf) { _, code, reason, opaque in
            guard let opaque else { return }
            let events = Unmanaged<Events>.fromOpaque(opaque).takeUnretainedValue()
            let text = reason.map { String(cString: $0) } ?? "error \(code)"
            events.lock.withLock {
                events.lastError = text
                if code == RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN.rawValue { events.brokersDown = true }
            }
        }
        do {
            handle = try library.client(RD_KAFKA_CONSUMER, conf)
        } catch {
            retained.release()
            throw error
        }
        _ = api.poll_set_consumer!(handle)
        let list = api.list_new!(1)
        _ = api.list_add!(list, topic, -1)
        let subscribed = api.subscribe!(handle, list)
        api.list_destroy!(list)
        guard subscribed == RD_KAFKA_RESP_ERR_NO_ERROR else {
            api.destroy!(handle)
            retained.release()
            throw KafkaError(description: "cannot subscribe to \(topic): \(library.message(subscribed))")
        }
    }

    deinit { close() }

    /// Partitions held now, and how many times the assignment has changed.
    var assignment: (partitions: Set<Int32>, generation: Int) { events.lock.withLock { (events.assigned, events.generation) } }

    /// The error librdkafka reported since the last look (taken), and whether it said every
    /// broker is down (until the next message or commit).
    func takeHealth() -> (lastError: String?, brokersDown: Bool) {
        events.lock.withLock {
            defer { events.lastError = nil }
            return (events.lastError, events.brokersDown)
        }
    }

    /// Waits up to `wait` seconds for a message, then takes what has already arrived, up to
    /// `limit`: a burst comes as one batch, a lone sale at once. Messages of a partition taken
    /// away during the call are left out (its next owner reads them from the committed offset).
    func poll(limit: Int, wait: Double) -> [Message] {
        let api = library.api
        var messages: [Message] = []
        let generation = assignment.generation
        var timeout = Int32(wait * 1000)
        while messages.count < limit, let message = api.consumer_poll!(handle, timeout) {
            timeout = 0
            defer { api.message_destroy!(message) }
            let m = message.pointee
            guard m.err == RD_KAFKA_RESP_ERR_NO_ERROR else {
                let text = m.payload.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? library.message(m.err)
                events.lock.withLock { events.lastError = text }
                continue
            }
            let payload = m.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: m.len)) } ?? []
            messages.append(Message(partition: m.partition, offset: m.offset, payload: payload))
        }
        if !messages.isEmpty { events.lock.withLock { events.brokersDown = false } }
        let (held, now) = assignment
        if now != generation { messages.removeAll { !held.contains($0.partition) } }
        return messages
    }

    /// Commits `offsets` (each partition's next offset to read) and waits for the broker.
    func commit(_ offsets: [Int32: Int64]) throws {
        guard !offsets.isEmpty else { return }
        let api = library.api
        let list = api.list_new!(Int32(offsets.count))
        defer { api.list_destroy!(list) }
        for (partition, next) in offsets { api.list_add!(list, topic, partition)?.pointee.offset = next }
        let result = api.commit!(handle, list, 0)
        guard result == RD_KAFKA_RESP_ERR_NO_ERROR else { throw KafkaError(description: library.message(result)) }
        events.lock.withLock { events.brokersDown = false }
    }

    /// The group's committed offsets of `partitions` (nil where none is committed yet).
    func committed(_ partitions: [Int32], timeout: Double = 5) -> [Int32: Int64] {
        guard !partitions.isEmpty else { return [:] }
        let api = library.api
        let list = api.list_new!(Int32(partitions.count))
        defer { api.list_destroy!(list) }
        for partition in partitions { _ = api.list_add!(list, topic, partition) }
        guard api.committed!(handle, list, Int32(timeout * 1000)) == RD_KAFKA_RESP_ERR_NO_ERROR, let elements = list?.pointee.elems else { return [:] }
        var offsets: [Int32: Int64] = [:]
        for i in 0..<Int(list!.pointee.cnt) where elements[i].offset >= 0 { offsets[elements[i].partition] = elements[i].offset }
        return offsets
    }

    /// The partition's end (the offset the next message will get) as last heard from its
    /// broker; nil before the first fetch answered.
    func end(of partition: Int32) -> Int64? {
        var (low, high): (Int64, Int64) = (0, 0)
        guard library.api.get_watermark_offsets!(handle, topic, partition, &low, &high) == RD_KAFKA_RESP_ERR_NO_ERROR, high >= 0 else { return nil }
        return high
    }

    /// Leaves the group (its partitions go to the others at once) and frees the client.
    func close() {
        guard !closed else { return }
        closed = true
        _ = library.api.consumer_close!(handle)
        library.api.destroy!(handle)
        retained.release()
    }
}

/// Sends messages to one topic (the sales simulator's Kafka mode), each acknowledged by the
/// broker before `flush` returns.
final class KafkaProducer: @unchecked Sendable {
    /// Deliveries the broker refused, noted by librdkafka's callback until the next flush.
    final class Reports: @unchecked Sendable {
        let lock = NSLock()
        var failed: [rd_kafka_resp_err_t] = []
    }

    let library: KafkaLibrary
    private let handle: OpaquePointer
    private let topic: OpaquePointer
    private let reports = Reports()
    private let retained: Unmanaged<Reports>

    init(library: KafkaLibrary, topic: String, settings: [(String, String)]) throws {
        self.library = library
        let api = library.api
        let conf = try library.configuration([("enable.idempotence", "true"), ("linger.ms", "5")] + settings)
        retained = Unmanaged.passRetained(reports)
        api.conf_set_opaque!(conf, retained.toOpaque())
        api.conf_set_dr_msg_cb!(conf) { _, message, opaque in
            guard let opaque, let message else { return }
            let reports = Unmanaged<Reports>.fromOpaque(opaque).takeUnretainedValue()
            let error = message.pointee.err
            if error != RD_KAFKA_RESP_ERR_NO_ERROR { reports.lock.withLock { reports.failed.append(error) } }
        }
        do {
            handle = try library.client(RD_KAFKA_PRODUCER, conf)
        } catch {
            retained.release()
            throw error
        }
        guard let made = api.topic_new!(handle, topic, nil) else {
            api.destroy!(handle)
            retained.release()
            throw KafkaError(description: "cannot use topic \(topic)")
        }
        self.topic = made
    }

    deinit {
        library.api.topic_destroy!(topic)
        library.api.destroy!(handle)
        retained.release()
    }

    /// Queues one message (copied), waiting while librdkafka's queue is full; `key` picks the
    /// partition.
    func send(_ payload: [UInt8], key: String) throws {
        let api = library.api
        while true {
            let result = payload.withUnsafeBytes { bytes in
                key.withCString { k in
                    api.produce!(topic, -1, 0x2 /* RD_KAFKA_MSG_F_COPY */, UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count,
                                 k, strlen(k), nil)
                }
            }
            if result == 0 { break }
            let error = api.last_error!()
            guard error == RD_KAFKA_RESP_ERR__QUEUE_FULL else { throw KafkaError(description: library.message(error)) }
            _ = api.poll!(handle, 50)
        }
        _ = api.poll!(handle, 0)
    }

    /// Waits until every queued message is acknowledged (or `timeout` passes); throws when one
    /// was not, or could not be delivered since the last flush (the caller sends them again).
    func flush(timeout: Double = 30) throws {
        let result = library.api.flush!(handle, Int32(timeout * 1000))
        let failed = reports.lock.withLock {
            defer { reports.failed = [] }
            return reports.failed
        }
        guard result == RD_KAFKA_RESP_ERR_NO_ERROR else { throw KafkaError(description: "messages still unsent: \(library.message(result))") }
        guard failed.isEmpty else { throw KafkaError(description: "\(failed.count) messages not delivered: \(library.message(failed[0]))") }
    }
}
