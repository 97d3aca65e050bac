import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Testing
import YarukiClient
import YarukiClientCurl
import YarukiTestSupport
@testable import YarukiServer

/// The SDK's HTTP exchanges, through each transport it ships (URLSession, its default, and
/// libcurl's easy interface from YarukiClientCurl, what Linux apps use), against servers that
/// answer in ways the real one never does: silence, nothing listening, and one that writes down
/// every request it is sent.
@Suite struct ClientTransportTests {
    struct Answer: Codable, Equatable { let ok: Bool }

    enum Carrier: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case urlSession, curl
        var testDescription: String { rawValue }
        func client(_ port: Int) -> YarukiClient {
            let base = URL(string: "http://127.0.0.1:\(port)")!
            switch self {
            case .urlSession: return YarukiClient(baseURL: base, session: URLSession(configuration: .ephemeral))
            case .curl: return YarukiClient(baseURL: base, transport: CurlTransport.shared)
            }
        }
    }

    @Test(arguments: Carrier.allCases)
    func methodsHeadersAndBodiesArriveAsSentOverOneConnection(carrier: Carrier) async throws {
        let server = try CaptureServer()
        let client = carrier.client(server.port)
        // A body past any buffer of libcurl's, in every script, and one of zero bytes.
        let big = Data(String(repeating: "データ 데이터 data ", count: 100_000).utf8)
        for (method, body) in [("POST", big), ("PUT", Data("{\"a\":1}".utf8)), ("PATCH", Data()), ("DELETE", Data("[]".utf8))] {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/v1/echo?x=%E3%81%82")!)
            request.httpMethod = method
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("Bearer token-\(method)", forHTTPHeaderField: "Authorization")
            let answer: Answer = try await client.send(request)
            #expect(answer == Answer(ok: true))
            let seen = try #require(server.requests.last)
            #expect(seen.line == "\(method) /v1/echo?x=%E3%81%82 HTTP/1.1")
            #expect(seen.headers["authorization"] == "Bearer token-\(method)" && seen.headers["content-type"] == "application/json")
            if carrier == .curl { #expect(seen.headers["expect"] == nil, "no wait for 100-continue before a body") }
            #expect(seen.body == body)
        }
        let answer: Answer = try await client.get("/v1/echo")
        #expect(answer.ok && server.requests.last?.line == "GET /v1/echo HTTP/1.1" && server.requests.last?.body.isEmpty == true)
        // Twenty more, one after another: the connection stays open between them.
        for _ in 0..<20 { let _: Answer = try await client.get("/v1/echo") }
        #expect(server.requests.count == 25)
        #expect(server.connections == 1)
    }

    @Test(arguments: Carrier.allCases)
    func aProblemReplyIsThrownWithItsFields(carrier: Carrier) async throws {
        let server = try CaptureServer(status: 422, reply: #"{"type":"about:blank","title":"Unprocessable","status":422,"detail":"name is empty"}"#)
        let client = carrier.client(server.port)
        do {
            let _: Answer = try await client.get("/v1/echo")
            Issue.record("a 422 was taken as an answer")
        } catch let YarukiClientError.problem(problem) {
            #expect(problem.status == 422 && problem.title == "Unprocessable" && problem.detail == "name is empty")
        }
    }

    /// libcurl's alone: URLSession keeps what it is sent.
    @Test func aReplyPastTheLimitIsRefusedNotKept() async throws {
        // 64 MB is the most a reply may hold; the server sends one byte more (and announces it).
        let server = try CaptureServer(replyLength: 64 << 20 + 1)
        let client = Carrier.curl.client(server.port)
        do {
            let _: Answer = try await client.get("/v1/echo")
            Issue.record("a reply past the limit was taken")
        } catch let error as URLError {
            #expect(error.code == .dataLengthExceedsMaximum)
        }
        // One at the limit still arrives whole (and is not JSON: the SDK says so).
        let fits = try CaptureServer(replyLength: 64 << 20)
        await #expect(throws: YarukiClientError.unexpectedResponse(status: 200)) {
            let _: Answer = try await Carrier.curl.client(fits.port).get("/v1/echo")
        }
    }

    @Test(arguments: Carrier.allCases)
    func aCallThatIsNeverAnsweredEndsWhenItsTaskIsCancelled(carrier: Carrier) async throws {
        let silent = try SilentListener()
        let client = carrier.client(silent.port)
        let call = Task { try await client.meta() }
        try await Task.sleep(for: .milliseconds(300))
        call.cancel()
        // Without cancellation reaching the transfer this would end after 60 s as a timeout.
        do {
            _ = try await call.value
            Issue.record("a cancelled call answered")
        } catch {
            #expect(error is CancellationError || (error as? URLError)?.code == .cancelled, "\(error)")
        }
    }

    /// Each request's own interval holds: a call given 1 s, sent after one given 5 s to another silent
    /// server, times out first (with the intervals ignored, the earlier one would end first).
    @Test(arguments: Carrier.allCases)
    func aSilentServerTimesOutAfterTheRequestsInterval(carrier: Carrier) async throws {
        let (slow, quick) = (try SilentListener(), try SilentListener())
        let ended = Flag()
        func call(_ port: Int, _ seconds: Double, ending: Flag? = nil) -> Task<URLError.Code?, Never> {
            let client = carrier.client(port)
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/v1/meta")!)
            request.timeoutInterval = seconds
            return Task {
                defer { ending?.set() }
                do {
                    let _: Answer = try await client.send(request)
                    return nil
                } catch {
                    return (error as? URLError)?.code
                }
            }
        }
        let patient = call(slow.port, 5, ending: ended)
        while slow.accepted == 0 { try await Task.sleep(for: .milliseconds(10)) }
        let hasty = call(quick.port, 1)
        #expect(await hasty.value == .timedOut)
        #expect(!ended.value, "the call given 5 s ended before the one given 1 s")
        #expect(await patient.value == .timedOut)
    }

    @Test(arguments: Carrier.allCases)
    func nothingListeningIsANetworkErrorTheSyncEngineRetries(carrier: Carrier) async throws {
        let port = try SilentListener.freePort()
        do {
            _ = try await carrier.client(port).meta()
            Issue.record("a port with nothing on it answered")
        } catch let error as URLError {
            #expect(error.code == .cannotConnectToHost)
        }
        // A signed-in phone whose server goes away: the engine tries again after each wait, then
        // gives up with the same error, its change still pending.
        let running = try await RunningApp(.sqlite)
        let proxy = try TCPProxy(to: running.port)
        let client = carrier.client(proxy.port)
        try await client.signUp(email: "transport@example.com", password: "correct horse battery", displayName: "Mina")
        let folder = NSTemporaryDirectory() + "yaruki-transport-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let engine = try SyncEngine(client: client, path: folder + "/phone.sqlite", device: "phone", backoff: [0.01, 0.01])
        try await engine.save("lifelog", UUID(), fields: ["kind": "memo", "text": "offline", "occurredAt": "2026-12-01T08:00:00+09:00", "source": "phone"])
        proxy.stop()
        await #expect(throws: URLError.self) { try await engine.sync() }
        #expect(try await engine.pendingCount() == 1)
    }
}

/// A mark one task sets and another reads.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var value: Bool { lock.withLock { raised } }
    func set() { lock.withLock { raised = true } }
}

/// A port that accepts connections and never reads or answers them.
final class SilentListener: @unchecked Sendable {
    let port: Int
    private let fd: Int32
    private let lock = NSLock()
    private var taken: [Int32] = []

    /// How many connections it has accepted.
    var accepted: Int { lock.withLock { taken.count } }

    init() throws {
        (fd, port) = try SilentListener.bound()
        guard listen(fd, 16) == 0 else { throw RawClient.Failure.connect(errno) }
        Thread.detachNewThread { [weak self, fd] in
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 { return }
                guard let self else { close(connection); return }
                lock.withLock { taken.append(connection) }
            }
        }
    }

    deinit {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
        for connection in lock.withLock({ taken }) { close(connection) }
    }

    /// A port nothing listens on (bound, then closed).
    static func freePort() throws -> Int {
        let (fd, port) = try bound()
        close(fd)
        return port
    }

    static func bound() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0 else {
            close(fd)
            throw RawClient.Failure.connect(errno)
        }
        withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) } }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}

/// An HTTP/1.1 server that keeps every request it reads (line, headers, body by Content-Length)
/// and answers each with the same status and JSON, keeping the connection open.
final class CaptureServer: @unchecked Sendable {
    struct Seen {
        var line: String
        var headers: [String: String]
        var body: Data
    }

    let port: Int
    private let fd: Int32
    private let status: Int
    private let reply: String
    private let lock = NSLock()
    private var seen: [Seen] = []
    private var accepted = 0

    var requests: [Seen] { lock.withLock { seen } }
    var connections: Int { lock.withLock { accepted } }

    /// `replyLength`: instead of `reply`, that many bytes of zeros.
    private let replyLength: Int?

    init(status: Int = 200, reply: String = #"{"ok":true}"#, replyLength: Int? = nil) throws {
        (self.status, self.reply, self.replyLength) = (status, reply, replyLength)
        (fd, port) = try SilentListener.bound()
        guard listen(fd, 16) == 0 else { throw RawClient.Failure.connect(errno) }
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 { return }
                lock.withLock { accepted += 1 }
                Thread.detachNewThread { [self] in serve(connection) }
            }
        }
    }

    deinit {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }

    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            // The head, then as many body bytes as it announces.
            var headEnd = buffer.range(of: Data("\r\n\r\n".utf8))
            while headEnd == nil {
                let n = recv(connection, &chunk, chunk.count, 0)
                if n <= 0 { return }
                buffer.append(contentsOf: chunk[0..<n])
                headEnd = buffer.range(of: Data("\r\n\r\n".utf8))
            }
            guard let end = headEnd else { return }
            let lines = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            while buffer.count - (end.upperBound - buffer.startIndex) < length {
                let n = recv(connection, &chunk, chunk.count, 0)
                if n <= 0 { return }
                buffer.append(contentsOf: chunk[0..<n])
            }
            let body = buffer[end.upperBound..<(end.upperBound + length)]
            lock.withLock { seen.append(Seen(line: lines.first ?? "", headers: headers, body: Data(body))) }
            buffer = Data(buffer[(end.upperBound + length)...])
            let size = replyLength ?? reply.utf8.count
            guard sendAll(connection, Array("HTTP/1.1 \(status) Answer\r\nContent-Type: application/json\r\nContent-Length: \(size)\r\n\r\n".utf8)) else { return }
            if replyLength == nil {
                guard sendAll(connection, Array(reply.utf8)) else { return }
            } else {
                let zeros = [UInt8](repeating: 48, count: 1 << 20)
                var left = size
                while left > 0 {
                    guard sendAll(connection, Array(zeros.prefix(left))) else { return }
                    left -= min(left, zeros.count)
                }
            }
        }
    }
}
