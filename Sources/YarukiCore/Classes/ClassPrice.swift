import Foundation

/// The currencies a class is sold in, with ISO 4217's minor units: a price is kept and sent in
/// the smallest unit (won and yen have none below 1; a US dollar has 100 cents), the way PortOne
/// and the wall's sales count it.
public enum ClassCurrency: String, Sendable, CaseIterable, Codable {
    case krw = "KRW", jpy = "JPY", usd = "USD"

    /// Digits after the decimal point in the major unit.
    public var minorUnits: Int {
        switch self {
        case .krw, .jpy: 0
        case .usd: 2
        }
    }

    /// The highest price a class may ask, in minor units: ten million won, a million yen, ten
    /// thousand dollars.
    public var maxPrice: Int64 {
        switch self {
        case .krw: 10_000_000
        case .jpy: 1_000_000
        case .usd: 1_000_000
        }
    }

    /// The smallest price worth a card payment: 100 won, 50 yen, 50 cents (card networks' floor).
    public var minPrice: Int64 {
        switch self {
        case .krw: 100
        case .jpy, .usd: 50
        }
    }

    /// "15.00" for 1500 cents, "20000" for 20000 won: the amount in the major unit, as text.
    public func major(_ minor: Int64) -> String {
        guard minorUnits > 0 else { return String(minor) }
        var scale: Int64 = 1
        for _ in 0..<minorUnits { scale *= 10 }
        let sign = minor < 0 ? "-" : ""
        let whole = abs(minor) / scale, part = abs(minor) % scale
        return sign + String(whole) + "." + String(repeating: "0", count: minorUnits - String(part).count) + String(part)
    }
}

/// What a class asks for a seat, checked against its currency's bounds.
public enum ClassPriceRule {
    /// The widest bounds over every currency (the schema's).
    public static let range: ClosedRange<Int64> = ClassCurrency.allCases.map(\.minPrice).min()!...ClassCurrency.allCases.map(\.maxPrice).max()!

    public static func check(price: Int64, currency: String) -> FieldRuleError? {
        guard let money = ClassCurrency(rawValue: currency) else {
            return FieldRuleError(field: "currency", message: "must be one of \(ClassCurrency.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard (money.minPrice...money.maxPrice).contains(price) else {
            // Each currency's own bounds inside the schema's widest: a cross-field rule (422).
            return .conflict("price", "must be \(money.minPrice) to \(money.maxPrice) in \(currency)'s smallest unit")
        }
        return nil
    }
}
