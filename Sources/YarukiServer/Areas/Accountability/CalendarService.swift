import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// A month of training at a glance, one day's detail, and the private iCalendar feed. Days are
/// the person's own (time zone), as everywhere in this area.
struct CalendarService: Sendable {
    let context: AppContext
    let proofs: ProofService
    let workouts: any WorkoutLog
    var database: Database { context.database }

    /// How far back the feed goes.
    static let feedDays = 400

    static func feedPath(_ token: String) -> String { "/v1/calendar/feed/\(token).ics" }

    /// Proofs and workouts per day of `month` (YYYY-MM; this one when nil).
    func month(_ month: String?, _ principal: Principal) async throws -> CalendarMonth {
        let calendar = try await principal.calendar()
        let month = month ?? String(calendar.day(of: context.now).prefix(7))
        guard month.count == 7, PersonalCalendar.accepts(month + "-01"), let first = DayNumber.of(month + "-01") else {
            throw Refusal.malformed("'\(month)' is not a month like 2026-11.", fields: [.init(field: "month", message: "must be YYYY-MM")])
        }
        let days = (first..<(first + 31)).map(DayNumber.day).filter { $0.hasPrefix(month) }
        guard let start = calendar.start(ofDay: days[0]), let lastStart = calendar.start(ofDay: days[days.count - 1]) else { throw Refusal.bug() }
        let end = lastStart.addingTimeInterval(36 * 3600)
        let (proofDays, workoutStarts) = try await database.read { c in
            (try ProofStore.recordedDays(user: principal.userID, from: start.addingTimeInterval(-7 * 86_400), to: end, c),
             try self.workouts.starts(user: principal.userID, from: start, to: end, c))
        }
        var proofCounts: [String: Int] = [:], workoutCounts: [String: Int] = [:]
        for day in proofDays { proofCounts[day, default: 0] += 1 }
        for started in workoutStarts { workoutCounts[calendar.day(of: started), default: 0] += 1 }
        return CalendarMonth(month: month, days: days.map { CalendarMonth.Day(date: $0, proofs: proofCounts[$0] ?? 0, workouts: workoutCounts[$0] ?? 0) })
    }

    /// One day's proofs (with playback links) and workouts.
    func day(_ date: String, _ principal: Principal) async throws -> CalendarDay {
        let calendar = try await principal.calendar()
        guard PersonalCalendar.accepts(date), let start = calendar.start(ofDay: date) else {
            throw Refusal.malformed("'\(date)' is not a date like 2026-11-29.", fields: [.init(field: "date", message: "must be YYYY-MM-DD")])
        }
        let end = start.addingTimeInterval(36 * 3600)
        let (found, workouts) = try await database.read { c in
            (try ProofStore.proofs(user: principal.userID, from: start.addingTimeInterval(-86_400), to: end, c),
             try self.workouts.workouts(user: principal.userID, from: start, to: end, limit: 100, c))
        }
        return CalendarDay(date: date, proofs: found.filter { $0.0.recordedDay == date }.map { proofs.info($0.0, $0.1) },
                           workouts: workouts.filter { calendar.day(of: $0.startedAt) == date })
    }

    // MARK: the feed

    func feedState(_ principal: Principal) async throws -> CalendarFeedState {
        let feed = try await database.read { c in try CalendarFeedStore.feed(user: principal.userID, c) }
        return CalendarFeedState(active: feed != nil, createdAt: feed?.createdAt, lastReadAt: feed?.lastReadAt)
    }

    /// A new secret link (only its hash is kept); any earlier one stops working.
    func newFeed(_ principal: Principal) async throws -> CalendarFeedLink {
        let token = Crypto.randomToken(32)
        let now = context.now
        try await database.transaction { c in try CalendarFeedStore.replace(user: principal.userID, tokenHash: Crypto.tokenHash(token), at: now, c) }
        return CalendarFeedLink(url: CalendarService.feedPath(token), createdAt: now)
    }

    func stopFeed(_ principal: Principal) async throws {
        _ = try await database.transaction { c in try CalendarFeedStore.revoke(user: principal.userID, c) }
    }

    /// The feed a secret token names: one all-day event per training day, in its owner's words.
    func feed(token: String) async throws -> String {
        guard Base64URL.decode(token)?.count == 32 else { throw Refusal.notFound("No such calendar feed.") }
        let now = context.now
        let found = try await database.read { c -> (CalendarFeedStore.Feed, Account)? in
            guard let feed = try CalendarFeedStore.feed(tokenHash: Crypto.tokenHash(token), c),
                  let account = try AccountStore.account(id: feed.userID, c) else { return nil }
            return (feed, account)
        }
        guard let (feed, account) = found else { throw Refusal.notFound("No such calendar feed.") }
        let calendar = PersonalCalendar(of: account)
        guard let today = DayNumber.of(calendar.day(of: now)) else { throw Refusal.bug() }
        let firstDay = DayNumber.day(today - CalendarService.feedDays)
        guard let from = calendar.start(ofDay: firstDay) else { throw Refusal.bug() }
        let (proofs, workouts, catalog, finished) = try await database.read { c in
            (try CalendarFeedStore.proofDays(user: account.id, from: firstDay, c), try CalendarFeedStore.workouts(user: account.id, from: from, c),
             try self.workouts.exercises(visibleTo: account.id, c), try ChallengeStore.finished(joinedBy: account.id, since: from, c))
        }
        let milestones = finished.compactMap { row, group in
            row.finishedAt.map { ICalendar.Milestone(uid: row.id.lowercasedString, date: calendar.day(of: $0), group: group, metric: row.metric, goal: row.goal) }
        }
        let names = Dictionary(catalog.map { ($0.id, $0.names[account.locale.rawValue] ?? $0.names["en"] ?? $0.id) }, uniquingKeysWith: { a, _ in a })
        var days: [String: ICalendar.TrainingDay] = [:]
        for (date, count) in proofs { days[date] = ICalendar.TrainingDay(date: date, proofs: count, workouts: 0, exercises: []) }
        for workout in workouts {
            let date = calendar.day(of: workout.startedAt)
            var day = days[date] ?? ICalendar.TrainingDay(date: date, proofs: 0, workouts: 0, exercises: [])
            day.workouts += 1
            for id in workout.exerciseIDs where !day.exercises.contains(names[id] ?? id) { day.exercises.append(names[id] ?? id) }
            days[date] = day
        }
        // Knowing when a feed was last read tells the owner whether a calendar app still uses the link.
        if feed.lastReadAt.map({ now.timeIntervalSince($0) > 3600 }) ?? true {
            try? await database.transaction { c in try CalendarFeedStore.markRead(user: account.id, at: now, c) }
        }
        return ICalendar.feed(days: Array(days.values), milestones: milestones, owner: account.id, words: .of(account.locale), timeZone: account.timeZone,
                              generatedAt: now)
    }
}
