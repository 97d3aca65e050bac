import Foundation
import Testing
@testable import YarukiCore

@Suite struct WeekTests {
    static func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func tokyoAndSeoulWeeksStartOnTheChosenDay() {
        let tokyo = PersonalCalendar(timeZone: TimeZone(identifier: "Asia/Tokyo")!, weekStart: .monday)
        #expect(tokyo.week(of: "2026-11-29") == "2026-11-23")  // a Sunday ends the Monday week
        #expect(tokyo.week(of: "2026-11-30") == "2026-11-30")
        #expect(tokyo.days(ofWeek: "2026-11-23") == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"])
        // 23:59 on Sunday in Tokyo is 14:59 UTC that day; a minute after midnight is the next week.
        #expect(tokyo.day(of: Self.instant("2026-11-29T14:59:00Z")) == "2026-11-29")
        #expect(tokyo.week(of: Self.instant("2026-11-29T15:01:00Z")) == "2026-11-30")
        let seoulSunday = PersonalCalendar(timeZone: TimeZone(identifier: "Asia/Seoul")!, weekStart: .sunday)
        #expect(seoulSunday.week(of: "2026-11-29") == "2026-11-29")
        #expect(seoulSunday.week(of: "2026-11-28") == "2026-11-22")
        #expect(seoulSunday.week(after: "2026-11-22") == "2026-11-29")
        #expect(seoulSunday.week(before: "2026-11-29") == "2026-11-22")
        #expect(tokyo.week(of: "2026-02-30") == nil)
    }

    @Test func losAngelesWeeksAcrossDaylightSavingChanges() throws {
        let la = PersonalCalendar(timeZone: TimeZone(identifier: "America/Los_Angeles")!, weekStart: .monday)
        // Spring forward on Sunday 2026-03-08: that week has 167 hours.
        let spring = try #require(la.interval(ofWeek: "2026-03-02"))
        #expect(spring.start == Self.instant("2026-03-02T08:00:00Z"))
        #expect(spring.end == Self.instant("2026-03-09T07:00:00Z"))
        #expect(spring.end.timeIntervalSince(spring.start) == 167 * 3600)
        #expect(la.week(of: "2026-03-08") == "2026-03-02")
        #expect(la.days(ofWeek: "2026-03-02").last == "2026-03-08")
        // Fall back on Sunday 2026-11-01: 169 hours.
        let fall = try #require(la.interval(ofWeek: "2026-10-26"))
        #expect(fall.end.timeIntervalSince(fall.start) == 169 * 3600)
        #expect(la.days(ofWeek: "2026-10-26") == ["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"])
        // 23:30 on the long Sunday is still that Sunday; 00:30 is Monday of the next week.
        #expect(la.day(of: Self.instant("2026-11-02T07:30:00Z")) == "2026-11-01")
        #expect(la.week(of: Self.instant("2026-11-02T08:30:00Z")) == "2026-11-02")
    }
}

@Suite struct StandingTests {
    let tokyo = PersonalCalendar(timeZone: TimeZone(identifier: "Asia/Tokyo")!, weekStart: .monday)
    static func at(_ local: String) -> Date { try! Date(local + ":00+09:00", strategy: .iso8601) }

    func judge(_ proofs: Set<String>, now: String, quota: Int = 3) -> WeekStanding {
        WeekStanding.judge(week: "2026-11-23", calendar: tokyo, proofDays: proofs, quota: quota, now: Self.at(now))
    }

    @Test func statusesThroughTheWeek() {
        #expect(judge([], now: "2026-11-23T08:00").status == .onTrack)                                   // Monday morning: 7 days left
        #expect(judge(["2026-11-23"], now: "2026-11-23T20:00").status == .onTrack)
        #expect(judge(["2026-11-23", "2026-11-25"], now: "2026-11-28T10:00").status == .onTrack)        // Saturday: 1 needed, 2 left
        #expect(judge(["2026-11-23"], now: "2026-11-28T10:00").status == .atRisk)                       // needs Saturday and Sunday
        #expect(judge(["2026-11-23", "2026-11-28"], now: "2026-11-28T21:00").status == .atRisk)         // today done, Sunday left
        #expect(judge(["2026-11-23"], now: "2026-11-29T10:00").status == .missed)                       // Sunday: 2 needed, 1 left
        #expect(judge(["2026-11-23", "2026-11-24", "2026-11-25"], now: "2026-11-25T12:00").status == .met)
        #expect(judge(["2026-11-23", "2026-11-24"], now: "2026-11-30T09:00").status == .missed)         // the week is over
        let done = judge(["2026-11-22", "2026-11-23", "2026-11-30"], now: "2026-11-24T09:00")
        #expect(done.done == 1 && done.days == ["2026-11-23"], "only the week's own days count")
        #expect(judge(Set(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]),
                      now: "2026-11-29T22:00", quota: 7).status == .met)
    }

    @Test func aQuotaChangeAppliesFromTheNextWeek() throws {
        let history = [QuotaChange(effectiveWeek: "2026-11-16", days: 3), QuotaChange(effectiveWeek: "2026-11-30", days: 5)]
        #expect(QuotaChange.quota(for: "2026-11-09", history: history) == Quota.standard.days)
        #expect(QuotaChange.quota(for: "2026-11-23", history: history) == 3)
        #expect(QuotaChange.quota(for: "2026-11-30", history: history) == 5)
        #expect(QuotaChange.quota(for: "2027-01-04", history: history) == 5)
        #expect(throws: FieldRuleError.self) { try Quota(days: 0) }
        #expect(throws: FieldRuleError.self) { try Quota(days: 8) }
    }

    @Test func streaksCountMetWeeksBack() {
        let proofs: Set<String> = ["2026-11-09", "2026-11-10", "2026-11-11",   // met
                                   "2026-11-16", "2026-11-18", "2026-11-20",   // met
                                   "2026-11-23", "2026-11-24"]                   // this week: 2 of 3 so far
        let history = [QuotaChange(effectiveWeek: "2026-01-05", days: 3)]
        #expect(WeekStanding.streak(upTo: "2026-11-23", calendar: tokyo, proofDays: proofs, history: history, now: Self.at("2026-11-25T10:00")) == 2)
        #expect(WeekStanding.streak(upTo: "2026-11-23", calendar: tokyo, proofDays: proofs.union(["2026-11-25"]), history: history,
                                    now: Self.at("2026-11-25T22:00")) == 3)
        #expect(WeekStanding.streak(upTo: "2026-11-23", calendar: tokyo, proofDays: proofs, history: history, now: Self.at("2026-11-30T10:00")) == 0)
    }
}

@Suite struct DayNumberTests {
    @Test func datesRoundTripAndWeeksStartRight() {
        #expect(DayNumber.of("1970-01-01") == 0)
        #expect(DayNumber.of("2026-11-29") == 20_786)
        for n in stride(from: -700_000, through: 2_900_000, by: 997) {  // years 0053 to 9909
            #expect(DayNumber.of(DayNumber.day(n)) == n)
        }
        #expect(DayNumber.of("2024-02-29") != nil && DayNumber.of("2026-13-01") == nil && DayNumber.of("26-11-29") == nil)
        let sunday = DayNumber.of("2026-11-29")!
        #expect(DayNumber.day(DayNumber.weekStart(of: sunday, .monday)) == "2026-11-23")
        #expect(DayNumber.day(DayNumber.weekStart(of: sunday, .sunday)) == "2026-11-29")
        #expect(DayNumber.day(DayNumber.weekStart(of: sunday + 1, .monday)) == "2026-11-30")
        // The same weeks the calendar gives, in any time zone.
        let la = PersonalCalendar(timeZone: TimeZone(identifier: "America/Los_Angeles")!, weekStart: .sunday)
        for offset in 0..<400 {
            let day = DayNumber.day(20_500 + offset)
            #expect(la.week(of: day) == DayNumber.day(DayNumber.weekStart(of: 20_500 + offset, .sunday)))
        }
    }
}
