import Foundation
import Testing
@testable import YarukiCore

/// Today beside yesterday and a week ago in the board's zone: quarter hours in progress counted
/// by their share, midnight, both changes of daylight saving time, refunds, and the projection.
@Suite struct SalesPaceTests {
    static func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    /// Sums keyed by bucket start, from (instant, amount) sales of two channels together.
    static func sums(_ sales: [(String, Int64)]) -> [Int64: Int64] {
        var out: [Int64: Int64] = [:]
        for (at, amount) in sales { out[SalesBucket.start(of: date(at)), default: 0] += amount }
        return out
    }

    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test func theSameClockTimeYesterdayAndAWeekAgoWithTheQuarterInProgressByItsShare() {
        let now = Self.date("2026-12-04T14:07:00+09:00")
        let sums = Self.sums([
            ("2026-12-03T10:00:00+09:00", 1000), ("2026-12-03T13:50:00+09:00", 600),  // before 14:00 yesterday
            ("2026-12-03T14:01:00+09:00", 300),  // the quarter 14:00–14:15 yesterday: 7 of its 15 minutes have passed
            ("2026-12-03T20:00:00+09:00", 5000), ("2026-12-03T23:59:00+09:00", 7),  // later yesterday
            ("2026-11-27T09:00:00+09:00", 2000), ("2026-11-27T14:30:00+09:00", 900),  // a week ago
            ("2026-12-04T00:00:00+09:00", 50), ("2026-12-04T14:06:00+09:00", 70),  // today, the last in the quarter in progress
            ("2026-11-26T23:00:00+09:00", 99999),  // the day before a week ago: in no line
        ])
        let pace = SalesPace.at(now, zone: Self.tokyo, sums: sums, boardTotal: 120, goal: nil, boardEnd: Self.date("2026-12-05T00:00:00+09:00"))
        #expect(pace.day == "2026-12-04" && pace.timeZone == "Asia/Tokyo")
        #expect(pace.todayTotal == 120)
        #expect(pace.yesterdayAtThisTime == 1000 + 600 + 300 * 7 / 15)
        #expect(pace.lastWeekAtThisTime == 2000)
        // Today's line: every quarter hour ended (56 of them to 14:00), then now.
        #expect(pace.today.count == 57 && pace.today.last == SalesPace.Point(minute: 847, amount: 120))
        #expect(pace.today.first == SalesPace.Point(minute: 15, amount: 50) && pace.today[55] == SalesPace.Point(minute: 840, amount: 50))
        // Yesterday's whole day: 96 quarters, ending at 24:00 with everything it sold (23:59 included).
        #expect(pace.yesterday.count == 96 && pace.yesterday.last == SalesPace.Point(minute: 1440, amount: 6907))
        #expect(pace.lastWeek.last?.amount == 2900)
        #expect(pace.goalMet == nil && pace.projectedTotal == nil)
    }

    @Test func justAfterMidnightTodayStartsAgainAndYesterdayRunsToItsEnd() {
        let now = Self.date("2026-12-04T00:20:00+09:00")
        let sums = Self.sums([("2026-12-03T23:50:00+09:00", 400), ("2026-12-04T00:05:00+09:00", 30), ("2026-12-04T00:16:00+09:00", 20),
                              ("2026-12-03T00:10:00+09:00", 60), ("2026-12-03T00:17:00+09:00", 90)])
        let pace = SalesPace.at(now, zone: Self.tokyo, sums: sums, boardTotal: 50, goal: nil, boardEnd: Self.date("2026-12-06T00:00:00+09:00"))
        #expect(pace.day == "2026-12-04")
        #expect(pace.today == [SalesPace.Point(minute: 15, amount: 30), SalesPace.Point(minute: 20, amount: 50)])
        // 00:20 yesterday: the first quarter whole, and a third of the second (its 90 sold at 00:17, counted by share).
        #expect(pace.yesterdayAtThisTime == 60 + 90 / 3)
        #expect(pace.yesterday.last?.amount == 550, "the sale at 23:50 is yesterday's")
    }

    /// New York springs forward on 8 March 2026 (02:00 → 03:00): 10:00 yesterday was 23 hours ago,
    /// the day has 92 quarter hours and its clock skips from 01:45 to 03:00.
    @Test func aDayOf23HoursWhenTheClocksGoForward() {
        let now = Self.date("2026-03-08T10:00:00-04:00")
        let sums = Self.sums([("2026-03-07T09:50:00-05:00", 100), ("2026-03-07T10:10:00-05:00", 1000),
                              ("2026-03-08T01:50:00-05:00", 7), ("2026-03-08T03:05:00-04:00", 8)])
        let pace = SalesPace.at(now, zone: Self.newYork, sums: sums, boardTotal: 15, goal: nil, boardEnd: Self.date("2026-03-09T00:00:00-04:00"))
        #expect(pace.yesterdayAtThisTime == 100, "10:00 on the clock yesterday, not 24 hours ago (09:00)")
        #expect(pace.today.count == 36, "midnight to 10:00 on the clock is 9 hours: 36 quarters, not 40")
        let minutes = pace.today.map(\.minute)
        #expect(minutes.contains(105) && minutes.contains(180) && !minutes.contains(120), "\(minutes)")
        #expect(pace.today.last == SalesPace.Point(minute: 600, amount: 15))
        let tomorrow = SalesPace.at(Self.date("2026-03-09T12:00:00-04:00"), zone: Self.newYork, sums: sums, boardTotal: 0, goal: nil,
                                    boardEnd: Self.date("2026-03-10T00:00:00-04:00"))
        #expect(tomorrow.yesterday.count == 92 && tomorrow.yesterday.last == SalesPace.Point(minute: 1440, amount: 15))
    }

    /// New York falls back on 1 November 2026 (02:00 → 01:00): a day of 25 hours, its 01:00–02:00 twice.
    @Test func aDayOf25HoursWhenTheClocksGoBack() {
        let sums = Self.sums([("2026-11-01T01:30:00-04:00", 10), ("2026-11-01T01:30:00-05:00", 20), ("2026-11-01T23:00:00-05:00", 30)])
        let next = SalesPace.at(Self.date("2026-11-02T09:00:00-05:00"), zone: Self.newYork, sums: sums, boardTotal: 0, goal: nil,
                                boardEnd: Self.date("2026-11-03T00:00:00-05:00"))
        #expect(next.yesterday.count == 100 && next.yesterday.last?.amount == 60)
        #expect(next.yesterday.filter { $0.minute == 105 }.map(\.amount) == [10, 30], "01:45 comes twice, the second after the repeated hour")
        // At 01:40 the second time, the same time yesterday (31 October) is 01:40 on its clock.
        let during = SalesPace.at(Self.date("2026-11-01T01:40:00-05:00"), zone: Self.newYork, sums: sums, boardTotal: 30, goal: nil,
                                  boardEnd: Self.date("2026-11-02T00:00:00-05:00"))
        #expect(during.todayTotal == 30 && during.today.count == 11)
    }

    @Test func refundsBringTheLineDown() {
        let now = Self.date("2026-12-04T12:00:00+09:00")
        let pace = SalesPace.at(now, zone: Self.tokyo, sums: Self.sums([("2026-12-04T09:00:00+09:00", 5000), ("2026-12-04T10:00:00+09:00", -1200)]),
                                boardTotal: 3800, goal: nil, boardEnd: Self.date("2026-12-05T00:00:00+09:00"))
        #expect(pace.todayTotal == 3800)
        let peak = pace.today.map(\.amount).max()
        #expect(peak == 5000 && pace.today.last?.amount == 3800)
    }

    @Test func theProjectionFollowsTheUsualShapeOfADayElseTheClock() {
        let now = Self.date("2026-12-04T12:00:00+09:00")
        // Yesterday had sold 40 % of its day by noon, a week ago 50 %: today's 900 by noon makes 2,000.
        let sums = Self.sums([("2026-12-03T09:00:00+09:00", 4000), ("2026-12-03T18:00:00+09:00", 6000),
                              ("2026-11-27T09:00:00+09:00", 10000), ("2026-11-27T18:00:00+09:00", 10000),
                              ("2026-12-04T09:00:00+09:00", 900)])
        let end = Self.date("2026-12-05T00:00:00+09:00")
        let pace = SalesPace.at(now, zone: Self.tokyo, sums: sums, boardTotal: 900, goal: 1500, boardEnd: end)
        #expect(pace.projection == 2000)
        #expect(pace.projectedTotal == 2000 && pace.goalMet == true)
        #expect(SalesPace.at(now, zone: Self.tokyo, sums: sums, boardTotal: 900, goal: 2500, boardEnd: end).goalMet == false)
        // Two more days after today, each like the usual day (15,000): the goal of 30,000 is in reach.
        let longer = SalesPace.at(now, zone: Self.tokyo, sums: sums, boardTotal: 900, goal: 30000, boardEnd: Self.date("2026-12-07T00:00:00+09:00"))
        #expect(longer.projectedTotal == 900 + 1100 + 30000 && longer.goalMet == true)
        // No history: half the day gone, so twice what today has.
        let fresh = SalesPace.at(now, zone: Self.tokyo, sums: Self.sums([("2026-12-04T09:00:00+09:00", 900)]), boardTotal: 900, goal: nil, boardEnd: end)
        #expect(fresh.projection == 1800)
        // A board already over keeps its total.
        let over = SalesPace.at(now, zone: Self.tokyo, sums: sums, boardTotal: 700, goal: 1000, boardEnd: Self.date("2026-12-04T10:00:00+09:00"))
        #expect(over.projectedTotal == 700 && over.goalMet == false)
    }
}
