import Foundation
import Synchronization
import YarukiAPI

/// The server's application server key (VAPID, RFC 8292): one P-256 key, made on first start in
/// `DATA_DIR/keys/vapid.key` beside the node keys and read by every node, so a subscription made
/// through one node is pushed to from any. Its public half is what a browser's `PushManager`
/// subscribes with; each push carries a short-lived token signed with the private half.
struct VAPID: Sendable {
    let key: EVPKey
    /// The uncompressed public point, as `applicationServerKey` wants it.
    let publicKey: Data
    /// Who to contact about this server's pushes: `mailto:` or an https URL.
    let subject: String
    /// Tokens made, by push service origin, reused while they have over half their life left
    /// (one signature per service every six hours, not one per message).
    private let tokens = Tokens()

    private final class Tokens: Sendable {
        let kept = Mutex<[String: (header: String, expires: Date)]>([:])
    }

    init(key: EVPKey, publicKey: Data, subject: String) {
        self.key = key
        self.publicKey = publicKey
        self.subject = subject
    }

    static func load(keysDirectory: String, subject: String) throws -> VAPID {
        let path = keysDirectory + "/vapid.key"
        if FileManager.default.fileExists(atPath: path) == false {
            try FileManager.default.createDirectory(atPath: keysDirectory, withIntermediateDirectories: true)
            let made = try EVPKey.generateP256()
            let temporary = "\(path).\(UUID().uuidString).tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: try made.privatePEM(), attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
            // link() never replaces: when two nodes start at once, the first key written wins and both read it.
            _ = link(temporary, path)
            unlink(temporary)
        }
        guard let pem = FileManager.default.contents(atPath: path) else { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        let key = try EVPKey.readPrivatePEM(pem)
        return VAPID(key: key, publicKey: try key.publicPoint(), subject: subject)
    }

    /// How long a token is good for: RFC 8292 allows up to 24 hours; push services prefer less.
    static let tokenLifetime: TimeInterval = 12 * 3600

    /// The `Authorization` header of a push to `endpoint`: `vapid t=<JWT for the endpoint's origin>,k=<public key>`.
    func authorization(for endpoint: URL, now: Date) throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw WebPushCrypto.Failure.badKey("the endpoint has no origin") }
        let audience = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        if let kept = tokens.kept.withLock({ $0[audience] }), kept.expires.timeIntervalSince(now) > VAPID.tokenLifetime / 2 { return kept.header }
        let expires = Date(timeIntervalSince1970: (now.addingTimeInterval(VAPID.tokenLifetime).timeIntervalSince1970).rounded(.down))
        let claims: [String: Any] = ["aud": audience, "exp": Int(expires.timeIntervalSince1970), "sub": subject]
        let header = "vapid t=\(try JWT.sign(claims: claims, kid: nil, typ: "JWT", key: key)),k=\(Base64URL.encode(publicKey))"
        tokens.kept.withLock { $0[audience] = (header, expires) }
        return header
    }
}
