import Foundation

/// A board an admin defines: which sales it adds up (a currency, a window, optionally one
/// campaign and one channel) and the goal it shows.
public struct SalesBoard: Codable, Equatable, Sendable {
    public var id: UUID
    public var title: String
    public var currency: String
    public var startsAt: Date
    public var endsAt: Date
    public var campaign: String?
    public var channel: String?
    public var goal: Int64?
    /// Sites (origins like `https://dashboard.example`) that may show the wall screen in a frame.
    public var embedOrigins: [String]
    /// Where the board's days begin and end (an IANA name): today beside yesterday is counted from its midnight.
    public var timeZone: String
    /// What its screens celebrate (nothing when nil).
    public var milestones: BoardMilestones?

    public init(id: UUID, title: String, currency: String, startsAt: Date, endsAt: Date, campaign: String?, channel: String?, goal: Int64?,
                embedOrigins: [String] = [], timeZone: String = "UTC", milestones: BoardMilestones? = nil) {
        self.timeZone = timeZone
        self.milestones = milestones
        self.id = id
        self.title = title
        self.currency = currency
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.campaign = campaign
        self.channel = channel
        self.goal = goal
        self.embedOrigins = embedOrigins
    }

    /// Whether a sale of `currency` at `at` with this campaign and channel counts toward the
    /// board's pace at `now` (today, yesterday or a week ago, whether or not the board ran then).
    public func countsForPace(currency: String, at: Date, campaign: String?, channel: String, now: Date) -> Bool {
        currency == self.currency && (self.campaign == nil || campaign == self.campaign) && (self.channel == nil || channel == self.channel)
            && at >= SalesPace.since(now, zone: TimeZone(identifier: timeZone) ?? .gmt)
    }

    /// Whether a sale counts on this board.
    public func counts(_ e: SaleEvent) -> Bool {
        counts(currency: e.currency, at: e.occurredAt, campaign: e.campaign, channel: e.channel)
    }

    /// Whether a sale of `currency` at `at` (or in the quarter hour starting then: windows start
    /// and end on quarter hours) with this campaign and channel counts on the board.
    public func counts(currency: String, at: Date, campaign: String?, channel: String) -> Bool {
        currency == self.currency && at >= startsAt && at < endsAt
            && (self.campaign == nil || campaign == self.campaign) && (self.channel == nil || channel == self.channel)
    }
}

/// A product or store on a board's ranking: what it sold, and when its latest sale was.
public struct SalesRank: Codable, Equatable, Sendable {
    /// The product's SKU, or the store's name.
    public var key: String
    /// A product's name as its sales give it.
    public var name: String?
    public var amount: Int64
    public var sales: Int64
    public var at: Date

    public init(key: String, name: String?, amount: Int64, sales: Int64, at: Date) {
        self.key = key
        self.name = name
        self.amount = amount
        self.sales = sales
        self.at = at
    }

    /// Largest first; of two that sold the same, the one whose latest sale came first got there
    /// first and leads; then by key, so the order is the same everywhere.
    public static func ranked(_ ranks: [SalesRank]) -> [SalesRank] {
        ranks.sorted { ($1.amount, $0.at, $0.key) < ($0.amount, $1.at, $1.key) }
    }

    /// How many a board shows.
    public static let shown = 10
}

/// What one quarter hour of one channel added up to on a board.
public struct SalesSum: Equatable, Sendable {
    public var channel: String
    /// The quarter hour's start, in milliseconds since 1970 (`SalesBucket.start`).
    public var bucket: Int64
    public var amount: Int64
    public var sales: Int64
    /// How many of the sales were refunds, and what they gave back (positive).
    public var refunds: Int64
    public var refunded: Int64

    public init(channel: String, bucket: Int64, amount: Int64, sales: Int64, refunds: Int64 = 0, refunded: Int64 = 0) {
        self.refunds = refunds
        self.refunded = refunded
        self.channel = channel
        self.bucket = bucket
        self.amount = amount
        self.sales = sales
    }
}

/// A sales board's state as a wall screen shows it: the total, per channel and per hour. A
/// screen gets it whole when it connects, then `BoardChange`s that carry only what moved.
public struct BoardTotals: Codable, Equatable, Sendable {
    public struct Channel: Codable, Equatable, Sendable {
        public var channel: String
        public var amount: Int64
        public var sales: Int64

        public init(channel: String, amount: Int64, sales: Int64) {
            self.channel = channel
            self.amount = amount
            self.sales = sales
        }
    }

    public struct Hour: Codable, Equatable, Sendable {
        public var start: Date
        public var amount: Int64

        public init(start: Date, amount: Int64) {
            self.start = start
            self.amount = amount
        }
    }

    public var board: SalesBoard
    public var total: Int64
    /// How many sales the total holds (a sale and its refund are two).
    public var sales: Int64
    /// Largest first.
    public var channels: [Channel]
    /// Every hour of the board's window, sales or not.
    public var hours: [Hour]
    /// Today beside yesterday and a week ago, in the board's time zone (nil where not worked out).
    public var pace: SalesPace?
    /// Orders (sales that are not refunds), and what refunds gave back (positive): the average
    /// order is (total + refunded) / orders.
    public var orders: Int64
    public var refunded: Int64
    /// The best-selling products and stores (`SalesRank.shown` at most), in rank order.
    public var products: [SalesRank]
    public var stores: [SalesRank]
    /// Grows with each state a server sends; a stream's event id.
    public var version: UInt64
    public var at: Date

    public init(board: SalesBoard, total: Int64, sales: Int64, channels: [Channel], hours: [Hour], pace: SalesPace? = nil, orders: Int64 = 0,
                refunded: Int64 = 0, products: [SalesRank] = [], stores: [SalesRank] = [], version: UInt64, at: Date) {
        self.pace = pace
        self.orders = orders
        self.refunded = refunded
        self.products = products
        self.stores = stores
        self.board = board
        self.total = total
        self.sales = sales
        self.channels = channels
        self.hours = hours
        self.version = version
        self.at = at
    }

    /// The state from the quarter-hour sums of the sales that count on a board.
    public static func summing(_ board: SalesBoard, _ sums: [SalesSum], pace: SalesPace? = nil, products: [SalesRank] = [], stores: [SalesRank] = [],
                               version: UInt64, at: Date) -> BoardTotals {
        var channels: [String: Channel] = [:]
        var hours: [Int64: Int64] = [:]
        for s in sums {
            var channel = channels[s.channel] ?? Channel(channel: s.channel, amount: 0, sales: 0)
            channel.amount += s.amount
            channel.sales += s.sales
            channels[s.channel] = channel
            hours[s.bucket - s.bucket % 3_600_000, default: 0] += s.amount
        }
        let first = SalesBucket.start(of: board.startsAt) / 3_600_000 * 3_600_000
        let end = Int64((board.endsAt.timeIntervalSince1970 * 1000).rounded())
        let strip = stride(from: first, to: end, by: 3_600_000).map {
            Hour(start: Date(timeIntervalSince1970: Double($0) / 1000), amount: hours[$0] ?? 0)
        }
        return BoardTotals(board: board, total: sums.reduce(0) { $0 + $1.amount }, sales: sums.reduce(0) { $0 + $1.sales },
                           channels: sorted(Array(channels.values)), hours: strip, pace: pace,
                           orders: sums.reduce(0) { $0 + $1.sales - $1.refunds }, refunded: sums.reduce(0) { $0 + $1.refunded },
                           products: Array(SalesRank.ranked(products).prefix(SalesRank.shown)), stores: Array(SalesRank.ranked(stores).prefix(SalesRank.shown)),
                           version: version, at: at)
    }

    static func sorted(_ channels: [Channel]) -> [Channel] {
        channels.sorted { ($0.amount, $1.channel) > ($1.amount, $0.channel) }
    }

    /// Whether a screen needs `next` whole rather than a change: a new definition, or a new day
    /// in the board's zone (its lines start again).
    public func needsWhole(_ next: BoardTotals) -> Bool { next.board != board || next.pace?.day != pace?.day }

    /// What moved from `self` to `next`, or nil when nothing a screen shows did (or it needs
    /// the whole state: `needsWhole`).
    public func change(to next: BoardTotals) -> BoardChange? {
        guard !needsWhole(next) else { return nil }
        let paceChange = pace.flatMap { old in next.pace.flatMap { old.change(to: $0) } }
        let before = Dictionary(channels.map { ($0.channel, $0) }, uniquingKeysWith: { a, _ in a })
        let movedChannels = next.channels.filter { before[$0.channel] != $0 }
        let oldHours = Dictionary(hours.map { ($0.start, $0.amount) }, uniquingKeysWith: { a, _ in a })
        let movedHours = next.hours.filter { oldHours[$0.start] != $0.amount }
        let movedProducts = next.products == products ? nil : next.products, movedStores = next.stores == stores ? nil : next.stores
        if next.total == total, next.sales == sales, movedChannels.isEmpty, movedHours.isEmpty, paceChange == nil, movedProducts == nil, movedStores == nil,
           next.orders == orders, next.refunded == refunded { return nil }
        return BoardChange(version: next.version, total: next.total, sales: next.sales, channels: movedChannels, hours: movedHours, pace: paceChange,
                           orders: next.orders, refunded: next.refunded, products: movedProducts, stores: movedStores, at: next.at)
    }

    /// `self` with a change applied: what a screen holds after it.
    public mutating func apply(_ change: BoardChange) {
        total = change.total
        sales = change.sales
        version = change.version
        at = change.at
        var byName = Dictionary(channels.map { ($0.channel, $0) }, uniquingKeysWith: { a, _ in a })
        for c in change.channels { byName[c.channel] = c }
        channels = Self.sorted(Array(byName.values))
        let moved = Dictionary(change.hours.map { ($0.start, $0.amount) }, uniquingKeysWith: { _, b in b })
        for i in hours.indices { if let amount = moved[hours[i].start] { hours[i].amount = amount } }
        if let change = change.pace { pace?.apply(change) }
        orders = change.orders
        refunded = change.refunded
        if let moved = change.products { products = moved }
        if let moved = change.stores { stores = moved }
    }
}

/// The part of a board's state that moved since the last one sent (`BoardTotals.change`):
/// the total and count, and the channels and hours whose figures changed.
public struct BoardChange: Codable, Equatable, Sendable {
    public var version: UInt64
    public var total: Int64
    public var sales: Int64
    public var channels: [BoardTotals.Channel]
    public var hours: [BoardTotals.Hour]
    public var pace: PaceChange?
    public var orders: Int64
    public var refunded: Int64
    /// The rankings whole, when either moved.
    public var products: [SalesRank]?
    public var stores: [SalesRank]?
    public var at: Date

    public init(version: UInt64, total: Int64, sales: Int64, channels: [BoardTotals.Channel], hours: [BoardTotals.Hour], pace: PaceChange? = nil,
                orders: Int64 = 0, refunded: Int64 = 0, products: [SalesRank]? = nil, stores: [SalesRank]? = nil, at: Date) {
        self.pace = pace
        self.orders = orders
        self.refunded = refunded
        self.products = products
        self.stores = stores
        self.version = version
        self.total = total
        self.sales = sales
        self.channels = channels
        self.hours = hours
        self.at = at
    }
}
