import Foundation
import YarukiCore
import YarukiStore

/// The weekly digest, for people who refuse push: on the first day of their week at 08:00 their
/// time, a mail to their confirmed address with what their notifications said in the seven days
/// before, batched as a device would show them ("Mina and 2 more liked your post"). Once a week
/// (the week is the occasion), and not at all in a week with nothing to tell.
struct WeeklyDigest: Sendable {
    let context: AppContext
    let inbox: Inbox

    static let jobName = "weekly-digest"
    /// The hour it goes, and how long after it a late look may still send it.
    static let hour = 8
    static let window: TimeInterval = 3600
    static let most = 15

    /// Mails everyone due at `now`; returns to whom.
    @discardableResult
    func sweep(at now: Date) async throws -> [UUID] {
        let readers = try await context.database.read { c in
            try NotificationSettingsStore.digestReaders(c).compactMap { try AccountStore.account(id: $0, c) }
        }
        var sent: [UUID] = []
        for account in readers where account.emailVerified {
            let calendar = PersonalCalendar(of: account)
            let today = calendar.dayNumber(of: now)
            guard DayNumber.weekStart(of: today, account.weekStart) == today, let midnight = calendar.start(ofDayNumber: today) else { continue }
            let since = now.timeIntervalSince(midnight) - Double(WeeklyDigest.hour) * 3600
            guard since >= 0, since < WeeklyDigest.window else { continue }
            let items = try await inbox.page(account.id, before: nil, limit: 100).items.filter { $0.createdAt > now.addingTimeInterval(-7 * 86_400) }
            let lines = inbox.kinds.lines(items, in: account.locale)
            guard !lines.isEmpty else { continue }
            let message = WeeklyDigest.mail(to: account, lines: lines, link: context.publicURL + "/#/notifications")
            let (mail, occasion) = (context.mail, "digest \(DayNumber.day(today))")
            let queued = try await context.database.transaction { c in
                guard try ReminderStore.claim(account.id, occasion: occasion, at: now, c) else { return false }
                try mail.enqueue(message, user: account.id, expiresAt: now.addingTimeInterval(86_400), c)
                return true
            }
            if queued {
                mail.kick()
                sent.append(account.id)
            }
        }
        return sent
    }

    static func mail(to account: Account, lines: [String], link: String) -> MailMessage {
        let shown = lines.prefix(most).map { "• " + $0 }.joined(separator: "\n")
        let more = lines.count > most ? lines.count - most : 0
        let (subject, intro, rest, open, stop): (String, String, String, String, String) = switch account.locale {
        case .ja: ("Yaruki の今週のまとめ", "\(account.displayName)さん、先週のお知らせです。", "ほか\(more)件", "Yaruki を開く：",
                   "このメールを止めるには、アカウント → デバイスの通知 で「毎週のまとめ」をオフにしてください。")
        case .ko: ("Yaruki 이번 주 요약", "\(account.displayName)님, 지난주 알림이에요.", "외 \(more)건", "Yaruki 열기:",
                   "이 메일을 그만 받으려면 계정 → 기기 알림에서 '주간 요약'을 끄세요.")
        case .en: ("Your week on Yaruki", "Hello \(account.displayName), here is what your notifications said last week.", "and \(more) more",
                   "Open Yaruki:", "To stop these mails, turn the weekly digest off in Account → Notifications on my devices.")
        }
        let body = [intro, shown + (more > 0 ? "\n• … " + rest : ""), open + "\n" + link, stop].joined(separator: "\n\n")
        return MailMessage(to: account.email, subject: subject, body: body + "\n\n— Yaruki\n")
    }
}
