import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// The rest is over: the server keeps the session, so it knows when its rest ends and pushes then
/// to the person's devices, so a locked phone buzzes on time and a watch or a second device
/// hears it too (a device whose page is in view stays quiet: its own timer rings). Every write
/// of the session follows it: a rest starting schedules the push, a set resumed early, the rest
/// changed, the session finished or discarded takes it back.
struct RestEndPush: Sendable {
    let inbox: Inbox

    static let kind = NotificationKind("restEnd", words: .init(one: [
        .en: "Rest is over{next}", .ja: "休憩終了{next}", .ko: "휴식 끝{next}",
    ]), opens: { _ in "/#/session" })

    /// How the next set reads after the words above.
    private static let next: [AppLanguage: String] = [.en: ". Next: {exercise}, set {set}", .ja: "。次は{exercise}の{set}セット目", .ko: ". 다음: {exercise} {set}세트"]

    /// A push the push service keeps longer than this is no use: the person has moved on.
    static let ttl = 60

    private static func key(_ user: UUID) -> String { "rest-end \(user.lowercasedString)" }

    /// Inside the write that saved `session` (nil: it ended): its rest's end pushed, or nothing waiting.
    func follow(_ session: TrainingSession?, of account: Account, now: Date, _ c: SQLConnection) throws {
        let key = RestEndPush.key(account.id)
        guard let session, session.phase == .rest, !session.restFinished, let start = session.restStartedAt else {
            return try inbox.unschedule(key: key, c)
        }
        let end = start.addingTimeInterval(TimeInterval(session.restLength))
        guard end > now.addingTimeInterval(-5) else { return try inbox.unschedule(key: key, c) }  // long over: nothing to tell
        var values = ["next": ""]
        if let (e, s) = session.current {
            let id = session.exercises[e].exerciseId
            let name = try TrainingStore.exercise(id, visibleTo: account.id, c).map { $0.names[account.locale.rawValue] ?? $0.names["en"] ?? id } ?? id
            values["next"] = (RestEndPush.next[account.locale] ?? RestEndPush.next[.en] ?? "")
                .replacingOccurrences(of: "{exercise}", with: name).replacingOccurrences(of: "{set}", with: String(s + 1))
        }
        try inbox.schedule(RestEndPush.kind, to: account.id, key: key, at: max(end, now), values: values, language: account.locale,
                           ttl: RestEndPush.ttl, c)
    }
}
