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

    /// States as sales (and a few refunds) pile up over channels and hours, each with the
    /// change from the one before.
    static func scenario(seed: UInt64) -> Scenario {
        var random = SeededRandom(seed: seed)
        var sums: [SalesSum] = []
        let first = SalesBucket.start(of: board.startsAt)
        var state = BoardTotals.summing(board, sums, version: 1, at: board.startsAt)
        let start = state
        var steps: [Step] = []
        for step in 0..<24 {
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let channel = ["store", "online", "app", "classes", "popup"][Int.random(in: 0..<5, using: &random)]
                let bucket = first + Int64.random(in: 0..<48, using: &random) * 900_000
                let amount = Int64.random(in: -2_000...40_000, using: &random)
                sums.append(SalesSum(channel: channel, bucket: bucket, amount: amount, sales: 1))
            }
            let next = BoardTotals.summing(board, sums, version: UInt64(step + 2), at: board.startsAt.addingTimeInterval(Double(step)))
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
            #expect(s.steps.contains { $0.change == nil } || seed > 1, "a step without sales sends nothing")
            #expect(s.steps.compactMap(\.change).allSatisfy { $0.channels.count <= 5 && $0.hours.count <= 12 })
        }
        // A new definition is not a change: the whole state goes out instead.
        let a = BoardTotals.summing(BoardTotalsTests.board, [], version: 1, at: .distantPast)
        var renamed = BoardTotalsTests.board
        renamed.title = "Winter sale"
        #expect(a.change(to: BoardTotals.summing(renamed, [], version: 2, at: .distantPast)) == nil)
    }

    @Test func vectorsForTheBrowserAreUpToDate() throws {
        #expect(try BrowserVectors.isUpToDate([1, 2].map(BoardTotalsTests.scenario), file: "board-changes.json"), "web/tests/vectors/board-changes.json was out of date and has been rewritten: commit it")
    }
}
