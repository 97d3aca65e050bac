import Foundation
import YarukiStore

/// A class I hold a seat in, told the day before and again within the hour of its start, each
/// once (the order and the lead are the occasion), each opening the class with its "add to
/// calendar". A seat bought inside a reminder's lead skips that reminder: the person just chose
/// the class. Every minute one node looks at the seats of the classes starting in the next day.
struct ClassReminders: Sendable {
    let context: AppContext
    let inbox: Inbox

    static let jobName = "class-reminders"

    /// The leads, longest first: a day (told once it is within a day) and an hour.
    static let leads: [(seconds: TimeInterval, name: String, kind: NotificationKind)] = [
        (86_400, "day", ClassNotices.classTomorrow), (3600, "hour", ClassNotices.classSoon),
    ]

    /// Tells everyone due a reminder at `now`; returns how many were told.
    @discardableResult
    func sweep(at now: Date) async throws -> Int {
        let seats = try await context.database.read { c in
            try ClassStore.seats(startingAfter: now, through: now.addingTimeInterval(ClassReminders.leads[0].seconds), c)
        }
        guard !seats.isEmpty else { return 0 }
        let inbox = self.inbox
        var notices: [Notice?] = []
        var told = 0
        try await context.database.transaction { c in
            for seat in seats {
                // The shortest lead the class is within: a day's reminder missed meanwhile is not sent late beside the hour's.
                guard let lead = ClassReminders.leads.last(where: { seat.startsAt.timeIntervalSince(now) <= $0.seconds }) else { continue }
                if let paid = seat.paidAt, paid > seat.startsAt.addingTimeInterval(-lead.seconds) { continue }
                let start = Int64(seat.startsAt.timeIntervalSince1970)
                let said = try inbox.remind(lead.kind, to: seat.user, occasion: "class \(seat.order.lowercasedString) \(start) \(lead.name)",
                                            subject: seat.order, at: now, c)
                if said.sent { told += 1 }
                notices.append(said.notice)
            }
        }
        inbox.deliver(notices)
        return told
    }
}
