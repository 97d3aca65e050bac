import Foundation
import Testing
@testable import YarukiCore

/// RFC 4180 fields, spreadsheet formulas kept as text, minor and major units, and every hour of a window.
@Suite struct SalesCSVTests {
    @Test func fieldsAreQuotedWhereTheyMustBeAndFormulasStayText() {
        #expect(SalesCSV.field("Rose lip balm") == "Rose lip balm")
        #expect(SalesCSV.field("Lip, rose") == "\"Lip, rose\"")
        #expect(SalesCSV.field("The \"big\" one") == "\"The \"\"big\"\" one\"")
        #expect(SalesCSV.field("two\nlines") == "\"two\nlines\"")
        #expect(SalesCSV.field("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
        #expect(SalesCSV.field("+81 3") == "'+81 3" && SalesCSV.field("@admin") == "'@admin" && SalesCSV.field("-5") == "'-5")
        #expect(SalesCSV.field("渋谷店") == "渋谷店")
    }

    @Test func amountsInMinorAndMajorUnits() {
        #expect(SalesCSV.major(123_450, currency: "JPY") == "123450")
        #expect(SalesCSV.major(123_450, currency: "EUR") == "1234.50")
        #expect(SalesCSV.major(-5, currency: "EUR") == "-0.05")
        #expect(SalesCSV.major(1_234_567, currency: "KWD") == "1234.567")
        let sale = SaleEvent(id: "r-1", amount: -1_250, currency: "EUR", occurredAt: Date(timeIntervalSince1970: 1_796_169_600), channel: "store",
                             product: "SKU,1", productName: "Soap", store: "Kamppi")
        #expect(SalesCSV.sale(sale, zone: TimeZone(identifier: "Europe/Helsinki")!)
                == "r-1,2026-12-02T02:00:00+02:00,-1250,-12.50,EUR,store,,\"SKU,1\",Soap,Kamppi,\r\n")
    }

    @Test func everyHourOfTheWindowSalesOrNot() {
        let start = Date(timeIntervalSince1970: 1_796_169_600)
        let board = SalesBoard(id: UUID(), title: "t", currency: "JPY", startsAt: start, endsAt: start.addingTimeInterval(3 * 3600), campaign: nil, channel: nil,
                               goal: nil, timeZone: "Asia/Tokyo")
        let bucket = Int64(start.timeIntervalSince1970 * 1000) + 3_600_000 + 900_000
        let hours = SalesCSV.hours(board, [SalesSum(channel: "store", bucket: bucket, amount: 4_000, sales: 3, refunds: 1, refunded: 500)])
        #expect(hours.count == 3 && hours[1].amount == 4_000 && hours[1].orders == 2 && hours[1].refunds == 1 && hours[0].amount == 0)
        #expect(SalesCSV.hour(hours[1], currency: "JPY", zone: TimeZone(identifier: "Asia/Tokyo")!)
                == "2026-12-02T10:00:00+09:00,2026-12-02T11:00:00+09:00,4000,4000,JPY,2,1,500\r\n")
        #expect(SalesCSV.slug("Winter sale: 渋谷!") == "Winter-sale-渋谷" && SalesCSV.slug("!!!") == "board")
    }
}
