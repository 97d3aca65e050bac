import Foundation
import Testing
@testable import YarukiCore

/// The day arithmetic of Health: overlapping sources counted once, instants, duplicates, days
/// across midnight and DST, several sources' day totals, and the streak.
@Suite struct HealthMergeTests {
    func piece(_ start: Int64, _ end: Int64, _ value: Double, rank: Int, source: Int) -> HealthPiece {
        HealthPiece(metric: .steps, day: 0, start: start, end: end, value: value, rank: rank, source: source)
    }

    @Test func theHigherSourceWinsWhereTheyOverlapAndEachCountsAlone() {
        // Watch (rank 0) 0–600 s: 600 steps; phone (rank 1) 300–900: 300 steps, half of it alone.
        let (total, sources) = HealthSampleMerge.total([piece(0, 600, 600, rank: 0, source: 0), piece(300, 900, 300, rank: 1 << 16 | 1, source: 1)])
        #expect(total == 750)
        #expect(sources == [0, 1])
        // Fully covered: the phone adds nothing and is not a contributor.
        let covered = HealthSampleMerge.total([piece(0, 600, 600, rank: 0, source: 0), piece(100, 500, 450, rank: 1 << 16 | 1, source: 1)])
        #expect(covered.value == 600 && covered.sources == [0])
    }

    @Test func instantsCountUnlessAHigherSourceCoversThem() {
        let watch = piece(0, 600, 600, rank: 0, source: 0)
        #expect(HealthSampleMerge.total([watch, piece(300, 300, 50, rank: 1 << 16 | 1, source: 1)]).value == 600)
        #expect(HealthSampleMerge.total([watch, piece(700, 700, 50, rank: 1 << 16 | 1, source: 1)]).value == 650)
        // The same source's instant inside its own interval adds up.
        #expect(HealthSampleMerge.total([watch, piece(300, 300, 5, rank: 0, source: 0)]).value == 605)
    }

    @Test func aRecordWrittenTwiceCountsOnce() {
        let p = piece(0, 600, 600, rank: 0, source: 0)
        #expect(HealthSampleMerge.total([p, p, piece(600, 900, 100, rank: 0, source: 0)]).value == 700)
    }

    @Test func daysFollowTheZoneAcrossDaylightSavingTime() {
        // New York's clocks went back at 02:00 on 2026-11-01: that day is 25 hours long.
        var clock = HealthDayClock(timeZone: TimeZone(identifier: "America/New_York")!)
        let start = Int64(1_793_505_600)  // 2026-11-01 00:00 EDT
        let day = clock.day(of: start + 3600)
        #expect(day.start == start)
        #expect(day.end - day.start == 25 * 3600)
        #expect(DayNumber.day(day.day) == "2026-11-01")
        // A sample from 23:00 on the 1st to 01:00 on the 2nd is shared half and half.
        var pieces: [HealthPiece] = []
        clock.split(HealthSample(metric: .steps, source: 0, priority: 0, start: day.end - 3600, end: day.end + 3600, value: 100)) { pieces.append($0) }
        #expect(pieces.map(\.value) == [50, 50])
        #expect(pieces.map { DayNumber.day($0.day) } == ["2026-11-01", "2026-11-02"])
    }

    @Test func severalSourcesDayTotalsShowTheLargestFigureOfEach() {
        let watch = HealthTotals(steps: 8200, distanceMeters: 6100, activeEnergyKcal: 410, standHours: 11)
        let phone = HealthTotals(steps: 9000, distanceMeters: 6300)
        #expect(HealthTotals.day(of: [watch, phone]) == HealthTotals(steps: 9000, distanceMeters: 6300, activeEnergyKcal: 410, standHours: 11))
        #expect(HealthTotals.day(of: []) == .zero)
    }

    @Test func theStreakCountsBackFromTodayOrYesterday() {
        let goals = HealthGoals(steps: 5000, activeEnergyKcal: 300, standHours: 10)
        let met = HealthTotals(steps: 5000, activeEnergyKcal: 300, standHours: 10)
        let short = HealthTotals(steps: 4999, activeEnergyKcal: 300, standHours: 10)
        #expect(goals.streak(today: 10, [7: met, 8: met, 9: met, 10: short]) == 3)
        #expect(goals.streak(today: 10, [7: met, 8: met, 9: met, 10: met]) == 4)
        #expect(goals.streak(today: 10, [8: met, 10: met]) == 1)
        #expect(goals.streak(today: 10, [:]) == 0)
    }
}
