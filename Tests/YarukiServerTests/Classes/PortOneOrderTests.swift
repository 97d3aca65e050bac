import Foundation
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The server with `--payments portone` against the local server speaking PortOne's V2 API: the
/// server reads payments there for itself, refunds there, and a refund the provider cannot take
/// is tried again later until it goes through.
@Suite(.serialized) struct PortOneOrderTests {
    static let secret = "whsec_" + Data("portone webhook secret for tests".utf8).base64EncodedString()

    func fixture(_ fake: PortOneClientTests.Fake) async throws -> ClassFixture {
        try await ClassFixture(.sqlite, arguments: ["--payments", "portone", "--portone-api-url", fake.base.absoluteString, "--portone-api-secret", "test-secret",
                                                    "--portone-store-id", "store-test", "--portone-channel-key", "channel-key-test",
                                                    "--portone-webhook-secret", Self.secret])
    }

    @Test func ordersArePaidAtPortOneAndCheckedThere() async throws {
        let fake = try PortOneClientTests.Fake()
        defer { fake.stop() }
        let f = try await fixture(fake)
        let (mina, _) = try f.member("Mina")
        let classID = try f.publish(capacity: 3, price: 1500, currency: "USD")
        let order = try f.order(classID, mina)
        let checkout = try #require(order["checkout"] as? [String: Any])
        #expect(checkout["provider"] as? String == "portone")
        #expect(checkout["storeId"] as? String == "store-test" && checkout["channelKey"] as? String == "channel-key-test")
        let paymentID = order["paymentId"] as! String
        // PortOne's browser checkout took the money; its webhook arrives.
        try fake.script(paymentID, status: "PAID", total: 1500, currency: "USD")
        let hook = try f.webhook(id: "msg_portone_1", type: "Transaction.Paid", paymentID: paymentID, secret: Self.secret)
        #expect(hook.status == 200, "\(hook.text)")
        #expect(try f.api.call("GET", "/v1/orders/\(order["id"] as! String)", token: mina).json()["state"] as? String == "paid")
        // The server asked PortOne itself, with its secret and store.
        let asked = try fake.requests().filter { ($0["path"] as? String)?.hasSuffix(paymentID) == true }
        #expect(!asked.isEmpty)
        #expect(asked.allSatisfy { $0["authorization"] as? String == "PortOne test-secret" })
        // A different currency at the same figure is not what was ordered.
        let (bo, _) = try f.member("Bo")
        let other = try f.order(classID, bo)
        try fake.script(other["paymentId"] as! String, status: "PAID", total: 1500, currency: "KRW")
        let settled = try f.confirm(other, bo)
        #expect(settled["state"] as? String == "suspicious")
        let cancels = try fake.requests().filter { ($0["path"] as? String) == "/payments/\(other["paymentId"] as! String)/cancel" }
        #expect(cancels.count == 1, "the mismatched payment is cancelled at PortOne")
        // PortOne unreachable for a confirm: 503, and the order is untouched.
        let (cy, _) = try f.member("Cy")
        let third = try f.order(classID, cy)
        try fake.script(third["paymentId"] as! String, status: "PAID", total: 1500, currency: "USD")
        try fake.outage(third["paymentId"] as! String, count: 10)
        let reply = try f.api.call("POST", "/v1/orders/\(third["id"] as! String)/confirm", token: cy)
        #expect(reply.status == 503)
        #expect(try await f.orderRow(third["id"] as! String)?.state == "pending")
    }

    @Test func aRefundTheProviderRefusesIsTriedAgainUntilItGoesThrough() async throws {
        let fake = try PortOneClientTests.Fake()
        defer { fake.stop() }
        let f = try await fixture(fake)
        var (mina, _) = try f.member("Mina")
        let classID = try f.publish(capacity: 3, price: 20_000)
        let order = try f.order(classID, mina)
        let paymentID = order["paymentId"] as! String
        try fake.script(paymentID, status: "PAID", total: 20_000, currency: "KRW")
        #expect(try f.confirm(order, mina)["state"] as? String == "paid")
        // PortOne is down for the first refund attempt (every retry of it answers 503).
        try fake.outage(paymentID, count: 4)
        let cancelled = try f.api.call("POST", "/v1/orders/\(order["id"] as! String)/cancel", token: mina).json()
        #expect(cancelled["state"] as? String == "refunding", "owed, not forgotten")
        #expect(try f.seatsLeft(classID) == 3, "the seat is free at once")
        // The refund is a job: tried once while Mina waited, queued again for later.
        let key = ClassOrders.refundKey(UUID(uuidString: order["id"] as! String)!)
        let job = try #require(try await f.database.read { c in try JobStore.row(uniqueKey: key, c) })
        #expect(job.state == "queued" && job.attempts == 1 && job.lastError != nil)
        #expect(job.runAt > f.clock.now, "the next attempt waits")
        #expect(try await f.database.read { c in try ClassStore.owedRefunds(c) } == 1)
        // Later it is due, and a runner tries again; PortOne answers.
        mina = try f.advance(61)[mina]!
        try await f.until("the refund retried") { try await f.database.read { c in try ClassStore.owedRefunds(c) } == 0 }
        try await f.until("the job finished") { try await f.database.read { c in try JobStore.row(uniqueKey: key, c) }?.state == "done" }
        #expect(try f.api.call("GET", "/v1/orders/\(order["id"] as! String)", token: mina).json()["state"] as? String == "refunded")
        #expect(try await f.database.read { c in try ClassStore.owedRefunds(c) } == 0)
        let sales = try await f.classSales()
        #expect(sales.sum == 0 && sales.count == 2)
        #expect(try fake.requests().filter { ($0["path"] as? String) == "/payments/\(paymentID)/cancel" }.count == 5, "four refused, one taken")
    }

    /// A payment PortOne reports PARTIAL_CANCELLED: before it became a seat, the rest goes back
    /// (a seat is never sold for part of its price); once a seat, it stays and the order says
    /// how much the shop gave back at PortOne's console. A full cancel there ends the seat.
    @Test func moneyGivenBackAtPortOnesConsoleIsSeenAndSaid() async throws {
        let fake = try PortOneClientTests.Fake()
        defer { fake.stop() }
        let f = try await fixture(fake)
        let classID = try f.publish(capacity: 3, price: 20_000)
        // Pending, then partly cancelled at the provider before the server saw it paid.
        let (mina, _) = try f.member("Mina")
        let order = try f.order(classID, mina)
        let paymentID = order["paymentId"] as! String
        try fake.script(paymentID, status: "PARTIAL_CANCELLED", total: 20_000, currency: "KRW", cancelled: 5_000)
        let settled = try f.confirm(order, mina)
        #expect(["refunding", "refunded"].contains(settled["state"] as? String ?? ""), "\(settled)")
        #expect(settled["reason"] as? String == "partiallyCancelled")
        let cancels = try fake.requests().filter { ($0["path"] as? String) == "/payments/\(paymentID)/cancel" }
        #expect(cancels.count == 1 && (cancels.first?["body"] as? [String: Any])?["amount"] == nil, "the remainder, whatever it is")
        try await f.until("the remainder given back") { try await f.orderRow(order["id"] as! String)?.state == "refunded" }
        #expect(try f.seatsLeft(classID) == 3)

        // A paid seat, then 5,000 won given back at the console (a goodwill discount): the seat stays.
        let (ren, _) = try f.member("Ren")
        let paid = try f.order(classID, ren)
        let renPayment = paid["paymentId"] as! String
        try fake.script(renPayment, status: "PAID", total: 20_000, currency: "KRW")
        #expect(try f.confirm(paid, ren)["state"] as? String == "paid")
        try fake.script(renPayment, status: "PARTIAL_CANCELLED", total: 20_000, currency: "KRW", cancelled: 5_000)
        #expect(try f.webhook(id: "msg_partial", type: "Transaction.PartialCancelled", paymentID: renPayment, secret: Self.secret).status == 200)
        var seen = try f.api.call("GET", "/v1/orders/\(paid["id"] as! String)", token: ren).json()
        #expect(seen["state"] as? String == "paid" && seen["reason"] as? String == "partiallyRefunded" && seen["refundedAmount"] as? Int == 5_000)
        #expect(try f.seatsLeft(classID) == 2)
        var notes = try f.api.call("GET", "/v1/notifications", token: ren).json()["items"] as? [[String: Any]] ?? []
        #expect(notes.contains { $0["kind"] as? String == "refund" && $0["reason"] as? String == "partiallyRefunded" })
        // The same webhook again changes nothing; the wall counts what was really kept.
        #expect(try f.webhook(id: "msg_partial_again", type: "Transaction.PartialCancelled", paymentID: renPayment, secret: Self.secret).status == 200)
        var sales = try await f.classSales()
        #expect(sales.sum == 15_000, "Mina's payment in and out, Ren's 20,000 less 5,000")
        // Then the rest is cancelled at the console too: the seat is free and Ren is told.
        try fake.script(renPayment, status: "CANCELLED", total: 20_000, currency: "KRW", cancelled: 20_000)
        #expect(try f.webhook(id: "msg_full", type: "Transaction.Cancelled", paymentID: renPayment, secret: Self.secret).status == 200)
        seen = try f.api.call("GET", "/v1/orders/\(paid["id"] as! String)", token: ren).json()
        #expect(seen["state"] as? String == "refunded" && seen["reason"] as? String == "providerCancelled")
        #expect(try f.seatsLeft(classID) == 3, "nobody keeps a seat without money")
        sales = try await f.classSales()
        #expect(sales.sum == 0)
        notes = try f.api.call("GET", "/v1/notifications", token: ren).json()["items"] as? [[String: Any]] ?? []
        #expect(notes.filter { $0["kind"] as? String == "refund" }.count == 2)
    }

    /// Each easy-pay app the operator named a channel for is offered beside the card, with the
    /// channel and method PortOne's browser SDK asks for.
    @Test func easyPayChannelsAreOfferedBesideTheCard() async throws {
        let fake = try PortOneClientTests.Fake()
        defer { fake.stop() }
        let f = try await ClassFixture(.sqlite, arguments: ["--payments", "portone", "--portone-api-url", fake.base.absoluteString,
                                                            "--portone-api-secret", "test-secret", "--portone-store-id", "store-test",
                                                            "--portone-channel-key", "channel-key-card", "--portone-webhook-secret", Self.secret,
                                                            "--portone-kakaopay-channel-key", "channel-key-kakao", "--portone-tosspay-channel-key", "channel-key-toss"])
        let (mina, _) = try f.member("Mina")
        let order = try f.order(try f.publish(), mina)
        let methods = try #require((order["checkout"] as? [String: Any])?["methods"] as? [[String: Any]])
        #expect(methods.map { $0["method"] as? String } == ["card", "kakaopay", "tosspay"])
        #expect(methods.map { $0["channelKey"] as? String } == ["channel-key-card", "channel-key-kakao", "channel-key-toss"])
        #expect(methods.map { $0["payMethod"] as? String } == ["CARD", "EASY_PAY", "EASY_PAY"])
        #expect(methods.map { $0["easyPayProvider"] as? String } == [nil, "KAKAOPAY", "TOSSPAY"])
        #expect(try request(f.running.port, "/v1/meta").json()["payments"] as? String == "portone")
    }

    @Test func theSandboxsWebhooksVerifyWithTheStandardWebhooksPackage() async throws {
        let f = try await ClassFixture(.sqlite)
        let secret = f.webhookSecret
        #expect(secret.hasPrefix("whsec_"))
        // A receiver in Python stands where the server's endpoint would, and checks each delivery.
        let port = PostgresCluster.freePort()
        let script = """
            import sys, json, http.server
            from standardwebhooks.webhooks import Webhook
            hook = Webhook(sys.argv[2])
            class H(http.server.BaseHTTPRequestHandler):
                def log_message(self, *a): pass
                def do_POST(self):
                    body = self.rfile.read(int(self.headers["Content-Length"]))
                    headers = {k.lower(): v for k, v in self.headers.items()}
                    event = hook.verify(body.decode(), headers)
                    print("verified", headers["webhook-id"], event["type"], event["data"]["paymentId"], flush=True)
                    self.send_response(204); self.end_headers()
            server = http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), H)
            print("ready", flush=True)
            server.serve_forever()
            """
        let child = try Command.spawn(["/usr/bin/env", "python3", "-c", script, String(port), secret])
        defer { child.signal(SIGKILL); child.wait() }
        #expect(child.readOutput(until: "ready").contains("ready"))
        let sandbox = try SandboxProvider(database: f.database, clock: { Date() }, secret: secret, duplicateDelay: 0.1) {
            URL(string: "http://127.0.0.1:\(port)/")
        }
        _ = try await sandbox.charge("yaruki-python-check", amount: 20_000, currency: "KRW", approve: true)
        var seen = ""
        let end = Date().addingTimeInterval(30)
        while seen.components(separatedBy: "verified").count - 1 < 3 && Date() < end { seen += child.readOutput(until: "\n", timeout: 1) }
        let lines = seen.split(separator: "\n").filter { $0.hasPrefix("verified") }.map { $0.split(separator: " ").map(String.init) }
        #expect(lines.map { $0[2] } == ["Transaction.Paid", "Transaction.Ready", "Transaction.Paid"],
                "Paid first, then the earlier Ready (out of order, as providers deliver), then Paid again")
        #expect(lines.count == 3 && lines[0][1] == lines[2][1], "the duplicate has the same webhook-id")
    }
}
