import Foundation
import YarukiAPI
import YarukiTestSupport

/// A clock the tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date()) { current = start }

    var now: Date { lock.withLock { current } }

    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// JSON over a real socket, for the auth flows. Made from a running app, it keeps that app alive:
/// Swift may release a local after its last use, and a test that last touches `running` early
/// would otherwise see its server shut down halfway.
struct API: Sendable {
    let port: Int
    private var keep: RunningApp?

    init(port: Int) {
        self.port = port
    }

    init(_ running: RunningApp) {
        port = running.port
        keep = running
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
        return try request(port, method, path, headers: all, body: body)
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
