import CLibEvent
import Foundation
import Synchronization

/// Everything one loop owns: its listener, its connections, its log buffer and metric shard.
final class LoopState {
    let loop: EventLoop
    unowned let server: HTTPServer
    var listener: OpaquePointer?
    private var connections: [ObjectIdentifier: Connection] = [:]
    /// Its connections, counting those another loop accepted and is handing over: read by the
    /// loop that accepts the next one (`HTTPServer.place`).
    let load = Atomic<Int>(0)
    private(set) var draining = false
    private var onDrained: (() -> Void)?
    let log: AccessLog
    let metrics: HTTPMetrics.Shard
    private var requestCounter: UInt64 = 0
    private lazy var requestIDPrefix = "\(server.instanceTag)\(loop.index)-"
    /// Where responses are assembled before they are sent; reused, so most responses allocate none.
    let scratch = ByteBuffer(capacity: 4096)
    private var dateSecond = -1
    private var dateText = ""
    private lazy var sweeper = LoopTimer(loop: loop, repeating: true) { [unowned self] in self.sweep() }
    private lazy var resumeAccepting = LoopTimer(loop: loop) { [unowned self] in
        if let listener { evconnlistener_enable(listener) }
    }

    init(loop: EventLoop, server: HTTPServer, shard: HTTPMetrics.Shard) {
        self.loop = loop
        self.server = server
        self.metrics = shard
        self.log = AccessLog(loop: loop, destination: server.configuration.accessLog)
        quietAgents = server.configuration.quietUserAgents
    }

    private let quietAgents: [String]

    func listen(on fd: Int32) throws {
        let me = Unmanaged.passUnretained(self).toOpaque()
        listener = evconnlistener_new(loop.base, { _, fd, address, _, ctx in
            Unmanaged<LoopState>.fromOpaque(ctx!).takeUnretainedValue().accept(fd, address)
        }, me, LEV_OPT_CLOSE_ON_EXEC, 0, fd)
        guard listener != nil else { throw ServerError.loop("libevent could not listen on the socket") }
        evconnlistener_set_error_cb(listener) { _, ctx in
            let error = errno
            Unmanaged<LoopState>.fromOpaque(ctx!).takeUnretainedValue().acceptFailed(error)
        }
    }

    /// A descriptor held back for the moment the process has none left: given up to accept
    /// one waiting connection and tell it so, then taken again.
    private var spare = LoopState.openSpare()

    private static func openSpare() -> Int32 { open("/dev/null", O_RDONLY | O_CLOEXEC) }

    deinit { if spare >= 0 { Glibc.close(spare) } }

    /// Accepting failed. Out of descriptors, the connections waiting are turned away with a 503
    /// through the spare descriptor (otherwise they would wait unanswered until the client
    /// gives up); then accepting pauses briefly instead of spinning on the error.
    private func acceptFailed(_ error: Int32) {
        guard let listener else { return }
        if error == EMFILE || error == ENFILE {
            let listening = evconnlistener_get_fd(listener)
            for _ in 0..<64 where spare >= 0 {
                Glibc.close(spare)
                let fd = Glibc.accept(listening, nil, nil)
                if fd >= 0 { refuse(fd, "The server holds as many connections as it can right now. Try again in a moment.") }
                spare = LoopState.openSpare()
                if fd < 0 { break }
            }
        }
        evconnlistener_disable(listener)
        resumeAccepting.arm(0.1)
    }

    private func accept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?) {
        if draining {
            Glibc.close(fd)
            return
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let remote = LoopState.describe(address)
        switch server.addresses.admit(remote) {
        case .admitted:
            break
        case .addressFull:
            refuse(fd, "Too many connections from your address. Close some and try again.")
            return
        case .serverFull:
            refuse(fd, "The server holds as many connections as it can right now. Try again in a moment.")
            return
        }
        // The loop that wakes first accepts every connection waiting, so a burst of them (a
        // browser's, a load balancer's, wrk's 64) all landed on one loop and left the others
        // idle: each goes to the loop holding fewest.
        let target = server.place(from: self)
        if target === self {
            adopt(fd, remote)
        } else {
            target.loop.execute { target.adopt(fd, remote) }
        }
    }

    /// Serves a connection this loop or another accepted (already counted in `load`).
    private func adopt(_ fd: Int32, _ remote: String) {
        if draining {
            Glibc.close(fd)
            server.addresses.release(remote)
            load.subtract(1, ordering: .relaxed)
            return
        }
        let connection = Connection(owner: self, fd: fd, remoteAddress: remote)
        connections[ObjectIdentifier(connection)] = connection
    }

    /// An address, or the server, holds as many connections as it may: a problem, then the
    /// socket closes at once (the descriptor is never kept).
    private func refuse(_ fd: Int32, _ detail: String) {
        metrics.refusedConnection()
        let problem = HTTPError(503, detail: detail, headers: ["Retry-After": "5"])
        let body = problem.encodedBody()
        var head = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\nRetry-After: 5\r\n"
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        Glibc.close(fd)
    }

    /// How often deadlines are checked: a quarter of the shortest timeout, at most 250 ms.
    var sweepInterval: Double {
        let c = server.configuration
        return max(0.01, min(0.25, min(c.headTimeout, c.bodyIdleTimeout, c.keepAliveTimeout) / 4))
    }

    func startSweeping() { sweeper.arm(sweepInterval) }

    /// Times out every connection whose deadline has passed.
    private func sweep() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = connections.values.filter { $0.deadline != 0 && $0.deadline <= now }
        for connection in due { connection.timedOut() }
    }

    func remove(_ connection: Connection) {
        guard connections.removeValue(forKey: ObjectIdentifier(connection)) != nil else { return }
        load.subtract(1, ordering: .relaxed)
        server.addresses.release(connection.remoteAddress)
        if draining && connections.isEmpty, let done = onDrained {
            onDrained = nil
            done()
        }
    }

    /// Stops accepting and lets open exchanges finish; `done` runs when no connection is left.
    func beginDrain(_ done: @escaping () -> Void) {
        draining = true
        if let listener {
            evconnlistener_free(listener)
            self.listener = nil
        }
        onDrained = done
        for connection in Array(connections.values) { connection.drain() }
        if connections.isEmpty, let finished = onDrained {
            onDrained = nil
            finished()
        }
    }

    func closeAll() {
        for connection in Array(connections.values) { connection.close() }
    }

    var connectionCount: Int { connections.count }

    func phases() -> [String: Int] {
        connections.values.reduce(into: [:]) { $0["\($1.phase)", default: 0] += 1 }
    }

    // MARK: per-request bookkeeping

    func requestID(_ incoming: String?) -> String {
        if let incoming, (1...64).contains(incoming.utf8.count),
           incoming.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 45 || $0 == 95 || $0 == 46 }) {
            return incoming
        }
        requestCounter &+= 1
        var id = requestIDPrefix
        id.appendHex(requestCounter)
        return id
    }

    func record(request: Request, status: Int, start: UInt64, bytes: Int) {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9
        let route = request.route ?? (status == 404 ? "(unmatched)" : "(static)")
        metrics.record(method: request.method.rawValue, route: route, status: status, seconds: seconds)
        let agent = quietAgents.isEmpty ? nil : request.headers["User-Agent"]
        log.request(method: request.method.rawValue, route: route, path: request.loggedPath, status: status,
                    seconds: seconds, bytes: bytes, requestID: request.requestID, remote: request.remoteAddress,
                    quiet: agent.map { agent in quietAgents.contains { agent.hasPrefix($0) } } ?? false)
    }

    func streamOpened() { metrics.adjustStreams(1) }
    func streamClosed() { metrics.adjustStreams(-1) }

    /// The Date header, formatted once a second.
    func httpDate() -> String {
        var now = time(nil)
        if now != dateSecond {
            dateSecond = now
            var parts = tm()
            gmtime_r(&now, &parts)
            var buffer = [Int8](repeating: 0, count: 40)
            let n = strftime(&buffer, 40, "%a, %d %b %Y %H:%M:%S GMT", &parts)
            dateText = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return dateText
    }

    static func describe(_ address: UnsafeMutablePointer<sockaddr>?) -> String {
        guard let address else { return "" }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                var a = sin.pointee.sin_addr
                _ = inet_ntop(AF_INET, &a, &buffer, socklen_t(buffer.count))
            }
        case AF_INET6:
            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin in
                var a = sin.pointee.sin6_addr
                _ = inet_ntop(AF_INET6, &a, &buffer, socklen_t(buffer.count))
            }
        default:
            return ""
        }
        return String(nulTerminated: buffer)
    }
}

extension String {
    /// Appends a number in lower-case hexadecimal without building an intermediate string.
    mutating func appendHex(_ value: UInt64) {
        let digits = max(1, (64 - value.leadingZeroBitCount + 3) / 4)
        let hex = String(unsafeUninitializedCapacity: digits) { buffer in
            var v = value
            for i in stride(from: digits - 1, through: 0, by: -1) {
                let d = UInt8(v & 0xF)
                buffer[i] = d < 10 ? 48 + d : 87 + d
                v >>= 4
            }
            return digits
        }
        self += hex
    }
}
