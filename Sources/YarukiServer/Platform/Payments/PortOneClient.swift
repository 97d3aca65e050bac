import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// PortOne's V2 REST API, the calls the server makes: `GET /payments/{paymentId}` to see a
/// payment for itself and `POST /payments/{paymentId}/cancel` to refund, both with
/// `Authorization: PortOne <API secret>` (and the store id when one is set). A 5xx or a network
/// failure is tried again with backoff before it is reported as unavailable; PortOne's error
/// bodies (`{"type", "message"}`) become typed errors.
struct PortOneClient: PaymentProvider {
    let base: URL
    let secret: String
    let storeID: String?
    let session: URLSession
    /// Waits before each retry (seconds); tests make them short.
    var backoff: [Double] = [0.25, 1, 3]

    var name: String { "portone" }

    init(base: URL, secret: String, storeID: String?, timeout: TimeInterval = 10, backoff: [Double] = [0.25, 1, 3]) {
        self.base = base
        self.secret = secret
        self.storeID = storeID
        self.backoff = backoff
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    private struct Payment: Decodable {
        struct Amount: Decodable {
            var total: Int64
            var cancelled: Int64?
        }
        var id: String
        var status: String
        var amount: Amount?
        var currency: String?
    }

    private struct Problem: Decodable {
        var type: String?
        var message: String?
    }

    func payment(_ id: String) async throws -> ProviderPayment? {
        let (status, body) = try await send("GET", path(id), body: nil)
        if status == 404, (try? JSONDecoder().decode(Problem.self, from: body))?.type == "PAYMENT_NOT_FOUND" { return nil }
        try check(status, body)
        guard let payment = try? JSONDecoder().decode(Payment.self, from: body) else {
            throw PaymentProviderError.refused(type: "UNREADABLE", message: "The payment could not be read.")
        }
        return ProviderPayment(id: payment.id, status: ProviderPayment.Status(rawValue: payment.status) ?? .unknown, total: payment.amount?.total ?? 0,
                               currency: payment.currency?.uppercased() ?? "", cancelled: payment.amount?.cancelled ?? 0)
    }

    func cancel(_ id: String, amount: Int64?, reason: String) async throws -> CancelOutcome {
        var request: [String: Any] = ["reason": reason]
        if let storeID { request["storeId"] = storeID }
        if let amount { request["amount"] = amount }
        let (status, body) = try await send("POST", path(id) + "/cancel", body: try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys]))
        if (400..<500).contains(status), (try? JSONDecoder().decode(Problem.self, from: body))?.type == "PAYMENT_ALREADY_CANCELLED" { return .alreadyCancelled }
        try check(status, body)
        return .cancelled
    }

    private func path(_ id: String) -> String {
        "/payments/" + (id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.~"))) ?? id)
    }

    private func check(_ status: Int, _ body: Data) throws {
        if (200..<300).contains(status) { return }
        if status == 401 || status == 403 { throw PaymentProviderError.unauthorized }
        let problem = try? JSONDecoder().decode(Problem.self, from: body)
        throw PaymentProviderError.refused(type: problem?.type ?? "HTTP_\(status)", message: problem?.message ?? "")
    }

    /// One call, tried again after a 5xx or a failure to connect.
    private func send(_ method: String, _ path: String, body: Data?) async throws -> (Int, Data) {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = (components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath) + path
        if method == "GET", let storeID { components.queryItems = [URLQueryItem(name: "storeId", value: storeID)] }
        guard let url = components.url else { throw PaymentProviderError.unavailable("a bad API URL") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("PortOne \(secret)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        var last = "no answer"
        for attempt in 0...backoff.count {
            if attempt > 0 { try await Task.sleep(for: .seconds(backoff[attempt - 1])) }
            do {
                let (data, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if status >= 500 || status == 0 {
                    last = "HTTP \(status)"
                    continue
                }
                return (status, data)
            } catch {
                last = "\(error.localizedDescription)"
            }
        }
        throw PaymentProviderError.unavailable(last)
    }
}
