import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// The PortOne V2 client against a local server speaking the documented API
/// (tests/payments/portone_fake.py, whose answers PortOne's own Python SDK reads).
@Suite(.serialized) struct PortOneClientTests {
    final class Fake {
        let child: Command.Child
        let port: Int
        var base: URL { URL(string: "http://127.0.0.1:\(port)")! }

        init(secret: String = "test-secret", store: String = "store-test") throws {
            port = PostgresCluster.freePort()
            child = try Command.spawn(["/usr/bin/env", "python3", repositoryRoot + "/tests/payments/portone_fake.py", String(port), secret, store])
            precondition(child.readOutput(until: "ready").contains("ready"), "the fake PortOne server did not start")
        }

        /// Every test stops its server (it also ends by itself once this process is gone).
        func stop() {
            child.signal(SIGKILL)
            child.wait()
        }

        /// The payment as PortOne now holds it; `cancelled`: what was given back already (at its console).
        func script(_ id: String, status: String, total: Int, currency: String, cancelled: Int = 0) throws {
            let reply = try request(port, "PUT", "/_test/payments/\(id)",
                                    body: #"{"status":"\#(status)","total":\#(total),"currency":"\#(currency)","cancelled":\#(cancelled)}"#)
            precondition(reply.status == 200)
        }

        func outage(_ id: String, count: Int) throws {
            let reply = try request(port, "POST", "/_test/outage/\(id)", body: #"{"count":\#(count)}"#)
            precondition(reply.status == 200)
        }

        func requests() throws -> [[String: Any]] {
            try request(port, "/_test/requests").json()["requests"] as? [[String: Any]] ?? []
        }
    }

    func client(_ fake: Fake, secret: String = "test-secret") -> PortOneClient {
        PortOneClient(base: fake.base, secret: secret, storeID: "store-test", backoff: [0.05, 0.05, 0.05])
    }

    @Test func paymentsAreReadAsPortOneReportsThem() async throws {
        let fake = try Fake()
        defer { fake.stop() }
        let portone = client(fake)
        try fake.script("order-paid", status: "PAID", total: 15000, currency: "KRW")
        try fake.script("order-failed", status: "FAILED", total: 15000, currency: "KRW")
        try fake.script("order-cancelled", status: "CANCELLED", total: 15000, currency: "KRW")
        try fake.script("order-other-amount", status: "PAID", total: 1500, currency: "KRW")
        try fake.script("order-other-currency", status: "PAID", total: 15000, currency: "USD")
        #expect(try await portone.payment("order-paid") == ProviderPayment(id: "order-paid", status: .paid, total: 15000, currency: "KRW"))
        #expect(try await portone.payment("order-failed")?.status == .failed)
        #expect(try await portone.payment("order-cancelled")?.status == .cancelled)
        #expect(try await portone.payment("order-other-amount")?.total == 1500)
        #expect(try await portone.payment("order-other-currency")?.currency == "USD")
        #expect(try await portone.payment("no-such-order") == nil)
        // The secret in PortOne's scheme, the store on every read.
        let seen = try fake.requests()
        #expect(seen.allSatisfy { $0["authorization"] as? String == "PortOne test-secret" })
        #expect(seen.allSatisfy { (($0["query"] as? [String: [String]])?["storeId"]) == ["store-test"] })
        await #expect(throws: PaymentProviderError.unauthorized) { try await client(fake, secret: "wrong").payment("order-paid") }
    }

    @Test func a5xxIsTriedAgainUntilItAnswers() async throws {
        let fake = try Fake()
        defer { fake.stop() }
        let portone = client(fake)
        try fake.script("order-flaky", status: "PAID", total: 9900, currency: "JPY")
        try fake.outage("order-flaky", count: 2)
        #expect(try await portone.payment("order-flaky")?.status == .paid)
        #expect(try fake.requests().filter { $0["path"] as? String == "/payments/order-flaky" }.count == 3)
        try fake.outage("order-flaky", count: 10)
        do {
            _ = try await portone.payment("order-flaky")
            Issue.record("an outage past the retries must be reported")
        } catch let error as PaymentProviderError {
            guard case .unavailable = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func aCancelRefundsOnceAndAgainIsAlreadyDone() async throws {
        let fake = try Fake()
        defer { fake.stop() }
        let portone = client(fake)
        try fake.script("order-refund", status: "PAID", total: 2500, currency: "USD")
        #expect(try await portone.cancel("order-refund", amount: nil, reason: "The class was full") == .cancelled)
        #expect(try await portone.payment("order-refund")?.status == .cancelled)
        #expect(try await portone.cancel("order-refund", amount: nil, reason: "The class was full") == .alreadyCancelled)
        let cancel = try #require(try fake.requests().first { $0["path"] as? String == "/payments/order-refund/cancel" })
        #expect((cancel["body"] as? [String: Any])?["reason"] as? String == "The class was full")
        #expect((cancel["body"] as? [String: Any])?["storeId"] as? String == "store-test")
        try fake.script("order-unpaid", status: "READY", total: 2500, currency: "USD")
        await #expect(throws: PaymentProviderError.refused(type: "PAYMENT_NOT_PAID", message: "The payment is not paid.")) {
            try await portone.cancel("order-unpaid", amount: nil, reason: "x")
        }
    }
}
