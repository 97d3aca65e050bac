import Foundation
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// What a member paid for stays theirs: nobody else can pay (or spoil) their order, a coach's
/// later changes never take their refund right away, a server without a provider sells nothing,
/// and money PortOne gives back outside Yaruki is seen and said.
@Suite struct ClassMoneyTests {
    @Test(arguments: Engine.allCases)
    func aStrangerCannotChargeSomeoneElsesOrder(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        let (mina, _) = try f.member("Mina")
        let (stranger, _) = try f.member("Stranger")
        let classID = try f.publish(capacity: 3, price: 20_000)
        let order = try f.order(classID, mina)
        // The stranger knows Mina's paymentId and pays the wrong amount first: nothing happens.
        let spoiled = try f.pay(order, stranger, amount: 100)
        #expect(spoiled.status == 404, "\(spoiled.text)")
        #expect(try await f.sandboxStatus(order["paymentId"] as! String) == nil, "no payment was made at the sandbox")
        #expect(try f.confirm(order, mina)["state"] as? String == "pending")
        // Mina pays her own order as ordered: a seat, not a suspicious order.
        #expect(try f.pay(order, mina).status == 200)
        #expect(try f.confirm(order, mina)["state"] as? String == "paid")
        // An unknown paymentId is no payment either.
        #expect(try f.api.call("POST", "/v1/payments/sandbox/yaruki-nothing", json: ["amount": 100, "currency": "KRW", "card": "approve"],
                               token: stranger).status == 404)
    }

    @Test func withoutAPaymentProviderNothingIsSoldAndTheServerSaysWhy() async throws {
        let f = try await ClassFixture(.sqlite, arguments: ["--payments", "off"])
        let (mina, _) = try f.member("Mina")
        let classID = try f.publish()
        // Classes are published and shown; a seat cannot be ordered, and the page can know before trying.
        #expect(try f.api.call("GET", "/v1/classes/\(classID)", token: mina).status == 200)
        let reply = try f.api.call("POST", "/v1/classes/\(classID)/orders", token: mina)
        #expect(reply.status == 409 && reply.problemType?.hasSuffix("payments-off") == true, "\(reply.text)")
        #expect(try request(f.running.port, "/v1/meta").json()["payments"] as? String == "off")
        #expect(try f.api.call("POST", "/v1/payments/sandbox/yaruki-x", json: ["amount": 1, "currency": "KRW", "card": "approve"], token: mina).status == 404,
                "no sandbox checkout either")
        // A webhook signed with anything is refused: no secret is shared with anyone.
        #expect(try f.webhook(id: "msg_off", type: "Transaction.Paid", paymentID: "yaruki-x",
                              secret: "whsec_" + Data("some secret".utf8).base64EncodedString()).status == 401)
        #expect(try await f.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM class_orders")?.int("n") } == 0)
    }

    @Test(arguments: Engine.allCases)
    func aCoachsLaterChangesNeverTakeAPaidMembersRefundRight(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        var (mina, _) = try f.member("Mina")
        var (ren, _) = try f.member("Ren")
        // Three days away, cancellable until a day before.
        let classID = try f.publish(capacity: 5, days: 3, cancelHours: 24)
        for token in [mina, ren] {
            let order = try f.order(classID, token)
            try f.pay(order, token)
            #expect(try f.confirm(order, token)["state"] as? String == "paid")
        }
        let detail = try f.api.call("GET", "/v1/classes/\(classID)", token: mina).json()
        let myOrder = try #require(detail["myOrder"] as? [String: Any])
        let kept = try #require((myOrder["cancelDeadline"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(abs(kept.timeIntervalSince(f.clock.now.addingTimeInterval(2 * 86_400))) < 2, "the deadline the seat was bought under")

        // The coach raises the cancel hours to 60 after both paid: the class's deadline (12 hours away) soon passes…
        var reply = try f.api.call("PATCH", "/v1/classes/\(classID)", json: ["cancelHours": 60], token: f.coach)
        #expect(reply.status == 200, "\(reply.text)")
        // …but a day later Mina still cancels under the deadline she paid under.
        let fresh = try f.advance(86_400)
        (mina, ren) = (fresh[mina]!, fresh[ren]!)
        reply = try f.api.call("POST", "/v1/orders/\(myOrder["id"] as! String)/cancel", token: mina)
        #expect(reply.status == 200 && ["refunding", "refunded"].contains(reply.string("state") ?? ""), "\(reply.text)")
        // A new member ordering now is told the current deadline (already past), and the class
        // itself cannot be set to a deadline that is over.
        reply = try f.api.call("PATCH", "/v1/classes/\(classID)", json: ["cancelHours": 300], token: f.coach)
        #expect(reply.status == 422 && reply.text.contains("cancelHours"), "\(reply.text)")

        // The coach moves the class a few hours earlier: Ren is told, and may cancel until it starts.
        let earlier = ISO8601DateFormatter().string(from: f.clock.now.addingTimeInterval(20 * 3600))
        reply = try f.api.call("PATCH", "/v1/classes/\(classID)", json: ["startsAt": earlier, "cancelHours": 2], token: f.coach)
        #expect(reply.status == 200, "\(reply.text)")
        let notes = try f.api.call("GET", "/v1/notifications", token: ren).json()["items"] as? [[String: Any]] ?? []
        let moved = try #require(notes.first { $0["kind"] as? String == "classMoved" })
        #expect(moved["classTitle"] as? String == "Kettlebell basics" && moved["classId"] as? String == classID)
        #expect(moved["classStartsAt"] as? String == earlier)
        let renOrder = try #require(try f.api.call("GET", "/v1/classes/\(classID)", token: ren).json()["myOrder"] as? [String: Any])
        #expect(renOrder["cancelDeadline"] as? String == earlier, "until the new start")
        #expect(try f.api.call("GET", "/v1/notifications", token: mina).json()["items"].map { ($0 as? [[String: Any]])?.contains { $0["kind"] as? String == "classMoved" } } == false,
                "Mina gave her seat back: nothing to tell her")
        // Nineteen hours later (past the class's own two-hour deadline) Ren still cancels.
        ren = try f.advance(19 * 3600)[ren]!
        reply = try f.api.call("POST", "/v1/orders/\(renOrder["id"] as! String)/cancel", token: ren)
        #expect(reply.status == 200 && ["refunding", "refunded"].contains(reply.string("state") ?? ""), "\(reply.text)")
        #expect(try f.seatsLeft(classID) == 5)
    }

    @Test func aClassWhoseCancelDeadlineHasPassedIsRefused() async throws {
        let f = try await ClassFixture(.sqlite)
        let soon = ISO8601DateFormatter().string(from: f.clock.now.addingTimeInterval(10 * 3600))
        var reply = try f.api.call("POST", "/v1/classes", json: ["title": "Tonight", "startsAt": soon, "durationMinutes": 60, "capacity": 5,
                                                                 "price": 20_000, "currency": "KRW", "cancelHours": 24], token: f.coach)
        #expect(reply.status == 422 && reply.text.contains("cancelHours"), "\(reply.text)")
        reply = try f.api.call("POST", "/v1/classes", json: ["title": "Tonight", "startsAt": soon, "durationMinutes": 60, "capacity": 5,
                                                             "price": 20_000, "currency": "KRW", "cancelHours": 2], token: f.coach)
        #expect(reply.status == 201, "\(reply.text)")
    }
}
