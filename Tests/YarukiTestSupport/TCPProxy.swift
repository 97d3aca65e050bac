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
    private var pairs: [(Int32, Int32)] = []
    private var stopped = false

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
        let open = lock.withLock { () -> [(Int32, Int32)] in
            defer { pairs = [] }
            return pairs
        }
        for (a, b) in open {
            shutdown(a, Int32(SHUT_RDWR))
            shutdown(b, Int32(SHUT_RDWR))
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
            lock.withLock { pairs.append((client, upstream)) }
            Thread.detachNewThread { [self] in pump(from: client, to: upstream) }
            Thread.detachNewThread { [self] in pump(from: upstream, to: client) }
        }
    }

    private func pump(from source: Int32, to sink: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = recv(source, &buffer, buffer.count, 0)
            if n <= 0 { break }
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
            if let i = pairs.firstIndex(where: { $0 == (source, sink) || $0 == (sink, source) }) {
                pairs.remove(at: i)
                return false
            }
            return true
        }
        if last {
            close(source)
            close(sink)
        }
    }
}
