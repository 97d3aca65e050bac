import Foundation

/// Dummy sales that look like a shop's: four channels of different weight and basket size
/// (a shop's till, the web shop, the app, class tickets), prices that end in tens, a refund
/// now and then, in the board's currency. For demos and load; the same seed gives the same sales.
public struct SaleGenerator: Sendable {
    /// Channel, share of sales, typical basket in yen.
    public static let channels: [(name: String, share: Double, median: Double)] = [
        ("store", 0.42, 6_800), ("online", 0.30, 5_400), ("app", 0.18, 3_900), ("classes", 0.10, 3_000),
    ]

    /// Roughly what one yen buys in a currency's major unit; others are priced like dollars.
    static let perYen: [String: Double] = ["JPY": 1, "KRW": 9.2, "USD": 0.0067, "EUR": 0.0062, "GBP": 0.0053, "TWD": 0.21, "CNY": 0.048]

    public let board: SalesBoard
    public let prefix: String
    private var random: SeededRandom
    private var made = 0

    /// A beauty shop's shelf, best-sellers first (the first are drawn most).
    public static let products: [(sku: String, name: String)] = [
        ("LIP-204", "Rose lip balm"), ("CRM-110", "Yuzu hand cream"), ("OIL-031", "Camellia hair oil"), ("MSK-502", "Sake sheet mask"),
        ("SOA-007", "Charcoal soap"), ("SRM-301", "Rice serum"), ("TNR-220", "Green tea toner"), ("SUN-050", "Sun milk SPF50"),
        ("CLN-140", "Cleansing oil"), ("PRF-900", "Hinoki eau de parfum"),
    ]
    public static let stores = ["Shibuya", "Shinjuku", "Umeda", "Sapporo"]

    /// `prefix` starts every sale's id: one per run, so two runs never collide.
    public init(board: SalesBoard, seed: UInt64, prefix: String) {
        self.board = board
        self.prefix = prefix
        random = SeededRandom(seed: seed)
    }

    public mutating func sale(at date: Date) -> SaleEvent {
        made += 1
        let channel = board.channel ?? pickChannel()
        let median = Self.channels.first { $0.name == channel }?.median ?? 5_000
        // A log-normal basket: most near the median, a few large ones.
        let yen = min(80_000, max(300, median * exp(0.6 * normal())))
        let scale = (Self.perYen[board.currency] ?? 0.0067) * pow(10, Double(Currency.digits(board.currency)))
        var amount = max(10, Int64((yen * scale / 10).rounded()) * 10)
        if Double.random(in: 0..<1, using: &random) < 0.01 { amount = -amount }  // a refund
        // What sold (a few best-sellers, a long tail) and where (online sales from the web shop).
        let product = Self.products[min(Self.products.count - 1, Int(Double(Self.products.count) * pow(Double.random(in: 0..<1, using: &random), 2.2)))]
        let store = channel == "online" || channel == "app" ? "Web shop" : Self.stores[Int.random(in: 0..<Self.stores.count, using: &random)]
        return SaleEvent(id: "\(prefix)\(made)", amount: amount, currency: board.currency, occurredAt: date, channel: channel, campaign: board.campaign,
                         product: product.sku, productName: product.name, store: store)
    }

    /// How many sales arrive in `seconds` at `rate` a second (Poisson).
    public mutating func arrivals(rate: Double, seconds: Double) -> Int {
        let mean = rate * seconds
        guard mean > 0 else { return 0 }
        if mean > 30 { return max(0, Int((mean + mean.squareRoot() * normal()).rounded())) }
        let limit = exp(-mean)
        var count = 0
        var product = Double.random(in: 0..<1, using: &random)
        while product > limit {
            count += 1
            product *= Double.random(in: 0..<1, using: &random)
        }
        return count
    }

    private mutating func pickChannel() -> String {
        var roll = Double.random(in: 0..<1, using: &random)
        for channel in Self.channels {
            roll -= channel.share
            if roll < 0 { return channel.name }
        }
        return Self.channels[0].name
    }

    /// A standard normal number (Box–Muller).
    private mutating func normal() -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random)
        let v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
