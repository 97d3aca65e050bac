import Foundation
import YarukiJSON

/// How many days a week a person promises to train: 1 to 7.
public struct Quota: Codable, Equatable, Sendable {
    public let days: Int

    public init(days: Int, field: String = "days") throws(FieldRuleError) {
        guard (1...7).contains(days) else { throw FieldRuleError(field: field, message: "must be 1 to 7") }
        self.days = days
    }

    private init(checked days: Int) { self.days = days }

    /// Three days until a person chooses.
    public static let standard = Quota(checked: 3)
}

/// A quota as of a week: changes take effect from the week after the change, so nobody lowers
/// it on Saturday to escape, and past weeks stay judged by the quota they had.
public struct QuotaChange: Codable, Equatable, Sendable {
    /// The first week (its first day) this quota applies to.
    public var effectiveWeek: String
    public var days: Int

    public init(effectiveWeek: String, days: Int) {
        self.effectiveWeek = effectiveWeek
        self.days = days
    }

    /// The quota for `week` from a person's history (weeks compare as dates: "YYYY-MM-DD").
    public static func quota(for week: String, history: [QuotaChange]) -> Int {
        history.filter { $0.effectiveWeek <= week }.max { $0.effectiveWeek < $1.effectiveWeek }?.days ?? Quota.standard.days
    }

    /// A history as day numbers, oldest first, for `quota(for:byDay:)`.
    public static func byDay(_ history: [QuotaChange]) -> [(week: Int, days: Int)] {
        history.compactMap { change in DayNumber.of(change.effectiveWeek).map { ($0, change.days) } }.sorted { $0.week < $1.week }
    }

    public static func quota(for week: Int, byDay history: [(week: Int, days: Int)]) -> Int {
        history.last { $0.week <= week }?.days ?? Quota.standard.days
    }
}

/// Where a person stands in a week.
public enum StandingStatus: String, Codable, Sendable, CaseIterable {
    /// Quota reached: a Yaruki-mono.
    case met
    /// Enough days left to make it without training every one of them.
    case onTrack
    /// Only makes it by training every remaining day.
    case atRisk
    /// Can no longer make it, or the week is over: a Namake-mono.
    case missed
    /// Owes nothing this week: on a break, or a first week joined with too few days left. Neither
    /// a Yaruki-mono nor a Namake-mono; the streak is kept and does not grow.
    case resting
}

/// The week a person first joins a group: what they owe of it.
public enum FirstWeek {
    /// The quota prorated to the days left of the week, the joining day counted (it counts as
    /// left, as in `WeekStanding.judge`), rounded down and never more than the quota: with 3, a
    /// Monday owes 3, a Tuesday or Wednesday 2, a Thursday or Friday 1, a weekend day 0.
    public static func owed(quota: Int, weekStart: Int, joinedOn day: Int) -> Int {
        let left = max(0, min(7, weekStart + 7 - day))
        return min(quota, quota * left / 7)
    }
}

/// A break from the quota: whole weeks of the person's own calendar (their first days).
public struct QuotaPause: Codable, Equatable, Sendable {
    public enum Reason: String, Codable, Sendable, CaseIterable {
        /// Announced before its first week starts.
        case planned
        /// May start in the week under way; a group limits how many a quarter.
        case illness
    }

    public var id: UUID
    public var firstWeek: String
    public var lastWeek: String
    public var reason: Reason
    public var createdAt: Date

    public init(id: UUID, firstWeek: String, lastWeek: String, reason: Reason, createdAt: Date) {
        self.id = id
        self.firstWeek = firstWeek
        self.lastWeek = lastWeek
        self.reason = reason
        self.createdAt = createdAt
    }

    /// The week starts (day numbers) it covers.
    public var weeks: [Int] {
        guard let first = DayNumber.of(firstWeek), let last = DayNumber.of(lastWeek), last >= first else { return [] }
        return Array(stride(from: first, through: last, by: 7))
    }

    /// The last day of the break.
    public var until: String { DayNumber.of(lastWeek).map { DayNumber.day($0 + 6) } ?? lastWeek }

    /// The paused week starts of several pauses.
    public static func weeks(_ pauses: [QuotaPause]) -> Set<Int> { Set(pauses.flatMap(\.weeks)) }

    /// How many of `pauses` are for illness and begin in the calendar quarter of the week starting `week`.
    public static func illness(_ pauses: [QuotaPause], inQuarterOf week: Int) -> Int {
        let quarter = quarter(ofWeek: week)
        return pauses.filter { $0.reason == .illness && DayNumber.of($0.firstWeek).map(QuotaPause.quarter(ofWeek:)) == quarter }.count
    }

    /// At most this many weeks in one pause.
    public static let maxWeeks = 12
    /// Illness pauses a quarter when a group says nothing; a group sets 0 to 13.
    public static let standardIllnessPerQuarter = 2

    /// The calendar quarter a week belongs to (of its first day): year × 4 + quarter.
    public static func quarter(ofWeek start: Int) -> Int {
        let (year, month, _) = CivilDate.of(days: start)
        return year * 4 + (month - 1) / 3
    }

    /// Why a new pause of `weeks` weeks from the week starting `first` cannot be taken (nil: it
    /// can), for a person whose week under way starts `current`: a planned pause starts after
    /// the week under way; an illness pause may start in it, at most `illnessPerQuarter` a
    /// quarter (by their first weeks); none overlaps another or starts in a past week.
    public static func refusal(first: Int, weeks: Int, reason: Reason, current: Int, existing: [QuotaPause],
                               illnessPerQuarter: Int) -> (field: String, message: String)? {
        if !(1...maxWeeks).contains(weeks) { return ("weeks", "must be 1 to \(maxWeeks)") }
        if first < current { return ("firstWeek", "is a week already over") }
        if first == current && reason == .planned {
            return ("firstWeek", "has started: a planned break is announced before its week begins (illness may start now)")
        }
        let asked = Set(stride(from: first, to: first + 7 * weeks, by: 7))
        if !asked.isDisjoint(with: QuotaPause.weeks(existing)) { return ("firstWeek", "overlaps a break already taken") }
        if reason == .illness {
            let taken = QuotaPause.illness(existing, inQuarterOf: first)
            if taken >= illnessPerQuarter { return ("reason", "has been used \(taken) of \(illnessPerQuarter) times this quarter") }
        }
        return nil
    }
}

public struct WeekStanding: Codable, Equatable, Sendable {
    public var week: String
    public var done: Int
    public var quota: Int
    public var status: StandingStatus
    /// Days of the week with at least one proof.
    public var days: [String]

    public init(week: String, done: Int, quota: Int, status: StandingStatus, days: [String]) {
        self.week = week
        self.done = done
        self.quota = quota
        self.status = status
        self.days = days
    }

    /// Judges one week. `proofDays` are the local dates that have a proof (any, in or out of
    /// the week); `now` decides how many days are left. Today counts as left while it has no proof.
    public static func judge(week: String, calendar: PersonalCalendar, proofDays: Set<String>, quota: Int, now: Date, resting: Bool = false) -> WeekStanding {
        guard let start = DayNumber.of(week), let today = DayNumber.of(calendar.day(of: now)) else {
            return WeekStanding(week: week, done: 0, quota: quota, status: .missed, days: [])
        }
        let days = Set(proofDays.compactMap(DayNumber.of))
        let (done, status) = judge(weekStart: start, proofDays: days, quota: quota, today: today, resting: resting)
        return WeekStanding(week: week, done: done.count, quota: quota, status: status, days: done.map(DayNumber.day))
    }

    /// The same rule on day numbers (see `DayNumber`), for judging many people at once.
    /// `resting`: the week is paused. A week that owes nothing (paused, or a quota of 0 in a first
    /// week) is resting, unless someone owing nothing trained anyway (met).
    public static func judge(weekStart: Int, proofDays: Set<Int>, quota: Int, today: Int, resting: Bool = false) -> (done: [Int], status: StandingStatus) {
        let days = weekStart..<(weekStart + 7)
        let done = days.filter(proofDays.contains)
        if resting || quota <= 0 { return (done, !resting && !done.isEmpty ? .met : .resting) }
        let left = days.filter { $0 > today || ($0 == today && !proofDays.contains($0)) }.count
        let need = quota - done.count
        let status: StandingStatus = need <= 0 ? .met : need > left ? .missed : need == left ? .atRisk : .onTrack
        return (done, status)
    }

    /// Consecutive weeks met, counting back from `week` (which counts only when already met).
    public static func streak(upTo week: String, calendar: PersonalCalendar, proofDays: Set<String>, history: [QuotaChange],
                              now: Date, limit: Int = 520) -> Int {
        guard let start = DayNumber.of(week), let today = DayNumber.of(calendar.day(of: now)) else { return 0 }
        return streak(upTo: start, proofDays: Set(proofDays.compactMap(DayNumber.of)), quotas: QuotaChange.byDay(history), today: today,
                      limit: limit)
    }

    /// Weeks met in a row, from the week starting on day `week` back; the week itself counts only
    /// once met, and a week already lost makes the streak 0. `quotas` as from `QuotaChange.byDay`.
    public static func streak(upTo week: Int, proofDays: Set<Int>, quotas: [(week: Int, days: Int)], today: Int, limit: Int = 520,
                              resting: Set<Int> = []) -> Int {
        let current = judge(weekStart: week, proofDays: proofDays, quota: QuotaChange.quota(for: week, byDay: quotas), today: today,
                            resting: resting.contains(week)).status
        if current == .missed { return 0 }
        return combined(current: current, finished: finishedStreak(through: week - 7, proofDays: proofDays, quotas: quotas, limit: limit,
                                                                   resting: resting), limit: limit)
    }

    /// Finished weeks met in a row, from the week starting on day `week` back. A week that owed
    /// nothing (`resting`: paused; or a quota of 0) neither counts nor breaks it: a break keeps the
    /// streak without growing it. At most `limit` weeks counted and `limit` passed over.
    public static func finishedStreak(through week: Int, proofDays: Set<Int>, quotas: [(week: Int, days: Int)], limit: Int = 520,
                                      resting: Set<Int> = []) -> Int {
        var (count, passed) = (0, 0)
        var w = week
        while count < limit, passed < limit {
            let quota = QuotaChange.quota(for: w, byDay: quotas)
            if resting.contains(w) || quota <= 0 {
                passed += 1
            } else if (w..<(w + 7)).filter(proofDays.contains).count >= quota {
                count += 1
            } else {
                break
            }
            w -= 7
        }
        return count
    }

    /// The streak shown for a week in progress, from the streak of the weeks before it.
    public static func combined(current: StandingStatus, finished: Int, limit: Int = 520) -> Int {
        switch current {
        case .missed: 0
        case .met: min(limit, finished + 1)
        case .onTrack, .atRisk, .resting: finished
        }
    }
}
