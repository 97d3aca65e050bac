import Foundation

/// What the server does with a class order once it has seen the payment at the provider: the
/// one rule that keeps money and enrollments together. Nobody is enrolled without a payment the
/// provider reports as paid in the order's own amount and currency, and money taken that cannot
/// become an enrollment (a tampered amount, a full class, an order that expired) is given back.
public enum OrderDecision: Sendable, Equatable {
    /// Paid as ordered and a seat is free: enroll, atomically with the seat count.
    case enroll
    /// Not paid yet (or not at all): leave the order as it is.
    case wait
    /// The provider says the payment failed or was cancelled: the order fails, nothing to give back.
    case fail(reason: String)
    /// Paid, but not what was ordered: mark the order suspicious and cancel the payment.
    case suspicious(reason: String)
    /// Paid as ordered but it cannot be honoured: refund in full, with the reason told to the person.
    case refund(reason: RefundReason)

    public enum RefundReason: String, Sendable, Equatable {
        /// The last seat went to someone else while this person paid.
        case full
        /// The order had expired before the payment arrived.
        case expired
        /// The class was cancelled meanwhile (or, for a paid seat, later by its coach).
        case classCancelled
        /// The person already holds a paid seat in the class (two orders paid at once).
        case alreadyBooked
        /// The person cancelled their seat before the class's cancel deadline.
        case memberCancelled
        /// Part of the payment was cancelled at the provider before it became a seat: the rest
        /// is given back too (a seat is never sold for part of its price).
        case partiallyCancelled
    }

    /// The payment as the provider reports it, reduced to what the rule needs.
    public struct Seen: Sendable, Equatable {
        public enum Status: Sendable, Equatable { case paid, failed, cancelled, partiallyCancelled, pending }
        public var status: Status
        public var total: Int64
        public var currency: String

        public init(status: Status, total: Int64, currency: String) {
            self.status = status
            self.total = total
            self.currency = currency
        }
    }

    /// The decision for a pending order of `amount` `currency` that expires at `expiresAt`,
    /// given the payment seen (nil: the provider has none yet) and whether a seat is free.
    public static func decide(amount: Int64, currency: String, expiresAt: Date, classOpen: Bool, seatFree: Bool, alreadyBooked: Bool = false,
                              payment: Seen?, now: Date) -> OrderDecision {
        guard let payment else { return .wait }
        switch payment.status {
        case .pending: return .wait
        case .failed: return .fail(reason: "The payment failed at the provider.")
        case .cancelled: return .fail(reason: "The payment was cancelled at the provider.")
        case .paid, .partiallyCancelled: break
        }
        guard payment.currency == currency, payment.total == amount else {
            return .suspicious(reason: "The provider reports \(payment.total) \(payment.currency); the order is \(amount) \(currency).")
        }
        // Money left at the provider after part of it went back cannot be a seat: it goes back too.
        if payment.status == .partiallyCancelled { return .refund(reason: .partiallyCancelled) }
        if !classOpen { return .refund(reason: .classCancelled) }
        if now > expiresAt { return .refund(reason: .expired) }
        if alreadyBooked { return .refund(reason: .alreadyBooked) }
        return seatFree ? .enroll : .refund(reason: .full)
    }
}
