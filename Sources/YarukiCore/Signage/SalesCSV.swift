import Foundation

/// A board's sales and its hours as CSV (RFC 4180: comma-separated, CRLF, a field with a comma,
/// quote or line break quoted, quotes doubled), for a spreadsheet. Text a till sent that begins
/// with `=`, `+`, `-`, `@`, a tab or a carriage return is written after an apostrophe, so a
/// spreadsheet shows it rather than running it as a formula. Amounts are whole minor units and,
/// beside them, in the currency's major units.
public enum SalesCSV {
    public static func field(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(Character(first)) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// 123450 JPY as 123450, 123450 EUR as 1234.50.
    public static func major(_ minor: Int64, currency: String) -> String {
        let digits = Currency.digits(currency)
        guard digits > 0 else { return String(minor) }
        let scale = Int64(pow(10, Double(digits)))
        let whole = abs(minor) / scale, part = abs(minor) % scale
        let fraction = String(part)
        return (minor < 0 ? "-" : "") + String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    static func line(_ fields: [String]) -> String { fields.joined(separator: ",") + "\r\n" }

    public static let salesHeader = line(["id", "occurred_at", "amount_minor", "amount", "currency", "channel", "campaign", "product", "product_name", "store",
                                          "staff"])

    /// One sale, its time on the board's clock (`2026-12-04T14:05:00+09:00`).
    public static func sale(_ e: SaleEvent, zone: TimeZone) -> String {
        line([field(e.id), local(e.occurredAt, zone), String(e.amount), major(e.amount, currency: e.currency), e.currency, field(e.channel), field(e.campaign ?? ""),
              field(e.product ?? ""), field(e.productName ?? ""), field(e.store ?? ""), field(e.staff ?? "")])
    }

    public static let hoursHeader = line(["hour_start", "hour_end", "amount_minor", "amount", "currency", "orders", "refunds", "refunded_minor"])

    public struct Hour: Equatable, Sendable {
        public var start: Date
        public var amount: Int64
        public var orders: Int64
        public var refunds: Int64
        public var refunded: Int64

        public init(start: Date, amount: Int64, orders: Int64, refunds: Int64, refunded: Int64) {
            self.start = start
            self.amount = amount
            self.orders = orders
            self.refunds = refunds
            self.refunded = refunded
        }
    }

    /// Each hour of a board's window from its quarter-hour sums, every hour written, sales or not.
    public static func hours(_ board: SalesBoard, _ sums: [SalesSum]) -> [Hour] {
        var byHour: [Int64: Hour] = [:]
        for s in sums {
            let start = s.bucket - s.bucket % 3_600_000
            var hour = byHour[start] ?? Hour(start: Date(timeIntervalSince1970: Double(start) / 1000), amount: 0, orders: 0, refunds: 0, refunded: 0)
            hour.amount += s.amount
            hour.orders += s.sales - s.refunds
            hour.refunds += s.refunds
            hour.refunded += s.refunded
            byHour[start] = hour
        }
        let first = SalesBucket.start(of: board.startsAt) / 3_600_000 * 3_600_000
        let end = Int64((board.endsAt.timeIntervalSince1970 * 1000).rounded())
        return stride(from: first, to: end, by: 3_600_000).map {
            byHour[$0] ?? Hour(start: Date(timeIntervalSince1970: Double($0) / 1000), amount: 0, orders: 0, refunds: 0, refunded: 0)
        }
    }

    public static func hour(_ h: Hour, currency: String, zone: TimeZone) -> String {
        line([local(h.start, zone), local(h.start.addingTimeInterval(3600), zone), String(h.amount), major(h.amount, currency: currency), currency,
              String(h.orders), String(h.refunds), String(h.refunded)])
    }

    /// A title as a file name's start: letters and digits (any script), the rest as hyphens.
    public static func slug(_ title: String) -> String {
        let kept = title.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "-" }.joined()
        let parts = kept.split(separator: "-").filter { !$0.isEmpty }
        return parts.isEmpty ? "board" : String(parts.joined(separator: "-").prefix(60))
    }

    /// RFC 3339 on the board's clock, with its offset.
    public static func local(_ date: Date, _ zone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
