import Foundation
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The app's database, with its reads held after they have read (so what they read is already
/// decided) until the test lets each go: a test can put a sale between a read and what the
/// reader does with it.
final class HeldReads: Database, @unchecked Sendable {
    let inner: Database
    private let lock = NSLock()
    private var holding = true
    private var held: [CheckedContinuation<Void, Never>] = []
    private let signal: AsyncStream<Void>.Continuation
    /// One element per read held.
    let holds: AsyncStream<Void>

    init(_ inner: Database) {
        self.inner = inner
        (holds, signal) = AsyncStream<Void>.makeStream()
    }

    var dialect: SQLDialect { inner.dialect }

    func read<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T {
        let value = try await inner.read(work)
        await hold()
        return value
    }

    func readTogether<T>(_ work: @escaping (SQLConnection) throws -> Later<T>) async throws -> T {
        let value = try await inner.readTogether(work)
        await hold()
        return value
    }

    private func hold() async {
        await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
            let hold = lock.withLock { () -> Bool in
                if holding { held.append(waiting) }
                return holding
            }
            if hold { signal.yield() } else { waiting.resume() }
        }
    }

    /// Lets the oldest held read go on.
    func releaseOne() {
        lock.withLock { held.isEmpty ? nil : held.removeFirst() }?.resume()
    }

    /// Lets the newest held read go on.
    func releaseNewest() {
        lock.withLock { held.popLast() }?.resume()
    }

    /// Lets every held read go on, and holds no more.
    func releaseAll() {
        let all = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            holding = false
            defer { held = [] }
            return held
        }
        for waiting in all { waiting.resume() }
    }

    @discardableResult
    func transaction<T>(_ work: @escaping (SQLConnection) throws -> T) async throws -> T { try await inner.transaction(work) }
    func transaction<T>(_ work: @escaping (SQLConnection) throws -> T, then: @escaping (T) -> [SQLStatement]) async throws -> (T, thenFailed: Error?) {
        try await inner.transaction(work, then: then)
    }
    func statistics() -> PoolStatistics { inner.statistics() }
    func close() {}
    func shutDown(waiting seconds: Double) {}
}

@Suite struct SignageHubTests {
    /// A board is first read (a screen's first, or a board with milestones watched without one)
    /// while a sale lands: the sale is heard before the board is watched, so nothing marks it
    /// changed. The hub must read it again, not keep the figure without the sale until its
    /// minute's tick (a playlist's wall showed ¥0 for a board that had sold ¥7,000).
    @Test(arguments: Engine.allCases)
    func aSaleHeardWhileABoardIsFirstReadIsNotLost(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-12-03T12:00:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(engine, clock: clock)
        let live = try await SignageTests.Live(running)
        let bus = running.app.context.bus
        // The board gets milestones; once every hub has heard that, nothing else is on its way.
        let (before, news) = AsyncStream<String>.makeStream()
        bus.subscribe(SignageHub.topic) { news.yield($0.data) }
        _ = try MilestoneStreamTests.celebrate(live)
        for await data in before where data.contains("\"milestones\"") { break }
        let board = try #require(UUID(uuidString: live.id))
        // A second hub on the same bus, reading through the held database; its tick is far off.
        let held = HeldReads(running.app.database)
        let hub = SignageHub(database: held, bus: bus, tick: 3_600, clock: { clock.now })
        let (heardSale, told) = AsyncStream<Void>.makeStream()
        // Subscribed after the hub: run after its handler (a bus runs them in order, one at a time).
        bus.subscribe(SignageHub.topic) { entry in if entry.data.contains("\"touched\"") { told.yield() } }
        var holds = held.holds.makeAsyncIterator()
        // The hub watches the boards with milestones as it starts: first it lists them...
        _ = await holds.next()
        held.releaseOne()
        // ...then reads this board's figures, without the sale about to land.
        _ = await holds.next()
        try live.send([SignageTests.sale("during", 4_000, campaign: nil)])
        var heard = heardSale.makeAsyncIterator()
        _ = await heard.next()
        held.releaseAll()
        #expect(await eventually(timeout: 10) { hub.stateForTests(board)?.total == 4_000 },
                "the hub holds \(String(describing: hub.stateForTests(board)?.total)), without the sale heard while it read")
        withExtendedLifetime(hub) {}
    }
}
