import Foundation
import Testing
import YarukiAPI
import YarukiClient
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// Classes through the SDK: a coach publishes a series, a member lists the month, orders a seat,
/// pays at the provider, confirms, sees it among their classes and cancels it for a refund.
@Suite struct ClientClassesTests {
    @Test func publishListOrderConfirmAndCancel() async throws {
        let f = try await ClassFixture(.sqlite)
        let base = URL(string: "http://127.0.0.1:\(f.running.port)")!
        try await AccountAdmin.create(f.database, email: "sdk-coach@example.com", displayName: "Coach Bo", password: "coach password 1", role: .coach)
        let coach = YarukiClient(baseURL: base)
        try await coach.signIn(email: "sdk-coach@example.com", password: "coach password 1")
        let month = ClassSeriesRule.month(after: String(ISO8601DateFormatter().string(from: f.clock.now).prefix(7)))
        let made = try await coach.publishClass(ClassDraft(title: "SDK strength", series: SeriesDraft(month: month, weekdays: [1], time: "18:30"),
                                                          durationMinutes: 60, timeZone: "Asia/Seoul", capacity: 2, price: 30_000, currency: "KRW"))
        #expect((4...5).contains(made.count), "every Monday of a month")

        let member = YarukiClient(baseURL: base)
        try await member.signUp(email: "sdk-member@example.com", password: "correct horse battery", displayName: "Mina",
                                timeZone: TimeZone(identifier: "Asia/Seoul")!)
        let listed = try await member.classes(month: month)
        #expect(listed.items.count == made.count && listed.items.allSatisfy { $0.seatsLeft == 2 && !$0.booked })
        let coachID = made[0].coach.id
        #expect(try await member.classes(month: month, coach: coachID).items.count == made.count)

        let order = try await member.orderClass(made[0].id)
        #expect(order.amount == 30_000 && order.currency == "KRW" && order.state == "pending" && order.checkout.provider == "sandbox")
        // The app pays with the provider's own checkout; here the sandbox takes it as its page would.
        let web = try #require(try f.api.signIn("sdk-member@example.com").string("accessToken"))
        #expect(try f.pay(["paymentId": order.paymentId, "amount": 30_000, "currency": "KRW"], web).status == 200)
        let confirmed = try await member.confirmOrder(order.id)
        #expect(confirmed.state == "paid")
        let mine = try await member.myClasses()
        #expect(mine.map(\.item.id) == [made[0].id] && mine[0].item.booked)
        #expect(try await member.classDetail(made[0].id).item.seatsLeft == 1)

        let cancelled = try await member.cancelOrder(order.id)
        #expect(cancelled.state == "refunded" && cancelled.reason == "memberCancelled")
        #expect(try await member.order(order.id).state == "refunded")
        await #expect(throws: YarukiClientError.self) { try await member.confirmOrder(UUID()) }
    }
}
