import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// A board's state as the wall screen shows it.
struct BoardSnapshot: Encodable, Sendable {
    struct Channel: Encodable, Sendable { var channel: String; var amount: Int64; var sales: Int64 }
    struct Hour: Encodable, Sendable { var start: Date; var amount: Int64 }
    struct Definition: Encodable, Sendable {
        var id: UUID; var title: String; var currency: String; var startsAt: Date; var endsAt: Date
        var campaign: String?; var channel: String?; var goal: Int64?
    }
    var board: Definition
    var total: Int64
    var sales: Int64
    var channels: [Channel]
    var hours: [Hour]
    var version: UInt64
    var at: Date

    static func make(_ b: SignageStore.Board, sums: [SignageStore.BucketSum], version: UInt64, at: Date) -> BoardSnapshot {
        var channels: [String: (Int64, Int64)] = [:]
        var hours: [Int64: Int64] = [:]
        for s in sums {
            channels[s.channel, default: (0, 0)].0 += s.amount
            channels[s.channel, default: (0, 0)].1 += s.sales
            hours[s.bucket - s.bucket % 3_600_000, default: 0] += s.amount
        }
        // Every hour of the window, sales or not, so the bar strip keeps its shape.
        let first = SalesBucket.start(of: b.startsAt) / 3_600_000 * 3_600_000
        let end = Int64((b.endsAt.timeIntervalSince1970 * 1000).rounded())
        let strip = stride(from: first, to: end, by: 3_600_000).prefix(24 * 62).map {
            Hour(start: Date(timeIntervalSince1970: Double($0) / 1000), amount: hours[$0] ?? 0)
        }
        return BoardSnapshot(board: Definition(id: b.id, title: b.title, currency: b.currency, startsAt: b.startsAt, endsAt: b.endsAt,
                                               campaign: b.campaign, channel: b.channel, goal: b.goal),
                             total: sums.reduce(0) { $0 + $1.amount }, sales: sums.reduce(0) { $0 + $1.sales },
                             channels: channels.map { Channel(channel: $0.key, amount: $0.value.0, sales: $0.value.1) }
                                 .sorted { ($0.amount, $1.channel) > ($1.amount, $0.channel) },
                             hours: strip, version: version, at: at)
    }
}

/// Wall screens' streams, per board. Sales mark the boards they count on as changed; a
/// flusher sends each changed board's new snapshot at most every `interval` (coalescing: a burst
/// of a thousand sales is one update), encoded once for all its screens. A screen that cannot
/// keep up is dropped by its connection's buffer limit without holding the others back.
final class SignageHub: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [UUID: [ObjectIdentifier: EventStream]] = [:]
    private var definitions: [UUID: SignageStore.Board] = [:]
    private var dirty: Set<UUID> = []
    private var versions: [UUID: UInt64] = [:]
    private var flusher: Task<Void, Never>?
    let interval: Double
    let database: Database
    let clock: @Sendable () -> Date

    init(database: Database, interval: Double = 0.25, clock: @escaping @Sendable () -> Date) {
        self.database = database
        self.interval = interval
        self.clock = clock
    }

    func snapshot(_ board: SignageStore.Board) async throws -> BoardSnapshot {
        let sums = try await database.read { c in
            try SignageStore.sums(currency: board.currency, from: board.startsAt, to: board.endsAt, campaign: board.campaign, channel: board.channel, c)
        }
        let version = lock.withLock { () -> UInt64 in
            versions[board.id, default: 0] += 1
            return versions[board.id]!
        }
        return BoardSnapshot.make(board, sums: sums, version: version, at: clock())
    }

    static func event(_ snapshot: BoardSnapshot) -> ServerSentEvent? {
        guard let json = try? JSONCoding.encoder.encode(snapshot) else { return nil }
        return ServerSentEvent(id: String(snapshot.version), event: "total", data: String(decoding: json, as: UTF8.self), retry: 2000)
    }

    /// Starts a screen: the board's state now (also after a reconnect: the newest state is all a
    /// wall needs), then its updates.
    func attach(_ stream: EventStream, board: SignageStore.Board) async {
        lock.withLock {
            streams[board.id, default: [:]][ObjectIdentifier(stream)] = stream
            definitions[board.id] = board
        }
        stream.onClose { [weak self, weak stream] in
            guard let self, let stream else { return }
            self.lock.withLock {
                self.streams[board.id]?.removeValue(forKey: ObjectIdentifier(stream))
                if self.streams[board.id]?.isEmpty == true { self.streams[board.id] = nil }
            }
        }
        if let first = try? await snapshot(board), let event = SignageHub.event(first) { stream.send(event) }
        startFlusher()
    }

    /// New sales: the watched boards they count on will be sent again.
    func salesArrived(_ sales: [SaleEvent]) {
        guard !sales.isEmpty else { return }
        lock.withLock {
            for (id, board) in definitions where streams[id] != nil && sales.contains(where: board.counts) { dirty.insert(id) }
        }
    }

    /// A board's definition changed (or it was deleted: nil).
    func boardChanged(_ id: UUID, _ board: SignageStore.Board?) {
        let closing: [EventStream] = lock.withLock {
            if let board {
                if definitions[id] != nil { definitions[id] = board; dirty.insert(id) }
                return []
            }
            definitions[id] = nil
            return Array(streams.removeValue(forKey: id)?.values ?? [:].values)
        }
        for stream in closing { stream.close() }
    }

    var watchers: Int { lock.withLock { streams.values.reduce(0) { $0 + $1.count } } }

    private func startFlusher() {
        lock.withLock {
            guard flusher == nil else { return }
            // Holds the hub only while flushing, so a hub whose server is gone is freed and its loop ends.
            let pause = UInt64(interval * 1_000_000_000)
            flusher = Task.detached { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: pause)
                    guard let hub = self else { return }
                    await hub.flush()
                }
            }
        }
    }

    func flush() async {
        let due: [(SignageStore.Board, [EventStream])] = lock.withLock {
            defer { dirty.removeAll() }
            return dirty.compactMap { id in
                guard let board = definitions[id], let watching = streams[id], !watching.isEmpty else { return nil }
                return (board, Array(watching.values))
            }
        }
        for (board, watching) in due {
            guard let snapshot = try? await snapshot(board), let event = SignageHub.event(snapshot) else { continue }
            for stream in watching { stream.send(event) }
        }
    }
}
