import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Classes by month, their detail, publishing and renewing them; orders for seats, their
/// confirmation and cancellation; the provider's webhooks; and the sandbox's checkout.
struct ClassRoutes: RouteCollection {
    let classes: ClassService
    var orders: ClassOrders { classes.orders }

    func add(to routes: RouteTable) {
        addClasses(routes.signedIn(tag: "classes"))
        addOrders(routes)
    }

    /// The schedule, a class, and what coaches do with classes.
    private func addClasses(_ me: RouteGroup<Principal>) {
        me.get("/v1/classes", Doc("A month's classes in my time zone with the seats left, by start; the coaches teaching that month",
                                  [200: "The month", 400: "A bad month or coach"],
                                  query: [.text("month", .matching(PersonalCalendar.monthPattern), "YYYY-MM (this month when left out)"),
                                          .id("coach", "Only this coach's classes")]), month)
        me.post("/v1/classes", Doc("Publish a class, or a month of them as a series (coaches and admins)",
                                   [201: "The classes made", 400: "A field is not valid", 403: "Not a coach",
                                    422: "Fields that do not fit together (a price outside its currency's bounds, both startsAt and series, a cancel deadline already past…)"]), create)
        me.get("/v1/classes/{id}", Doc("A class, my latest order for it, and for its coach and admins the roster and revenue",
                                       [200: "The class", 404: "No such class"]), detail)
        me.get("/v1/classes/{id}/calendar.ics", Doc("The class as an event to add to a calendar (a seat holder, its coach and admins)",
                                                    [200: "The event", 404: "No such class, or no seat in it"], produces: "text/calendar"), calendar)
        me.patch("/v1/classes/{id}", Doc("""
            Change a class (its coach or an admin); orders already made keep their amount and their cancel deadline, and a new time lets \
            everyone who paid cancel for a refund until it starts (they are told)
            """, [200: "Changed", 400: "A field is not valid", 403: "Not its coach", 404: "No such class", 409: "The class was cancelled",
                  422: "A capacity below the seats taken, a start in the past, or a cancel deadline already past"]), edit)
        me.post("/v1/classes/{id}/renew", Doc("Make the class's monthly series for the month after its last one, copied from its latest class",
                                              [201: "The new month's classes", 403: "Not its coach", 404: "No such class",
                                               409: "Not part of a series, or renewed meanwhile"]), renew)
        me.post("/v1/classes/{id}/cancel", Doc("Cancel a class (its coach or an admin): everyone who paid is refunded and told",
                                               [200: "Cancelled", 403: "Not its coach", 404: "No such class"]), cancelClass)
    }

    /// Seats: orders, their confirmation and cancellation, the provider's webhooks, the sandbox's checkout.
    private func addOrders(_ routes: RouteTable) {
        let me = routes.signedIn(tag: "classes")
        me.get("/v1/me/classes", Doc("My classes: seats I hold, refunds, and orders still being paid; latest class first"), mine)
        me.get("/v1/me/teaching", Doc("The classes I teach from 30 days ago on, by start, each with what it took (coaches and admins)",
                                      [200: "The classes", 403: "Not a coach or admin"]), teaching)
        me.post("/v1/classes/{id}/orders", Doc("""
            Order a seat: a pending order at the class's price (the amount is never the client's), its paymentId and when it expires; \
            ordering again while one is pending gives that one back (200)
            """, [200: "My pending order", 201: "Ordered", 404: "No such class",
                  409: "Full, cancelled, started, already booked, or no payment provider is set up on this server"]), order)
        me.get("/v1/orders/{id}", Doc("One of my orders", [200: "The order", 404: "Not mine, or none"]), oneOrder)
        me.post("/v1/orders/{id}/confirm", Doc("""
            I paid: the server asks the provider for the payment and checks its status, amount and currency; paid as ordered with a seat \
            free enrolls me, a mismatch cancels the payment, a full class refunds it (the order says why)
            """, [200: "The order as it now stands", 404: "Not mine, or none", 503: "The provider could not be asked"]), confirm)
        me.post("/v1/orders/{id}/cancel", Doc("Give my seat back before the class's cancel deadline and be refunded, or withdraw an unpaid order",
                                              [200: "The order", 404: "Not mine, or none",
                                               409: "The deadline has passed, or the order holds no seat"]), cancelOrder)
        routes.open(tag: "classes").post("/v1/payments/webhook", Doc("""
            The payment provider's webhooks (Standard Webhooks: webhook-id, webhook-timestamp within five minutes, v1 HMAC-SHA256 \
            signatures); each delivery id acts once
            """, [200: "Received", 400: "Signed, but not a payment event", 401: "A missing or wrong signature, or a stale timestamp"],
            reply: WebhookReceipt.self, optionalBody: PaymentWebhook.self), webhook)
        if orders.sandbox != nil {
            me.post("/v1/payments/sandbox/{paymentId}", Doc("""
                The sandbox provider's checkout: charge the card (approve or decline) for the amount the page asks; the provider then \
                sends its webhooks
                """, [200: "The payment at the sandbox", 400: "Not valid", 404: "No order of mine has this paymentId", 409: "Paid already"],
                path: [.text("paymentId", .matching("^[A-Za-z0-9_-]{1,100}$"), "The order's paymentId")]), sandboxCharge)
        }
    }

    func month(_ request: Request, _ me: Principal) async throws -> Reply<ClassMonth> {
        var month = request.queryItem("month")
        if month == nil { month = String(try await me.calendar().day(of: me.now).prefix(7)) }
        return Reply(try await classes.month(month ?? "", coach: request.value("coach", as: UUID.self), me))
    }

    func create(_: Request, _ me: Principal, _ draft: ClassDraft) async throws -> Reply<Items<ClassInfo>> {
        .created(Items(try await classes.create(draft, by: me)))
    }

    func detail(_ request: Request, _ me: Principal) async throws -> Reply<ClassDetail> {
        Reply(try await classes.detail(try request.id("id", "class"), me))
    }

    func calendar(_ request: Request, _ me: Principal) async throws -> Response {
        var response = Response.text(try await classes.calendarEvent(try request.id("id", "class"), me), contentType: "text/calendar; charset=utf-8")
        response.headers.add("Cache-Control", "private, no-store")
        response.headers.add("Content-Disposition", "attachment; filename=\"yaruki-class.ics\"")
        return response
    }

    func edit(_ request: Request, _ me: Principal, _ edit: ClassEdit) async throws -> Reply<ClassInfo> {
        Reply(try await classes.edit(try request.id("id", "class"), edit, by: me))
    }

    func renew(_ request: Request, _ me: Principal) async throws -> Reply<RenewedSeries> {
        .created(try await classes.renew(try request.id("id", "class"), by: me))
    }

    func cancelClass(_ request: Request, _ me: Principal) async throws -> Reply<ClassDetail> {
        let id = try request.id("id", "class")
        _ = try await orders.cancelClass(id, by: me)
        return Reply(try await classes.detail(id, me))
    }

    func mine(_: Request, _ me: Principal) async throws -> Reply<Items<BookedClass>> {
        Reply(Items(try await classes.mine(me)))
    }

    func teaching(_: Request, _ me: Principal) async throws -> Reply<Items<TaughtClass>> {
        Reply(Items(try await classes.teaching(me)))
    }

    func order(_ request: Request, _ me: Principal) async throws -> Reply<OrderInfo> {
        let (order, created) = try await orders.order(try request.id("id", "class"), by: me)
        return Reply(order, status: created ? 201 : 200)
    }

    func oneOrder(_ request: Request, _ me: Principal) async throws -> Reply<OrderInfo> {
        Reply(try await orders.one(try request.id("id", "order"), me))
    }

    func confirm(_ request: Request, _ me: Principal) async throws -> Reply<OrderInfo> {
        Reply(try await orders.confirm(try request.id("id", "order"), me))
    }

    func cancelOrder(_ request: Request, _ me: Principal) async throws -> Reply<OrderInfo> {
        Reply(try await orders.cancel(try request.id("id", "order"), me))
    }

    func webhook(_ request: Request, _: Visitor) async throws -> Reply<WebhookReceipt> {
        Reply(try await orders.receive(headers: request.headers, body: request.body))
    }

    func sandboxCharge(_ request: Request, _ me: Principal, _ charge: SandboxCharge) async throws -> Reply<SandboxPayment> {
        let id = try request.parameter("paymentId")
        var check = FieldCheck()
        if id.utf8.count > 100 || id.isEmpty || !id.utf8.allSatisfy({ $0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }) {
            check.fail("paymentId", "must be 1 to 100 letters, digits, - or _")
        }
        if !(1...SaleEvent.maxAmount).contains(charge.amount) { check.fail("amount", "must be 1 to \(SaleEvent.maxAmount)") }
        if charge.currency.utf8.count != 3 || !charge.currency.utf8.allSatisfy({ (65...90).contains($0) }) { check.fail("currency", "must be three capital letters") }
        if !["approve", "decline"].contains(charge.card) { check.fail("card", "must be approve or decline") }
        try check.done()
        let status = try await orders.sandboxCharge(id, amount: charge.amount, currency: charge.currency, approve: charge.card == "approve", by: me)
        return Reply(SandboxPayment(paymentId: id, status: status))
    }
}
