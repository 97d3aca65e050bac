import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client that sends exact bytes and reads exact responses. One test uses it at a
/// time; `waitFor` hands it to a thread only while that test waits.
public final class RawClient: @unchecked Sendable {
    public let fd: Int32
    private var buffer: [UInt8] = []

    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]  // lowercased names
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }

        public init(status: Int, headers: [String: String], body: [UInt8]) {
            self.status = status
            self.headers = headers
            self.body = body
        }
        public func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
        }
    }

    public enum Failure: Error { case connect(Int32), closed, timeout, malformed(String) }

    /// `receiveBuffer` shrinks the socket's receive buffer (before connecting, so the window
    /// is small too): a client that stops reading then backs up on the server quickly.
    public init(port: Int, timeout: Double = 5, receiveBuffer: Int? = nil) throws {
        fd = try RawClient.connectSocket(port: port, receiveBuffer: receiveBuffer)
        setTimeout(timeout)
    }

    /// A socket connected to 127.0.0.1:`port`.
    static func connectSocket(port: Int, receiveBuffer: Int? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer.map(Int32.init) { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            let e = errno
            Glibc.close(fd)
            throw Failure.connect(e)
        }
        return fd
    }

    deinit { Glibc.close(fd) }

    public func setTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    public func shutdownWrite() { Glibc.shutdown(fd, Int32(SHUT_WR)) }

    /// Drops the connection as a lost network would, both ways (the descriptor closes with the client).
    public func disconnect() { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    /// Reads more bytes; false at EOF.
    @discardableResult
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure.timeout }
            return false
        }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    private func takeLine() throws -> String {
        while true {
            if let i = indexOfCRLF() {
                let line = String(decoding: buffer[0..<i], as: UTF8.self)
                buffer.removeFirst(i + 2)
                return line
            }
            guard try fill() else { throw Failure.closed }
        }
    }

    private func indexOfCRLF() -> Int? {
        guard buffer.count >= 2 else { return nil }
        for i in 0..<(buffer.count - 1) where buffer[i] == 13 && buffer[i + 1] == 10 { return i }
        return nil
    }

    private func take(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw Failure.closed }
        }
        let out = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return out
    }

    /// Reads one response; `head` says whether the request was HEAD (no body follows).
    public func readResponse(head: Bool = false) throws -> Reply {
        var statusLine = try takeLine()
        while statusLine.hasPrefix("HTTP/1.1 100") {
            _ = try takeLine()
            statusLine = try takeLine()
        }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure.malformed(statusLine) }
        var headers: [String: String] = [:]
        while true {
            let line = try takeLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw Failure.malformed(line) }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        if head || status == 204 || status == 304 { return Reply(status: status, headers: headers, body: []) }
        if let length = headers["content-length"].flatMap(Int.init) {
            return Reply(status: status, headers: headers, body: try take(length))
        }
        if headers["transfer-encoding"] == "chunked" {
            var body: [UInt8] = []
            while true {
                let size = Int(try takeLine(), radix: 16) ?? 0
                if size == 0 { _ = try takeLine(); break }
                body += try take(size)
                _ = try take(2)
            }
            return Reply(status: status, headers: headers, body: body)
        }
        while try fill() {}
        let body = buffer
        buffer = []
        return Reply(status: status, headers: headers, body: body)
    }

    /// Reads a chunk of a streaming body: whatever arrives until `marker` is seen. Past
    /// `deadline` it gives up at the next bytes (a stream's keep-alive comments never let the
    /// socket's own timeout pass).
    public func readUntil(_ marker: String, deadline: Date = .distantFuture) throws -> String {
        let needle = Array(marker.utf8)
        while true {
            if let range = buffer.firstRange(of: needle) {
                let text = String(decoding: buffer[0..<range.upperBound], as: UTF8.self)
                buffer.removeFirst(range.upperBound)
                return text
            }
            guard Date() < deadline else { throw Failure.timeout }
            guard try fill() else { throw Failure.closed }
        }
    }

    /// `readUntil` on a thread of its own. Swift Testing runs tests on the cooperative pool (as
    /// many threads as cores): a test that blocks one waiting for a pushed event can starve the
    /// server tasks that would push it. Use this wherever the server must act before bytes come.
    /// Gives up `within` seconds (two minutes unless told): a stream's keep-alives would
    /// otherwise keep a missing event waited for until CI's own limit.
    public func waitFor(_ marker: String, within seconds: Double = 120) async throws -> String {
        let deadline = Date() + seconds
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { [self] in
                do { continuation.resume(returning: try self.readUntil(marker, deadline: deadline)) } catch { continuation.resume(throwing: error) }
            }
        }
    }

    /// True while the server has neither closed the connection nor sent anything on it, looked at
    /// without waiting.
    public func isSilentlyOpen() -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return buffer.isEmpty && n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// True when the server has closed the connection (EOF within the timeout).
    public func isClosedByServer() -> Bool {
        do {
            while try fill() {}
            return true
        } catch {
            return false
        }
    }
}

public func request(_ port: Int, _ path: String, headers: [String: String] = [:]) throws -> RawClient.Reply {
    try request(port, "GET", path, headers: headers)
}

public func request(_ port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) throws -> RawClient.Reply {
    let client = try RawClient(port: port)
    var text = "\(method) \(path) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
    text += "\r\n" + (body ?? "")
    client.send(text)
    return try client.readResponse(head: method == "HEAD")
}
