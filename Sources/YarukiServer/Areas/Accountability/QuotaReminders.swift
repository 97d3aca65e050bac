import Foundation
import YarukiCore
import YarukiStore

/// The quota reminder: at the hour each person chose (20:00 unless they did), in their own time
/// zone, on a day their week is at risk (they make their quota only by recording a proof on
/// every day left, today included) and they have not recorded one today, they are told what is
/// left. Every minute one node looks at the people whose hour has come; each is told at most
/// once a day (the day is the reminder's occasion), whichever node looks and however often.
struct QuotaReminders: Sendable {
    let context: AppContext
    let inbox: Inbox

    /// How long after the chosen minute a reminder may still come (a node that was down at the
    /// hour, a look that ran late); after that the day is let go.
    static let window = 30 * 60
    static let jobName = "quota-reminders"

    /// My week is at risk: what is left of it, at the hour I chose.
    static let kind = NotificationKind("quotaReminder", words: .init(one: [
        .en: "Your week is at risk: {toGo} to go, days left: {daysLeft}. Record a proof today.",
        .ja: "今週はあと{toGo}回、残り{daysLeft}日。今日の証明を撮りましょう。",
        .ko: "이번 주 {toGo}번 남았고 {daysLeft}일 남았어요. 오늘 인증을 찍어요.",
    ]), opens: { _ in "/#/accountability" }) { item, entry in (item.proofsToGo, item.daysLeft) = (entry.facts["toGo"], entry.facts["daysLeft"]) }

    struct Reminder: Equatable, Sendable {
        var user: UUID
        var day: String
        var toGo: Int
        var daysLeft: Int
    }

    /// Looks at everyone in a group whose reminder time has come at `now`, and reminds those whose
    /// week is at risk; returns the reminders sent.
    @discardableResult
    func sweep(at now: Date) async throws -> [Reminder] {
        let people = try await context.database.read { c in try GroupStore.everyMember(c) }
        guard !people.isEmpty else { return [] }
        let times = try await inbox.remindTimes(people.map(\.id))
        let due = people.filter { account in
            let zone = TimeZone(identifier: account.timeZone) ?? .gmt
            let local = Int((now.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: now))).truncatingRemainder(dividingBy: 86_400))
            let since = (local - (times[account.id] ?? NotificationSettingsStore.Settings.defaultRemindAt) * 60 + 86_400) % 86_400
            return since < QuotaReminders.window
        }
        guard !due.isEmpty else { return [] }
        let reminders = try await atRisk(due, now: now)
        var sent: [Reminder] = []
        var notices: [Notice?] = []
        let inbox = self.inbox
        try await context.database.transaction { c in
            for reminder in reminders {
                let told = try inbox.remind(QuotaReminders.kind, to: reminder.user, occasion: "quota \(reminder.day)",
                                            facts: ["toGo": reminder.toGo, "daysLeft": reminder.daysLeft], at: now, c)
                if told.sent { sent.append(reminder) }
                notices.append(told.notice)
            }
        }
        inbox.deliver(notices)
        return sent
    }

    /// Of `people`, those whose week is at risk today with no proof recorded today, and what is left.
    private func atRisk(_ people: [Account], now: Date) async throws -> [Reminder] {
        let judged = people.map { account -> (Account, today: Int, week: Int) in
            let today = PersonalCalendar(of: account).dayNumber(of: now)
            return (account, today, DayNumber.weekStart(of: today, account.weekStart))
        }
        let first = judged.map(\.week).min() ?? 0, last = (judged.map(\.week).max() ?? 0) + 6
        let (days, histories, pauses) = try await context.database.read { c in
            (try GroupStore.proofDays(people.map(\.id), first: first, last: last, c),
             try Dictionary(uniqueKeysWithValues: people.map { ($0.id, try GroupStore.quotaHistory($0.id, c)) }),
             try Dictionary(uniqueKeysWithValues: people.map { ($0.id, QuotaPause.weeks(try PauseStore.pauses(of: $0.id, c))) }))
        }
        return judged.compactMap { account, today, week in
            let proved = days[account.id] ?? []
            guard !proved.contains(today) else { return nil }  // nothing more to do today
            let quota = QuotaChange.quota(for: week, byDay: QuotaChange.byDay(histories[account.id] ?? []))
            let (done, status) = WeekStanding.judge(weekStart: week, proofDays: proved, quota: quota, today: today,
                                                    resting: pauses[account.id]?.contains(week) == true)
            guard status == .atRisk else { return nil }  // on a break: resting, never reminded
            return Reminder(user: account.id, day: DayNumber.day(today), toGo: quota - done.count, daysLeft: week + 7 - today)
        }
    }
}
