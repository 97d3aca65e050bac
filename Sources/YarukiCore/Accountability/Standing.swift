import Foundation

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
    public static func judge(week: String, calendar: PersonalCalendar, proofDays: Set<String>, quota: Int, now: Date) -> WeekStanding {
        guard let start = DayNumber.of(week), let today = DayNumber.of(calendar.day(of: now)) else {
            return WeekStanding(week: week, done: 0, quota: quota, status: .missed, days: [])
        }
        let days = Set(proofDays.compactMap(DayNumber.of))
        let (done, status) = judge(weekStart: start, proofDays: days, quota: quota, today: today)
        return WeekStanding(week: week, done: done.count, quota: quota, status: status, days: done.map(DayNumber.day))
    }

    /// The same rule on day numbers (see `DayNumber`), for judging many people at once.
    public static func judge(weekStart: Int, proofDays: Set<Int>, quota: Int, today: Int) -> (done: [Int], status: StandingStatus) {
        let days = weekStart..<(weekStart + 7)
        let done = days.filter(proofDays.contains)
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
    public static func streak(upTo week: Int, proofDays: Set<Int>, quotas: [(week: Int, days: Int)], today: Int, limit: Int = 520) -> Int {
        let current = judge(weekStart: week, proofDays: proofDays, quota: QuotaChange.quota(for: week, byDay: quotas), today: today).status
        if current == .missed { return 0 }
        return combined(current: current, finished: finishedStreak(through: week - 7, proofDays: proofDays, quotas: quotas, limit: limit),
                        limit: limit)
    }

    /// Finished weeks met in a row, from the week starting on day `week` back.
    public static func finishedStreak(through week: Int, proofDays: Set<Int>, quotas: [(week: Int, days: Int)], limit: Int = 520) -> Int {
        var count = 0
        var w = week
        while count < limit, (w..<(w + 7)).filter(proofDays.contains).count >= QuotaChange.quota(for: w, byDay: quotas) {
            count += 1
            w -= 7
        }
        return count
    }

    /// The streak shown for a week in progress, from the streak of the weeks before it.
    public static func combined(current: StandingStatus, finished: Int, limit: Int = 520) -> Int {
        switch current {
        case .missed: 0
        case .met: min(limit, finished + 1)
        case .onTrack, .atRisk: finished
        }
    }
}
