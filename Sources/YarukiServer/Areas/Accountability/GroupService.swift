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
              }, illnessPausesPerQuarter: group.illnessPerQuarter)
    }

    /// The group when the principal is in it; 404 otherwise, whether it exists or not.
    static func memberGroup(_ id: UUID, _ principal: Principal, _ c: SQLConnection) throws -> GroupStore.GroupRow {
        guard let group = try GroupStore.group(id, member: principal.userID, c) else { throw Refusal.notFound("No such group.") }
        return group
    }

    func create(named name: String, by principal: Principal) async throws -> Group {
        let (id, now, calendar) = (UUID.timeOrdered(), context.now, try await principal.calendar())
        let group = try await database.transaction { c in
            try GroupStore.create(id: id, name: name, owner: principal.userID, code: GroupService.inviteCode(), at: now, c)
            try GroupService.startIfFirst(principal.userID, calendar: calendar, now: now, c)
            return try reply(try GroupService.memberGroup(id, principal, c), c)
        }
        await events.changed(of: principal.userID)
        return group
    }

    /// A person's first group: the week under way owes their quota prorated to the days left of
    /// it (`FirstWeek`), written as that week's quota, and the next week theirs again. Someone who
    /// was in a group before (and left) starts nothing new.
    static func startIfFirst(_ user: UUID, calendar: PersonalCalendar, now: Date, _ c: SQLConnection) throws {
        guard try PauseStore.start(user, at: now, c) else { return }
        let week = calendar.week(of: now)
        guard let next = calendar.week(after: week), let start = DayNumber.of(week), let today = DayNumber.of(calendar.day(of: now)) else { return }
        let history = try GroupStore.quotaHistory(user, c)
        let (quota, following) = (QuotaChange.quota(for: week, history: history), QuotaChange.quota(for: next, history: history))
        try GroupStore.setQuota(user, effectiveWeek: week, days: FirstWeek.owed(quota: quota, weekStart: start, joinedOn: today), at: now, c)
        if !history.contains(where: { $0.effectiveWeek == next }) { try GroupStore.setQuota(user, effectiveWeek: next, days: following, at: now, c) }
    }

    /// Sets how many breaks for illness each member may take a quarter (its owner).
    func setRules(_ id: UUID, illnessPerQuarter: Int, by principal: Principal) async throws -> Group {
        let group = try await change(id, by: principal) { group, c in try PauseStore.setIllnessPerQuarter(group: group.id, illnessPerQuarter, c) }
        await events.changed(of: principal.userID)
        return group
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
        let (now, calendar) = (context.now, try await principal.calendar())
        let joined = try await database.transaction { c in
            guard let group = try GroupStore.group(code: code, c) else { throw Refusal.notFound("No group has this invite code.") }
            if try GroupStore.join(group.id, user: principal.userID, at: now, c) {
                try GroupService.startIfFirst(principal.userID, calendar: calendar, now: now, c)
            }
            return try reply(group, c)
        }
        await events.changed(of: principal.userID)
        return joined
    }

    /// Leaving takes the person out of the group's challenges too; what they added stays counted.
    func leave(_ id: UUID, _ principal: Principal) async throws {
        let now = context.now
        guard let rest = try await database.transaction({ c -> [UUID]? in
            let rest = try GroupStore.leave(id, user: principal.userID, c)
            if rest != nil { try ChallengeStore.leaveAll(group: id, user: principal.userID, at: now, c) }
            return rest
        }) else {
            throw Refusal.notFound("No such group.")
        }
        events.left(principal.userID, group: id, notifying: rest + [principal.userID])
    }

    func remove(_ member: UUID, from id: UUID, by principal: Principal) async throws {
        let now = context.now
        let rest = try await database.transaction { c -> [UUID] in
            let group = try GroupService.memberGroup(id, principal, c)
            guard group.ownerID == principal.userID else { throw Refusal(.forbidden, "Only the group's owner can do that.") }
            guard member != principal.userID else { throw Refusal(.unprocessable, "To leave your own group, use leave.") }
            guard try GroupStore.remove(group.id, user: member, c) else { throw Refusal.notFound("No such member.") }
            try ChallengeStore.leaveAll(group: group.id, user: member, at: now, c)
            return try GroupStore.members(group.id, c).map(\.account.id)
        }
        events.left(member, group: id, notifying: rest + [member])
    }

    // MARK: quota

    /// This week's quota with where I stand (judged as a group page would, so a person without a
    /// group still sees it), next week's, the history, whether this is my first week, and the
    /// break this week is in.
    func quota(_ principal: Principal) async throws -> QuotaState {
        let calendar = try await principal.calendar()
        let now = context.now
        let week = calendar.week(of: now)
        guard let start = DayNumber.of(week) else { throw Refusal.bug() }
        let (history, days, started, pauses) = try await database.read { c in
            (try GroupStore.quotaHistory(principal.userID, c),
             try GroupStore.proofDays([principal.userID], first: start, last: start + 6, c)[principal.userID] ?? [],
             try PauseStore.started(principal.userID, c), try PauseStore.pauses(of: principal.userID, c))
        }
        let quota = QuotaChange.quota(for: week, history: history)
        let pause = pauses.first { $0.weeks.contains(start) }
        let standing = WeekStanding.judge(week: week, calendar: calendar, proofDays: Set(days.map(DayNumber.day)), quota: quota, now: now,
                                          resting: pause != nil)
        return QuotaState(thisWeek: quota, nextWeek: QuotaChange.quota(for: calendar.week(after: week) ?? week, history: history),
                          week: standing, history: history, firstWeek: started.map { calendar.week(of: $0) == week } ?? false,
                          pausedUntil: pause?.until)
    }

    /// Sets the quota from next week on; in one's first week (`thisWeek`) also for the week under
    /// way, prorated to the days that were left when they joined.
    func setQuota(_ quota: Quota, thisWeek: Bool, _ principal: Principal) async throws -> QuotaChange {
        let calendar = try await principal.calendar()
        let now = context.now
        let week = calendar.week(of: now)
        guard let next = calendar.week(after: week), let start = DayNumber.of(week) else { throw Refusal.bug() }
        let change = try await database.transaction { c -> QuotaChange in
            try GroupStore.setQuota(principal.userID, effectiveWeek: next, days: quota.days, at: now, c)
            guard thisWeek else { return QuotaChange(effectiveWeek: next, days: quota.days) }
            guard let started = try PauseStore.started(principal.userID, c), calendar.week(of: started) == week,
                  let joined = DayNumber.of(calendar.day(of: started)) else {
                throw Refusal(.unprocessable, "Only a first week's quota can change while it runs; this one applies from next week.",
                              fields: [.init(field: "thisWeek", message: "is only for the week you first joined a group")])
            }
            let owed = FirstWeek.owed(quota: quota.days, weekStart: start, joinedOn: joined)
            try GroupStore.setQuota(principal.userID, effectiveWeek: week, days: owed, at: now, c)
            return QuotaChange(effectiveWeek: week, days: owed)
        }
        await events.changed(of: principal.userID)
        return change
    }

    // MARK: breaks

    func pauses(_ principal: Principal) async throws -> Pauses {
        let calendar = try await principal.calendar()
        let current = DayNumber.of(calendar.week(of: context.now)) ?? 0
        let (pauses, limit) = try await database.read { c in
            (try PauseStore.pauses(of: principal.userID, c), try PauseStore.illnessPerQuarter(of: principal.userID, c) ?? QuotaPause.standardIllnessPerQuarter)
        }
        return Pauses(items: pauses.reversed().map { GroupService.reply($0, current: current) }, illnessPerQuarter: limit,
                      illnessLeftThisQuarter: max(0, limit - QuotaPause.illness(pauses, inQuarterOf: current)))
    }

    static func reply(_ p: QuotaPause, current: Int) -> Pause {
        Pause(id: p.id, firstWeek: p.firstWeek, lastWeek: p.lastWeek, until: p.until, reason: p.reason,
              started: (DayNumber.of(p.firstWeek) ?? 0) <= current, createdAt: p.createdAt)
    }

    /// Takes a break of whole weeks from the week holding `firstWeek` (next week when nil), in the
    /// person's own calendar: planned before its week begins, illness also during it, as many a
    /// quarter as the strictest of their groups allows (422 naming the field otherwise).
    func pause(firstWeek day: String?, weeks: Int, reason: QuotaPause.Reason, _ principal: Principal) async throws -> Pause {
        let calendar = try await principal.calendar()
        let now = context.now
        guard let current = DayNumber.of(calendar.week(of: now)) else { throw Refusal.bug() }
        let first = day.flatMap(DayNumber.of).map { DayNumber.weekStart(of: $0, calendar.weekStart) } ?? current + 7
        let pause = QuotaPause(id: UUID.timeOrdered(), firstWeek: DayNumber.day(first), lastWeek: DayNumber.day(first + 7 * (weeks - 1)), reason: reason, createdAt: now)
        let feeds = try await database.transaction { c in
            let limit = try PauseStore.illnessPerQuarter(of: principal.userID, c) ?? QuotaPause.standardIllnessPerQuarter
            if let (field, message) = QuotaPause.refusal(first: first, weeks: weeks, reason: reason, current: current,
                                                         existing: try PauseStore.pauses(of: principal.userID, c), illnessPerQuarter: limit) {
                throw Refusal(.unprocessable, "This break cannot be taken: \(field) \(message).", fields: [.init(field: field, message: message)])
            }
            try PauseStore.add(pause, user: principal.userID, c)
            return try CrewFeed.paused(pause, by: principal.userID, c)
        }
        await events.changed(of: principal.userID)
        await events.crew.tell(feeds)
        return GroupService.reply(pause, current: current)
    }

    /// Calls off a break that has not begun (404 when not mine; 422 once it has begun).
    func unpause(_ id: UUID, _ principal: Principal) async throws {
        let calendar = try await principal.calendar()
        let current = DayNumber.of(calendar.week(of: context.now)) ?? 0
        let feeds = try await database.transaction { c in
            guard let pause = try PauseStore.pauses(of: principal.userID, c).first(where: { $0.id == id }) else { throw Refusal.notFound("No such break.") }
            guard (DayNumber.of(pause.firstWeek) ?? 0) > current else {
                throw Refusal(.unprocessable, "A break that has begun stays: the group has seen it.",
                              fields: [.init(field: "id", message: "has begun")])
            }
            _ = try PauseStore.remove(id, user: principal.userID, c)
            return try CrewFeed.withdraw(id, c)
        }
        await events.changed(of: principal.userID)
        await events.crew.tell(feeds)
    }
}
