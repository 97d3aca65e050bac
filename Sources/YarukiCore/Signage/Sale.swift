import Foundation

/// One sale from a till, a shop or the class payments: the unit the wall screens add up.
public struct SaleEvent: Codable, Equatable, Sendable {
    /// The sender's id for the sale: the same id again is the same sale (ingest is idempotent).
    public var id: String
    /// In the currency's minor units (yen, won, cents); refunds are negative.
    public var amount: Int64
    public var currency: String
    public var occurredAt: Date
    public var channel: String
    public var campaign: String?
    /// What was sold: its SKU (or the till's product id), and its name as the wall shows it.
    public var product: String?
    public var productName: String?
    /// Where it was sold (a store, a stand, a gym), and who sold it.
    public var store: String?
    public var staff: String?

    public init(id: String, amount: Int64, currency: String, occurredAt: Date, channel: String, campaign: String? = nil, product: String? = nil,
                productName: String? = nil, store: String? = nil, staff: String? = nil) {
        self.product = product
        self.productName = productName
        self.store = store
        self.staff = staff
        self.id = id
        self.amount = amount
        self.currency = currency
        self.occurredAt = occurredAt
        self.channel = channel
        self.campaign = campaign
    }

    public static let maxAmount: Int64 = 1_000_000_000_000

    public static let idPattern = "^[^\\u0000-\\u0020\\u007F]{1,100}$"
    public static let channelPattern = "^[a-z0-9_-]{1,40}$"
    public static let campaignPattern = "^[a-z0-9_-]{1,60}$"
    /// A product's SKU, a store's or a staff member's name: 1 to 100 characters, no control characters.
    public static let labelPattern = "^[^\\u0000-\\u001F\\u007F]{1,100}$"

    static func isLabel(_ text: String) -> Bool {
        !text.trimmingCharacters(in: .whitespaces).isEmpty && text.unicodeScalars.count <= 100
            && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    static func isSlug(_ text: String, max: Int) -> Bool {
        (1...max).contains(text.utf8.count) && text.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 95 }
    }

    /// Every rule, each failure naming its field under `prefix` (`events[3].amount`).
    public static func check(_ e: SaleEvent, prefix: String) -> [FieldRuleError] {
        var errors: [FieldRuleError] = []
        if e.id.isEmpty || e.id.unicodeScalars.count > 100 || e.id.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
            errors.append(.init(field: "\(prefix).id", message: "must be 1 to 100 visible characters"))
        }
        if abs(e.amount) > maxAmount { errors.append(.init(field: "\(prefix).amount", message: "is beyond ±10^12 minor units")) }
        if !Currency.isCode(e.currency) { errors.append(.init(field: "\(prefix).currency", message: "must be an ISO 4217 code like JPY")) }
        if !isSlug(e.channel, max: 40) {
            errors.append(.init(field: "\(prefix).channel", message: "must be 1 to 40 lower-case letters, digits, '-' or '_'"))
        }
        if let campaign = e.campaign, !isSlug(campaign, max: 60) {
            errors.append(.init(field: "\(prefix).campaign", message: "must be 1 to 60 lower-case letters, digits, '-' or '_'"))
        }
        for (field, value) in [("product", e.product), ("productName", e.productName), ("store", e.store), ("staff", e.staff)] {
            if let value, !isLabel(value) { errors.append(.init(field: "\(prefix).\(field)", message: "must be 1 to 100 characters without control characters")) }
        }
        if e.productName != nil, e.product == nil { errors.append(.conflict("\(prefix).productName", "needs the product's SKU in product")) }
        return errors
    }
}

/// Currencies by their ISO 4217 code, and how many minor-unit digits each shows.
public enum Currency {
    public static let pattern = "^[A-Z]{3}$"

    public static func isCode(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { $0 >= 65 && $0 <= 90 }
    }

    /// Digits after the decimal point: 0 for yen and won, 3 for dinars, 2 for most.
    public static func digits(_ code: String) -> Int {
        switch code {
        case "JPY", "KRW", "VND", "CLP", "ISK", "UGX", "PYG", "XAF", "XOF": 0
        case "BHD", "JOD", "KWD", "OMR", "TND", "IQD", "LYD": 3
        default: 2
        }
    }
}

/// Sales are added up in quarter hours (every time zone's hours and days start on one), so a
/// board's total is a sum of a few hundred rows whatever the number of sales.
public enum SalesBucket {
    public static let seconds: Int64 = 900

    /// The start of the quarter hour holding `date`, in milliseconds since 1970.
    public static func start(of date: Date) -> Int64 {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let size = seconds * 1000
        return ms >= 0 ? ms / size * size : ((ms + 1) / size - 1) * size
    }

    public static func isBoundary(_ date: Date) -> Bool {
        start(of: date) == Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
