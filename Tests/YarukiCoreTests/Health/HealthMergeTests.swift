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

    /// The sweep agrees with the plain definition (each moment from the best source covering it,
    /// each instant unless a better source covers it) on random days of up to five sources.
    @Test func theSweepAgreesWithTheDefinition() {
        var random = SeededRandom(seed: 20_261_202)
        for _ in 0..<400 {
            let sourceCount = Int.random(in: 1...5, using: &random)
            var pieces: [HealthPiece] = []
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                let source = Int.random(in: 0...(sourceCount - 1), using: &random)
                let start = Int64(Int.random(in: 0...3600, using: &random))
                let length = Int64(Int.random(in: 0...3, using: &random) == 0 ? 0 : Int.random(in: 1...900, using: &random))
                pieces.append(piece(start, start + length, Double(Int.random(in: 1...500, using: &random)), rank: (source % 3) << 16 | source, source: source))
            }
            if Int.random(in: 0...3, using: &random) == 0, let first = pieces.first { pieces.append(first) }
            let fast = HealthSampleMerge.total(pieces)
            let plain = Self.definition(pieces)
            #expect(abs(fast.value - plain.value) < 1e-6 * max(1, plain.value), "\(pieces)")
            #expect(fast.sources == plain.sources, "\(pieces)")
        }
    }

    /// A hundred thousand samples of two sources all over one day: merged in a moment (the old
    /// sweep rescanned every active sample at every edge and took hours; the time limit catches that).
    @Test(.timeLimit(.minutes(1))) func aCrowdedDayMergesInOneSweep() {
        var pieces: [HealthPiece] = []
        for i in 0..<100_000 {
            let start = Int64(i % 86_000)
            pieces.append(piece(start, start + 400, 5, rank: (i % 2) << 16 | (i % 2), source: i % 2))
        }
        let (value, sources) = HealthSampleMerge.total(pieces)
        #expect(value > 0 && sources.contains(0))
    }

    /// The merge as first written: every moment between edges from the best active source, each
    /// active piece rescanned (quadratic, kept here as the reference).
    static func definition(_ input: [HealthPiece]) -> (value: Double, sources: Set<Int>) {
        var pieces = input.sorted { ($0.start, $0.end, $0.rank, $0.value) < ($1.start, $1.end, $1.rank, $1.value) }
        var unique: [HealthPiece] = []
        for p in pieces where unique.last.map({ $0.start != p.start || $0.end != p.end || $0.rank != p.rank || $0.value != p.value }) ?? true {
            unique.append(p)
        }
        pieces = unique
        if pieces.allSatisfy({ $0.rank == pieces[0].rank }) { return (pieces.reduce(0) { $0 + $1.value }, [pieces[0].source]) }
        var total = 0.0
        var sources = Set<Int>()
        let spans = pieces.filter { $0.end > $0.start }
        let edges = Array(Set(spans.flatMap { [$0.start, $0.end] })).sorted()
        for k in 0..<max(0, edges.count - 1) {
            let (from, to) = (edges[k], edges[k + 1])
            let active = spans.filter { $0.start <= from && $0.end > from }
            guard let best = active.map(\.rank).min() else { continue }
            for p in active where p.rank == best {
                total += p.value * Double(to - from) / Double(p.end - p.start)
                sources.insert(p.source)
            }
        }
        for point in pieces where point.end == point.start
            && !spans.contains(where: { $0.rank < point.rank && $0.start <= point.start && point.start < $0.end }) {
            total += point.value
            sources.insert(point.source)
        }
        return (total, sources)
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

    @Test func theStreakCountsBackFromTodayOrYesterday() {
        let goals = HealthGoals(steps: 5000, activeEnergyKcal: 300, standHours: 10)
        let met = HealthTotals(steps: 5000, activeEnergyKcal: 300, standHours: 10)
        let short = HealthTotals(steps: 4999, activeEnergyKcal: 300, standHours: 10)
        func streak(_ days: [Int: HealthTotals]) -> Int { HealthGoals.streak(today: 10, met: Set(days.filter { goals.met($0.value) }.keys)) }
        #expect(streak([7: met, 8: met, 9: met, 10: short]) == 3)
        #expect(streak([7: met, 8: met, 9: met, 10: met]) == 4)
        #expect(streak([8: met, 10: met]) == 1)
        #expect(streak([:]) == 0)
    }

    @Test func aRingClosesAtHalfBelowItsGoal() {
        let goals = HealthGoals(steps: 5000, activeEnergyKcal: 300, standHours: 10)
        let lowest = goals.lowestMet
        let at = HealthTotals(steps: lowest.steps, activeEnergyKcal: lowest.activeEnergyKcal, standHours: lowest.standHours)
        #expect(goals.met(at))
        for metric in [HealthMetric.steps, .energy, .standHours] {
            var below = at
            below[metric] = below[metric].nextDown
            #expect(!goals.met(below), "\(metric)")
        }
    }
}
