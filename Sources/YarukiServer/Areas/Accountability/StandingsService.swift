import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// A group's week: every member judged on their own week (their time zone and week start), the
/// one that holds `date`, or without one the week they are in now (on a Sunday in Tokyo, Los
/// Angeles is still in Saturday). Counting runs on day numbers. For this week, each member's
/// `streak_cache` row holds both the streak through the last finished week and the days proved
/// since; any change to their proofs, quota or calendar invalidates it, so a steady page reads
/// no proofs at all, and only the members whose rows are stale are counted afresh.
struct StandingsService: Sendable {
    let context: AppContext

    /// How far back a streak is counted.
    static let streakWeeks = 26

    private struct Member {
        var account: Account
        /// Day numbers: the first day of the week judged, and the member's today.
        var week: Int
        var today: Int
        var quotas: [(week: Int, days: Int)]
        /// The week starts of their breaks (the weeks they rest), each with the break's last day.
        var pausedUntil: [Int: String]
    }

    func standings(group id: UUID, _ principal: Principal, date: String?, today: String, now: Date) async throws -> Standings {
        let asked = date.flatMap(DayNumber.of)
        let (group, rows, histories, cached, pauses) = try await context.database.read { c in
            let group = try GroupService.memberGroup(id, principal, c)
            return (group, try GroupStore.members(group.id, c), try GroupStore.quotaHistories(group: group.id, c),
                    asked == nil ? try GroupStore.cachedStreaks(group: group.id, c) : [:], try PauseStore.pauses(group: group.id, c))
        }
        var todays: [String: Int] = [:]  // worked out once per time zone
        let members = rows.map { row -> Member in
            let zone = row.account.timeZone
            let today = todays[zone] ?? DayNumber.of(PersonalCalendar(timeZone: TimeZone(identifier: zone) ?? .gmt, weekStart: .monday).day(of: now)) ?? 0
            todays[zone] = today
            var until: [Int: String] = [:]
            for pause in pauses[row.account.id] ?? [] { for week in pause.weeks { until[week] = pause.until } }
            return Member(account: row.account, week: DayNumber.weekStart(of: asked ?? today, row.account.weekStart), today: today,
                          quotas: QuotaChange.byDay(histories[row.account.id] ?? []), pausedUntil: until)
        }
        let (days, finished) = try await proofDays(members, cached: cached, caching: asked == nil)
        // The days a member proved only late, shown as such (one indexed read of the weeks shown).
        let weeks = members.map(\.week)
        let late = try await context.database.read { c in
            try GroupStore.backdatedDays(members.map(\.account.id), first: weeks.min() ?? 0, last: (weeks.max() ?? 0) + 6, c)
        }
        let standing = members.map { m -> MemberStanding in
            let quota = QuotaChange.quota(for: m.week, byDay: m.quotas)
            let (done, status) = WeekStanding.judge(weekStart: m.week, proofDays: days[m.account.id] ?? [], quota: quota, today: m.today,
                                                    resting: m.pausedUntil[m.week] != nil)
            return MemberStanding(id: m.account.id, displayName: m.account.displayName, week: DayNumber.day(m.week), done: done.count,
                                  quota: quota, status: status, days: done.map(DayNumber.day),
                                  backdated: done.filter { late[m.account.id]?.contains($0) == true }.map(DayNumber.day),
                                  streak: WeekStanding.combined(current: status, finished: finished[m.account.id] ?? 0, limit: StandingsService.streakWeeks),
                                  pausedUntil: m.pausedUntil[m.week])
        }
        return Standings(group: group.id, date: date ?? today, members: standing, yarukiMono: standing.filter { $0.status == .met }.map(\.id),
                         namakeMono: standing.filter { $0.status == .missed }.map(\.id))
    }

    /// Each member's proved days and finished streak: from their cache row when it still holds,
    /// else counted from half a year of proofs (and, for this week, written back).
    private func proofDays(_ members: [Member], cached: [UUID: GroupStore.CachedStreak],
                           caching: Bool) async throws -> ([UUID: Set<Int>], [UUID: Int]) {
        var days: [UUID: Set<Int>] = [:], finished: [UUID: Int] = [:]
        var stale: [Member] = []
        for m in members {
            if let hit = cached[m.account.id], hit.valid, hit.weekStart == m.account.weekStart, hit.throughWeek == DayNumber.day(m.week - 7) {
                finished[m.account.id] = hit.streak
                days[m.account.id] = Set(hit.weekDays)
            } else {
                stale.append(m)
            }
        }
        guard let first = stale.map(\.week).min(), let last = stale.map(\.week).max() else { return (days, finished) }
        let limit = StandingsService.streakWeeks
        let found = try await context.database.read { c in
            try GroupStore.proofDays(stale.map(\.account.id), first: first - 7 * limit, last: last + 6, c)
        }
        for (user, set) in found { days[user, default: []].formUnion(set) }
        var fresh: [(UUID, GroupStore.CachedStreak)] = []
        for m in stale {
            let id = m.account.id
            let streak = WeekStanding.finishedStreak(through: m.week - 7, proofDays: days[id] ?? [], quotas: m.quotas, limit: limit,
                                                     resting: Set(m.pausedUntil.keys))
            finished[id] = streak
            fresh.append((id, GroupStore.CachedStreak(weekStart: m.account.weekStart, throughWeek: DayNumber.day(m.week - 7), streak: streak,
                                                      version: cached[id]?.version ?? 0, weekDays: (days[id] ?? []).filter { $0 >= m.week }.sorted())))
        }
        if caching { keep(fresh) }
        return (days, finished)
    }

    /// Keeps worked-out streaks in their own short transaction (a read serves the page).
    private func keep(_ streaks: [(UUID, GroupStore.CachedStreak)]) {
        let database = context.database
        context.followUps.start { _ = try? await database.transaction { c in try GroupStore.cacheStreaks(streaks, c) } }
    }
}
