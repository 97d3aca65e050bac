import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import YarukiHTTP
import YarukiStore

/// The built-in payment provider for development and the demo: it keeps its payments on its own
/// side (its table, as a provider keeps its records), answers the server's checks like PortOne
/// does, and tells the server of each payment with webhooks signed by the Standard Webhooks rules
/// and sent over HTTP to the server's own endpoint. Deliveries behave as a real provider's do:
/// `Transaction.Paid` arrives before the earlier `Transaction.Ready` (out of order), and the same
/// delivery comes again a little later (a duplicate with the same `webhook-id`).
final class SandboxProvider: PaymentProvider, @unchecked Sendable {
    let database: Database
    let clock: @Sendable () -> Date
    let signer: StandardWebhook
    /// Where webhooks go (the server's own `/v1/payments/webhook`), known once it listens.
    let target: @Sendable () -> URL?
    /// Seconds before the duplicate delivery.
    let duplicateDelay: Double
    private let session: URLSession
    /// Deliveries the server has answered (for tests that wait for the duplicate instead of a clock).
    let delivered = Atomic<Int>(0)

    var name: String { "sandbox" }

    init(database: Database, clock: @escaping @Sendable () -> Date, secret: String, duplicateDelay: Double = 2, target: @escaping @Sendable () -> URL?) throws {
        self.database = database
        self.clock = clock
        self.duplicateDelay = duplicateDelay
        self.target = target
        signer = try StandardWebhook(secret: secret)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    /// The sandbox's webhook secret, made once per data folder and kept beside the signing keys.
    static func secret(dataDirectory: String) throws -> String {
        let path = dataDirectory + "/keys/sandbox-webhook-secret"
        if let kept = try? String(contentsOfFile: path, encoding: .utf8), !kept.isEmpty { return kept.trimmingCharacters(in: .whitespacesAndNewlines) }
        try FileManager.default.createDirectory(atPath: dataDirectory + "/keys", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let secret = StandardWebhook.newSecret()
        guard FileManager.default.createFile(atPath: path, contents: Data(secret.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw SettingError(setting: "--data-dir", reason: "cannot write \(path)")
        }
        return secret
    }

    func payment(_ id: String) async throws -> ProviderPayment? {
        guard let kept = try await database.read({ c in try SandboxPaymentStore.payment(id, c) }) else { return nil }
        return ProviderPayment(id: id, status: ProviderPayment.Status(rawValue: kept.status) ?? .unknown, total: kept.amount, currency: kept.currency,
                               cancelled: kept.status == "CANCELLED" ? kept.amount : 0)
    }

    func cancel(_ id: String, amount: Int64?, reason: String) async throws -> CancelOutcome {
        let now = clock()
        guard let before = try await database.transaction({ c in try SandboxPaymentStore.cancel(id, at: now, c) }) else {
            throw PaymentProviderError.refused(type: "PAYMENT_NOT_FOUND", message: "No payment \(id).")
        }
        if before == "CANCELLED" { return .alreadyCancelled }
        deliver([event("Transaction.Cancelled", id, at: now)])
        return .cancelled
    }

    /// The checkout page's card: the payment is taken (PAID) or declined (FAILED) for the amount
    /// the page asked for, then the server is told.
    func charge(_ id: String, amount: Int64, currency: String, approve: Bool) async throws -> String {
        let now = clock()
        let status = approve ? "PAID" : "FAILED"
        try await database.transaction { c in
            if let kept = try SandboxPaymentStore.payment(id, c), kept.status != "FAILED" {
                throw PaymentProviderError.refused(type: "ALREADY_PAID", message: "This payment is \(kept.status.lowercased()) already.")
            }
            try SandboxPaymentStore.pay(id, amount: amount, currency: currency, status: status, at: now, c)
        }
        let ready = event("Transaction.Ready", id, at: now.addingTimeInterval(-1))
        let outcome = event(approve ? "Transaction.Paid" : "Transaction.Failed", id, at: now)
        // The later event first, the earlier one after it, and the later one once more.
        deliver([outcome, ready], duplicate: outcome)
        return status
    }

    struct Event: Sendable {
        var id: String
        var body: Data
    }

    private func event(_ type: String, _ paymentID: String, at time: Date) -> Event {
        let stamp = ISO8601DateFormatter().string(from: time)
        let body = #"{"type":"\#(type)","timestamp":"\#(stamp)","data":{"paymentId":"\#(paymentID)","transactionId":"\#(UUID().lowercasedString)"}}"#
        return Event(id: "msg_" + Crypto.randomBytes(16).map { String(format: "%02x", $0) }.joined(), body: Data(body.utf8))
    }

    /// Sends `events` in order in the background, then `duplicate` again after the delay.
    private func deliver(_ events: [Event], duplicate: Event? = nil) {
        let provider = self
        Task {
            for event in events { await provider.send(event) }
            if let duplicate {
                try? await Task.sleep(for: .seconds(provider.duplicateDelay))
                await provider.send(duplicate)
            }
        }
    }

    /// One delivery, tried again while the server answers 5xx, cannot be reached or takes longer
    /// than the timeout, as a provider does: at once, then after 1, 2, 4 … 64 s (about two
    /// minutes in all; a busy server is given time, not written off after a few seconds).
    func send(_ event: Event) async {
        var reason = ""
        for attempt in 0..<Self.attempts {
            if attempt > 0 { try? await Task.sleep(for: .seconds(Double(1 << (attempt - 1)))) }
            // A server that stopped listening is not written to (nor another one on its port).
            guard let url = target() else { return }
            let stamp = Int(clock().timeIntervalSince1970)
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.httpBody = event.body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(event.id, forHTTPHeaderField: "webhook-id")
            request.setValue(String(stamp), forHTTPHeaderField: "webhook-timestamp")
            request.setValue(signer.sign(id: event.id, timestamp: stamp, body: event.body), forHTTPHeaderField: "webhook-signature")
            do {
                let (_, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if (200..<500).contains(status) {
                    delivered.add(1, ordering: .relaxed)
                    return
                }
                reason = "answered \(status)"
            } catch {
                reason = error.localizedDescription
            }
        }
        ServerLog.error("sandbox webhook not delivered", ["webhook": event.id, "tries": String(Self.attempts), "last": reason])
    }

    /// Tries of one delivery: the first and seven more, 1 s to 64 s apart.
    static let attempts = 8
}
