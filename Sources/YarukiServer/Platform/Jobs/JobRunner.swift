import Foundation
import YarukiHTTP
import YarukiStore

/// Background work that any node may do and exactly one does (`jobs`, `JobStore`).
///
/// A kind is registered with what runs it; `enqueue` adds a job (inside the caller's transaction
/// when the job belongs with a write, so it exists exactly when the write does). Every node runs
/// the same loop: it claims due jobs, at most `width` at a time, each with a lease that it renews
/// while the work goes on, and finishes it, or queues it again after a backoff (5 s or the kind's own, doubling, at
/// most an hour) until its attempts run out. A node that dies mid-job leaves the job to whichever
/// node claims it once the lease has run out; a node that comes back too late to finish is told
/// the job is no longer its own. Nodes hear of a new job through the event bus and otherwise look
/// every `poll` seconds. On SQLite the same loop runs in the one process.
final class JobRunner: @unchecked Sendable {
    /// A failure that says when to try again (a service's Retry-After), instead of the backoff.
    protocol Later: Error {
        var retryAfter: Date? { get }
    }

    struct Kind: Sendable {
        var name: String
        var maxAttempts: Int
        var lease: TimeInterval
        /// The first retry's wait; each later one doubles it, to at most an hour.
        var firstRetry: TimeInterval
        /// A kind that recurs: one job every `every` seconds, on whichever node claims it (each
        /// slot's job is unique), tried once (the next slot comes anyway).
        var every: TimeInterval? = nil
        /// Jobs of this kind that may run at once on a node apart from the runner's `width`: for
        /// work that mostly waits on the network (a push), not on this machine.
        var ownWidth: Int? = nil
        var run: @Sendable (JobStore.Job) async throws -> Void

        /// A kind that runs every `seconds` on one node of all.
        static func recurring(_ name: String, every seconds: TimeInterval, lease: TimeInterval = 60,
                              _ run: @escaping @Sendable () async throws -> Void) -> Kind {
            Kind(name: name, maxAttempts: 1, lease: lease, firstRetry: seconds, every: seconds) { _ in try await run() }
        }
    }

    static let topic = "jobs"
    let node = "node-" + UUID().uuidString.prefix(8).lowercased()
    private let database: Database
    private let bus: EventBus
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var kinds: [String: Kind] = [:]
    private var inFlight = 0
    /// Running here now, by kind (for kinds with a width of their own).
    private var inFlightOf: [String: Int] = [:]
    private var counts = (ran: 0, failed: 0)
    /// Keyed jobs this node holds, with those waiting for the end of each (a `runNow` that this
    /// node's loop beat to the claim).
    private var held: [String: [CheckedContinuation<Bool, Never>]] = [:]
    private var tasks: [Task<Void, Never>] = []
    private let wake: AsyncStream<Void>.Continuation
    private let signals: AsyncStream<Void>
    let width: Int
    let poll: Double

    init(database: Database, bus: EventBus, clock: @escaping @Sendable () -> Date, width: Int = 2, poll: Double = 1) {
        self.database = database
        self.bus = bus
        self.clock = clock
        self.width = max(1, width)
        self.poll = poll
        (signals, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        bus.subscribe(JobRunner.topic) { [weak self] _ in self?.wake.yield() }
    }

    func register(_ name: String, maxAttempts: Int = 8, lease: TimeInterval = 60, firstRetry: TimeInterval = 5, ownWidth: Int? = nil,
                  _ run: @escaping @Sendable (JobStore.Job) async throws -> Void) {
        register(Kind(name: name, maxAttempts: maxAttempts, lease: lease, firstRetry: firstRetry, ownWidth: ownWidth, run: run))
    }

    func register(_ kind: Kind) {
        lock.withLock { kinds[kind.name] = kind }
    }

    /// Queues a recurring kind's job for its next slot (once: the slot is its unique key).
    private func scheduleNext(_ kind: Kind) async {
        guard let every = kind.every else { return }
        let slot = (clock().timeIntervalSince1970 / every).rounded(.down) + 1
        let key = "\(kind.name)@\(Int64(slot))"
        do {
            try await enqueue(kind.name, runAt: Date(timeIntervalSince1970: slot * every), uniqueKey: key)
        } catch {
            ServerLog.error("a recurring job could not be queued", ["kind": kind.name, "error": String(describing: error)])
        }
    }

    /// Wakes every node's runner (jobs just committed; `enqueue` wakes them too, but a runner
    /// woken before the caller's transaction committed finds nothing until its next look).
    func nudge() {
        bus.publish(JobRunner.topic, name: "nudge", audience: "", data: "{}", kept: false)
    }

    /// Adds a job inside the caller's transaction; false when `uniqueKey` was queued before.
    @discardableResult
    func enqueue(_ kind: String, payload: String = "{}", runAt: Date? = nil, uniqueKey: String? = nil, _ c: SQLConnection) throws -> Bool {
        let maxAttempts = lock.withLock { kinds[kind]?.maxAttempts } ?? 8
        let now = clock()
        let added = try JobStore.enqueue(kind: kind, payload: payload, runAt: runAt ?? now, maxAttempts: maxAttempts, uniqueKey: uniqueKey, at: now, c)
        if added { nudge() }
        return added
    }

    @discardableResult
    func enqueue(_ kind: String, payload: String = "{}", runAt: Date? = nil, uniqueKey: String? = nil) async throws -> Bool {
        try await database.transaction { c in try self.enqueue(kind, payload: payload, runAt: runAt, uniqueKey: uniqueKey, c) }
    }

    /// Runs the job queued under `uniqueKey` here and now (a refund tried while its person waits
    /// for the answer), or, when this node's loop claimed it first, waits for that run to end;
    /// true when it ran and succeeded. False at once when it is done already or another node
    /// holds it. A failure is retried by the runners as usual.
    @discardableResult
    func runNow(uniqueKey: String) async -> Bool {
        if let (job, kind) = await claim(uniqueKey: uniqueKey) { return await run(job, kind) }
        return await withCheckedContinuation { waiter in
            if lock.withLock({ held[uniqueKey]?.append(waiter) }) == nil { waiter.resume(returning: false) }
        }
    }

    /// How many wait for the keyed job this node runs now.
    func waiting(on key: String) -> Int {
        lock.withLock { held[key]?.count ?? 0 }
    }

    /// A keyed job's run here ended: whoever waited for it hears how.
    private func release(_ key: String?, ran: Bool) {
        guard let key else { return }
        for waiter in lock.withLock({ held.removeValue(forKey: key) ?? [] }) { waiter.resume(returning: ran) }
    }

    /// Forgets jobs done or failed for good before `before` (the table would otherwise only grow).
    @discardableResult
    func prune(finishedBefore before: Date) async throws -> Int {
        try await database.transaction { c in try JobStore.prune(finishedBefore: before, c) }
    }

    /// Jobs run here since start, and those that failed for good.
    var ran: Int { lock.withLock { counts.ran } }
    var failedForGood: Int { lock.withLock { counts.failed } }
    /// Jobs running here now.
    var running: Int { lock.withLock { inFlight + inFlightOf.values.reduce(0, +) } }

    func start() {
        let runner = self
        let recurring = lock.withLock { kinds.values.filter { $0.every != nil } }
        Task.detached { for kind in recurring { await runner.scheduleNext(kind) } }
        let loop = Task.detached {
            for await _ in runner.signals { await runner.claimWhileFree() }
        }
        // Looks every `poll` seconds, or sooner when a job falls due before then (a rest's end).
        let timer = Task.detached {
            while !Task.isCancelled {
                runner.wake.yield()
                try? await Task.sleep(for: .seconds(await runner.untilNextLook()))
            }
        }
        lock.withLock { tasks = [loop, timer] }
    }

    /// Seconds until the next look: the poll, or less when a queued job falls due sooner (one
    /// due already waits for a free slot, and a job ending wakes the loop).
    private func untilNextLook() async -> Double {
        let registered = lock.withLock { Array(kinds.keys) }
        guard let due = try? await database.read({ c in try JobStore.nextDue(kinds: registered, c) }) else { return poll }
        let wait = due.timeIntervalSince(clock())
        return wait > 0 ? min(poll, max(0.002, wait)) : poll
    }

    /// Claims nothing more; with `waiting`, gives the jobs running here that many seconds to end
    /// (a node stopping in an orderly way leaves no job for another to take over after a lease).
    func stop(waiting: Double = 0) {
        wake.finish()
        for task in lock.withLock({ tasks }) { task.cancel() }
        let end = Date().addingTimeInterval(waiting)
        while Date() < end, running > 0 { usleep(20_000) }
        // The kinds' closures hold what runs them (often the context that holds this runner).
        lock.withLock { kinds = [:] }
    }

    /// Seconds before attempt `attempt + 1`: `first` (5), then twice as long each time, at most an hour.
    static func backoff(_ attempt: Int, first: TimeInterval = 5) -> TimeInterval {
        min(3600, first * pow(2, Double(max(0, attempt - 1))))
    }

    /// Claims the job due first of `among` (every kind registered here unless named), or the one
    /// under `uniqueKey`, leased for the longest of their leases until its heartbeat takes over.
    private func claim(among names: [String]? = nil, uniqueKey: String? = nil) async -> (JobStore.Job, Kind)? {
        let registered = lock.withLock { kinds }
        let open = names ?? Array(registered.keys)
        guard !open.isEmpty else { return nil }
        let (now, node) = (clock(), self.node)
        let until = now.addingTimeInterval(open.compactMap { registered[$0]?.lease }.max() ?? 60)
        // A keyed job is marked held before its claim commits, so that a `runNow` that finds it
        // claimed finds it held too.
        let claimed = Claimed()
        let job = try? await database.transaction { c in
            let job = try JobStore.claim(kinds: open, node: node, now: now, leaseUntil: until, uniqueKey: uniqueKey, c)
            if let key = job?.uniqueKey {
                claimed.key = key
                self.lock.withLock { self.held[key] = self.held[key] ?? [] }
            }
            return job
        }
        guard let job, let kind = registered[job.kind] else {
            release(claimed.key, ran: false)
            return nil
        }
        return (job, kind)
    }

    /// The kinds with room to run one more here now.
    private func withRoom() -> [String] {
        lock.withLock {
            kinds.values.filter { kind in kind.ownWidth.map { (inFlightOf[kind.name] ?? 0) < $0 } ?? (inFlight < width) }.map(\.name)
        }
    }

    private func claimWhileFree() async {
        while case let open = withRoom(), !open.isEmpty, let (job, kind) = await claim(among: open) {
            lock.withLock { if kind.ownWidth != nil { inFlightOf[kind.name, default: 0] += 1 } else { inFlight += 1 } }
            Task.detached { [self] in
                await run(job, kind)
                lock.withLock { if kind.ownWidth != nil { inFlightOf[kind.name, default: 1] -= 1 } else { inFlight -= 1 } }
                wake.yield()
            }
        }
    }

    @discardableResult
    private func run(_ job: JobStore.Job, _ kind: Kind) async -> Bool {
        let ran = await attempt(job, kind)
        release(job.uniqueKey, ran: ran)
        return ran
    }

    private func attempt(_ job: JobStore.Job, _ kind: Kind) async -> Bool {
        let (database, node, clock) = (self.database, self.node, self.clock)
        let heartbeat = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(kind.lease / 3))
                if Task.isCancelled { return }
                let until = clock().addingTimeInterval(kind.lease)
                _ = try? await database.transaction { c in try JobStore.renew(job.id, node: node, until: until, c) }
            }
        }
        let outcome: Error?
        do {
            try await kind.run(job)
            outcome = nil
        } catch {
            outcome = error
        }
        heartbeat.cancel()
        await scheduleNext(kind)
        let now = clock()
        if let outcome {
            let asked = (outcome as? any Later)?.retryAfter.map { max($0, now) }
            let retry = job.attempt < job.maxAttempts ? asked ?? now.addingTimeInterval(JobRunner.backoff(job.attempt, first: kind.firstRetry)) : nil
            _ = try? await database.transaction { c in
                try JobStore.fail(job.id, node: node, error: String(describing: outcome), retryAt: retry, at: now, c)
            }
            if retry == nil {
                lock.withLock { counts.failed += 1 }
                ServerLog.error("a job failed for good", ["kind": job.kind, "job": job.id.lowercasedString, "reason": String(describing: outcome)])
            }
            return false
        }
        _ = try? await database.transaction { c in try JobStore.finish(job.id, node: node, at: now, c) }
        lock.withLock { counts.ran += 1 }
        return true
    }
}

/// The key of a job claimed inside a transaction that may yet fail to commit.
private final class Claimed: @unchecked Sendable {
    var key: String?
}
