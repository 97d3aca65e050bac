import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiStore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `yaruki sales simulate`: realistic dummy sales for a board, posted over HTTP to a running
/// server the way a shop's systems would (batches, an API key, a retried batch now and then),
/// or published to a Kafka topic the way a shop's tills would (a message per sale, keyed by its
/// id, now and then one sent twice), so its wall screens move. For demos and load.
public struct SalesSimulator: Sendable {
    /// The demo sales board's wall screen link (a path with its secret), once seeded.
    public static func demoWallLink(_ database: Database) async throws -> String? {
        try await SignageDemo.wallLink(database)
    }

    /// The demo playlist's wall screen link (both demo boards on one screen), once seeded.
    public static func demoPlaylistLink(_ database: Database) async throws -> String? {
        try await SignageDemo.playlistLink(database)
    }

    /// What the simulator calls itself in its requests (the terminal log leaves its routine posts out).
    static let userAgent = Settings.quietUserAgent
    /// Where the sales go.
    public enum Target: Sendable {
        case server(URL, key: String)
        case kafka(KafkaSetting)
    }

    public var board: SalesBoard
    /// Sales a second, on average (arrivals are random, as a shop's are).
    public var rate: Double
    /// Seconds to run; nil runs until stopped.
    public var duration: Double?
    public var target: Target
    public var seed: UInt64
    /// Share of batches sent twice, as a sender that timed out and retried would.
    public var retries = 0.01
    public var tick = 0.1

    public init(board: SalesBoard, rate: Double, duration: Double?, target: Target, seed: UInt64) {
        self.board = board
        self.rate = rate
        self.duration = duration
        self.target = target
        self.seed = seed
    }

    /// "50/s", "300/m", "1000/h" or a bare number (a second).
    public static func rate(_ text: String) -> Double? {
        let parts = text.split(separator: "/", maxSplits: 1)
        guard let count = Double(parts.first ?? ""), count > 0, count.isFinite else { return nil }
        let per: Double? = switch parts.count == 2 ? String(parts[1]) : "s" {
        case "s", "sec", "second": 1
        case "m", "min", "minute": 60
        case "h", "hour": 3_600
        default: nil
        }
        guard let per, count / per <= 100_000 else { return nil }
        return count / per
    }

    /// "90s", "10m", "2h" or a bare number of seconds.
    public static func duration(_ text: String) -> Double? {
        guard let unit = text.last else { return nil }
        let (digits, scale): (Substring, Double) = switch unit {
        case "s": (text.dropLast(), 1)
        case "m": (text.dropLast(), 60)
        case "h": (text.dropLast(), 3_600)
        default: (Substring(text), 1)
        }
        guard let value = Double(digits), value > 0, value.isFinite else { return nil }
        return value * scale
    }

    public struct Tally: Sendable {
        public var sent = 0
        public var accepted = 0
        public var duplicates = 0
        /// Batches that failed (and were sent again with the next one).
        public var failures = 0
    }

    /// Runs until `duration` has passed or `stop` says so, calling `report` every few seconds.
    /// Sent to Kafka, a sale counts as accepted once the broker has it (which are new is for the
    /// server to say).
    public func run(stop: @escaping @Sendable () -> Bool = { false }, report: @escaping @Sendable (Tally) -> Void) async throws -> Tally {
        let producer: KafkaProducer? = try {
            guard case let .kafka(setting) = target else { return nil }
            return try KafkaProducer(library: try KafkaLibrary.open(setting.library), topic: setting.topic,
                                     settings: [("bootstrap.servers", setting.brokers)] + setting.properties.map { ($0.name, $0.value) })
        }()
        var generator = SaleGenerator(board: board, seed: seed, prefix: "sim-\(seed)-")
        var retry = SeededRandom(seed: seed ^ 0x5EED)
        var tally = Tally()
        let start = Date()
        var next = start
        var lastReport = start
        var previous: [SaleEvent] = []
        var unsent: [SaleEvent] = []
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        while !stop() {
            let now = Date()
            if let duration, now.timeIntervalSince(start) >= duration { break }
            // Ticks are kept against the start, so a slow request does not slow the rate.
            next = next.addingTimeInterval(tick)
            var sales = (0..<generator.arrivals(rate: rate, seconds: tick)).map { _ in generator.sale(at: now) }
            if !sales.isEmpty, !previous.isEmpty, Double.random(in: 0..<1, using: &retry) < retries { sales = previous + sales }
            // What failed last time goes first: delivery is at least once, and the server ignores repeats.
            sales = Array((unsent + sales).suffix(100_000))
            unsent = []
            var offset = 0
            while offset < sales.count {
                let batch = Array(sales[offset..<min(sales.count, offset + 1_000)])
                offset += batch.count
                if let reply = await send(batch, session, producer) {
                    tally.sent += batch.count
                    tally.accepted += reply.accepted
                    tally.duplicates += reply.duplicates
                    previous = Array(batch.suffix(20))
                } else {
                    tally.failures += 1
                    unsent += batch
                }
            }
            if now.timeIntervalSince(lastReport) >= 5 {
                report(tally)
                lastReport = now
            }
            let wait = next.timeIntervalSinceNow
            if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000)) } else { next = Date() }
        }
        return tally
    }

    private func send(_ batch: [SaleEvent], _ session: URLSession, _ producer: KafkaProducer?) async -> SaleReceipt? {
        switch target {
        case let .server(server, key): return await post(batch, to: server, key: key, session)
        case .kafka:
            guard let producer else { return nil }
            do {
                for sale in batch { try producer.send(Array(try JSONCoding.encoder.encode(sale)), key: sale.id) }
                try producer.flush()
                return SaleReceipt(accepted: batch.count, duplicates: 0)
            } catch {
                return nil
            }
        }
    }

    private func post(_ batch: [SaleEvent], to server: URL, key: String, _ session: URLSession) async -> SaleReceipt? {
        var request = URLRequest(url: server.appendingPathComponent("v1/signage/events"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        request.setValue(SalesSimulator.userAgent, forHTTPHeaderField: "User-Agent")
        request.timeoutInterval = 10
        guard let body = try? JSONCoding.encoder.encode(SaleBatch(events: batch)) else { return nil }
        request.httpBody = body
        guard let (data, response) = try? await session.data(for: request),
              (response as? HTTPURLResponse)?.statusCode == 200 else { return nil }
        return try? JSONCoding.decoder.decode(SaleReceipt.self, from: data)
    }

    // MARK: the command

    /// The board named on the command line: its id, or `demo` for the demo's board.
    public static func board(_ name: String, _ database: Database) async throws -> SalesBoard? {
        let id = name == "demo" ? try await SettingsStore(database: database).value(SignageDemo.boardSetting).flatMap(UUID.init(strict:))
                                : UUID(strict: name)
        guard let id else { return nil }
        return try await database.read { c in try SignageStore.board(id, c) }
    }

    /// An API key for this run, made in the database (revoke it with `revokeKey` when done).
    public static func makeKey(_ database: Database, now: Date) async throws -> (id: UUID, key: String) {
        let key = "yk_" + Crypto.randomToken(32)
        let id = UUID()
        try await database.transaction { c in
            try SignageStore.insertKey(id: id, name: "sales simulator (\(ProcessInfo.processInfo.processIdentifier))", hash: Crypto.tokenHash(key),
                                       scopes: [SignageService.writeScope], by: nil, at: now, c)
        }
        return (id, key)
    }

    public static func revokeKey(_ id: UUID, _ database: Database, now: Date) async throws {
        _ = try await database.transaction { c in try SignageStore.revokeKey(id, at: now, c) }
    }
}
