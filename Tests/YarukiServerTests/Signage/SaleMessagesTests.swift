import Foundation
import Testing
import YarukiCore
@testable import YarukiServer

/// Reading sales out of Kafka messages: our own JSON in its three shapes, a shop's own fields
/// through a mapping, and a clear reason for every message that holds no valid sale.
@Suite struct SaleMessagesTests {
    static let place = SaleMessages.Place(topic: "sales", partition: 2, offset: 41)

    static func read(_ text: String, _ format: SaleFormat = .yaruki) throws -> [SaleEvent] {
        try SaleMessages.sales(in: Array(text.utf8), at: place, format: format)
    }

    static func refusal(_ text: String, _ format: SaleFormat = .yaruki) -> String? {
        do {
            _ = try read(text, format)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func mapping(_ json: String) throws -> SaleFormat {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapping-\(UUID().uuidString).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(json.utf8)))
        defer { unlink(path) }
        return try SaleFormat.named(path)
    }

    @Test func ourJSONAsOneSaleABatchOrAnArray() throws {
        let one = #"{"id":"a","amount":1200,"currency":"JPY","occurredAt":"2026-12-02T09:00:00+09:00","channel":"store"}"#
        #expect(try Self.read(one) == [SaleEvent(id: "a", amount: 1200, currency: "JPY", occurredAt: Date(timeIntervalSince1970: 1_796_169_600),
                                                  channel: "store")])
        #expect(try Self.read(#"{"events":[\#(one),\#(one.replacingOccurrences(of: "\"a\"", with: "\"b\""))]}"#).map(\.id) == ["a", "b"])
        #expect(try Self.read("[\(one)]").count == 1)
    }

    @Test func aMessageWithoutAValidSaleSaysWhy() {
        #expect(Self.refusal("") == "is empty")
        #expect(Self.refusal("{nope") == "is not JSON")
        #expect(Self.refusal("[]") == "holds no sale")
        #expect(Self.refusal(#"{"id":"a","amount":"many","currency":"JPY","occurredAt":"2026-12-02T09:00:00Z","channel":"s"}"#)?
            .hasPrefix("is not a sale: amount") == true)
        #expect(Self.refusal(#"{"id":"a","currency":"JPY","occurredAt":"2026-12-02T09:00:00Z","channel":"s"}"#) == "is not a sale: amount is missing")
        #expect(Self.refusal(#"{"id":"a","amount":1,"currency":"yen","occurredAt":"2026-12-02T09:00:00Z","channel":"s"}"#)
            == "sale.currency must be an ISO 4217 code like JPY")
        let many = (0...SaleMessages.maxSales).map { #"{"id":"s\#($0)","amount":1,"currency":"JPY","occurredAt":"2026-12-02T09:00:00Z","channel":"s"}"# }
        #expect(Self.refusal("[\(many.joined(separator: ","))]") == "holds more than 1000 sales")
    }

    @Test func aMappingReadsAShopsOwnFields() throws {
        let format = try Self.mapping(#"""
            {"sales": "lines", "id": "no", "amount": "price.value", "amountUnit": "major", "currency": "price.cur", "occurredAt": "at",
             "channel": "store", "campaign": "promo", "defaults": {"currency": "EUR", "channel": "pos"}}
            """#)
        let sales = try Self.read(#"""
            {"lines": [{"no": 17, "price": {"value": "12.50"}, "at": 1796169600000, "store": "Kamppi", "promo": "Winter-Sale"},
                       {"no": "18", "price": {"value": 3, "cur": "JPY"}, "at": "2026-12-02T09:00:00+09:00"}]}
            """#, format)
        #expect(sales == [SaleEvent(id: "17", amount: 1250, currency: "EUR", occurredAt: Date(timeIntervalSince1970: 1_796_169_600), channel: "kamppi",
                                    campaign: "winter-sale"),
                          SaleEvent(id: "18", amount: 3, currency: "JPY", occurredAt: Date(timeIntervalSince1970: 1_796_169_600), channel: "pos")])
        // Seconds since 1970 too; cents that do not come out whole are refused, not rounded.
        #expect(try Self.read(#"{"lines":[{"no":1,"price":{"value":1},"at":1796169600}]}"#, format).first?.occurredAt == Date(timeIntervalSince1970: 1_796_169_600))
        #expect(Self.refusal(#"{"lines":[{"no":1,"price":{"value":"1.005"},"at":1796169600}]}"#, format) == "price.value (amount) has more decimals than EUR has")
        #expect(Self.refusal(#"{"lines":[{"no":1,"price":{"value":"lots"},"at":1796169600}]}"#, format)?.hasPrefix("price.value (amount) is not a number") == true)
        #expect(Self.refusal(#"{"lines":[{"no":1,"price":{"value":1}}]}"#, format) == "at (occurredAt) is missing")
        // JSON's true is no amount, though Foundation's NSNumber for it also casts to 1.
        #expect(Self.refusal(#"{"lines":[{"no":1,"price":{"value":true},"at":1796169600}]}"#, format) == "price.value (amount) is not a number")
        #expect(try Self.read(#"{"lines":[{"no":1,"price":{"value":1},"at":1796169600}]}"#, format).first?.amount == 100)
        #expect(Self.refusal(#"{"items":[]}"#, format) == "has no list of sales at lines")
    }

    /// What sold, where and by whom: paths into the shop's messages, or a default for every sale
    /// (a topic per store); our own JSON carries them by name.
    @Test func productsStoresAndStaffComeThroughBothFormats() throws {
        let format = try Self.mapping(#"""
            {"id": "no", "amount": "yen", "currency": "cur", "occurredAt": "at", "channel": "ch", "product": "item.sku",
             "productName": "item.name", "staff": "clerk.name", "defaults": {"store": "Shibuya"}}
            """#)
        let sale = try #require(try Self.read(#"""
            {"no": "r-1", "yen": 1200, "cur": "JPY", "at": "2026-12-04T10:00:00+09:00", "ch": "pos",
             "item": {"sku": 204, "name": "Rose lip balm"}, "clerk": {"name": "Aoi"}}
            """#, format).first)
        #expect(sale.product == "204" && sale.productName == "Rose lip balm" && sale.store == "Shibuya" && sale.staff == "Aoi")
        let ours = try #require(try Self.read(#"""
            {"id": "t-9", "amount": 800, "currency": "JPY", "occurredAt": "2026-12-04T10:00:00+09:00", "channel": "store",
             "product": "LIP-204", "productName": "Rose lip balm", "store": "Umeda", "staff": "Ren"}
            """#).first)
        #expect(ours.product == "LIP-204" && ours.store == "Umeda" && ours.staff == "Ren")
        // A name without its SKU, or a control character, is refused with the field named.
        #expect(Self.refusal(#"{"id":"x","amount":1,"currency":"JPY","occurredAt":"2026-12-04T10:00:00Z","channel":"s","productName":"Lip"}"#)
                == "sale.productName needs the product's SKU in product")
        #expect(Self.refusal(#"{"id":"x","amount":1,"currency":"JPY","occurredAt":"2026-12-04T10:00:00Z","channel":"s","store":"A\u0001"}"#)
                == "sale.store must be 1 to 100 characters without control characters")
        #expect(throws: SaleMessages.Unreadable.self) { try Self.mapping(#"{"amount": "a", "defaults": {"shop": "x"}}"#) }
    }

    @Test func withoutAnIDPathASaleIsNamedByItsPlaceInTheTopic() throws {
        let format = try Self.mapping(#"{"amount": "yen", "defaults": {"currency": "JPY", "channel": "till", "occurredAt": "2026-12-02T00:00:00Z"}}"#)
        #expect(try Self.read(#"{"yen": 500}"#, format).map(\.id) == ["sales/2/41"])
        #expect(try Self.read(#"[{"yen": 500}, {"yen": 700}]"#, format).map(\.id) == ["sales/2/41/0", "sales/2/41/1"])
    }

    @Test func aMappingThatCannotWorkIsRefusedAtStart() throws {
        #expect(throws: SaleMessages.Unreadable.self) { try SaleFormat.named("/no/such/file.json") }
        #expect(throws: SaleMessages.Unreadable.self) { try Self.mapping(#"{"id": "no"}"#) }
        #expect(throws: SaleMessages.Unreadable.self) { try Self.mapping(#"{"amount": "a", "amountUnit": "cents"}"#) }
        #expect(throws: SaleMessages.Unreadable.self) { try Self.mapping(#"{"amount": "a", "defaults": {"amount": "1"}}"#) }
        #expect(try SaleFormat.named("yaruki") == .yaruki)
    }
}
