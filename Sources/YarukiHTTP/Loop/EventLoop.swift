import CLibEvent
import Foundation

/// One libevent loop on its own thread. It is also a Swift task executor: a handler task
/// started with this loop as its preference runs its jobs here, between socket events,
/// so a request never leaves the thread that owns its connection unless it awaits
/// something that blocks elsewhere.
///
/// Only the loop's own thread touches its libevent base, so the base is made without locks
/// (`EVENT_BASE_FLAG_NOLOCK`: libevent otherwise takes a mutex around every callback and every
/// event change). Other threads hand work over through `jobs`/`closures` and wake the loop by
/// writing to an eventfd, which is safe from any thread.
public final class EventLoop: TaskExecutor, @unchecked Sendable {
    public let index: Int
    let base: OpaquePointer
    private var wakeEvent: OpaquePointer?
    private let wakeFD: Int32
    private let lock = NSLock()
    private var jobs: [UnownedJob] = []
    private var closures: [() -> Void] = []
    private var wakePending = false
    /// Loop-thread only: a drain is running, or one is about to run (`runInline`), so a job
    /// queued from this thread needs no wake-up.
    private var drainComing = false
    private var threadID: pthread_t?
    private var thread: Thread?
    private let stopped = DispatchSemaphore(value: 0)

    init(index: Int) throws {
        let config = event_config_new()
        defer { event_config_free(config) }
        _ = event_config_set_flag(config, Int32(EVENT_BASE_FLAG_NOLOCK.rawValue))
        guard let base = event_base_new_with_config(config) else { throw ServerError.loop("libevent could not create an event base") }
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else {
            event_base_free(base)
            throw ServerError.loop("cannot create an eventfd: \(String(cString: strerror(errno)))")
        }
        self.index = index
        self.base = base
        wakeFD = fd
        let me = Unmanaged.passUnretained(self).toOpaque()
        wakeEvent = event_new(base, fd, Int16(EV_READ | EV_PERSIST), { fd, _, arg in
            var count: UInt64 = 0
            _ = Glibc.read(fd, &count, 8)
            Unmanaged<EventLoop>.fromOpaque(arg!).takeUnretainedValue().drain()
        }, me)
        event_add(wakeEvent, nil)
    }

    deinit {
        if let wakeEvent { event_free(wakeEvent) }
        event_base_free(base)
        Glibc.close(wakeFD)
    }

    /// Wakes the loop from any thread.
    private func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    func start(name: String) {
        let thread = Thread { [self] in
            threadID = pthread_self()
            _ = event_base_loop(base, 0x04 /* EVLOOP_NO_EXIT_ON_EMPTY */)
            drain()
            stopped.signal()
        }
        thread.name = name
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
    }

    /// Ends the loop shortly: libevent closes a freed bufferevent's socket in a finalizer
    /// that runs on a later turn, so the loop is given those turns before it stops.
    func stop() {
        execute { [base] in
            var soon = timeval(tv_sec: 0, tv_usec: 50_000)
            _ = event_base_loopexit(base, &soon)
        }
    }

    func waitUntilStopped() { stopped.wait() }

    /// Stream fan-outs being written on this loop (`EventStream.send(encoded:to:)`).
    lazy var fanOut = FanOutQueue(loop: self)

    public var inLoop: Bool {
        guard let threadID else { return false }
        return pthread_equal(threadID, pthread_self()) != 0
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let local = drainComing && inLoop
        lock.lock()
        jobs.append(job)
        let wake = !wakePending && !local
        if wake { wakePending = true }
        lock.unlock()
        if wake { self.wake() }
    }

    /// Runs `work` (a socket callback) and then the jobs it queued, in the same turn of the
    /// loop: a request's handler starts without another trip through epoll.
    func runInline(_ work: () -> Void) {
        if drainComing {
            work()
            return
        }
        drainComing = true
        work()
        drainComing = false
        drain()
    }

    /// Runs a closure on the loop's thread.
    public func execute(_ work: @escaping () -> Void) {
        lock.lock()
        closures.append(work)
        let wake = !wakePending
        wakePending = true
        lock.unlock()
        if wake { self.wake() }
    }

    private func drain() {
        let executor = asUnownedTaskExecutor()
        let nested = drainComing
        drainComing = true
        defer { drainComing = nested }
        while true {
            lock.lock()
            if jobs.isEmpty && closures.isEmpty {
                if !nested { wakePending = false }
                lock.unlock()
                return
            }
            let batch = jobs
            let work = closures
            jobs.removeAll(keepingCapacity: true)
            closures.removeAll(keepingCapacity: true)
            lock.unlock()
            for job in batch { job.runSynchronously(on: executor) }
            for item in work { item() }
        }
    }
}

/// A one-shot or repeating timer on a loop; only touched from the loop's thread.
final class LoopTimer {
    private var event: OpaquePointer?
    private let action: () -> Void

    init(loop: EventLoop, repeating: Bool = false, _ action: @escaping () -> Void) {
        self.action = action
        let me = Unmanaged.passUnretained(self).toOpaque()
        event = event_new(loop.base, -1, repeating ? Int16(EV_PERSIST) : 0, { _, _, arg in
            Unmanaged<LoopTimer>.fromOpaque(arg!).takeUnretainedValue().action()
        }, me)
    }

    func arm(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        event_add(event, &tv)
    }

    func cancel() { event_del(event) }

    deinit {
        if let event { event_free(event) }
    }
}

public enum ServerError: Error, CustomStringConvertible {
    case loop(String)
    case bind(String)

    public var description: String {
        switch self {
        case let .loop(m), let .bind(m): m
        }
    }
}
