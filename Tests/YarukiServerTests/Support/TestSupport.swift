import Foundation
import Synchronization
import YarukiAPI
import YarukiHTTP
import YarukiTestSupport

/// A clock the tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date()) { current = start }

    var now: Date { lock.withLock { current } }

    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }

    /// Moves to an instant, forwards or back.
    func set(_ date: Date) { lock.withLock { current = date } }
}

/// JSON calls to a running app. Made from the app (`API(running)`) they go in memory: the app's
/// own route table, handlers and error mapping, on one of its loops, with no socket. Made with
/// `socket:` or a port they go over a real connection, for what only one shows (body limits,
/// uploads, HEAD, client addresses). It keeps the app alive: Swift may release a local after its
/// last use, and a test that last touches `running` early would otherwise see it shut down halfway.
struct API: Sendable {
    let port: Int
    private var keep: RunningApp?
    /// Set when calls go in memory.
    private let server: HTTPServer?

    init(port: Int) {
        self.port = port
        server = nil
    }

    init(_ running: RunningApp) {
        port = running.port
        keep = running
        server = running.app.server
    }

    init(socket running: RunningApp) {
        port = running.port
        keep = running
        server = nil
    }

    func call(_ method: String, _ path: String, json: Any? = nil, raw: String? = nil, token: String? = nil,
              headers: [String: String] = [:]) throws -> RawClient.Reply {
        var all = headers
        var body = raw
        if let json {
            body = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        }
        if body != nil, all["Content-Type"] == nil { all["Content-Type"] = "application/json" }
        if let token { all["Authorization"] = "Bearer \(token)" }
        if let server { return try API.answer(server, method, path, headers: all, body: body) }
        return try request(port, method, path, headers: all, body: body)
    }

    /// Blocks this thread as a socket read would, while the app answers on its own loop (never
    /// on the cooperative pool, which the waiting tests may hold).
    static func answer(_ server: HTTPServer, _ method: String, _ path: String, headers: [String: String], body: String?) throws -> RawClient.Reply {
        let request = Request(method: HTTPMethod(rawValue: method), target: path, headers: HTTPHeaders(headers.map { ($0.key, $0.value) }),
                              body: Data((body ?? "").utf8), remoteAddress: "127.0.0.1", requestID: "in-memory")
        let answered = Mutex<Response?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: server.backgroundExecutor) {
            let response = await server.answer(request)
            answered.withLock { $0 = response }
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success, let response = answered.withLock({ $0 }) else { throw RawClient.Failure.timeout }
        var names: [String: String] = [:]
        for (name, value) in response.headers.fields {
            names[name.lowercased()] = names[name.lowercased()].map { $0 + ", " + value } ?? value
        }
        let bytes: [UInt8]
        switch response.body {
        case .empty: bytes = []
        case let .data(data): bytes = [UInt8](data)
        case let .file(path, offset, length):
            guard let handle = FileHandle(forReadingAtPath: path) else { throw RawClient.Failure.malformed("no file \(path)") }
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(offset))
            bytes = [UInt8](handle.readData(ofLength: length))
        default:
            throw RawClient.Failure.malformed("\(method) \(path) answered with a stream: call it over a socket (API(socket:))")
        }
        return RawClient.Reply(status: response.status, headers: names, body: bytes)
    }

    /// Signs up and returns (access token, refresh token, user id).
    @discardableResult
    func signUp(_ email: String, password: String = "correct horse battery", name: String = "Ana",
                extra: [String: Any] = [:]) throws -> (access: String, refresh: String, id: String) {
        var body: [String: Any] = ["email": email, "password": password, "displayName": name, "timeZone": "Asia/Tokyo"]
        body.merge(extra) { $1 }
        let reply = try call("POST", "/v1/auth/signup", json: body)
        guard reply.status == 201 else { throw CocoaError(.coderInvalidValue, userInfo: [NSLocalizedDescriptionKey: reply.text]) }
        let json = try reply.json()
        return (json["accessToken"] as! String, json["refreshToken"] as! String, (json["user"] as! [String: Any])["id"] as! String)
    }

    func signIn(_ email: String, password: String = "correct horse battery", device: String = "test") throws -> RawClient.Reply {
        try call("POST", "/v1/auth/login", json: ["email": email, "password": password, "device": device])
    }

    func refresh(_ token: String) throws -> RawClient.Reply {
        try call("POST", "/v1/auth/refresh", json: ["refreshToken": token])
    }
}

extension RawClient.Reply {
    var problemType: String? { (try? json())?["type"] as? String }
    func string(_ key: String) -> String? { (try? json())?[key] as? String }
}

/// A value (parsed JSON, mostly) a test hands to another task that only reads it.
struct Sent<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A person's export (`GET /v1/me/export`), its JSON files by name.
func exportedFiles(port: Int, token: String) throws -> [String: String] {
    let client = try RawClient(port: port, timeout: 30)
    client.send("GET /v1/me/export HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n")
    let reply = try client.readResponse()
    guard reply.status == 200 else { throw ExportFailed(status: reply.status) }
    let path = NSTemporaryDirectory() + "yaruki-export-\(UUID().uuidString).zip"
    defer { unlink(path) }
    try Data(reply.body).write(to: URL(fileURLWithPath: path))
    return try ZipListing.read(path).json
}

struct ExportFailed: Error {
    var status: Int
}
