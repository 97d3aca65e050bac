import Foundation
import Testing
@testable import YarukiCore

/// Dummy sales that look like a shop's, in the board's currency, the same for the same seed.
@Suite struct SaleGeneratorTests {
    static func board(_ currency: String, channel: String? = nil) -> SalesBoard {
        SalesBoard(id: UUID(), title: "t", currency: currency, startsAt: .distantPast, endsAt: .distantFuture, campaign: "winter", channel: channel, goal: nil)
    }

    @Test func salesLookLikeAShopsAndAreValid() {
        var generator = SaleGenerator(board: Self.board("JPY"), seed: 9, prefix: "t-")
        let sales = (0..<5_000).map { _ in generator.sale(at: Date()) }
        #expect(Set(sales.map(\.id)).count == 5_000 && sales.allSatisfy { SaleEvent.check($0, prefix: "s").isEmpty && $0.campaign == "winter" })
        var share: [String: Int] = [:]
        for sale in sales { share[sale.channel, default: 0] += 1 }
        #expect(abs(Double(share["store"] ?? 0) / 5_000 - 0.42) < 0.03 && abs(Double(share["classes"] ?? 0) / 5_000 - 0.10) < 0.02)
        let refunds = sales.filter { $0.amount < 0 }.count
        #expect((10...100).contains(refunds), "about one in a hundred is a refund: \\(refunds)")
        let store = sales.filter { $0.channel == "store" && $0.amount > 0 }.map(\.amount).sorted()
        #expect((5_500...8_500).contains(store[store.count / 2]), "a store basket's median is near ¥6,800")
        #expect(sales.allSatisfy { $0.amount % 10 == 0 && abs($0.amount) >= 300 && abs($0.amount) <= 80_000 })
        // Every sale names its product and store; best-sellers sell most, web sales come from the web shop.
        var byProduct: [String: Int] = [:]
        for sale in sales { byProduct[sale.product ?? "", default: 0] += 1 }
        #expect(sales.allSatisfy { $0.product != nil && $0.productName != nil && $0.store != nil })
        #expect(byProduct["LIP-204", default: 0] > 3 * byProduct["PRF-900", default: 0] && byProduct.count == SaleGenerator.products.count)
        #expect(sales.filter { $0.channel == "online" }.allSatisfy { $0.store == "Web shop" })
        // The same seed, the same sales.
        var again = SaleGenerator(board: Self.board("JPY"), seed: 9, prefix: "t-")
        #expect((0..<100).map { _ in again.sale(at: sales[0].occurredAt).amount } == sales.prefix(100).map(\.amount))
    }

    @Test func pricesFollowTheCurrencyAndTheBoardsChannel() {
        var dollars = SaleGenerator(board: Self.board("USD", channel: "online"), seed: 3, prefix: "d-")
        let cents = (0..<2_000).map { _ in dollars.sale(at: Date()) }.filter { $0.amount > 0 }.map(\.amount).sorted()
        #expect((2_500...4_800).contains(cents[cents.count / 2]), "an online basket near $36: \\(cents[cents.count / 2]) cents")
        var won = SaleGenerator(board: Self.board("KRW", channel: "online"), seed: 3, prefix: "w-")
        let sale = won.sale(at: Date())
        #expect(sale.channel == "online" && sale.currency == "KRW" && abs(sale.amount) >= 2_000)
    }

    @Test func arrivalsAverageTheRate() {
        var generator = SaleGenerator(board: Self.board("JPY"), seed: 1, prefix: "a-")
        let small = (0..<10_000).reduce(0) { total, _ in total + generator.arrivals(rate: 5, seconds: 0.1) }
        #expect(abs(Double(small) / 10_000 - 0.5) < 0.03)
        let large = (0..<1_000).reduce(0) { total, _ in total + generator.arrivals(rate: 500, seconds: 0.1) }
        #expect(abs(Double(large) / 1_000 - 50) < 1.5)
        #expect(generator.arrivals(rate: 0, seconds: 1) == 0)
    }
}
