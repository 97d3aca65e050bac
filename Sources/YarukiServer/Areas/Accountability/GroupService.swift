import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Groups that hold each other to their quotas, and each person's quota. A group is visible to
/// its members only (404 to everyone else); members see each other's names and counts, never
/// their videos.
struct GroupService: Sendable {
    let context: AppContext
    let events: StandingsEvents
    var database: Database { context.database }

    static func inviteCode() -> String {
        // 10 characters from an alphabet without look-alikes: about 50 bits, read aloud without mistakes.
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        return String(Crypto.randomBytes(10).map { alphabet[Int($0) % alphabet.count] })
    }

    static let maxName = 60

    static func name(_ raw: String?) throws -> String {
        try FieldCheck(TextRule.check(raw ?? "", field: "name", max: maxName, required: true)).done()
        return TextRule.normalize(raw ?? "")
    }

    func reply(_ group: GroupStore.GroupRow, _ c: SQLConnection) throws -> Group {
        Group(id: group.id, name: group.name, ownerId: group.ownerID, inviteCode: group.inviteCode,
              members: try GroupStore.members(group.id, c).map {
                  GroupMember(id: $0.account.id, displayName: $0.account.displayName, joinedAt: $0.joinedAt, isOwner: $0.account.id == group.ownerID)
              })
    }

    /// The group when the principal is in it; 404 otherwise, whether it exists or not.
    static func memberGroup(_ id: UUID, _ principal: Principal, _ c: SQLConnection) throws -> GroupStore.GroupRow {
        guard let group = try GroupStore.group(id, member: principal.userID, c) else { throw Refusal.notFound("No such group.") }
        return group
    }

    func create(named name: String, by principal: Principal) async throws -> Group {
        let (id, now) = (UUID(), context.now)
        return try await database.transaction { c in
            try GroupStore.create(id: id, name: name, owner: principal.userID, code: GroupService.inviteCode(), at: now, c)
            return try reply(try GroupService.memberGroup(id, principal, c), c)
        }
    }

    func groups(of principal: Principal) async throws -> [Group] {
        try await database.read { c in try GroupStore.groups(of: principal.userID, c).map { try reply($0, c) } }
    }

    func group(_ id: UUID, _ principal: Principal) async throws -> Group {
        try await database.read { c in try reply(try GroupService.memberGroup(id, principal, c), c) }
    }

    /// A change only the owner may make (403 for other members).
    /// Renames a group (its owner).
    func rename(_ id: UUID, to text: String, by principal: Principal) async throws -> Group {
        let name = try GroupService.name(text)
        return try await change(id, by: principal) { group, c in try GroupStore.rename(group.id, to: name, c) }
    }

    /// A new invite code; the old one stops working (its owner).
    func newInviteCode(_ id: UUID, by principal: Principal) async throws -> Group {
        try await change(id, by: principal) { group, c in try GroupStore.setInviteCode(group.id, GroupService.inviteCode(), c) }
    }

    private func change(_ id: UUID, by principal: Principal, _ apply: @escaping @Sendable (GroupStore.GroupRow, SQLConnection) throws -> Void) async throws -> Group {
        try await database.transaction { c in
            let group = try GroupService.memberGroup(id, principal, c)
            guard group.ownerID == principal.userID else { throw Refusal(.forbidden, "Only the group's owner can do that.") }
            try apply(group, c)
            return try reply(try GroupService.memberGroup(id, principal, c), c)
        }
    }

    func join(code: String, _ principal: Principal) async throws -> Group {
        let now = context.now
        let joined = try await database.transaction { c in
            guard let group = try GroupStore.group(code: code, c) else { throw Refusal.notFound("No group has this invite code.") }
            _ = try GroupStore.join(group.id, user: principal.userID, at: now, c)
            return try reply(group, c)
        }
        await events.changed(of: principal.userID)
        return joined
    }

    func leave(_ id: UUID, _ principal: Principal) async throws {
        guard let rest = try await database.transaction({ c in try GroupStore.leave(id, user: principal.userID, c) }) else {
            throw Refusal.notFound("No such group.")
        }
        events.left(principal.userID, group: id, notifying: rest + [principal.userID])
    }

    func remove(_ member: UUID, from id: UUID, by principal: Principal) async throws {
        let rest = try await database.transaction { c -> [UUID] in
            let group = try GroupService.memberGroup(id, principal, c)
            guard group.ownerID == principal.userID else { throw Refusal(.forbidden, "Only the group's owner can do that.") }
            guard member != principal.userID else { throw Refusal(.unprocessable, "To leave your own group, use leave.") }
            guard try GroupStore.remove(group.id, user: member, c) else { throw Refusal.notFound("No such member.") }
            return try GroupStore.members(group.id, c).map(\.account.id)
        }
        events.left(member, group: id, notifying: rest + [member])
    }

    // MARK: quota

    /// This week's quota with where I stand (judged as a group page would, so a person without a
    /// group still sees it), next week's, and the history.
    func quota(_ principal: Principal) async throws -> QuotaState {
        let calendar = try await principal.calendar()
        let now = context.now
        let week = calendar.week(of: now)
        guard let start = DayNumber.of(week) else { throw Refusal.bug() }
        let (history, days) = try await database.read { c in
            (try GroupStore.quotaHistory(principal.userID, c),
             try GroupStore.proofDays([principal.userID], first: start, last: start + 6, c)[principal.userID] ?? [])
        }
        let quota = QuotaChange.quota(for: week, history: history)
        let standing = WeekStanding.judge(week: week, calendar: calendar, proofDays: Set(days.map(DayNumber.day)), quota: quota, now: now)
        return QuotaState(thisWeek: quota, nextWeek: QuotaChange.quota(for: calendar.week(after: week) ?? week, history: history),
                          week: standing, history: history)
    }

    /// Sets the quota from next week on.
    func setQuota(_ quota: Quota, _ principal: Principal) async throws -> QuotaChange {
        let calendar = try await principal.calendar()
        let now = context.now
        guard let next = calendar.week(after: calendar.week(of: now)) else { throw Refusal.bug() }
        try await database.transaction { c in try GroupStore.setQuota(principal.userID, effectiveWeek: next, days: quota.days, at: now, c) }
        await events.changed(of: principal.userID)
        return QuotaChange(effectiveWeek: next, days: quota.days)
    }
}
