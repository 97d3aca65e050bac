import Foundation
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiStore

/// Sales sums kept as sales arrive equal a full recount, whatever arrives twice, late or out of order.
@Suite struct SalesTests {
    @Test(arguments: Engine.allCases)
    func bucketsEqualAFullRecount(engine: Engine) async throws {
        for seed: UInt64 in [1, 2, 3] {
            let db = try await freshDatabase(engine)
            _ = try await Migrator.migrate(db)
            var random = SeededRandom(seed: seed)
            let start = try Date("2026-12-01T00:00:00+09:00", strategy: .iso8601)
            // 1,500 distinct sales over four days, in JPY and USD, three channels, two campaigns and none.
            let sales = (0..<1_500).map { i in
                SaleEvent(id: "s\(seed)-\(i)", amount: Int64.random(in: -500...50_000, using: &random),
                          currency: Bool.random(using: &random) ? "JPY" : "USD",
                          occurredAt: start.addingTimeInterval(Double.random(in: 0..<(4 * 86_400), using: &random)),
                          channel: ["store", "online", "app"].randomElement(using: &random)!,
                          campaign: ["beauty-week", "winter", nil].randomElement(using: &random)!)
            }
            // Sent in shuffled batches, a quarter of them twice (some with a changed amount: the first one counts).
            var sent = sales.shuffled(using: &random)
            for sale in sales where Int.random(in: 0..<4, using: &random) == 0 {
                var again = sale
                if Bool.random(using: &random) { again.amount += 1 }
                sent.insert(again, at: Int.random(in: 0...sent.count, using: &random))
            }
            var firsts: [String: SaleEvent] = [:]
            for sale in sent where firsts[sale.id] == nil { firsts[sale.id] = sale }
            var offset = 0
            while offset < sent.count {
                let size = Int.random(in: 1...700, using: &random)
                let batch = Array(sent[offset..<min(offset + size, sent.count)])
                _ = try await db.transaction { c in try SignageStore.ingest(batch, at: Date(), c) }
                offset += size
            }
            #expect(try await db.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM sales_events WHERE id LIKE ?", "s\(seed)-%")?.int("n") } == 1_500)

            // Every board shape: a currency, a window, maybe a campaign, maybe a channel.
            for (currency, campaign, channel, fromHour, hours) in [("JPY", nil, nil, 0, 96), ("USD", "winter", nil, 5, 30), ("JPY", "beauty-week", "app", 24, 48),
                                                                 ("USD", nil, "store", 90, 6)] as [(String, String?, String?, Int, Int)] {
                let from = start.addingTimeInterval(Double(fromHour) * 3600), to = from.addingTimeInterval(Double(hours) * 3600)
                let board = SalesBoard(id: UUID(), title: "t", currency: currency, startsAt: from, endsAt: to, campaign: campaign,
                                               channel: channel, goal: nil)
                let sums = try await db.read { c in try SignageStore.sums(currency: currency, from: from, to: to, campaign: campaign, channel: channel, c) }
                // The recount, in Swift from the first of each id, and in SQL from the stored sales.
                let expected = firsts.values.filter { $0.id.hasPrefix("s\(seed)-") && board.counts($0) }
                #expect(sums.reduce(0) { $0 + $1.amount } == expected.reduce(0) { $0 + $1.amount })
                #expect(sums.reduce(0) { $0 + $1.sales } == Int64(expected.count))
                var byChannel: [String: Int64] = [:]
                for e in expected { byChannel[e.channel, default: 0] += e.amount }
                var summed: [String: Int64] = [:]
                for s in sums { summed[s.channel, default: 0] += s.amount }
                #expect(summed == byChannel)
            }
            let recount = try await db.read { c in
                try c.queryOne("SELECT SUM(amount) AS a FROM sales_events WHERE currency = 'JPY'")?.int("a")
            }
            let kept = try await db.read { c in try c.queryOne("SELECT SUM(amount) AS a FROM sales_buckets WHERE currency = 'JPY'")?.int("a") }
            #expect(recount == kept)
        }
    }
}
