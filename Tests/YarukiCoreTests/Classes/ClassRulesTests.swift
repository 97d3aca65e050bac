import Foundation
import Testing
@testable import YarukiCore

/// Monthly series and the order rule: paid as ordered and a seat free enrolls; anything else
/// that took money gives it back; nothing unpaid enrolls.
@Suite struct ClassRulesTests {
    @Test func aMonthlySeriesMeetsOnItsWeekdaysAtItsLocalTime() throws {
        let rule = try ClassSeriesRule(weekdays: [4, 2, 2], minuteOfDay: try #require(ClassSeriesRule.minute("19:00")), durationMinutes: 60)
        #expect(rule.weekdays == [2, 4])
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        let december = rule.sessions(month: "2026-12", zone: seoul)
        // December 2026: Tuesdays 1, 8, 15, 22, 29 and Thursdays 3, 10, 17, 24, 31.
        #expect(december.count == 10)
        let calendar = PersonalCalendar(timeZone: seoul, weekStart: .monday)
        #expect(december.map { calendar.day(of: $0) }.prefix(3) == ["2026-12-01", "2026-12-03", "2026-12-08"])
        #expect(december.first == ISO8601DateFormatter().date(from: "2026-12-01T10:00:00Z"))
        #expect(ClassSeriesRule.month(after: "2026-12") == "2027-01")
        #expect(rule.sessions(month: ClassSeriesRule.month(after: "2026-12"), zone: seoul).count == 8)
        // New York's clocks jump from 02:00 to 03:00 on 2027-03-14: a 02:30 class that Sunday is
        // read with the offset before the gap (RFC 5545), so it starts at 03:30 EDT.
        let early = try ClassSeriesRule(weekdays: [7], minuteOfDay: 150, durationMinutes: 30)
        let march = early.sessions(month: "2027-03", zone: TimeZone(identifier: "America/New_York")!)
        #expect(march.contains(ISO8601DateFormatter().date(from: "2027-03-14T07:30:00Z")!))
        #expect(throws: FieldRuleError.self) { try ClassSeriesRule(weekdays: [8], minuteOfDay: 0, durationMinutes: 60) }
        #expect(throws: FieldRuleError.self) { try ClassSeriesRule(weekdays: [], minuteOfDay: 0, durationMinutes: 60) }
        #expect(ClassSeriesRule.minute("7:00") == nil && ClassSeriesRule.minute("24:00") == nil)
    }

    @Test func theOrderRuleKeepsMoneyAndEnrollmentsTogether() {
        let now = Date(timeIntervalSince1970: 1_796_000_000)
        let later = now.addingTimeInterval(900)
        func decide(_ payment: OrderDecision.Seen?, seat: Bool = true, open: Bool = true, expires: Date = later) -> OrderDecision {
            OrderDecision.decide(amount: 15000, currency: "KRW", expiresAt: expires, classOpen: open, seatFree: seat, payment: payment, now: now)
        }
        let paid = OrderDecision.Seen(status: .paid, total: 15000, currency: "KRW")
        #expect(decide(paid) == .enroll)
        #expect(decide(nil) == .wait)
        #expect(decide(.init(status: .pending, total: 15000, currency: "KRW")) == .wait)
        #expect(decide(.init(status: .failed, total: 15000, currency: "KRW")) == .fail(reason: "The payment failed at the provider."))
        #expect(decide(.init(status: .cancelled, total: 15000, currency: "KRW")).isFailure)
        // Tampered at the provider: never enrolled, even with seats free.
        #expect(decide(.init(status: .paid, total: 150, currency: "KRW")).isSuspicious)
        #expect(decide(.init(status: .paid, total: 15000, currency: "JPY")).isSuspicious)
        #expect(decide(.init(status: .paid, total: 150, currency: "KRW"), seat: false).isSuspicious)
        // Paid as ordered but it cannot be honoured: the money goes back, with the reason.
        #expect(decide(paid, seat: false) == .refund(reason: .full))
        #expect(decide(paid, expires: now.addingTimeInterval(-1)) == .refund(reason: .expired))
        #expect(decide(paid, open: false) == .refund(reason: .classCancelled))
    }
}

extension OrderDecision {
    var isSuspicious: Bool { if case .suspicious = self { true } else { false } }
    var isFailure: Bool { if case .fail = self { true } else { false } }
}
