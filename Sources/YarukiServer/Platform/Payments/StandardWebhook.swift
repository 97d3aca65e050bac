import Foundation
import YarukiHTTP

/// Webhooks as the Standard Webhooks specification signs them (PortOne V2's, and the sandbox's):
/// `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` headers, the last
/// holding one or more space-separated `v1,<base64 HMAC-SHA256>` over `id.timestamp.body`, keyed
/// with the base64 secret after its `whsec_` prefix. A timestamp more than five minutes from now
/// either way is refused (a replay), and signatures are compared in constant time.
struct StandardWebhook: Sendable {
    enum Failure: Error, Equatable, CustomStringConvertible {
        case badSecret
        case missingHeader(String)
        case badTimestamp
        case stale
        case noMatch

        var description: String {
            switch self {
            case .badSecret: "The webhook secret is not whsec_ followed by base64."
            case let .missingHeader(name): "The \(name) header is missing."
            case .badTimestamp: "The webhook-timestamp header is not a Unix time in seconds."
            case .stale: "The webhook's timestamp is more than five minutes from now."
            case .noMatch: "No signature matches the body."
            }
        }
    }

    static let tolerance: TimeInterval = 5 * 60
    let key: Data

    /// From `whsec_<base64>` (the prefix may be left out, as consoles sometimes copy it).
    init(secret: String) throws {
        let encoded = secret.hasPrefix("whsec_") ? String(secret.dropFirst(6)) : secret
        guard let key = Data(base64Encoded: encoded), !key.isEmpty else { throw Failure.badSecret }
        self.key = key
    }

    /// A new secret, for the sandbox.
    static func newSecret() -> String { "whsec_" + Crypto.randomBytes(32).base64EncodedString() }

    /// The `webhook-signature` value for a message.
    func sign(id: String, timestamp: Int, body: Data) -> String {
        "v1," + Crypto.hmacSHA256(key: key, Data("\(id).\(timestamp).".utf8) + body).base64EncodedString()
    }

    /// The message id once the headers prove the body came from the secret's holder within the
    /// last five minutes.
    func verify(headers: HTTPHeaders, body: Data, now: Date) throws -> String {
        func header(_ name: String) throws -> String {
            guard let value = headers[name], !value.isEmpty else { throw Failure.missingHeader(name) }
            return value
        }
        let id = try header("webhook-id"), stamp = try header("webhook-timestamp"), signatures = try header("webhook-signature")
        guard stamp.utf8.count <= 12, let seconds = Int(stamp) else { throw Failure.badTimestamp }
        guard abs(now.timeIntervalSince1970 - TimeInterval(seconds)) <= Self.tolerance else { throw Failure.stale }
        let expected = Crypto.hmacSHA256(key: key, Data("\(id).\(stamp).".utf8) + body)
        var matched = false
        for entry in signatures.split(separator: " ") {
            let parts = entry.split(separator: ",", maxSplits: 1)
            guard parts.count == 2, parts[0] == "v1", let given = Data(base64Encoded: String(parts[1])) else { continue }
            // Every entry is compared, so the time taken says nothing of which one matched.
            if Crypto.constantTimeEqual(given, expected) { matched = true }
        }
        guard matched else { throw Failure.noMatch }
        return id
    }
}
