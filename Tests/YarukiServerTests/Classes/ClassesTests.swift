import Foundation
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// Classes and their seats bought through the sandbox provider over real HTTP: what members see,
/// what coaches may do, and that money and enrollments stay together.
@Suite struct ClassesTests {
    @Test func coachesPublishSeriesMembersSeeThemByMonthWithSeatsLeft() async throws {
        let f = try await ClassFixture(.sqlite)
        let (member, _) = try f.member("Mina")
        // Next month in Tokyo (the coach's zone), every Tuesday and Thursday at 19:00.
        let zone = TimeZone(identifier: "Asia/Tokyo")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let next = calendar.date(byAdding: .month, value: 1, to: f.clock.now)!
        let month = String(format: "%04d-%02d", calendar.component(.year, from: next), calendar.component(.month, from: next))
        var reply = try f.api.call("POST", "/v1/classes", json: [
            "title": "Evening strength", "description": "Squat, bench, row.", "series": ["month": month, "weekdays": [2, 4], "time": "19:00"],
            "durationMinutes": 75, "capacity": 8, "price": 1500, "currency": "USD", "place": "Studio 1", "timeZone": "Asia/Tokyo",
        ], token: f.coach)
        #expect(reply.status == 201, "\(reply.text)")
        let made = try reply.json()["items"] as? [[String: Any]] ?? []
        #expect((8...10).contains(made.count), "Tuesdays and Thursdays of a month")
        let local = DateFormatter()
        local.timeZone = zone
        local.locale = Locale(identifier: "en_US_POSIX")
        local.dateFormat = "EEE HH:mm"
        for item in made {
            let start = ISO8601DateFormatter().date(from: item["startsAt"] as! String)!
            #expect(["Tue 19:00", "Thu 19:00"].contains(local.string(from: start)))
            #expect(item["seatsLeft"] as? Int == 8)
            #expect(item["price"] as? Int == 1500 && item["currency"] as? String == "USD")
        }
        // A member's month shows them; another coach's filter hides them.
        reply = try f.api.call("GET", "/v1/classes?month=\(month)", token: member)
        #expect(reply.status == 200)
        var list = try reply.json()
        #expect((list["items"] as? [[String: Any]])?.count == made.count)
        #expect((list["coaches"] as? [[String: Any]])?.first?["displayName"] as? String == "Coach Aki")
        list = try f.api.call("GET", "/v1/classes?month=\(month)&coach=\(UUID().uuidString)", token: member).json()
        #expect((list["items"] as? [[String: Any]])?.isEmpty == true)
        list = try f.api.call("GET", "/v1/classes?month=\(month)&coach=\(f.coachID)", token: member).json()
        #expect((list["items"] as? [[String: Any]])?.count == made.count)

        // Renewing makes the month after, copied from the latest class.
        let first = made[0]["id"] as! String
        reply = try f.api.call("POST", "/v1/classes/\(first)/renew", token: member)
        #expect(reply.status == 403)
        reply = try f.api.call("POST", "/v1/classes/\(first)/renew", token: f.coach)
        #expect(reply.status == 201, "\(reply.text)")
        let renewed = try reply.json()
        #expect(renewed["month"] as? String != month)
        #expect((renewed["items"] as? [[String: Any]])?.allSatisfy { $0["title"] as? String == "Evening strength" && $0["capacity"] as? Int == 8 } == true)
        #expect(((renewed["items"] as? [[String: Any]])?.count ?? 0) >= 8)

        // Members do not publish; bad fields are named.
        #expect(try f.api.call("POST", "/v1/classes", json: ["title": "Mine", "startsAt": "2030-01-01T10:00:00Z", "durationMinutes": 60,
                                                             "capacity": 5, "price": 10_000, "currency": "KRW"], token: member).status == 403)
        reply = try f.api.call("POST", "/v1/classes", json: ["title": "Cheap", "startsAt": "2030-01-01T10:00:00Z", "durationMinutes": 60,
                                                             "capacity": 5, "price": 60, "currency": "KRW"], token: f.coach)
        #expect(reply.status == 422, "60 won is below the won's floor")
        #expect(reply.text.contains("price"))
        reply = try f.api.call("POST", "/v1/classes", json: ["title": "", "startsAt": "2030-01-01T10:00:00Z", "durationMinutes": 5,
                                                             "capacity": 0, "price": 10_000, "currency": "EUR"], token: f.coach)
        #expect(reply.status == 400)
        for field in ["title", "durationMinutes", "capacity", "currency"] { #expect(reply.text.contains(field), "\(field)") }
        reply = try f.api.call("POST", "/v1/classes", json: ["title": "Both", "startsAt": "2030-01-01T10:00:00Z", "durationMinutes": 60,
                                                             "series": ["month": "2030-01", "weekdays": [1], "time": "10:00"],
                                                             "capacity": 5, "price": 10_000, "currency": "KRW"], token: f.coach)
        #expect(reply.status == 422)
        #expect(try f.api.call("GET", "/v1/classes?month=2026-13", token: member).status == 400)
        #expect(try f.api.call("GET", "/v1/classes/\(UUID().uuidString)", token: member).status == 404)
        // Edits: capacity never below the seats taken; other coaches' classes are not theirs.
        reply = try f.api.call("PATCH", "/v1/classes/\(first)", json: ["capacity": 3, "place": ""], token: f.coach)
        #expect(reply.status == 200)
        #expect(try reply.json()["capacity"] as? Int == 3)
        #expect(try reply.json()["place"] == nil)
        #expect(try f.api.call("PATCH", "/v1/classes/\(first)", json: ["capacity": 3], token: member).status == 403)
    }

    @Test(arguments: Engine.allCases)
    func aSeatBoughtThroughTheSandboxIsOneEnrollmentAndOneSale(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        let (mina, _) = try f.member("Mina")
        let classID = try f.publish(capacity: 3, price: 20_000)
        let order = try f.order(classID, mina)
        #expect(order["state"] as? String == "pending")
        #expect(order["amount"] as? Int == 20_000, "the amount is the class's")
        #expect((order["checkout"] as? [String: Any])?["provider"] as? String == "sandbox")
        // Ordering again while it is pending gives the same order back.
        #expect(try f.order(classID, mina)["id"] as? String == order["id"] as? String)
        // Not paid yet: confirming leaves it pending.
        #expect(try f.confirm(order, mina)["state"] as? String == "pending")

        #expect(try f.pay(order, mina).status == 200)
        let confirmed = try f.confirm(order, mina)
        #expect(confirmed["state"] as? String == "paid")
        // The sandbox's webhooks (Paid, the earlier Ready after it, Paid again) change nothing more.
        // Paid, the earlier Ready, then Paid again: all three answered before anything is counted.
        let sandbox = try #require(f.orders.sandbox)
        try await f.until("three webhook deliveries answered") { sandbox.delivered.load(ordering: .relaxed) == 3 }
        #expect(try await f.webhooksRemembered() == 2, "the duplicate is the same delivery")
        #expect(try f.seatsLeft(classID) == 2)
        let sales = try await f.classSales()
        #expect(sales.sum == 20_000 && sales.count == 1)
        let detail = try f.api.call("GET", "/v1/classes/\(classID)", token: mina).json()
        #expect((detail["item"] as? [String: Any])?["booked"] as? Bool == true)
        #expect((detail["myOrder"] as? [String: Any])?["state"] as? String == "paid")
        #expect(detail["roster"] == nil, "members do not see the roster")
        let coachView = try f.api.call("GET", "/v1/classes/\(classID)", token: f.coach).json()
        #expect((coachView["roster"] as? [[String: Any]])?.map { ($0["person"] as? [String: Any])?["displayName"] as? String } == ["Mina"])
        #expect((coachView["revenue"] as? [String: Any])?["net"] as? Int == 20_000)
        let mine = try f.api.call("GET", "/v1/me/classes", token: mina).json()["items"] as? [[String: Any]]
        #expect(mine?.count == 1)
        // A second order for a class already booked is refused.
        #expect(try f.api.call("POST", "/v1/classes/\(classID)/orders", token: mina).status == 409)
        // Paying the same payment again is refused by the provider.
        #expect(try f.pay(order, mina).status == 409)
    }

    @Test(arguments: Engine.allCases)
    func aCoachSeesTheClassesTheyTeachWithSeatsAndTakings(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        let (mina, _) = try f.member("Mina")
        let (jiwoo, _) = try f.member("Jiwoo")
        let later = try f.publish(capacity: 4, price: 20_000, days: 5, title: "Later")
        let sooner = try f.publish(capacity: 3, price: 20_000, days: 2, title: "Sooner")
        for token in [mina, jiwoo] {
            let order = try f.order(sooner, token)
            #expect(try f.pay(order, token).status == 200)
            #expect(try f.confirm(order, token)["state"] as? String == "paid")
        }
        // Jiwoo gives the seat back before the deadline: refunded, so it took one seat's price.
        let jiwoos = try #require((try f.api.call("GET", "/v1/classes/\(sooner)", token: jiwoo).json()["myOrder"] as? [String: Any])?["id"] as? String)
        #expect(try f.api.call("POST", "/v1/orders/\(jiwoos)/cancel", token: jiwoo).status == 200)
        try await f.until("the refund settles") {
            (try f.api.call("GET", "/v1/me/classes", token: jiwoo).json()["items"] as? [[String: Any]])?
                .first.flatMap { ($0["order"] as? [String: Any])?["state"] as? String } == "refunded"
        }
        let taught = try #require(try f.api.call("GET", "/v1/me/teaching", token: f.coach).json()["items"] as? [[String: Any]])
        #expect(taught.map { ($0["item"] as? [String: Any])?["id"] as? String } == [sooner, later], "by start")
        let first = try #require(taught.first)
        #expect((first["item"] as? [String: Any])?["seatsLeft"] as? Int == 2)
        let revenue = try #require(first["revenue"] as? [String: Any])
        #expect(revenue["paid"] as? Int == 40_000 && revenue["refunded"] as? Int == 20_000 && revenue["net"] as? Int == 20_000)
        #expect((taught[1]["revenue"] as? [String: Any])?["net"] as? Int == 0)
        // The same takings as the class's own page says.
        let detail = try f.api.call("GET", "/v1/classes/\(sooner)", token: f.coach).json()
        #expect((detail["revenue"] as? [String: Any])?["net"] as? Int == 20_000)
        // A member teaches nothing and is told so.
        let refused = try f.api.call("GET", "/v1/me/teaching", token: mina)
        #expect(refused.status == 403 && refused.text.contains("coaches"))
    }

    @Test func aDeclinedCardEnrollsNobody() async throws {
        let f = try await ClassFixture(.sqlite)
        let (mina, _) = try f.member("Mina")
        let classID = try f.publish(capacity: 2)
        let order = try f.order(classID, mina)
        #expect(try f.pay(order, mina, card: "decline").json()["status"] as? String == "FAILED")
        let settled = try f.confirm(order, mina)
        #expect(settled["state"] as? String == "failed")
        #expect(settled["reason"] as? String == "declined")
        #expect(try f.seatsLeft(classID) == 2)
        #expect(try await f.classSales().count == 0)
    }

    @Test(arguments: Engine.allCases)
    func anAmountTamperedWithAtTheProviderIsCancelledAndEnrollsNobody(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        let (mina, _) = try f.member("Mina")
        let classID = try f.publish(capacity: 2, price: 20_000)
        let order = try f.order(classID, mina)
        try f.pay(order, mina, amount: 200)
        let settled = try f.confirm(order, mina)
        #expect(settled["state"] as? String == "suspicious")
        #expect(settled["reason"] as? String == "amountMismatch")
        // The cancellation is the refund job's: the confirm runs it, or waits for this node's run
        // of it when the job loop or the webhook claimed it first. The job cancels at the provider
        // and then notes the refund done in a transaction of its own, so both are waited for (with
        // both cores busy a read fell between the two and found the refund still owed).
        try await f.until("the payment cancelled at the provider and the refund noted") {
            let owed = try await f.database.read { c in try ClassStore.owedRefunds(c) }
            return try await f.sandboxStatus(order["paymentId"] as! String) == "CANCELLED" && owed == 0
        }
        #expect(try f.seatsLeft(classID) == 2)
        #expect(try await f.classSales().count == 0)
        let row = try #require(try await f.orderRow(order["id"] as! String))
        #expect(row.state == "suspicious")
        #expect(try await f.database.read { c in try ClassStore.owedRefunds(c) } == 0, "nothing more is owed")
    }

    @Test func anExpiredOrderCannotBeConfirmedAndLateMoneyGoesBack() async throws {
        let f = try await ClassFixture(.sqlite)
        var (mina, _) = try f.member("Mina")
        var (bo, _) = try f.member("Bo")
        let classID = try f.publish(capacity: 2)
        // Nothing paid before the order ran out: it is expired, and stays so.
        let unpaid = try f.order(classID, bo)
        let late = try f.order(classID, mina)
        let fresh = try f.advance(16 * 60)
        (mina, bo) = (fresh[mina]!, fresh[bo]!)
        let expired = try f.confirm(unpaid, bo)
        #expect(expired["state"] as? String == "expired")
        // Paid anyway after it was marked expired: the provider's webhook brings the money, which goes back.
        try f.pay(unpaid, bo)
        try await f.until("the expired order's late money refunded") { try await f.orderRow(unpaid["id"] as! String)?.state == "refunded" }
        #expect(try await f.orderRow(unpaid["id"] as! String)?.reason == "expired")
        #expect(try await f.sandboxStatus(unpaid["paymentId"] as! String) == "CANCELLED")
        // Paid after it ran out: refunded, with the reason, and no seat.
        try f.pay(late, mina)
        let refunded = try f.confirm(late, mina)
        #expect(refunded["state"] as? String == "refunded")
        #expect(refunded["reason"] as? String == "expired")
        #expect(try await f.sandboxStatus(late["paymentId"] as! String) == "CANCELLED")
        #expect(try f.seatsLeft(classID) == 2)
        let sales = try await f.classSales()
        #expect(sales.sum == 0 && sales.count == 4, "taken and given back, twice")
        // The person is told why.
        let notes = try f.api.call("GET", "/v1/notifications", token: mina).json()["items"] as? [[String: Any]] ?? []
        #expect(notes.first?["kind"] as? String == "refund")
        #expect(notes.first?["reason"] as? String == "expired")
        #expect(notes.first?["classTitle"] as? String == "Kettlebell basics")
    }

    @Test func othersOrdersAndUnknownClassesAre404() async throws {
        let f = try await ClassFixture(.sqlite)
        let (mina, _) = try f.member("Mina")
        let (bo, _) = try f.member("Bo")
        let classID = try f.publish()
        let order = try f.order(classID, mina)
        let id = order["id"] as! String
        #expect(try f.api.call("POST", "/v1/orders/\(id)/confirm", token: bo).status == 404)
        #expect(try f.api.call("GET", "/v1/orders/\(id)", token: bo).status == 404)
        #expect(try f.api.call("POST", "/v1/orders/\(id)/cancel", token: bo).status == 404)
        #expect(try f.api.call("POST", "/v1/classes/\(UUID().uuidString)/orders", token: bo).status == 404)
        #expect(try f.api.call("POST", "/v1/orders/\(UUID().uuidString)/confirm", token: bo).status == 404)
        #expect(try f.api.call("POST", "/v1/orders/\(id)/confirm").status == 401)
    }

    @Test(arguments: Engine.allCases)
    func aConfirmAndAWebhookAtOnceGiveOneEnrollment(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        let classID = try f.publish(capacity: 5)
        for round in 0..<5 {
            let (token, _) = try f.member("Racer\(round)")
            let order = try f.order(classID, token)
            // Paid at the provider without its own webhooks: this test sends the webhook itself.
            let paymentID = order["paymentId"] as! String
            try await f.database.transaction { c in try SandboxPaymentStore.pay(paymentID, amount: 20_000, currency: "KRW", status: "PAID", at: Date(), c) }
            let sent = Sent(order)
            async let confirmed = Task.detached { Sent(try f.confirm(sent.value, token)) }.value
            async let hooked = Task.detached { try f.webhook(id: "msg_race_\(round)", type: "Transaction.Paid", paymentID: paymentID) }.value
            let (c, h) = try await (confirmed, hooked)
            #expect(h.status == 200)
            #expect(c.value["state"] as? String == "paid")
        }
        #expect(try f.seatsLeft(classID) == 0)
        let sales = try await f.classSales()
        #expect(sales.count == 5 && sales.sum == 100_000)
    }

    @Test(arguments: Engine.allCases)
    func twentyBuyersForTheLastTwoSeatsGiveTwoEnrollmentsAndEighteenRefunds(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        let classID = try f.publish(capacity: 2, price: 30_000)
        var buyers: [(token: String, order: [String: Any])] = []
        for i in 0..<20 {
            let (token, _) = try f.member("Buyer\(i)")
            let order = try f.order(classID, token)
            let paymentID = order["paymentId"] as! String
            try await f.database.transaction { c in try SandboxPaymentStore.pay(paymentID, amount: 30_000, currency: "KRW", status: "PAID", at: Date(), c) }
            buyers.append((token, order))
        }
        let states = try await withThrowingTaskGroup(of: Sent<[String: Any]>.self) { group in
            for buyer in buyers.map(Sent.init) { group.addTask { Sent(try f.confirm(buyer.value.order, buyer.value.token)) } }
            var all: [[String: Any]] = []
            for try await one in group { all.append(one.value) }
            return all
        }
        #expect(states.filter { $0["state"] as? String == "paid" }.count == 2)
        let refunded = states.filter { $0["state"] as? String == "refunded" }
        #expect(refunded.count == 18)
        #expect(refunded.allSatisfy { $0["reason"] as? String == "full" })
        #expect(try f.seatsLeft(classID) == 0)
        for buyer in buyers {
            let paymentID = buyer.order["paymentId"] as! String
            let state = try await f.orderRow(buyer.order["id"] as! String)?.state
            #expect(try await f.sandboxStatus(paymentID) == (state == "paid" ? "PAID" : "CANCELLED"))
            if state == "refunded" {
                let note = try f.api.call("GET", "/v1/notifications", token: buyer.token).json()["items"] as? [[String: Any]]
                #expect(note?.first?["reason"] as? String == "full", "each refunded buyer is told why")
            }
        }
        let sales = try await f.classSales()
        #expect(sales.sum == 60_000, "two seats' money kept; eighteen taken and given back")
        #expect(sales.count == 38)
    }

    @Test func theSameWebhookFiveTimesHasOneEffectAndBadSignaturesChangeNothing() async throws {
        let f = try await ClassFixture(.sqlite)
        let (mina, _) = try f.member("Mina")
        let classID = try f.publish(capacity: 3)
        let order = try f.order(classID, mina)
        let paymentID = order["paymentId"] as! String
        try await f.database.transaction { c in try SandboxPaymentStore.pay(paymentID, amount: 20_000, currency: "KRW", status: "PAID", at: Date(), c) }

        // Bad signatures first: 401 and the order stays pending.
        let wrongSecret = StandardWebhook.newSecret()
        #expect(try f.webhook(id: "msg_bad_1", type: "Transaction.Paid", paymentID: paymentID, secret: wrongSecret).status == 401)
        #expect(try f.webhook(id: "msg_bad_2", type: "Transaction.Paid", paymentID: paymentID, stamp: Int(f.clock.now.timeIntervalSince1970) - 301).status == 401)
        #expect(try f.webhook(id: "msg_bad_3", type: "Transaction.Paid", paymentID: paymentID, stamp: Int(f.clock.now.timeIntervalSince1970) + 301).status == 401)
        #expect(try f.api.call("POST", "/v1/payments/webhook", raw: "{}", headers: ["webhook-id": "msg_bad_4"]).status == 401)
        // A body changed by one byte after signing.
        let body = #"{"type":"Transaction.Paid","timestamp":"2026-11-30T10:00:00Z","data":{"paymentId":"\#(paymentID)"}}"#
        let stamp = Int(f.clock.now.timeIntervalSince1970)
        let signature = try StandardWebhook(secret: f.webhookSecret).sign(id: "msg_bad_5", timestamp: stamp, body: Data(body.utf8))
        let changed = body.replacingOccurrences(of: "Paid\"", with: "Pa1d\"")
        #expect(try f.api.call("POST", "/v1/payments/webhook", raw: changed,
                               headers: ["webhook-id": "msg_bad_5", "webhook-timestamp": String(stamp), "webhook-signature": signature]).status == 401)
        #expect(try await f.orderRow(order["id"] as! String)?.state == "pending")
        #expect(try await f.webhooksRemembered() == 0)

        // The same delivery five times: one enrollment, and four known duplicates.
        var duplicates = 0
        for _ in 0..<5 {
            let reply = try f.webhook(id: "msg_five", type: "Transaction.Paid", paymentID: paymentID)
            #expect(reply.status == 200)
            if try reply.json()["duplicate"] as? Bool == true { duplicates += 1 }
        }
        #expect(duplicates == 4)
        // And five at once.
        let other = try f.member("Bo")
        let second = try f.order(classID, other.token)
        let secondPayment = second["paymentId"] as! String
        try await f.database.transaction { c in try SandboxPaymentStore.pay(secondPayment, amount: 20_000, currency: "KRW", status: "PAID", at: Date(), c) }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<5 { group.addTask { try f.webhook(id: "msg_five_at_once", type: "Transaction.Paid", paymentID: secondPayment).status } }
            for try await status in group { #expect(status == 200) }
        }
        #expect(try await f.orderRow(order["id"] as! String)?.state == "paid")
        #expect(try await f.orderRow(second["id"] as! String)?.state == "paid")
        #expect(try f.seatsLeft(classID) == 1)
        #expect(try await f.classSales().count == 2)
        // Signed, but not an event: a clear 400.
        #expect(try f.webhook(id: "msg_odd", type: "", paymentID: "", body: "[1, 2]").status == 400)
    }

    @Test(arguments: Engine.allCases)
    func membersCancelBeforeTheDeadlineAndCoachesCancelClassesEveryoneRefunded(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        var (mina, _) = try f.member("Mina")
        var (bo, _) = try f.member("Bo")
        var (cy, _) = try f.member("Cy")
        let classID = try f.publish(capacity: 5, price: 25_000, days: 3, cancelHours: 48)
        var orders: [String: [String: Any]] = [:]
        for (name, token) in [("mina", mina), ("bo", bo), ("cy", cy)] {
            let order = try f.order(classID, token)
            try f.pay(order, token)
            #expect(try f.confirm(order, token)["state"] as? String == "paid")
            orders[name] = order
        }
        #expect(try f.seatsLeft(classID) == 2)
        // Before the deadline: refunded through the provider, the seat back.
        var reply = try f.api.call("POST", "/v1/orders/\(orders["mina"]!["id"] as! String)/cancel", token: mina)
        #expect(reply.status == 200)
        #expect(try reply.json()["state"] as? String == "refunded")
        #expect(try await f.sandboxStatus(orders["mina"]!["paymentId"] as! String) == "CANCELLED")
        #expect(try f.seatsLeft(classID) == 3)
        // After it: refused.
        let fresh = try f.advance(2 * 86_400)
        (mina, bo, cy) = (fresh[mina]!, fresh[bo]!, fresh[cy]!)
        reply = try f.api.call("POST", "/v1/orders/\(orders["bo"]!["id"] as! String)/cancel", token: bo)
        #expect(reply.status == 409)
        #expect(reply.problemType == "/problems/cancel-deadline-passed")
        // The coach cancels: everyone left is refunded and told.
        reply = try f.api.call("POST", "/v1/classes/\(classID)/cancel", token: mina)
        #expect(reply.status == 403)
        reply = try f.api.call("POST", "/v1/classes/\(classID)/cancel", token: f.coach)
        #expect(reply.status == 200)
        let detail = try reply.json()
        #expect((detail["item"] as? [String: Any])?["state"] as? String == "cancelled")
        #expect((detail["roster"] as? [[String: Any]])?.allSatisfy { $0["state"] as? String == "refunded" } == true)
        #expect((detail["revenue"] as? [String: Any])?["net"] as? Int == 0)
        for (name, token) in [("bo", bo), ("cy", cy)] {
            #expect(try f.api.call("GET", "/v1/orders/\(orders[name]!["id"] as! String)", token: token).json()["reason"] as? String == "classCancelled")
            #expect(try await f.sandboxStatus(orders[name]!["paymentId"] as! String) == "CANCELLED")
            let notes = try f.api.call("GET", "/v1/notifications", token: token).json()["items"] as? [[String: Any]]
            #expect(notes?.first?["reason"] as? String == "classCancelled")
        }
        #expect(try f.api.call("POST", "/v1/classes/\(classID)/orders", token: mina).status == 409)
        let sales = try await f.classSales()
        #expect(sales.sum == 0 && sales.count == 6)
    }
}

/// A person's classes when their account goes: a coach whose coming classes people paid for must
/// cancel them first (everyone refunded); a member's seat goes back to the class.
@Suite struct ClassesAccountTests {
    @Test func deletingAnAccountGivesSeatsBackAndNeverStrandsPaidMembers() async throws {
        let f = try await ClassFixture(.sqlite)
        let (mina, _) = try f.member("Mina")
        let classID = try f.publish(capacity: 3)
        let order = try f.order(classID, mina)
        try f.pay(order, mina)
        #expect(try f.confirm(order, mina)["state"] as? String == "paid")
        // The coach cannot leave members who paid without their money.
        var reply = try f.api.call("DELETE", "/v1/me", json: ["password": "coach password 1"], token: f.coach)
        #expect(reply.status == 409, "\(reply.text)")
        #expect(try f.seatsLeft(classID) == 2)
        // The member leaves: their seat is free again, their orders gone.
        reply = try f.api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: mina)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(try reply.json()["deleted"].flatMap { ($0 as? [String: Any])?["classOrders"] as? Int } == 1)
        #expect(try f.seatsLeft(classID) == 3)
        // Now nobody holds a seat: the coach may go, and the class with them.
        reply = try f.api.call("DELETE", "/v1/me", json: ["password": "coach password 1"], token: f.coach)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(try await f.database.read { c in try ClassStore.classRow(UUID(uuidString: classID)!, c) } == nil)
    }
}
