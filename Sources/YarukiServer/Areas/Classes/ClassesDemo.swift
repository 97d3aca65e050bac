import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// The demo coach's classes for this month and the next: two monthly series and an online
/// class, with seats bought through the sandbox (its payments, the orders and the wall's sales,
/// as a real purchase leaves them). Two early mornings are full, and one late buyer of a full
/// class was refunded and told why.
enum ClassesDemo {
    struct Plan {
        var title: String
        var description: String
        var weekdays: [Int]
        var time: String
        var minutes: Int
        var place: String?
        var link: String?
        var capacity: Int
        var price: Int64
        var currency: String
    }

    static let plans = [
        Plan(title: "Kettlebell basics", description: "Swings, goblet squats and presses, taught step by step. Bells from 8 kg; every level welcome.",
             weekdays: [2, 4], time: "19:00", minutes: 60, place: "Studio 2, Yaruki Gym Seongsu", link: nil, capacity: 8, price: 20_000, currency: "KRW"),
        Plan(title: "Morning mobility", description: "Hips, shoulders and spine before work. Small group, mats provided.",
             weekdays: [1, 3, 5], time: "07:00", minutes: 45, place: "Studio 1, Yaruki Gym Seongsu", link: nil, capacity: 4, price: 15_000, currency: "KRW"),
        Plan(title: "Online core (video call)", description: "Thirty minutes of core work from home. The link opens ten minutes before.",
             weekdays: [6], time: "10:00", minutes: 30, place: nil, link: "https://meet.example.com/yaruki-core", capacity: 20, price: 1_200, currency: "USD"),
    ]

    static func seed(_ context: DemoSeed.Context) async throws {
        let database = context.database
        let book = try context.interfaces.need((any SalesBook).self)
        func person(_ email: String) async throws -> Account? {
            let key = try EmailAddress(email).key
            return try await database.read { c in try AccountStore.credentials(emailKey: key, c)?.account }
        }
        guard let coach = try await person("coach@yaruki.example") else { return }
        let coachID = coach.id
        guard try await database.read({ c in try ClassStore.coached(user: coachID, c) }).isEmpty else { return }
        var buyers: [UUID] = []
        for email in ["mina@yaruki.example", "jiwoo@yaruki.example", "ren@yaruki.example", "sora@yaruki.example", LifelogDemo.person.email] {
            if let account = try await person(email) { buyers.append(account.id) }
        }
        let now = context.now
        let zone = TimeZone(identifier: coach.timeZone) ?? .gmt
        let thisMonth = String(PersonalCalendar(timeZone: zone, weekStart: .monday).day(of: now).prefix(7))
        let months = [thisMonth, ClassSeriesRule.month(after: thisMonth)]
        try await database.transaction { c in
            for (index, plan) in plans.enumerated() {
                let rule = try ClassSeriesRule(weekdays: plan.weekdays, minuteOfDay: ClassSeriesRule.minute(plan.time) ?? 0, durationMinutes: plan.minutes)
                let series = ClassStore.Series(id: UUID(), coachID: coachID, rule: rule, timeZone: zone.ianaName, lastMonth: months[1])
                try ClassStore.insertSeries(series, at: now, c)
                var made: [ClassStore.ClassRow] = []
                for month in months {
                    for start in rule.sessions(month: month, zone: zone) where start > now {
                        let row = ClassStore.ClassRow(id: UUID(), coachID: coachID, seriesID: series.id, title: plan.title, description: plan.description,
                                                      startsAt: start, durationMinutes: plan.minutes, timeZone: zone.ianaName, place: plan.place,
                                                      onlineURL: plan.link, capacity: plan.capacity, price: plan.price, currency: plan.currency, cancelHours: 24)
                        try ClassStore.insert(row, at: now, c)
                        made.append(row)
                    }
                }
                // Seats bought: the first two mornings full, the first evenings half full, one online seat.
                let sold: [(ClassStore.ClassRow, ArraySlice<UUID>)] = switch index {
                case 0: made.prefix(2).map { ($0, buyers.prefix(4)) }
                case 1: made.prefix(2).map { ($0, buyers.prefix(4)) }
                default: made.prefix(1).map { ($0, buyers.dropFirst(1).prefix(1)) }
                }
                for (k, people) in sold {
                    for (n, user) in people.enumerated() {
                        try buy(k, user: user, at: now.addingTimeInterval(-Double(3600 * (n + 1) + index * 600)), book, c)
                    }
                }
                // The late buyer of a full morning: paid as the last seat went, refunded, told.
                if index == 1, let full = made.first, buyers.count > 4 {
                    try buy(full, user: buyers[4], at: now.addingTimeInterval(-1800), refundedBecauseFull: true, book, c)
                }
            }
        }
    }

    /// One seat bought through the sandbox: its payment, the paid order holding a seat, the sale.
    private static func buy(_ k: ClassStore.ClassRow, user: UUID, at time: Date, refundedBecauseFull: Bool = false, _ book: any SalesBook,
                            _ c: SQLConnection) throws {
        let id = UUID()
        let payment = "yaruki-" + id.lowercasedString.replacingOccurrences(of: "-", with: "")
        try SandboxPaymentStore.pay(payment, amount: k.price, currency: k.currency, status: refundedBecauseFull ? "CANCELLED" : "PAID", at: time, c)
        try ClassStore.insertOrder(ClassStore.Order(id: id, classID: k.id, userID: user, paymentID: payment, provider: "sandbox", amount: k.price,
                                                    currency: k.currency, expiresAt: time.addingTimeInterval(ClassOrders.lifetime)), at: time, c)
        var sales = [SaleEvent(id: "class-order:\(id.lowercasedString)", amount: k.price, currency: k.currency, occurredAt: time,
                               channel: ClassOrders.channel)]
        if refundedBecauseFull {
            _ = try ClassStore.move(id, from: ["pending"], to: "refunding", reason: OrderDecision.RefundReason.full.rawValue, paid: true, refund: true, at: time, c)
            _ = try ClassStore.refundDone(id, at: time, c)
            _ = try InboxStore.add(ClassNotices.refund.name, to: user, actor: nil, subject: id, detail: nil, at: time, c)
            sales.append(SaleEvent(id: "class-refund:\(id.lowercasedString)", amount: -k.price, currency: k.currency, occurredAt: time,
                                   channel: ClassOrders.channel))
        } else {
            _ = try ClassStore.move(id, from: ["pending"], to: "paid", reason: nil, paid: true, at: time, c)
            _ = try ClassStore.takeSeat(k.id, at: time, c)
        }
        try book.enter(sales, at: time, c)
    }
}
