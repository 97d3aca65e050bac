import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiStore

/// A class's seats sold through the payment provider, holding to one rule: money is never kept
/// without an enrollment, and nobody is enrolled without money. The server never takes a
/// client's word for a payment; it asks the provider (`check`), and a confirm and the provider's
/// webhooks go through that same check, so whichever arrives first acts and the others find the
/// order settled. Money that cannot become a seat is owed back, and a refund job queued with that
/// change gives it back through the provider, retrying with backoff until it has (never dropped).
final class ClassOrders: Sendable {
    let context: AppContext
    let provider: any PaymentProvider
    /// The sandbox, when it is the provider (its checkout page charges through it).
    let sandbox: SandboxProvider?
    let webhooks: StandardWebhook
    let sales: any SalesLedger
    let inbox: Inbox

    var database: Database { context.database }

    /// How long an order may be paid for.
    static let lifetime: TimeInterval = 15 * 60
    /// How long one attempt holds a refund before another node may try it (the job's lease).
    static let refundHold: TimeInterval = 120
    /// The sales channel class payments count under on the wall.
    static let channel = "classes"

    init(context: AppContext, provider: any PaymentProvider, sandbox: SandboxProvider?, webhookSecret: String, sales: any SalesLedger,
         inbox: Inbox) throws {
        self.context = context
        self.provider = provider
        self.sandbox = sandbox
        self.sales = sales
        self.inbox = inbox
        webhooks = try StandardWebhook(secret: webhookSecret)
    }

    /// The provider the settings choose.
    static func make(context: AppContext, sales: any SalesLedger, inbox: Inbox) throws -> ClassOrders {
        switch context.settings.payments {
        case .sandbox:
            let secret = try SandboxProvider.secret(dataDirectory: context.settings.dataDirectory)
            let settings = context.settings
            let sandbox = try SandboxProvider(database: context.database, clock: context.clock, secret: secret) {
                let served = context.servedPort.load(ordering: .relaxed)
                guard served > 0 else { return nil }
                let host = ["0.0.0.0", "::", "*", ""].contains(settings.http.host) ? "127.0.0.1" : settings.http.host
                return URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(served)/v1/payments/webhook")
            }
            return try ClassOrders(context: context, provider: sandbox, sandbox: sandbox, webhookSecret: secret, sales: sales, inbox: inbox)
        case let .portone(p):
            return try ClassOrders(context: context, provider: PortOneClient(base: p.apiURL, secret: p.apiSecret, storeID: p.storeID), sandbox: nil,
                                   webhookSecret: p.webhookSecret, sales: sales, inbox: inbox)
        case .off:
            // Nothing can be paid; webhooks are refused (nobody holds this secret).
            return try ClassOrders(context: context, provider: NoPaymentProvider(), sandbox: nil, webhookSecret: StandardWebhook.newSecret(),
                                   sales: sales, inbox: inbox)
        }
    }

    /// Whether seats can be bought on this server (a payment provider is set up).
    var selling: Bool { context.settings.payments != .off }

    // MARK: the wire

    func checkout(title: String) -> Checkout {
        switch context.settings.payments {
        case .sandbox, .off:
            Checkout(provider: context.settings.payments.name, storeId: nil, channelKey: nil, orderName: title,
                     methods: [CheckoutMethod(method: "card", channelKey: nil, payMethod: "CARD", easyPayProvider: nil)])
        case let .portone(p):
            Checkout(provider: "portone", storeId: p.storeID, channelKey: p.channelKey, orderName: title,
                     methods: [CheckoutMethod(method: "card", channelKey: p.channelKey, payMethod: "CARD", easyPayProvider: nil)]
                        + p.easyPay.map { CheckoutMethod(method: $0.method, channelKey: $0.channelKey, payMethod: "EASY_PAY", easyPayProvider: $0.method.uppercased()) })
        }
    }

    func info(_ o: ClassStore.Order, title: String) -> OrderInfo {
        // A pending order past its time shows as expired (it is marked so when next checked).
        let state = o.state == "pending" && context.now > o.expiresAt ? "expired" : o.state
        return OrderInfo(id: o.id, classId: o.classID, paymentId: o.paymentID, amount: o.amount, currency: o.currency, state: state, reason: o.reason,
                         expiresAt: o.expiresAt, cancelDeadline: o.state == "paid" ? o.cancelDeadline : nil,
                         refundedAmount: o.refundedAmount > 0 ? o.refundedAmount : nil, checkout: checkout(title: title))
    }

    /// Until when a paid seat may be cancelled for a refund: the deadline it was bought under (or
    /// later, when the class moved since), or the class's own when that is later still.
    static func deadline(of order: ClassStore.Order, in k: ClassStore.ClassRow) -> Date {
        let current = ClassService.deadline(k.startsAt, hours: k.cancelHours)
        return max(order.cancelDeadline ?? current, current)
    }

    private func shown(_ id: UUID) async throws -> OrderInfo {
        let (order, klass) = try await database.read { c -> (ClassStore.Order?, ClassStore.ClassRow?) in
            let order = try ClassStore.order(id, user: nil, c)
            return (order, try order.flatMap { try ClassStore.classRow($0.classID, c) })
        }
        guard let order else { throw Refusal.notFound("No such order.") }
        return info(order, title: klass?.title ?? "")
    }

    // MARK: ordering

    /// A pending order for a seat at the class's price (the client never names an amount); the
    /// person's unexpired pending order for the class when they have one. `created` is false then.
    func order(_ classID: UUID, by principal: Principal) async throws -> (OrderInfo, created: Bool) {
        let (user, now) = (principal.userID, context.now)
        guard selling else {
            throw Refusal(.conflict, code: "payments-off", "Seats cannot be bought on this server yet: its operator has not set up payments.")
        }
        let made = try await database.transaction { c -> (ClassStore.Order, ClassStore.ClassRow, Bool) in
            guard let k = try ClassStore.classRow(classID, c) else { throw Refusal.notFound("No such class.") }
            guard k.state == "open" else { throw Refusal(.conflict, code: "class-cancelled", "This class was cancelled.") }
            guard k.startsAt > now else { throw Refusal(.conflict, code: "class-started", "This class has started.") }
            if try ClassStore.hasPaidSeat(class: classID, user: user, c) {
                throw Refusal(.conflict, code: "already-booked", "You already have a seat in this class.")
            }
            if let pending = try ClassStore.pendingOrder(class: classID, user: user, now: now, c) { return (pending, k, false) }
            guard k.seatsLeft > 0 else { throw Refusal(.conflict, code: "class-full", "This class is full.") }
            let id = UUID.timeOrdered()
            let order = ClassStore.Order(id: id, classID: classID, userID: user, paymentID: "yaruki-" + id.lowercasedString.replacingOccurrences(of: "-", with: ""),
                                         provider: self.provider.name, amount: k.price, currency: k.currency,
                                         expiresAt: min(now.addingTimeInterval(ClassOrders.lifetime), k.startsAt))
            try ClassStore.insertOrder(order, at: now, c)
            return (order, k, true)
        }
        return (info(made.0, title: made.1.title), made.2)
    }

    /// The person's own order (404 for anyone else's).
    func mine(_ id: UUID, _ principal: Principal) async throws -> ClassStore.Order {
        let user = principal.userID
        guard let order = try await database.read({ c in try ClassStore.order(id, user: user, c) }) else { throw Refusal.notFound("No such order.") }
        return order
    }

    func one(_ id: UUID, _ principal: Principal) async throws -> OrderInfo {
        _ = try await mine(id, principal)
        return try await shown(id)
    }

    /// The client says it paid: the server asks the provider and settles the order by what it says.
    func confirm(_ id: UUID, _ principal: Principal) async throws -> OrderInfo {
        let order = try await mine(id, principal)
        try await check(order)
        let settled = try await shown(id)
        guard settled.state == "refunding" else { return settled }
        // Decided a moment ago by the provider's webhook, which is giving the money back on this
        // node now: the person is told how that ended, not that it is under way.
        await refundNow(id)
        return try await shown(id)
    }

    /// The order as the provider's payment decides it. Pending orders (and expired or cancelled
    /// ones whose money arrived anyway) move on once; everything else is left as it is.
    func check(_ order: ClassStore.Order, retry: Bool = true) async throws {
        let said = Said()
        if order.state == "paid" { return try await checkPaid(order) }
        guard ["pending", "expired", "cancelled"].contains(order.state) else { return }
        let payment = try await providerPayment(order)
        let seen = payment.map { p -> OrderDecision.Seen in
            let status: OrderDecision.Seen.Status = switch p.status {
            case .paid: .paid
            case .failed: .failed
            case .cancelled: .cancelled
            case .partialCancelled: .partiallyCancelled
            default: .pending
            }
            return OrderDecision.Seen(status: status, total: p.total, currency: p.currency)
        }
        let now = context.now
        let (klass, booked) = try await database.read { c in
            (try ClassStore.classRow(order.classID, c), try ClassStore.hasPaidSeat(class: order.classID, user: order.userID, c))
        }
        var decision = OrderDecision.decide(amount: order.amount, currency: order.currency, expiresAt: order.expiresAt, classOpen: klass?.state == "open",
                                            seatFree: (klass?.seatsLeft ?? 0) > 0, alreadyBooked: booked, payment: seen, now: now)
        // An order already expired or withdrawn: money that arrived for it anyway goes back,
        // whatever the class; anything else leaves it as it is.
        if order.state != "pending" {
            switch decision {
            case .enroll, .refund: decision = .refund(reason: order.state == "cancelled" ? .memberCancelled : .expired)
            case .wait, .fail: return
            case .suspicious: break
            }
        }
        let from = [order.state]
        var changed = false
        var owed = false
        switch decision {
        case .wait:
            if now > order.expiresAt {
                changed = try await database.transaction { c in try ClassStore.move(order.id, from: from, to: "expired", reason: "expired", at: now, c) }
            }
        case let .fail(reason):
            let code = seen?.status == .failed ? "declined" : "providerCancelled"
            ServerLog.info("order failed", ["order": order.id.lowercasedString, "reason": reason])
            changed = try await database.transaction { c in try ClassStore.move(order.id, from: from, to: "failed", reason: code, at: now, c) }
        case let .suspicious(reason):
            ServerLog.error("payment does not match its order; cancelling it", ["order": order.id.lowercasedString, "reason": reason])
            changed = try await database.transaction { c in
                try self.owing(order.id, from: from, to: "suspicious", reason: "amountMismatch", at: now, c)
            }
            owed = changed
        case let .refund(reason):
            changed = try await taken(order, from: from, at: now) { c in
                guard try self.owing(order.id, from: from, to: "refunding", reason: reason.rawValue, paid: true, at: now, c) else { return false }
                said.add(try self.inbox.add(ClassNotices.refund, to: order.userID, subject: order.id, at: now, c))
                return true
            }
            owed = changed
        case .enroll:
            do {
                changed = try await enroll(order, from: from, at: now, said)
            } catch let error where retry {
                // Another order of the same person took their seat in the class at the same
                // moment (the one-paid-seat index refused this one): checked again, it is refunded.
                guard try await database.read({ c in try ClassStore.hasPaidSeat(class: order.classID, user: order.userID, c) }) else { throw error }
                return try await check(order, retry: false)
            }
            owed = true
        }
        guard changed else { return }
        await told(order.id, user: order.userID, said)
        if owed { await refundNow(order.id) }
    }

    /// The order's payment as the provider reports it (nil: it has none); 503 when it cannot be asked.
    private func providerPayment(_ order: ClassStore.Order) async throws -> ProviderPayment? {
        do {
            return try await provider.payment(order.paymentID)
        } catch let error as PaymentProviderError {
            ServerLog.error("payment check failed", ["order": order.id.lowercasedString, "reason": error.description])
            throw Refusal(.unavailable, "The payment provider could not be asked; try again in a moment.")
        }
    }

    /// A seat's payment as the provider now reports it: cancelled at its console (by the shop,
    /// outside Yaruki), the seat goes and the wall counts the money back; cancelled in part, the
    /// seat stays and the order says how much went back.
    private func checkPaid(_ order: ClassStore.Order) async throws {
        let said = Said()
        let payment = try await providerPayment(order)
        guard let payment, payment.currency == order.currency else { return }
        let now = context.now
        let id = order.id.lowercasedString
        switch payment.status {
        case .cancelled:
            let sale = SaleEvent(id: "class-refund:\(id)", amount: -(order.amount - order.refundedAmount), currency: order.currency, occurredAt: now,
                                 channel: ClassOrders.channel)
            let moved = try await recorded(sale, at: now) { c in
                guard try ClassStore.move(order.id, from: ["paid"], to: "refunded", reason: "providerCancelled", at: now, c) else { return false }
                try ClassStore.releaseSeat(order.classID, at: now, c)
                said.add(try self.inbox.add(ClassNotices.refund, to: order.userID, subject: order.id, at: now, c))
                return true
            }
            if moved { await told(order.id, user: order.userID, said) }
        case .partialCancelled where payment.cancelled > order.refundedAmount && payment.cancelled < order.amount:
            let sale = SaleEvent(id: "class-refund:\(id):\(payment.cancelled)", amount: -(payment.cancelled - order.refundedAmount), currency: order.currency,
                                 occurredAt: now, channel: ClassOrders.channel)
            let noted = try await recorded(sale, at: now) { c in
                guard try ClassStore.noteProviderRefund(order.id, total: payment.cancelled, at: now, c) else { return false }
                said.add(try self.inbox.add(ClassNotices.refund, to: order.userID, subject: order.id, at: now, c))
                return true
            }
            if noted { await told(order.id, user: order.userID, said) }
        default:
            return
        }
    }

    private func enroll(_ order: ClassStore.Order, from: [String], at now: Date, _ said: Said) async throws -> Bool {
        try await taken(order, from: from, at: now) { c in
            // The seat keeps the cancel deadline it was bought under, whatever the class's later changes.
            let deadline = try ClassStore.classRow(order.classID, c).map { ClassService.deadline($0.startsAt, hours: $0.cancelHours) }
            guard try ClassStore.move(order.id, from: from, to: "paid", reason: nil, paid: true, deadline: deadline, at: now, c) else { return false }
            // The seat is taken in the same transaction, by one conditional UPDATE: if the last
            // one went meanwhile, the money goes back and the person is told why.
            if try !ClassStore.takeSeat(order.classID, at: now, c) {
                _ = try self.owing(order.id, from: ["paid"], to: "refunding", reason: OrderDecision.RefundReason.full.rawValue, at: now, c)
                said.add(try self.inbox.add(ClassNotices.refund, to: order.userID, subject: order.id, at: now, c))
            } else {
                said.add(try self.inbox.add(ClassNotices.seatBooked, to: order.userID, subject: order.id, at: now, c))
            }
            return true
        }
    }

    /// The order took money: its sale is recorded in the same transaction as `work` (which says
    /// whether it acted; if another caller settled the order first, nothing is kept).
    private func taken(_ order: ClassStore.Order, from: [String], at now: Date, _ work: @escaping @Sendable (SQLConnection) throws -> Bool) async throws -> Bool {
        let sale = SaleEvent(id: "class-order:\(order.id.lowercasedString)", amount: order.amount, currency: order.currency, occurredAt: now,
                             channel: ClassOrders.channel)
        return try await recorded(sale, at: now, work)
    }

    /// Records `sale` on the wall in the same transaction as `work`, and only if `work` acted
    /// (returned true): otherwise nothing is kept.
    private func recorded(_ sale: SaleEvent, at now: Date, _ work: @escaping @Sendable (SQLConnection) throws -> Bool) async throws -> Bool {
        struct Settled: Error {}
        do {
            _ = try await sales.record([sale], at: now) { c in if try !work(c) { throw Settled() } }
            return true
        } catch is Settled {
            return false
        }
    }

    /// Tells the person's screens: the order changed, and their unread count did.
    private func told(_ id: UUID, user: UUID, _ said: Said) async {
        if let shown = try? await shown(id) { context.events.publish("order", shown, to: [user]) }
        let notices = said.take()
        if notices.isEmpty { inbox.recount(user) } else { inbox.deliver(notices) }
    }

    /// A webhook's payment: found by its id and checked as a confirm would be. Unknown ids (another
    /// system's payments on the same store) are ignored.
    func webhook(paymentID: String) async throws {
        guard let order = try await database.read({ c in try ClassStore.order(paymentID: paymentID, c) }) else { return }
        try await check(order)
    }

    // MARK: cancelling

    /// A member gives their seat back before the class's cancel deadline and is refunded; an
    /// order not paid yet is simply withdrawn (after making sure the provider has no money for it).
    func cancel(_ id: UUID, _ principal: Principal) async throws -> OrderInfo {
        var order = try await mine(id, principal)
        if order.state == "pending" {
            try await check(order)
            order = try await mine(id, principal)
        }
        let now = context.now
        switch order.state {
        case "pending":
            _ = try await database.transaction { c in try ClassStore.move(order.id, from: ["pending"], to: "cancelled", reason: "memberCancelled", at: now, c) }
        case "paid":
            try await database.transaction { c in
                guard let k = try ClassStore.classRow(order.classID, c) else { throw Refusal.notFound("No such class.") }
                let deadline = ClassOrders.deadline(of: order, in: k)
                guard now < deadline else {
                    throw Refusal(.conflict, code: "cancel-deadline-passed", "Seats in this class could be cancelled until \(ISO8601DateFormatter().string(from: deadline)).")
                }
                guard try self.owing(order.id, from: ["paid"], to: "refunding", reason: "memberCancelled", at: now, c) else {
                    throw Refusal.conflict("The order changed meanwhile; look again.")
                }
                try ClassStore.releaseSeat(order.classID, at: now, c)
            }
            await refundNow(order.id)
        case "refunding", "refunded", "cancelled":
            break
        default:
            throw Refusal.conflict("This order holds no seat to cancel.")
        }
        return try await shown(id)
    }

    /// A coach cancels a class: nobody can order it any more, and everyone who paid is refunded
    /// and told. Payments still arriving for it are refunded as they are checked.
    func cancelClass(_ id: UUID, by principal: Principal) async throws -> [UUID] {
        let said = Said()
        let now = context.now
        let refunded = try await database.transaction { c -> [ClassStore.Order] in
            guard let k = try ClassStore.classRow(id, c) else { throw Refusal.notFound("No such class.") }
            guard ClassService.may(edit: k, principal) else { throw Refusal(.forbidden, "Only the class's coach or an admin cancels it.") }
            guard try ClassStore.cancel(id, at: now, c) else { return [] }
            var refunded: [ClassStore.Order] = []
            for order in try ClassStore.paidOrders(id, c)
            where try self.owing(order.id, from: ["paid"], to: "refunding", reason: "classCancelled", at: now, c) {
                said.add(try self.inbox.add(ClassNotices.refund, to: order.userID, subject: order.id, at: now, c))
                refunded.append(order)
            }
            return refunded
        }
        for order in refunded { await told(order.id, user: order.userID, said) }
        for order in refunded { await refundNow(order.id) }
        return refunded.map(\.id)
    }

    // MARK: refunds

    /// The job that gives one order's money back.
    static let refundJob = "classes.refund"

    static func refundKey(_ id: UUID) -> String { "\(refundJob):\(id.lowercasedString)" }

    /// Moves an order (as `ClassStore.move`) to a state that owes its money back, and queues the
    /// refund in the same transaction: it exists exactly when the order says it is owed.
    private func owing(_ id: UUID, from: [String], to state: String, reason: String, paid: Bool = false, at now: Date, _ c: SQLConnection) throws -> Bool {
        guard try ClassStore.move(id, from: from, to: state, reason: reason, paid: paid, refund: true, at: now, c) else { return false }
        // Due only after a hold: the caller tries it at once (`refundNow`), the runners if it could not.
        try context.jobs.enqueue(ClassOrders.refundJob, payload: id.lowercasedString, runAt: now.addingTimeInterval(ClassOrders.refundHold),
                                 uniqueKey: ClassOrders.refundKey(id), c)
        return true
    }

    /// Gives refunds back as jobs: tried at once while the person waits for the answer, and if
    /// the provider refuses, again by whichever node's runner takes it, with the runner's backoff
    /// (at most an hour apart) and as many attempts as a year of hours: a refund is never dropped.
    var jobs: [JobRunner.Kind] {
        [JobRunner.Kind(name: ClassOrders.refundJob, maxAttempts: 10_000, lease: ClassOrders.refundHold, firstRetry: 5) { [weak self] job in
            guard let self, let id = UUID(strict: job.payload) else { return }
            try await self.refund(id)
        }]
    }

    /// Tries one order's refund at once (the job's lease keeps every runner from trying it too).
    func refundNow(_ id: UUID) async {
        await context.jobs.runNow(uniqueKey: ClassOrders.refundKey(id))
    }

    /// One attempt; throws when the provider refused or could not be reached (noted on the order
    /// and tried again by the job).
    private func refund(_ id: UUID) async throws {
        let said = Said()
        guard let order = try await database.read({ c in try ClassStore.owedRefund(id, c) }) else { return }
        do {
            _ = try await provider.cancel(order.paymentID, amount: nil, reason: ClassOrders.cancelReason(order))
        } catch {
            ServerLog.error("refund refused by the provider; trying again", ["order": order.id.lowercasedString, "reason": "\(error)"])
            _ = try? await database.transaction { c in try ClassStore.refundRefused(order.id, error: "\(error)", c) }
            throw error
        }
        let now = context.now
        if order.state == "refunding" {
            // The money went out: the wall counts it back.
            let sale = SaleEvent(id: "class-refund:\(order.id.lowercasedString)", amount: -order.amount, currency: order.currency, occurredAt: now,
                                 channel: ClassOrders.channel)
            _ = try await sales.record([sale], at: now) { c in _ = try ClassStore.refundDone(order.id, at: now, c) }
        } else {
            _ = try await database.transaction { c in try ClassStore.refundDone(order.id, at: now, c) }
        }
        await told(order.id, user: order.userID, said)
    }

    static func cancelReason(_ order: ClassStore.Order) -> String {
        switch order.reason {
        case "amountMismatch": "The payment did not match the order."
        case "full": "The class filled up before the payment arrived."
        case "expired": "The order had expired before the payment arrived."
        case "classCancelled": "The class was cancelled."
        case "alreadyBooked": "The seat was already paid for."
        case "memberCancelled": "Cancelled by the member."
        default: "Refunded by Yaruki."
        }
    }

    // MARK: the sandbox's checkout

    /// The sandbox's card, charged for an order of the person's own: a payment id is not a
    /// secret, so nobody may pay (or spoil, with a wrong amount) someone else's order.
    func sandboxCharge(_ paymentID: String, amount: Int64, currency: String, approve: Bool, by principal: Principal) async throws -> String {
        guard let sandbox else { throw Refusal.notFound() }
        let order = try await database.read { c in try ClassStore.order(paymentID: paymentID, c) }
        guard let order, order.userID == principal.userID else { throw Refusal.notFound("No such payment.") }
        do {
            return try await sandbox.charge(paymentID, amount: amount, currency: currency, approve: approve)
        } catch let PaymentProviderError.refused(_, message) {
            throw Refusal(.conflict, code: "already-paid", message)
        }
    }

    // MARK: webhooks

    /// A delivery verified by its signature, acted on once per `webhook-id`.
    func receive(headers: HTTPHeaders, body: Data) async throws -> WebhookReceipt {
        let now = context.now
        let id: String
        do {
            id = try webhooks.verify(headers: headers, body: body, now: now)
        } catch let failure as StandardWebhook.Failure {
            throw Refusal(.unauthenticated, code: "bad-webhook-signature", failure.description)
        }
        guard id.utf8.count <= 200 else { throw Refusal.malformed("The webhook-id is longer than 200 bytes.") }
        if try await database.read({ c in try ClassStore.webhookSeen(id, c) }) { return WebhookReceipt(duplicate: true) }
        guard let event = try? JSONCoding.decoder.decode(PaymentWebhook.self, from: body) else {
            throw Refusal.malformed("The webhook's body is not a payment event.")
        }
        if let paymentID = event.data?.paymentId, paymentID.utf8.count <= 200 { try await webhook(paymentID: paymentID) }
        // Remembered once acted on: a delivery that failed halfway is acted on when it comes again.
        let fresh = try await database.transaction { c in try ClassStore.rememberWebhook(id, at: now, c) }
        return WebhookReceipt(duplicate: !fresh)
    }
}
