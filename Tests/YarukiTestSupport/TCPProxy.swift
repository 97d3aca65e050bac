import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP relay to a local port whose connections a test can cut, as a phone losing its network
/// would: for reconnect and resume tests of streaming clients.
public final class TCPProxy: @unchecked Sendable {
    public let port: Int
    private let listener: Int32
    private let target: Int
    private let lock = NSLock()
    /// Open pairs (client, upstream), with how many of their two pumps still run.
    private var pairs: [Int: (client: Int32, upstream: Int32, pumps: Int)] = [:]
    private var nextPair = 0
    private var stopped = false
    private var clientReads = 0

    /// How many times a client's bytes were read and passed on: in a protocol where the client
    /// waits for each reply (PostgreSQL's, outside pipelines), its round trips.
    public var clientSends: Int { lock.withLock { clientReads } }

    public init(to target: Int) throws {
        self.target = target
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw RawClient.Failure.connect(errno)
        }
        withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// Cuts every open connection (both sides see the other end close); new ones still relay.
    public func dropAll() {
        // Shut down only: the pumps close the sockets when both have stopped, once. (Closing here
        // too would close whatever socket the test opened next under the same number.)
        let open = lock.withLock { Array(pairs.values) }
        for pair in open {
            shutdown(pair.client, Int32(SHUT_RDWR))
            shutdown(pair.upstream, Int32(SHUT_RDWR))
        }
    }

    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        dropAll()
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 { return }
            guard let upstream = try? RawClient.connectSocket(port: target) else { close(client); continue }
            let id = lock.withLock { () -> Int in
                nextPair += 1
                pairs[nextPair] = (client, upstream, 2)
                return nextPair
            }
            Thread.detachNewThread { [self] in pump(from: client, to: upstream, pair: id, counted: true) }
            Thread.detachNewThread { [self] in pump(from: upstream, to: client, pair: id) }
        }
    }

    private func pump(from source: Int32, to sink: Int32, pair: Int, counted: Bool = false) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = recv(source, &buffer, buffer.count, 0)
            if n <= 0 { break }
            if counted { lock.withLock { clientReads += 1 } }
            var offset = 0
            while offset < n {
                let sent = buffer[offset..<n].withUnsafeBytes { Glibc.send(sink, $0.baseAddress, n - offset, Int32(MSG_NOSIGNAL)) }
                if sent <= 0 { break }
                offset += sent
            }
            if offset < n { break }
        }
        shutdown(sink, Int32(SHUT_WR))
        shutdown(source, Int32(SHUT_RD))
        // The second pump to finish closes both sockets.
        let last = lock.withLock { () -> Bool in
            guard var open = pairs[pair] else { return false }
            open.pumps -= 1
            pairs[pair] = open.pumps == 0 ? nil : open
            return open.pumps == 0
        }
        if last {
            close(source)
            close(sink)
        }
    }
}
