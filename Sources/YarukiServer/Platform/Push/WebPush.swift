import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Web Push (RFC 8030): the devices a person lets receive notifications when the app is closed,
/// and delivery to them as jobs. A message is encrypted for each device (RFC 8291) and carries a
/// VAPID token (RFC 8292); a push service that answers 404 or 410 has dropped the subscription,
/// and so do we; 429 and 5xx are tried again after their Retry-After (or the job's backoff).
struct WebPush: Sendable {
    let context: AppContext
    let vapid: VAPID
    let session: URLSession

    static let jobKind = "push"

    init(context: AppContext) throws {
        self.context = context
        let subject = "mailto:" + (context.settings.mailFrom?.address ?? "no-reply@localhost")
        vapid = try VAPID.load(keysDirectory: context.settings.dataDirectory + "/keys", subject: subject)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 15
        configuration.httpAdditionalHeaders = ["User-Agent": "Yaruki/\(YarukiVersion.current) web-push"]
        session = URLSession(configuration: configuration)
    }

    var publicKey: PushKey { PushKey(publicKey: Base64URL.encode(vapid.publicKey)) }

    // MARK: devices

    /// What is wrong with an endpoint, or nil: https to a public host, unless the operator lets
    /// subscriptions name any (`--push-endpoints any`, a push service of their own).
    static func endpointProblem(_ text: String, anyEndpoint: Bool) -> String? {
        guard text.count <= PushSubscriptionBody.maxEndpoint, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              let host = url.host?.lowercased(), !host.isEmpty else { return "is not a URL" }
        if anyEndpoint { return ["http", "https"].contains(scheme) ? nil : "must be an http(s) URL" }
        guard scheme == "https" else { return "must be an https URL" }
        let local = host == "localhost" || host.hasSuffix(".localhost") || host.hasSuffix(".local") || host.hasSuffix(".internal")
            || !host.contains(".") || host.allSatisfy({ $0.isNumber || $0 == "." }) || host.contains(":")
        return local ? "must name a push service's public host" : nil
    }

    func subscribe(_ body: PushSubscriptionBody, device fallback: String, by principal: Principal) async throws -> PushDevice {
        var check = FieldCheck()
        if let problem = WebPush.endpointProblem(body.endpoint, anyEndpoint: context.settings.pushToAnyEndpoint) { check.fail("endpoint", problem) }
        let point = Base64URL.decode(body.keys.p256dh), auth = Base64URL.decode(body.keys.auth)
        if point == nil || (try? EVPKey.p256(point: point!)) == nil { check.fail("keys.p256dh", "is not a P-256 public key") }
        if auth?.count != 16 { check.fail("keys.auth", "is not a 16-byte secret") }
        check.note(TextRule.check(body.device ?? "", field: "device", max: 100, required: false))
        try check.done()
        let device = TextRule.isBlank(body.device ?? "") ? String(fallback.prefix(100)) : TextRule.trim(body.device ?? "")
        let now = principal.now
        let row = PushStore.Subscription(id: UUID.timeOrdered(), userID: principal.userID, endpoint: body.endpoint, p256dh: body.keys.p256dh,
                                         auth: body.keys.auth, device: device, createdAt: now)
        let saved = try await context.database.transaction { c in try PushStore.save(row, c) }
        return WebPush.device(saved)
    }

    func devices(_ principal: Principal) async throws -> [PushDevice] {
        try await context.database.read { c in try PushStore.list(user: principal.userID, c) }.map(WebPush.device)
    }

    func remove(_ id: UUID, _ principal: Principal) async throws {
        guard try await context.database.transaction({ c in try PushStore.delete(id, user: principal.userID, c) }) else {
            throw Refusal.notFound("No such device of yours.")
        }
    }

    static func device(_ s: PushStore.Subscription) -> PushDevice {
        PushDevice(id: s.id, device: s.device, service: URL(string: s.endpoint)?.host ?? "", createdAt: s.createdAt, lastPushedAt: s.lastPushedAt)
    }

    // MARK: delivery

    /// What a device shows: a title, a line, the page a tap opens, and a tag under which a newer
    /// message replaces an older one on the device (and `Topic` at the push service).
    struct Message: Codable, Sendable, Equatable {
        var title: String
        var body: String
        var url: String
        var tag: String
    }

    /// One push to one device, as its job's payload.
    struct Delivery: Codable, Sendable {
        var subscription: UUID
        var message: Message
        /// Seconds the push service keeps it for a device that is offline.
        var ttl: Int
        var urgency: String
    }

    /// Queues `message` for every device of `user`, each a job of its own.
    func send(_ message: Message, to user: UUID, runAt: Date? = nil, ttl: Int = 86_400, urgency: String = "normal") async throws {
        try await context.database.transaction { c in try self.send(message, to: user, runAt: runAt, ttl: ttl, urgency: urgency, key: nil, c) }
    }

    /// The same inside the caller's write; under `key` (each device's job keyed `key` and its
    /// subscription), `cancel(keyPrefix:)` takes the message back while it waits.
    func send(_ message: Message, to user: UUID, runAt: Date?, ttl: Int, urgency: String, key: String?, _ c: SQLConnection) throws {
        for subscription in try PushStore.list(user: user, c) {
            let delivery = Delivery(subscription: subscription.id, message: message, ttl: ttl, urgency: urgency)
            let payload = String(decoding: try JSONEncoder().encode(delivery), as: UTF8.self)
            _ = try context.jobs.enqueue(WebPush.jobKind, payload: payload, runAt: runAt, uniqueKey: key.map { "\($0) \(subscription.id.lowercasedString)" }, c)
        }
    }

    /// Takes back the messages still waiting whose key starts with `keyPrefix`.
    func cancel(keyPrefix: String, _ c: SQLConnection) throws {
        try JobStore.cancel(kind: WebPush.jobKind, keyPrefix: keyPrefix, c)
    }

    /// A push service's answer that means "again later".
    struct Busy: JobRunner.Later, CustomStringConvertible {
        var status: Int
        var retryAfter: Date?
        var description: String { "the push service answered \(status)" }
    }

    /// Runs one delivery job: encrypts, signs and POSTs; forgets a subscription that is gone.
    func deliver(_ job: JobStore.Job) async throws {
        let delivery = try JSONDecoder().decode(Delivery.self, from: Data(job.payload.utf8))
        guard let subscription = try await context.database.read({ c in try PushStore.find(delivery.subscription, c) }),
              let endpoint = URL(string: subscription.endpoint), let p256dh = Base64URL.decode(subscription.p256dh),
              let auth = Base64URL.decode(subscription.auth) else { return }  // unsubscribed meanwhile: nothing to do
        let now = context.now
        let body = try WebPushCrypto.encrypt(try JSONEncoder().encode(delivery.message), p256dh: p256dh, auth: auth)
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        request.setValue("aes128gcm", forHTTPHeaderField: "Content-Encoding")
        request.setValue(String(delivery.ttl), forHTTPHeaderField: "TTL")
        request.setValue(delivery.urgency, forHTTPHeaderField: "Urgency")
        request.setValue(WebPush.topic(delivery.message.tag), forHTTPHeaderField: "Topic")
        request.setValue(try vapid.authorization(for: endpoint, now: now), forHTTPHeaderField: "Authorization")
        let (_, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        switch status {
        case 200..<300:
            _ = try? await context.database.transaction { c in try PushStore.pushed(subscription.id, at: now, c) }
        case 404, 410:
            _ = try await context.database.transaction { c in try PushStore.delete(subscription.id, user: nil, c) }
        case 429, 500...599:
            let after = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Retry-After").flatMap { WebPush.retryAfter($0, now: now) }
            throw Busy(status: status, retryAfter: after)
        default:
            ServerLog.error("a push service refused a message", ["status": String(status), "service": endpoint.host ?? ""])
        }
    }

    /// `Topic` (RFC 8030 §5.4): at most 32 URL-safe characters; a hash of the tag keeps them so.
    static func topic(_ tag: String) -> String {
        String(Base64URL.encode(Crypto.sha256(Data(tag.utf8))).prefix(32))
    }

    /// A `Retry-After` of seconds or an HTTP date, as an instant (at most a day ahead).
    static func retryAfter(_ text: String, now: Date) -> Date? {
        if let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 { return now.addingTimeInterval(Double(min(seconds, 86_400))) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text).map { min($0, now.addingTimeInterval(86_400)) }
    }
}
