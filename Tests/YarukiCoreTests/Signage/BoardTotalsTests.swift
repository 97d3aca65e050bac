import Foundation
import Testing
@testable import YarukiCore

/// A screen that applies each change to the state it holds ends with the state a fresh read
/// gives; written out as vectors the browser's copy must replay.
@Suite struct BoardTotalsTests {
    static let board = SalesBoard(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000b1")!, title: "Sale", currency: "JPY",
                                  startsAt: Date(timeIntervalSince1970: 1_796_050_800), endsAt: Date(timeIntervalSince1970: 1_796_050_800 + 12 * 3_600),
                                  campaign: nil, channel: nil, goal: 1_000_000)

    struct Step: Codable { var change: BoardChange?; var expected: BoardTotals }
    struct Scenario: Codable { var seed: UInt64; var start: BoardTotals; var steps: [Step] }

    /// The board's state with its pace at `now`: sums in its window, and `earlier` ones (yesterday, a week ago) for the pace.
    static func state(_ sums: [SalesSum], earlier: [SalesSum], version: UInt64, now: Date) -> BoardTotals {
        var byBucket: [Int64: Int64] = [:]
        for sum in sums + earlier { byBucket[sum.bucket, default: 0] += sum.amount }
        let total = sums.reduce(0) { $0 + $1.amount }
        let pace = SalesPace.at(now, zone: .gmt, sums: byBucket, boardTotal: total, goal: board.goal, boardEnd: board.endsAt)
        return BoardTotals.summing(board, sums, pace: pace, version: version, at: now)
    }

    /// States as sales (and a few refunds) pile up over channels and hours, and late ones land
    /// yesterday and a week ago, each with the change from the one before; the clock moves a
    /// quarter hour a step, so today's pace line grows.
    static func scenario(seed: UInt64) -> Scenario {
        var random = SeededRandom(seed: seed)
        var sums: [SalesSum] = [], earlier: [SalesSum] = []
        let first = SalesBucket.start(of: board.startsAt)
        var state = Self.state(sums, earlier: earlier, version: 1, now: board.startsAt)
        let start = state
        var steps: [Step] = []
        for step in 0..<24 {
            let now = board.startsAt.addingTimeInterval(Double(step) * 900 + 60)
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let channel = ["store", "online", "app", "classes", "popup"][Int.random(in: 0..<5, using: &random)]
                let bucket = first + Int64.random(in: 0...Int64(step), using: &random) * 900_000
                let amount = Int64.random(in: -2_000...40_000, using: &random)
                sums.append(SalesSum(channel: channel, bucket: bucket, amount: amount, sales: 1))
            }
            if Int.random(in: 0..<5, using: &random) == 0 {
                let back = [86_400_000, 7 * 86_400_000][Int.random(in: 0..<2, using: &random)]
                earlier.append(SalesSum(channel: "store", bucket: first - Int64(back) + Int64.random(in: -40...40, using: &random) * 900_000,
                                        amount: Int64.random(in: 100...9_000, using: &random), sales: 1))
            }
            let next = Self.state(sums, earlier: earlier, version: UInt64(step + 2), now: now)
            let change = state.change(to: next)
            steps.append(Step(change: change, expected: change == nil ? state : next))
            if change != nil { state = next }
        }
        return Scenario(seed: seed, start: start, steps: steps)
    }

    @Test func applyingEachChangeGivesTheNextState() {
        for seed: UInt64 in 1...20 {
            let s = BoardTotalsTests.scenario(seed: seed)
            var screen = s.start
            for step in s.steps {
                if let change = step.change { screen.apply(change) }
                #expect(screen == step.expected, "seed \(seed)")
            }
            #expect(s.steps.compactMap(\.change).allSatisfy { $0.channels.count <= 5 && $0.hours.count <= 12 })
            #expect(s.steps.compactMap(\.change).allSatisfy { $0.pace != nil }, "the clock moves today's line every step")
        }
        // A new definition is not a change: the whole state goes out instead.
        let a = BoardTotals.summing(BoardTotalsTests.board, [], version: 1, at: .distantPast)
        var renamed = BoardTotalsTests.board
        renamed.title = "Winter sale"
        #expect(a.change(to: BoardTotals.summing(renamed, [], version: 2, at: .distantPast)) == nil)
        // Nor is a new day: its lines start again, so the whole state goes.
        let evening = Self.state([], earlier: [], version: 1, now: Self.board.startsAt)
        let morning = Self.state([], earlier: [], version: 2, now: Self.board.startsAt.addingTimeInterval(12 * 3600))
        #expect(evening.pace?.day != morning.pace?.day && evening.needsWhole(morning) && evening.change(to: morning) == nil)
    }

    @Test func vectorsForTheBrowserAreUpToDate() throws {
        #expect(try BrowserVectors.isUpToDate([1, 2].map(BoardTotalsTests.scenario), file: "board-changes.json"), "web/tests/vectors/board-changes.json was out of date and has been rewritten: commit it")
    }
}
