import Foundation

/// How many days a week a person promises to train: 1 to 7.
public struct Quota: Codable, Equatable, Sendable {
    public let days: Int

    public init(days: Int, field: String = "days") throws(FieldRuleError) {
        guard (1...7).contains(days) else { throw FieldRuleError(field: field, message: "must be 1 to 7") }
        self.days = days
    }

    /// Three days until a person chooses.
    public static let standard = try! Quota(days: 3)
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
}

/// Where a person stands in a week.
public enum StandingStatus: String, Codable, Sendable {
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
        let days = calendar.days(ofWeek: week)
        let done = days.filter(proofDays.contains)
        let today = calendar.day(of: now)
        let left = days.filter { $0 > today || ($0 == today && !proofDays.contains($0)) }.count
        let need = quota - done.count
        let status: StandingStatus = need <= 0 ? .met : need > left ? .missed : need == left ? .atRisk : .onTrack
        return WeekStanding(week: week, done: done.count, quota: quota, status: status, days: done)
    }

    /// Consecutive weeks met, counting back from `week` (which counts only when already met).
    public static func streak(upTo week: String, calendar: PersonalCalendar, proofDays: Set<String>, history: [QuotaChange],
                              now: Date, limit: Int = 520) -> Int {
        var count = 0
        var current: String? = week
        var first = true
        while let w = current, count < limit {
            let standing = judge(week: w, calendar: calendar, proofDays: proofDays, quota: QuotaChange.quota(for: w, history: history), now: now)
            if standing.status == .met {
                count += 1
            } else if !first {
                break
            } else if standing.status != .onTrack && standing.status != .atRisk {
                break  // this week is already lost
            }
            first = false
            current = calendar.week(before: w)
        }
        return count
    }
}
