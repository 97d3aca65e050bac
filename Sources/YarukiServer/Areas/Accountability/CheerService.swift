import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Groupmates cheering each other on, or giving a push (Monitore's 喝を入れる): at most once a
/// day from one person to another, delivered as a notification and live on the receiver's event
/// stream, unless the receiver muted the sender (then it is accepted and goes nowhere, so the
/// sender cannot tell).
struct CheerService: Sendable {
    let context: AppContext
    let inbox: Inbox
    let crew: CrewFeed
    var database: Database { context.database }

    func send(_ kind: String, in groupID: UUID, to member: UUID, by principal: Principal) async throws -> CheerSent {
        guard ["cheer", "nudge"].contains(kind) else {
            throw Refusal.malformed("A cheer is cheer or nudge.", fields: [.init(field: "kind", message: "must be cheer or nudge")])
        }
        let sender = principal.userID
        guard member != sender else { throw Refusal(.unprocessable, "Cheer your groupmates; you are cheering yourself already.") }
        let account = try await principal.account()
        let day = PersonalCalendar(of: account).day(of: context.now)
        let now = context.now
        let (receiver, notice, feeds) = try await database.transaction { c -> (Account, Notice??, [UUID]) in
            guard try GroupStore.group(groupID, member: sender, c) != nil,
                  let receiver = try GroupStore.members(groupID, c).first(where: { $0.account.id == member })?.account else {
                throw Refusal.notFound("No such group or member.")
            }
            let id = UUID.timeOrdered()
            guard try CheerStore.send(id: id, group: groupID, from: sender, to: member, kind: kind, day: day, at: now, c) else {
                throw Refusal(.tooMany, "You cheered \(receiver.displayName) today already: once a day each.", retryAfter: 3600)
            }
            // A cheer is the crew's to see (a push stays between the two); the receiver's feed leaves out one from someone they muted.
            let feeds = kind == "cheer" ? try CrewFeed.cheered(id, group: groupID, from: sender, to: member, at: now, c) : []
            if try CheerStore.isMuted(sender, by: member, c) { return (receiver, nil, feeds) }
            return (receiver, .some(try inbox.add(kind == "cheer" ? CheerNotices.cheer : CheerNotices.nudge, to: member, actor: sender, at: now, c)), feeds)
        }
        await crew.tell(feeds)
        if let notice {
            context.events.publish("cheer", CheerEvent(kind: kind, from: Person(id: sender, displayName: account.displayName), groupId: groupID), to: [member])
            inbox.deliver([notice])
        }
        return CheerSent(kind: kind, to: Person(id: receiver.id, displayName: receiver.displayName), day: day)
    }

    /// Whom the person cheered or pushed today (their standings show it).
    func sentToday(_ principal: Principal) async throws -> [UUID] {
        let account = try await principal.account()
        let day = PersonalCalendar(of: account).day(of: context.now)
        return try await database.read { c in Array(try CheerStore.sent(from: principal.userID, day: day, c)) }
    }

    func mute(_ user: UUID, _ muted: Bool, by principal: Principal) async throws {
        guard user != principal.userID else { throw Refusal(.unprocessable, "You cannot mute yourself.") }
        let now = context.now
        try await database.transaction { c in
            guard try AccountStore.account(id: user, c) != nil else { throw Refusal.notFound("No such person.") }
            if muted { try CheerStore.mute(user, by: principal.userID, at: now, c) } else { _ = try CheerStore.unmute(user, by: principal.userID, c) }
        }
    }

    func muted(_ principal: Principal) async throws -> [Person] {
        try await database.read { c in try CheerStore.muted(by: principal.userID, c) }.map { Person(id: $0.id, displayName: $0.name) }
    }
}

/// What a groupmate's cheer or push says in the inbox (no subject: the person is the point).
enum CheerNotices {
    static let cheer = NotificationKind("cheer", words: .init(one: [
        .en: "{name} cheered you on", .ja: "{name}さんが応援しています", .ko: "{name}님이 응원했어요",
    ]), opens: { _ in "/#/accountability" })
    static let nudge = NotificationKind("nudge", words: .init(one: [
        .en: "{name} gave you a push", .ja: "{name}さんから喝が入りました", .ko: "{name}님이 자극을 줬어요",
    ]), opens: { _ in "/#/accountability" })
    static let all = [cheer, nudge]
}
