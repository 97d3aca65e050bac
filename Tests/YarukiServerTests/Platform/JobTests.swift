import Foundation
import Synchronization
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The job table under several runners (nodes) on one database: each job runs exactly once,
/// a job whose node died is picked up after its lease, failures come back after a backoff.
@Suite(.serialized) struct JobTests {
    /// What ran, by job id, with the node it ran on.
    final class Ledger: @unchecked Sendable {
        private let lock = NSLock()
        private var runs: [UUID: [String]] = [:]
        func add(_ id: UUID, _ node: String) { lock.withLock { runs[id, default: []].append(node) } }
        var all: [UUID: [String]] { lock.withLock { runs } }
    }

    static func runners(_ engine: Engine, _ count: Int, clock: TestClock) async throws -> (Database, [JobRunner]) {
        let database = try await freshDatabase(engine)
        try await Migrator.migrate(database)
        let runners = (0..<count).map { _ in
            JobRunner(database: database, bus: EventBus(database: database, clock: { clock.now }), clock: { clock.now }, width: 2, poll: 0.05)
        }
        return (database, runners)
    }

    /// A kind with a width of its own (work that waits on the network) runs that many at once
    /// beside the runner's width, and does not take the runner's slots.
    @Test func aKindWithItsOwnWidthRunsThatManyAtOnceBesideTheRest() async throws {
        let clock = TestClock()
        let (_, runners) = try await Self.runners(.sqlite, 1, clock: clock)
        let runner = runners[0]
        let peak = Mutex((now: 0, most: 0, others: 0, released: false))
        // Each waits until eight run at once, or the test lets them go: a runner that allowed
        // fewer would never get there, however fast or slow the machine, and no job watches a
        // clock. The waits below are long because a loaded full suite can leave this test's tasks
        // unscheduled for many seconds.
        runner.register("wait", lease: 30, ownWidth: 8) { _ in
            peak.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            while !peak.withLock({ $0.most >= 8 || $0.released }) { try await Task.sleep(for: .milliseconds(20)) }
            peak.withLock { $0.now -= 1 }
        }
        runner.register("work", lease: 30) { _ in peak.withLock { $0.others += 1 } }
        for _ in 0..<24 { try await runner.enqueue("wait") }
        for _ in 0..<4 { try await runner.enqueue("work") }
        runner.start()
        defer { runner.stop() }
        #expect(await eventuallyAsync(timeout: 60) { peak.withLock { $0.others } == 4 }, "the other kind runs meanwhile")
        _ = await eventuallyAsync(timeout: 60) { peak.withLock { $0.most } >= 8 }
        peak.withLock { $0.released = true }
        #expect(await eventuallyAsync(timeout: 60) { runner.ran == 28 })
        #expect(peak.withLock { $0.most } == 8, "eight at once, not the runner's two")
    }

    /// A recurring kind runs once per slot across three nodes, each run queuing the next slot;
    /// a slot missed while the clock jumped runs once, at the moment the clock moved to.
    @Test(arguments: Engine.allCases)
    func aRecurringKindRunsOncePerSlotOnWhicheverNode(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-12-04T00:00:30Z", strategy: .iso8601))
        let (database, runners) = try await Self.runners(engine, 3, clock: clock)
        let ran = Mutex<[Date]>([])
        for runner in runners {
            runner.register(.recurring("tick", every: 60) { ran.withLock { $0.append(clock.now) } })
            runner.start()
        }
        defer { for runner in runners { runner.stop() } }
        let queued = { try await database.read { c in try c.query("SELECT unique_key, state FROM jobs WHERE kind = 'tick' ORDER BY run_at", []) } }
        #expect(await eventuallyAsync(timeout: 5) { ((try? await queued()) ?? []).count == 1 }, "three nodes starting queue one job for the next minute")
        #expect(try await queued().first?.string("unique_key") == "tick@\(Int(clock.now.timeIntervalSince1970 / 60) + 1)")
        try await Task.sleep(for: .milliseconds(300))
        #expect(ran.withLock { $0 }.isEmpty, "not before its minute")
        // The clock moves only once the run is over (no job left running): a job still running
        // when the clock jumps an hour would find its lease long expired, and run again.
        let settled = { ((try? await queued()) ?? []).allSatisfy { (try? $0.string("state")) != "running" } }
        for minute in 1...3 {
            clock.advance(60)
            #expect(await eventuallyAsync(timeout: 5) { ran.withLock { $0.count } == minute })
            #expect(await eventuallyAsync(timeout: 5) { await settled() })
        }
        clock.advance(3600)  // an hour with nobody looking: one run now, not sixty
        #expect(await eventuallyAsync(timeout: 5) { ran.withLock { $0.count } == 4 })
        try await Task.sleep(for: .milliseconds(500))
        #expect(ran.withLock { $0 }.count == 4)
        #expect(ran.withLock { $0 }.last == clock.now)
        let rows = try await queued()
        #expect(rows.filter { (try? $0.string("state")) == "queued" }.count == 1, "the next slot, and only it, waits")
    }

    @Test(arguments: Engine.allCases)
    func everyJobRunsExactlyOnceWhileNodesStartAndStop(engine: Engine) async throws {
        let clock = TestClock()
        let (database, runners) = try await Self.runners(engine, 3, clock: clock)
        let ledger = Ledger()
        for runner in runners {
            runner.register("count", lease: 30) { job in
                ledger.add(job.id, runner.node)
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        runners[0].start()
        for i in 0..<150 {
            try await runners[0].enqueue("count", payload: "{\"n\":\(i)}")
            if i == 40 { runners[1].start() }
            if i == 80 { runners[2].start() }
            if i == 100 { runners[0].stop() }  // a node leaving while jobs are queued
        }
        #expect(await eventuallyAsync(timeout: 60) { ledger.all.count == 150 })
        let runs = ledger.all
        #expect(runs.values.allSatisfy { $0.count == 1 }, "a job ran twice: \(runs.filter { $0.value.count > 1 })")
        #expect(Set(runs.values.flatMap { $0 }).count >= 2, "more than one node did the work")
        // Each finish lands just after its work.
        _ = await eventuallyAsync(timeout: 30) { await counts(database) == ["done": 150] }
        #expect(await counts(database) == ["done": 150])
        runners.forEach { $0.stop() }
    }

    @Test(arguments: Engine.allCases)
    func aJobWhoseNodeDiedIsPickedUpAfterItsLease(engine: Engine) async throws {
        let clock = TestClock()
        let (database, runners) = try await Self.runners(engine, 2, clock: clock)
        // The first node claims the job and "dies": its work never returns.
        let node = "node-that-died"
        try await runners[0].enqueue("import")
        let claimed = try await database.transaction { c in
            try JobStore.claim(kinds: ["import"], node: node, now: clock.now, leaseUntil: clock.now.addingTimeInterval(60), c)
        }
        let job = try #require(claimed)
        #expect(job.attempt == 1)
        let ledger = Ledger()
        runners[1].register("import", lease: 60) { job in ledger.add(job.id, runners[1].node) }
        runners[1].start()
        defer { runners[1].stop() }
        try await Task.sleep(for: .milliseconds(300))
        #expect(ledger.all.isEmpty, "not while the lease holds")
        clock.advance(61)
        #expect(await eventuallyAsync(timeout: 20) { ledger.all[job.id] == [runners[1].node] })
        #expect(await eventuallyAsync(timeout: 20) { (try? await database.read { c in try JobStore.row(job.id, c) })??.state == "done" })
        // The dead node coming back cannot finish what is no longer its own.
        #expect(try await database.transaction { c in try JobStore.finish(job.id, node: node, at: clock.now, c) } == false)
        #expect(try await database.read { c in try JobStore.row(job.id, c) }?.attempts == 2)
    }

    @Test(arguments: Engine.allCases)
    func failuresComeBackAfterABackoffUntilAttemptsRunOut(engine: Engine) async throws {
        let clock = TestClock()
        let (database, runners) = try await Self.runners(engine, 1, clock: clock)
        let runner = runners[0]
        let ledger = Ledger()
        struct Refused: Error {}
        runner.register("flaky", maxAttempts: 3) { job in
            ledger.add(job.id, "try \(job.attempt)")
            if job.payload != "{\"ok\":true}" || job.attempt < 2 { throw Refused() }
        }
        runner.start()
        defer { runner.stop() }
        try await runner.enqueue("flaky", payload: "{\"ok\":true}")
        try await runner.enqueue("flaky", payload: "{\"ok\":false}")
        #expect(await eventuallyAsync(timeout: 20) { ledger.all.values.map(\.count).sorted() == [1, 1] })
        // Nothing more until the backoff (5 s) has passed.
        try await Task.sleep(for: .milliseconds(300))
        #expect(ledger.all.values.map(\.count).sorted() == [1, 1])
        clock.advance(JobRunner.backoff(1) + 1)
        #expect(await eventuallyAsync(timeout: 20) { ledger.all.values.map(\.count).sorted() == [2, 2] })
        // A try is in the ledger before its end is stored, with its backoff counted from the clock
        // then: the clock moves on only once both are stored (one done, one queued again).
        #expect(await eventuallyAsync(timeout: 20) { await counts(database) == ["done": 1, "queued": 1] })
        clock.advance(JobRunner.backoff(2) + 1)
        #expect(await eventuallyAsync(timeout: 20) { ledger.all.values.map(\.count).sorted() == [2, 3] })
        #expect(await eventuallyAsync(timeout: 20) { runner.failedForGood == 1 && runner.ran == 1 })
        _ = await eventuallyAsync(timeout: 30) { await counts(database) == ["done": 1, "failed": 1] }
        #expect(await counts(database) == ["done": 1, "failed": 1])
        #expect(JobRunner.backoff(1) == 5 && JobRunner.backoff(2) == 10 && JobRunner.backoff(20) == 3600)
    }

    /// A job its caller queued for later can be run at once by key; only that one, and once.
    @Test(arguments: Engine.allCases)
    func runNowTakesTheKeyedJobEvenBeforeItsTime(engine: Engine) async throws {
        let clock = TestClock()
        let (database, runners) = try await Self.runners(engine, 1, clock: clock)
        let ran = Ledger()
        runners[0].register("refund") { job in ran.add(job.id, job.payload) }
        let later = clock.now.addingTimeInterval(120)
        #expect(try await runners[0].enqueue("refund", payload: "a", runAt: later, uniqueKey: "refund:a"))
        #expect(try await runners[0].enqueue("refund", payload: "b", runAt: later, uniqueKey: "refund:b"))
        #expect(await runners[0].runNow(uniqueKey: "refund:a"))
        #expect(await runners[0].runNow(uniqueKey: "refund:a") == false, "done: not again")
        #expect(await runners[0].runNow(uniqueKey: "refund:missing") == false)
        #expect(ran.all.values.flatMap { $0 } == ["a"])
        #expect(await counts(database) == ["done": 1, "queued": 1])
    }

    /// A keyed job this node's loop claimed first is waited for by `runNow`, which answers with
    /// that run's outcome (a member's confirm tells them "refunded", not "refunding", whichever
    /// of the two took it); another node's hold answers false at once.
    @Test(arguments: Engine.allCases)
    func runNowWaitsForTheLoopThatClaimedTheJobFirst(engine: Engine) async throws {
        let clock = TestClock()
        let (_, runners) = try await Self.runners(engine, 2, clock: clock)
        let gate = Mutex((entered: false, open: false, finished: false))
        runners[0].register("refund") { _ in
            gate.withLock { $0.entered = true }
            while !gate.withLock({ $0.open }) { try await Task.sleep(for: .milliseconds(5)) }
            gate.withLock { $0.finished = true }
        }
        runners[1].register("refund") { _ in Issue.record("the other node ran it") }
        runners[0].start()
        defer { runners[0].stop() }
        #expect(try await runners[0].enqueue("refund", uniqueKey: "refund:a"))
        #expect(await eventuallyAsync(timeout: 60) { gate.withLock { $0.entered } }, "the loop claimed it")
        let waited = Task { await runners[0].runNow(uniqueKey: "refund:a") }
        #expect(await eventuallyAsync(timeout: 60) { runners[0].waiting(on: "refund:a") == 1 }, "runNow waits for the loop's run")
        #expect(await runners[1].runNow(uniqueKey: "refund:a") == false, "held by another node")
        gate.withLock { $0.open = true }
        #expect(await waited.value, "the loop's run succeeded")
        #expect(gate.withLock { $0.finished })
        #expect(runners[0].waiting(on: "refund:a") == 0)
        #expect(await runners[0].runNow(uniqueKey: "refund:a") == false, "done: not again")

        // The same when the first to claim was another runNow here (a webhook's, then a confirm's).
        gate.withLock { $0 = (false, false, false) }
        #expect(try await runners[0].enqueue("refund", runAt: clock.now.addingTimeInterval(120), uniqueKey: "refund:b"))
        let first = Task { await runners[0].runNow(uniqueKey: "refund:b") }
        #expect(await eventuallyAsync(timeout: 60) { gate.withLock { $0.entered } })
        let second = Task { await runners[0].runNow(uniqueKey: "refund:b") }
        #expect(await eventuallyAsync(timeout: 60) { runners[0].waiting(on: "refund:b") == 1 })
        gate.withLock { $0.open = true }
        let (one, two) = (await first.value, await second.value)
        #expect(one && two, "both hear it succeeded")
    }

    @Test func aUniqueKeyQueuesOnce() async throws {
        let clock = TestClock()
        let (database, runners) = try await Self.runners(.sqlite, 1, clock: clock)
        #expect(try await runners[0].enqueue("close-week", uniqueKey: "week-2026-48"))
        #expect(try await runners[0].enqueue("close-week", uniqueKey: "week-2026-48") == false)
        #expect(try await database.read { c in try JobStore.counts(c) } == ["queued": 1])
    }
}

/// Jobs by state.
func counts(_ database: Database) async -> [String: Int] {
    (try? await database.read { c in try JobStore.counts(c) }) ?? [:]
}
