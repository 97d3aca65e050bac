import Foundation
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// A server with a coach, members and a class, and the steps of buying a seat as the browser
/// takes them: order, pay at the provider, confirm.
final class ClassFixture: @unchecked Sendable {
    let running: RunningApp
    let api: API
    let clock: TestClock
    private(set) var coach: String
    let coachID: String
    private let coachEmail: String
    private var emails: [String: String] = [:]
    var database: Database { running.app.database }
    var orders: ClassOrders { running.app.areas.classes.orders }

    init(_ engine: Engine, arguments: [String] = []) async throws {
        clock = TestClock()
        running = try await RunningApp(engine, clock: clock, arguments: arguments)
        api = API(running)
        let email = "coach-\(UUID().uuidString.prefix(8))@example.com"
        coachEmail = email
        try await AccountAdmin.create(running.app.database, email: email, displayName: "Coach Aki", password: "coach password 1", role: .coach)
        let reply = try api.signIn(email, password: "coach password 1")
        coach = try #require(reply.string("accessToken"))
        coachID = try #require((try reply.json()["user"] as? [String: Any])?["id"] as? String)
    }

    func member(_ name: String) throws -> (token: String, id: String) {
        let email = "\(name.lowercased())-\(UUID().uuidString.prefix(8))@example.com"
        let made = try api.signUp(email, name: name)
        emails[made.access] = email
        return (made.access, made.id)
    }

    /// Moves the clock on and signs everyone in again (access tokens last fifteen minutes);
    /// returns the members' new tokens by their old ones.
    func advance(_ seconds: TimeInterval) throws -> [String: String] {
        clock.advance(seconds)
        coach = try #require(try api.signIn(coachEmail, password: "coach password 1").string("accessToken"))
        var fresh: [String: String] = [:]
        for (token, email) in emails {
            let signedIn: String = try #require(try api.signIn(email).string("accessToken"))
            fresh[token] = signedIn
        }
        for (old, new) in fresh { emails[new] = emails.removeValue(forKey: old) }
        return fresh
    }

    /// One class starting `days` from now; returns its id.
    func publish(capacity: Int = 5, price: Int = 20_000, currency: String = "KRW", days: Double = 3, cancelHours: Int = 24,
                 title: String = "Kettlebell basics") throws -> String {
        let start = ISO8601DateFormatter().string(from: clock.now.addingTimeInterval(days * 86_400))
        let reply = try api.call("POST", "/v1/classes", json: ["title": title, "startsAt": start, "durationMinutes": 60, "capacity": capacity,
                                                               "price": price, "currency": currency, "cancelHours": cancelHours, "place": "Studio 2"],
                                 token: coach)
        precondition(reply.status == 201, reply.text)
        return ((try reply.json()["items"] as! [[String: Any]])[0]["id"] as! String)
    }

    func order(_ classID: String, _ token: String) throws -> [String: Any] {
        let reply = try api.call("POST", "/v1/classes/\(classID)/orders", token: token)
        precondition([200, 201].contains(reply.status), reply.text)
        return try reply.json()
    }

    /// The sandbox checkout page's card: what the page asks to be charged.
    @discardableResult
    func pay(_ order: [String: Any], _ token: String, amount: Int? = nil, card: String = "approve") throws -> RawClient.Reply {
        try api.call("POST", "/v1/payments/sandbox/\(order["paymentId"] as! String)",
                     json: ["amount": amount ?? (order["amount"] as! Int), "currency": order["currency"] as! String, "card": card], token: token)
    }

    func confirm(_ order: [String: Any], _ token: String) throws -> [String: Any] {
        let reply = try api.call("POST", "/v1/orders/\(order["id"] as! String)/confirm", token: token)
        precondition(reply.status == 200, reply.text)
        return try reply.json()
    }

    func seatsLeft(_ classID: String) throws -> Int {
        try api.call("GET", "/v1/classes/\(classID)", token: coach).json()["item"].flatMap { ($0 as? [String: Any])?["seatsLeft"] as? Int } ?? -1
    }

    func orderRow(_ id: String) async throws -> ClassStore.Order? {
        let uuid = UUID(uuidString: id)!
        return try await database.read { c in try ClassStore.order(uuid, user: nil, c) }
    }

    /// Classes' takings on the wall: the sales recorded under the classes channel, summed.
    func classSales() async throws -> (sum: Int, count: Int) {
        try await database.read { c in
            let row = try c.queryOne("SELECT COALESCE(SUM(amount), 0) AS total, COUNT(*) AS n FROM sales_events WHERE channel = 'classes'")
            return (try row?.int("total") ?? 0, try row?.int("n") ?? 0)
        }
    }

    func webhooksRemembered() async throws -> Int {
        try await database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM payment_webhooks")?.int("n") ?? 0 }
    }

    func sandboxStatus(_ paymentID: String) async throws -> String? {
        try await database.read { c in try SandboxPaymentStore.payment(paymentID, c)?.status }
    }

    /// Waits (a generous ceiling, not a timing claim: a loaded run once took 200 s for a test
    /// that takes 2) for something the background webhooks, refunds or jobs do.
    func until(_ what: String, timeout: Double = 180, _ condition: () async throws -> Bool) async throws {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("never happened: \(what)")
    }

    /// The sandbox's webhook secret, as an operator would copy it.
    var webhookSecret: String {
        (try? String(contentsOfFile: running.dataDirectory + "/keys/sandbox-webhook-secret", encoding: .utf8)) ?? ""
    }

    /// A webhook signed with `secret` at the server's now.
    func webhook(id: String, type: String, paymentID: String, secret: String? = nil, stamp: Int? = nil, body: String? = nil) throws -> RawClient.Reply {
        let text = body ?? #"{"type":"\#(type)","timestamp":"2026-11-30T10:00:00Z","data":{"paymentId":"\#(paymentID)"}}"#
        let at = stamp ?? Int(clock.now.timeIntervalSince1970)
        let signature = try StandardWebhook(secret: secret ?? webhookSecret).sign(id: id, timestamp: at, body: Data(text.utf8))
        return try api.call("POST", "/v1/payments/webhook", raw: text,
                            headers: ["webhook-id": id, "webhook-timestamp": String(at), "webhook-signature": signature])
    }
}
