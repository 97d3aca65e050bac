import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiStore

/// Groups' challenges: a month's shared goal of proofs, training minutes or steps, which members
/// join; the total counted live from each member's own month (up to leaving the group, if they
/// did), told to the group over the event stream, and its finish told once, in the notifications
/// of everyone in it.
struct ChallengeService: Sendable {
    let context: AppContext
    let workouts: any WorkoutLog
    let steps: Interfaces.Later<any StepLog>
    let inbox: Inbox
    let crew: CrewFeed
    var database: Database { context.database }

    static let done = NotificationKind("challengeDone", words: .init(one: [
        .en: "Challenge done: your group reached its goal together",
        .ja: "チャレンジ達成: グループみんなで目標に届きました",
        .ko: "챌린지 달성: 그룹이 함께 목표에 도달했어요",
    ]), opens: { _ in "/#/accountability" })

    /// At most this many challenges a group runs in one month.
    static let perMonth = 3

    /// A month (YYYY-MM) in a person's calendar: its days and instants; nil when it is no month.
    static func month(_ month: String, _ calendar: PersonalCalendar) -> LifelogRange? {
        month.count == 7 ? LifelogRange(.month, date: month + "-01", calendar: calendar) : nil
    }

    /// The month under way in a person's calendar and the one after it.
    static func thisAndNext(_ calendar: PersonalCalendar, at now: Date) -> (this: String, next: String)? {
        LifelogRange(.month, date: calendar.day(of: now), calendar: calendar).map { (String($0.first.prefix(7)), String($0.end.prefix(7))) }
    }

    /// The group's challenges of this month and the next (in my calendar), with their standing.
    func list(group id: UUID, _ principal: Principal) async throws -> [Challenge] {
        guard let months = ChallengeService.thisAndNext(try await principal.calendar(), at: context.now) else { throw Refusal.bug() }
        return try await database.read { c in
            let group = try GroupService.memberGroup(id, principal, c)
            return try ChallengeStore.challenges(group: group.id, months: [months.this, months.next], c).map { try reply($0, viewer: principal.userID, c) }
        }
    }

    /// A member proposes a month's goal (this month when `month` is nil, or the next) and joins it.
    func propose(group id: UUID, metric: ChallengeMetric, goal: Int, month: String?, _ principal: Principal) async throws -> Challenge {
        let calendar = try await principal.calendar()
        let now = context.now
        guard let (current, next) = ChallengeService.thisAndNext(calendar, at: now) else { throw Refusal.bug() }
        let asked = month ?? current
        guard asked == current || asked == next else {
            throw Refusal(.unprocessable, "A challenge is for this month or the next.", fields: [.init(field: "month", message: "must be \(current) or \(next)")])
        }
        guard goal <= metric.maxGoal else {
            throw Refusal(.unprocessable, "That goal is more than a month can hold.", fields: [.init(field: "goal", message: "must be at most \(metric.maxGoal) for \(metric.rawValue)")])
        }
        let row = ChallengeStore.ChallengeRow(id: UUID.timeOrdered(), groupID: id, proposedBy: principal.userID, metric: metric, goal: goal, month: asked,
                                              createdAt: now, finishedAt: nil)
        let (challenge, members) = try await database.transaction { c in
            let group = try GroupService.memberGroup(id, principal, c)
            guard try ChallengeStore.challenges(group: group.id, months: [asked], c).count < ChallengeService.perMonth else {
                throw Refusal(.unprocessable, "This group already has \(ChallengeService.perMonth) challenges that month.",
                              fields: [.init(field: "month", message: "has \(ChallengeService.perMonth) challenges already")])
            }
            try ChallengeStore.create(row, c)
            _ = try ChallengeStore.join(row.id, user: principal.userID, at: now, c)
            _ = try CrewFeed.milestone(.proposed, of: row, at: now, c)
            return (try reply(row, viewer: principal.userID, c), try GroupStore.members(group.id, c).map(\.account.id))
        }
        tell(ChallengeChange(group: id, challenge: row.id), to: members)
        await crew.tell([id])
        return challenge
    }

    /// Joins (`true`) or leaves a challenge of one of my groups; 404 when it is not one.
    func take(part: Bool, in id: UUID, _ principal: Principal) async throws -> Challenge {
        let now = context.now
        let (challenge, members) = try await database.transaction { c in
            guard let row = try ChallengeStore.challenge(id, c), let group = try GroupStore.group(row.groupID, member: principal.userID, c) else {
                throw Refusal.notFound("No such challenge.")
            }
            _ = part ? try ChallengeStore.join(id, user: principal.userID, at: now, c) : try ChallengeStore.leave(id, user: principal.userID, at: now, c)
            return (try reply(row, viewer: principal.userID, c), try GroupStore.members(group.id, c).map(\.account.id))
        }
        tell(ChallengeChange(group: challenge.group, challenge: id), to: members)
        if part { moved(principal.userID) }
        return challenge
    }

    /// Whether `user` is in a challenge of a month around now, asked in the caller's transaction
    /// with its other statements (on PostgreSQL no round trip of its own): most people are in
    /// none, and their writes then need no recount at all.
    func inAnyLater(_ user: UUID, _ c: SQLConnection) throws -> Later<Bool> {
        try ChallengeStore.inAnyLater(by: user, months: ChallengeService.monthsAround(context.now), c)
    }

    /// Someone did something their running challenges may count: each is counted again, a goal
    /// reached for the first time is finished (once, whichever node looks first) and told in
    /// the notifications of everyone in it, and the group hears that the challenge moved.
    func moved(_ user: UUID) {
        let service = self
        context.followUps.start {
            // A recount that fails (a busy moment) is tried once more, and said, rather than lost
            // until the person's next move: a goal reached would wait unfinished.
            for attempt in 1...2 {
                do { return try await service.recount(user) } catch {
                    ServerLog.error("a challenge recount failed", ["user": user.lowercasedString, "attempt": "\(attempt)", "reason": String(describing: error)])
                    try? await Task.sleep(nanoseconds: 200_000_000)
                }
            }
        }
    }

    /// UTC's month of `now` ("2026-12") and two either side: every zone's previous, current and
    /// next month are among them. Counted from the day number, without a `Calendar` or
    /// `String(format:)`: a recount follows every write, and those two were a twentieth of a
    /// workout's write on SQLite.
    static func monthsAround(_ now: Date) -> [String] {
        let (year, month, _) = CivilDate.of(days: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
        let index = year * 12 + month - 1
        func digits(_ n: Int, _ width: Int) -> String {
            let text = String(n)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return (index - 2...index + 2).map { digits($0 / 12, 4) + "-" + digits($0 % 12 + 1, 2) }
    }

    func recount(_ user: UUID) async throws {
        let now = context.now
        // A recount follows every workout, and most people are in no challenge: their challenges
        // are read first, one statement, and the account (whose zone says which months are theirs)
        // only when there are some. Those of two months either side of UTC's are read, and the
        // person's kept.
        let running = try await database.read { c -> [ChallengeStore.ChallengeRow] in
            let nearby = try ChallengeStore.joined(by: user, months: ChallengeService.monthsAround(now), c)
            guard !nearby.isEmpty, let account = try AccountStore.account(id: user, c) else { return [] }
            let calendar = PersonalCalendar(of: account)
            // A month's end in one zone is the next month's start in another: look at both sides.
            guard let range = LifelogRange(.month, date: calendar.day(of: now), calendar: calendar) else { return [] }
            let months = Set([range.first, range.end, range.previous].map { String($0.prefix(7)) })
            return nearby.filter { months.contains($0.month) }
        }
        for row in running {
            let context = self.context
            let (members, notices, feeds) = try await database.transaction { c -> ([UUID], [Notice?], [UUID]) in
                // The moment the total is counted is when a milestone was reached (a recount that
                // began earlier may count proofs sent since).
                let now = context.now
                var notices: [Notice?] = []
                var feeds: [UUID] = []
                switch ChallengeMilestone.reached(total: try reply(row, viewer: user, c).total, goal: row.goal) {
                case .done where row.finishedAt == nil:
                    guard try ChallengeStore.finish(row.id, at: now, c) else { break }
                    for member in try ChallengeStore.members(row.id, c) where member.leftAt == nil {
                        notices.append(try inbox.add(ChallengeService.done, to: member.account.id, subject: row.id, at: now, c))
                    }
                    feeds = try CrewFeed.milestone(.done, of: row, at: now, c)
                case .halfway:
                    feeds = try CrewFeed.milestone(.halfway, of: row, at: now, c)
                default: break
                }
                return (try GroupStore.memberIDs(row.groupID, c), notices, feeds)
            }
            inbox.deliver(notices)
            tell(ChallengeChange(group: row.groupID, challenge: row.id, finished: notices.isEmpty ? nil : true), to: members)
            if !feeds.isEmpty { context.events.publish("crew", CrewChange(group: row.groupID), to: members) }
        }
    }

    private func tell(_ change: ChallengeChange, to members: [UUID]) {
        context.events.publish("challenge", change, to: members)
    }

    /// A challenge with each member's part, counted now: over each member's own days of the
    /// month, up to their leaving the group when they left.
    func reply(_ row: ChallengeStore.ChallengeRow, viewer: UUID, _ c: SQLConnection) throws -> Challenge {
        // The days of the month are the same everywhere; its instants are each member's own.
        guard let days = ChallengeService.month(row.month, PersonalCalendar(timeZone: .gmt, weekStart: .monday)),
              let first = DayNumber.of(days.first), let last = DayNumber.of(days.last) else { throw Refusal.bug() }
        let members = try ChallengeStore.members(row.id, c)
        var amounts: [UUID: Int] = [:]
        switch row.metric {
        case .proofs:
            amounts = try ChallengeStore.proofCounts(row.id, first: first, last: last, c)
        case .minutes:
            for member in members {
                guard let own = ChallengeService.month(row.month, PersonalCalendar(of: member.account)) else { continue }
                let to = member.leftAt.map { min(own.stop, $0) } ?? own.stop
                guard to > own.start else { continue }
                let seconds = try workouts.workouts(user: member.account.id, from: own.start, to: to, limit: 2000, c).reduce(0.0) { total, w in
                    total + max(0, min(w.endedAt ?? w.startedAt, w.startedAt.addingTimeInterval(24 * 3600)).timeIntervalSince(w.startedAt))
                }
                amounts[member.account.id] = Int(seconds / 60)
            }
        case .steps:
            let log = try steps.get()
            for member in members {
                let calendar = PersonalCalendar(of: member.account)
                let end = member.leftAt.flatMap { DayNumber.of(calendar.day(of: $0)) }.map { min(last, $0) } ?? last
                guard end >= first else { continue }
                amounts[member.account.id] = try log.steps(user: member.account.id, first: first, last: end, c)
            }
        }
        let shares = members.map { ChallengeShare(id: $0.account.id, displayName: $0.account.displayName, amount: amounts[$0.account.id] ?? 0,
                                                  left: $0.leftAt != nil ? true : nil) }
            .sorted { $0.amount != $1.amount ? $0.amount > $1.amount : $0.displayName < $1.displayName }
        return Challenge(id: row.id, group: row.groupID, metric: row.metric, goal: row.goal, month: row.month, total: shares.reduce(0) { $0 + $1.amount },
                         finishedAt: row.finishedAt, proposedBy: row.proposedBy, joined: members.contains { $0.account.id == viewer && $0.leftAt == nil },
                         members: shares)
    }
}
