import CLibEvent
import Foundation

/// An HTTP/1.1 server: one listening socket shared by one libevent loop per core; each
/// connection is served by the loop holding fewest, whichever accepted it.
public final class HTTPServer: @unchecked Sendable {
    public let configuration: ServerConfiguration
    public let metrics: HTTPMetrics
    private let handler: Handler
    private let errorMapper: @Sendable (Error) -> HTTPError?
    private var states: [LoopState] = []
    private var listenFD: Int32 = -1
    private let lifecycle = NSLock()
    private var stopped = false
    public private(set) var port = 0
    /// Open connections per client address, for `maxConnectionsPerAddress`.
    let addresses: AddressCount
    /// `configuration.responseHeaders` as bytes, checked once (every reply carries them).
    let defaultHeaders: WrittenHeaders
    /// Makes request ids unique across restarts and nodes.
    let instanceTag: String = String(UInt32.random(in: 0...UInt32.max), radix: 36) + "-"

    /// `errorMapper` turns errors of other layers (a store's "not found") into problems;
    /// anything it leaves is a logged 500.
    public init(configuration: ServerConfiguration, metrics: HTTPMetrics = HTTPMetrics(),
                errorMapper: @escaping @Sendable (Error) -> HTTPError? = { _ in nil }, handler: @escaping Handler) {
        self.configuration = configuration
        self.metrics = metrics
        defaultHeaders = WrittenHeaders(configuration.responseHeaders)
        addresses = AddressCount(limit: configuration.maxConnectionsPerAddress, capLoopback: configuration.capLoopback)
        self.errorMapper = errorMapper
        self.handler = handler
    }

    /// Answers a request made in memory, with no socket: the same router, handlers and error
    /// mapping as a request from a connection, run on one of the server's loops. What only a
    /// connection does (framing, body limits, HEAD, keep-alive, the access log) is not involved.
    public func answer(_ request: Request) async -> Response {
        guard let loop = lifecycle.withLock({ states.first?.loop }) else { return await respond(to: request) }
        return await withTaskExecutorPreference(loop) { await self.respond(to: request) }
    }

    /// The one place an error becomes a response.
    func respond(to request: Request) async -> Response {
        do {
            return try await handler(request)
        } catch let problem as HTTPError {
            return .problem(problem)
        } catch {
            if let problem = errorMapper(error) { return .problem(problem) }
            ServerLog.error("unhandled error", ["error": String(describing: error), "requestId": request.requestID,
                                                "path": request.path])
            return .problem(.internal())
        }
    }

    /// Raises the process's soft limit on open descriptors to its hard limit (as Go and nginx
    /// do); returns the limit now in force.
    @discardableResult
    public static func raiseDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 1 << 20)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(min(limit.rlim_cur, rlim_t(Int.max)))
    }

    /// The connections open at once: the setting, or the descriptor limit less a reserve.
    static func connectionCap(_ configuration: ServerConfiguration) -> Int {
        if configuration.maxConnections > 0 { return configuration.maxConnections }
        let descriptors = raiseDescriptorLimit()
        let reserve = min(4096, max(64, descriptors / 4))
        return max(16, descriptors - reserve)
    }

    /// Connections open now, on every loop, and the most that may be (known once started).
    public var openConnections: Int { addresses.openConnections }
    public var connectionLimit: Int { addresses.maxTotal }

    public func start() throws {
        signal(SIGPIPE, SIG_IGN)
        addresses.maxTotal = HTTPServer.connectionCap(configuration)
        listenFD = try HTTPServer.bind(host: configuration.host, port: configuration.port)
        port = HTTPServer.boundPort(listenFD)
        for index in 0..<max(1, configuration.loops) {
            let loop = try EventLoop(index: index)
            let state = LoopState(loop: loop, server: self, shard: metrics.makeShard())
            try state.listen(on: listenFD)
            state.startSweeping()
            states.append(state)
        }
        for state in states { state.loop.start(name: "yaruki-loop-\(state.loop.index)") }
    }

    /// The loop that is to serve a connection `here` accepted: the one holding fewest, `here`
    /// on a tie (no hand-over). Counted on it at once, so a burst accepted together spreads.
    func place(from here: LoopState) -> LoopState {
        var best = here
        var fewest = here.load.load(ordering: .relaxed)
        // `states` is complete before any loop runs and never changes after.
        for state in states where state !== here {
            let held = state.load.load(ordering: .relaxed)
            if held < fewest { (best, fewest) = (state, held) }
        }
        best.load.add(1, ordering: .relaxed)
        return best
    }

    /// A loop for the server's own background work (delivering mail): its tasks run between
    /// socket events like a request's, never on the shared cooperative pool. Nil until started.
    public var backgroundExecutor: (any TaskExecutor)? {
        lifecycle.withLock { states.last?.loop }
    }

    /// Stops accepting, lets in-flight requests finish within the grace period, closes event
    /// streams, then stops the loops. Call from any thread but a loop's.
    public func shutdown(grace: Double? = nil) {
        lifecycle.lock()
        defer { lifecycle.unlock() }
        guard !stopped, !states.isEmpty else { return }
        stopped = true
        let drained = DispatchGroup()
        let listenersClosed = DispatchGroup()
        for state in states {
            drained.enter()
            listenersClosed.enter()
            state.loop.execute {
                state.beginDrain { drained.leave() }
                listenersClosed.leave()
            }
        }
        listenersClosed.wait()
        Glibc.close(listenFD)
        if drained.wait(timeout: .now() + (grace ?? configuration.shutdownGrace)) == .timedOut {
            ServerLog.info("shutdown grace period over; closing remaining connections")
            for state in states { state.loop.execute { state.closeAll() } }
        }
        for state in states {
            state.loop.execute { state.log.flush() }
            state.loop.stop()
        }
        for state in states { state.loop.waitUntilStopped() }
    }

    /// Serves until SIGINT or SIGTERM, then shuts down gracefully.
    public func runUntilSignalled() {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let received = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { received.signal() }
            source.resume()
            return source
        }
        received.wait()
        ServerLog.info("shutting down", ["graceSeconds": String(configuration.shutdownGrace)])
        shutdown()
        sources.forEach { $0.cancel() }
        ServerLog.info("stopped")
    }

    private static func bind(host: String, port: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host == "*" ? nil : host, String(port), &hints, &result)
        guard status == 0, let info = result else {
            throw ServerError.bind("cannot resolve host '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(result) }
        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError.bind("cannot create a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard Glibc.bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw ServerError.bind("cannot listen on \(host):\(port): \(reason)")
        }
        guard listen(fd, 1024) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw ServerError.bind("cannot listen on \(host):\(port): \(reason)")
        }
        _ = evutil_make_socket_nonblocking(fd)
        return fd
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }
}

extension HTTPServer {
    /// Open connections on every loop (for tests and diagnostics).
    /// Open connections by phase, for diagnosing a test that expected none.
    func connectionPhases() -> [String: Int] {
        states.reduce(into: [:]) { total, state in
            let counted = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var phases: [String: Int] = [:]
            state.loop.execute {
                phases = state.phases()
                counted.signal()
            }
            counted.wait()
            total.merge(phases, uniquingKeysWith: +)
        }
    }

    public var connectionCount: Int { connectionsPerLoop().reduce(0, +) }

    /// Open connections on each loop, in loop order.
    public func connectionsPerLoop() -> [Int] {
        states.map { state in
            let counted = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var n = 0
            state.loop.execute {
                n = state.connectionCount
                counted.signal()
            }
            counted.wait()
            return n
        }
    }
}
