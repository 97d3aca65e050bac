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
    static func state(_ sums: [SalesSum], earlier: [SalesSum], ranks: [String: (Int64, Date)] = [:], version: UInt64, now: Date) -> BoardTotals {
        var byBucket: [Int64: Int64] = [:]
        for sum in sums + earlier { byBucket[sum.bucket, default: 0] += sum.amount }
        let total = sums.reduce(0) { $0 + $1.amount }
        let pace = SalesPace.at(now, zone: .gmt, sums: byBucket, boardTotal: total, goal: board.goal, boardEnd: board.endsAt)
        let products = ranks.sorted { $0.key < $1.key }.map { SalesRank(key: $0.key, name: "Item \($0.key)", amount: $0.value.0, sales: 1, at: $0.value.1) }
        return BoardTotals.summing(board, sums, pace: pace, products: products, stores: products.prefix(2).map { var s = $0; s.name = nil; return s },
                                   version: version, at: now)
    }

    /// States as sales (and a few refunds) pile up over channels and hours, and late ones land
    /// yesterday and a week ago, each with the change from the one before; the clock moves a
    /// quarter hour a step, so today's pace line grows.
    static func scenario(seed: UInt64, length: Int = 24) -> Scenario {
        var random = SeededRandom(seed: seed)
        var sums: [SalesSum] = [], earlier: [SalesSum] = []
        var ranks: [String: (Int64, Date)] = [:]
        let first = SalesBucket.start(of: board.startsAt)
        var state = Self.state(sums, earlier: earlier, version: 1, now: board.startsAt)
        let start = state
        var steps: [Step] = []
        for step in 0..<length {
            let now = board.startsAt.addingTimeInterval(Double(step) * 900 + 60)
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let channel = ["store", "online", "app", "classes", "popup"][Int.random(in: 0..<5, using: &random)]
                let bucket = first + Int64.random(in: 0...Int64(step), using: &random) * 900_000
                let amount = Int64.random(in: -2_000...40_000, using: &random)
                sums.append(SalesSum(channel: channel, bucket: bucket, amount: amount, sales: 1, refunds: amount < 0 ? 1 : 0, refunded: max(0, -amount)))
                let sku = "SKU-\(Int.random(in: 1...12, using: &random))"
                ranks[sku] = ((ranks[sku]?.0 ?? 0) + amount, now)
            }
            if Int.random(in: 0..<5, using: &random) == 0 {
                let back = [86_400_000, 7 * 86_400_000][Int.random(in: 0..<2, using: &random)]
                earlier.append(SalesSum(channel: "store", bucket: first - Int64(back) + Int64.random(in: -40...40, using: &random) * 900_000,
                                        amount: Int64.random(in: 100...9_000, using: &random), sales: 1))
            }
            let next = Self.state(sums, earlier: earlier, ranks: ranks, version: UInt64(step + 2), now: now)
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
        // Eleven steps each: every state carries three day lines, and the file stays under a megabyte.
        #expect(try BrowserVectors.isUpToDate([1, 2].map { BoardTotalsTests.scenario(seed: $0, length: 11) }, file: "board-changes.json"), "web/tests/vectors/board-changes.json was out of date and has been rewritten: commit it")
    }
}

/// The order of a board's products and stores: by what they sold, a tie to the one that got there first.
@Suite struct SalesRankTests {
    static let t0 = Date(timeIntervalSince1970: 1_796_000_000)

    @Test func aTieGoesToTheOneThatGotThereFirstAndAnOvertakeMovesIt() {
        let lip = SalesRank(key: "LIP", name: "Lip balm", amount: 5_000, sales: 2, at: Self.t0.addingTimeInterval(60))
        let cream = SalesRank(key: "CRM", name: "Hand cream", amount: 5_000, sales: 1, at: Self.t0.addingTimeInterval(30))
        let soap = SalesRank(key: "SOA", name: nil, amount: 9_000, sales: 3, at: Self.t0.addingTimeInterval(90))
        #expect(SalesRank.ranked([lip, cream, soap]).map(\.key) == ["SOA", "CRM", "LIP"], "cream reached 5,000 first")
        var later = lip
        later.amount += 4_500
        later.at = Self.t0.addingTimeInterval(120)
        #expect(SalesRank.ranked([later, cream, soap]).map(\.key) == ["LIP", "SOA", "CRM"], "lip balm overtakes soap")
        // The same amount at the same moment: by key, so every node and screen agrees.
        let twin = SalesRank(key: "AAA", name: nil, amount: 5_000, sales: 1, at: cream.at)
        #expect(SalesRank.ranked([cream, twin]).map(\.key) == ["AAA", "CRM"])
        // A board shows ten.
        let many = (0..<14).map { SalesRank(key: "K\($0)", name: nil, amount: Int64($0), sales: 1, at: Self.t0) }
        let board = BoardTotals.summing(BoardTotalsTests.board, [], products: many, version: 1, at: Self.t0)
        #expect(board.products.count == 10 && board.products.first?.key == "K13")
    }

    @Test func ordersAndRefundsComeFromTheBuckets() {
        let sums = [SalesSum(channel: "store", bucket: 0, amount: 9_000, sales: 4, refunds: 1, refunded: 1_000),
                    SalesSum(channel: "online", bucket: 900_000, amount: 3_000, sales: 1)]
        let board = BoardTotals.summing(BoardTotalsTests.board, sums, version: 1, at: Self.t0)
        #expect(board.total == 12_000 && board.sales == 5 && board.orders == 4 && board.refunded == 1_000)
    }
}

/// What a board celebrates between two of its states.
@Suite struct MilestoneTests {
    static func state(_ board: SalesBoard, _ sales: [(hour: Int, amount: Int64)], at hour: Int) -> BoardTotals {
        let start = SalesBucket.start(of: board.startsAt)
        let sums = sales.map { SalesSum(channel: "store", bucket: start + Int64($0.hour) * 3_600_000, amount: $0.amount, sales: 1) }
        return BoardTotals.summing(board, sums, version: 1, at: board.startsAt.addingTimeInterval(Double(hour) * 3600 + 60))
    }

    @Test func everySoMuchTheGoalAndARecordDayEachOnce() {
        var board = BoardTotalsTests.board  // 12 hours from 15:00 UTC, goal 1,000,000
        board.endsAt = board.startsAt.addingTimeInterval(3 * 86_400)
        board.timeZone = "UTC"
        let rules = BoardMilestones(every: 300_000, goal: true, recordDay: true)
        let a = Self.state(board, [(0, 250_000)], at: 0)
        let b = Self.state(board, [(0, 250_000), (1, 700_000)], at: 1)
        #expect(rules.crossed(from: a, to: b).map(\.key) == ["every-300000", "every-600000", "every-900000"])
        let c = Self.state(board, [(0, 250_000), (1, 700_000), (2, 60_000)], at: 2)
        #expect(rules.crossed(from: b, to: c).map(\.key) == ["goal"])
        #expect(rules.crossed(from: c, to: c).isEmpty, "nothing crossed twice")
        // A burst past many: the highest three.
        let d = Self.state(board, [(0, 250_000), (1, 700_000), (2, 60_000), (3, 3_000_000)], at: 3)
        #expect(rules.crossed(from: c, to: d).map(\.key) == ["every-3300000", "every-3600000", "every-3900000"])
        // The first day (from 15:00 to midnight) sold 4,010,000, the second nothing; the third beats it at 4,100,000, once.
        let day2 = (9..<11).map { (hour: $0 + 24, amount: Int64(2_050_000)) }
        let e = Self.state(board, [(0, 250_000), (1, 700_000), (2, 60_000), (3, 3_000_000), (day2[0].hour, 2_050_000)], at: day2[0].hour)
        let f = Self.state(board, [(0, 250_000), (1, 700_000), (2, 60_000), (3, 3_000_000)] + day2, at: day2[1].hour)
        #expect(!rules.crossed(from: d, to: e).contains { $0.kind == .record })
        let record = rules.crossed(from: e, to: f).filter { $0.kind == .record }
        #expect(record.map(\.amount) == [4_100_000] && record.first?.key.hasPrefix("record-") == true)
        #expect(!rules.crossed(from: f, to: f).contains { $0.kind == .record })
        // A refund that takes the total back under a mark, then a sale over it again: not again on the screen's side
        // (the store keeps each key once; here the crossing is seen, the store decides).
        #expect(BoardMilestones(every: 300_000).crossed(from: b, to: a).isEmpty)
    }
}
