import Foundation

/// A payment as its provider reports it, fetched by the server itself: what a client says it
/// paid is never taken on its word.
struct ProviderPayment: Sendable, Equatable {
    enum Status: String, Sendable {
        case ready = "READY", pending = "PENDING", virtualAccountIssued = "VIRTUAL_ACCOUNT_ISSUED", paid = "PAID", failed = "FAILED"
        case partialCancelled = "PARTIAL_CANCELLED", cancelled = "CANCELLED", payPending = "PAY_PENDING", unknown
    }

    var id: String
    var status: Status
    /// In the currency's minor units as the provider counts them (won, yen, cents).
    var total: Int64
    /// ISO 4217, upper case.
    var currency: String
    /// How much of it was cancelled (given back) so far.
    var cancelled: Int64 = 0
}

/// What became of a cancel (a refund, once the money was taken).
enum CancelOutcome: Sendable, Equatable {
    case cancelled
    /// It was cancelled before (by this server's earlier try, or at the provider's console).
    case alreadyCancelled
}

enum PaymentProviderError: Error, Equatable, CustomStringConvertible {
    /// The provider could not be reached, or answered 5xx after the retries: try again later.
    case unavailable(String)
    /// The provider refused the server's credentials: a setting is wrong.
    case unauthorized
    /// The provider refused the request itself (its type and message).
    case refused(type: String, message: String)

    var description: String {
        switch self {
        case let .unavailable(why): "The payment provider is unavailable: \(why)"
        case .unauthorized: "The payment provider refused the server's API secret."
        case let .refused(type, message): "The payment provider refused: \(type) \(message)"
        }
    }
}

/// A payment provider the server checks payments with and refunds through: PortOne's V2 API,
/// or the built-in sandbox.
protocol PaymentProvider: Sendable {
    var name: String { get }
    /// The payment, or nil when the provider has none under that id.
    func payment(_ id: String) async throws -> ProviderPayment?
    /// Cancels (refunds) the whole payment, or `amount` of it.
    func cancel(_ id: String, amount: Int64?, reason: String) async throws -> CancelOutcome
}

/// No provider set up (`--payments` unset): nothing can be paid, and a refund still owed from an
/// earlier provider waits, retried, until one is set up again.
struct NoPaymentProvider: PaymentProvider {
    var name: String { "off" }

    func payment(_ id: String) async throws -> ProviderPayment? {
        throw PaymentProviderError.unavailable("no payment provider is set up (--payments)")
    }

    func cancel(_ id: String, amount: Int64?, reason: String) async throws -> CancelOutcome {
        throw PaymentProviderError.unavailable("no payment provider is set up (--payments)")
    }
}
