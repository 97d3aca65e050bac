import Foundation
import YarukiCore

/// Classes and their orders: all the SQL of the Classes area.
public enum ClassStore {
    public struct ClassRow: Sendable, Equatable {
        public var id: UUID
        public var coachID: UUID
        public var seriesID: UUID?
        public var title: String
        public var description: String
        public var startsAt: Date
        public var durationMinutes: Int
        public var timeZone: String
        public var place: String?
        public var onlineURL: String?
        public var capacity: Int
        public var enrolled: Int
        /// In the currency's minor units.
        public var price: Int64
        public var currency: String
        /// Members may cancel (and are refunded) until this many hours before the start.
        public var cancelHours: Int
        /// open or cancelled
        public var state: String

        public init(id: UUID, coachID: UUID, seriesID: UUID?, title: String, description: String, startsAt: Date, durationMinutes: Int, timeZone: String,
                    place: String?, onlineURL: String?, capacity: Int, enrolled: Int = 0, price: Int64, currency: String, cancelHours: Int, state: String = "open") {
            self.id = id
            self.coachID = coachID
            self.seriesID = seriesID
            self.title = title
            self.description = description
            self.startsAt = startsAt
            self.durationMinutes = durationMinutes
            self.timeZone = timeZone
            self.place = place
            self.onlineURL = onlineURL
            self.capacity = capacity
            self.enrolled = enrolled
            self.price = price
            self.currency = currency
            self.cancelHours = cancelHours
            self.state = state
        }

        public var seatsLeft: Int { max(0, capacity - enrolled) }
    }

    public static func insert(_ k: ClassRow, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO classes (id, coach_id, series_id, title, description, starts_at, duration_minutes, time_zone, place, online_url, capacity,
                                 enrolled, price, currency, cancel_hours, state, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, k.id, k.coachID, k.seriesID, k.title, k.description, k.startsAt, k.durationMinutes, k.timeZone, k.place, k.onlineURL, k.capacity,
                      k.enrolled, k.price, k.currency, k.cancelHours, k.state, now, now)
    }

    private static let columns = """
        id, coach_id, series_id, title, description, starts_at, duration_minutes, time_zone, place, online_url, capacity, enrolled, price, currency,
        cancel_hours, state
        """

    public static func classRow(_ id: UUID, _ c: SQLConnection) throws -> ClassRow? {
        try c.queryOne("SELECT \(columns) FROM classes WHERE id = ?", id).map(row)
    }

    /// Classes starting in [from, to), by start; a coach's alone when given.
    public static func classes(from: Date, to: Date, coach: UUID?, limit: Int, _ c: SQLConnection) throws -> [ClassRow] {
        if let coach {
            return try c.query("SELECT \(columns) FROM classes WHERE starts_at >= ? AND starts_at < ? AND coach_id = ? ORDER BY starts_at, id LIMIT ?",
                               from, to, coach, limit).map(row)
        }
        return try c.query("SELECT \(columns) FROM classes WHERE starts_at >= ? AND starts_at < ? ORDER BY starts_at, id LIMIT ?", from, to, limit).map(row)
    }

    /// Takes one seat if one is free and the class is open; false when it is full or cancelled.
    /// One statement, so two buyers of the last seat cannot both have it.
    public static func takeSeat(_ classID: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE classes SET enrolled = enrolled + 1, updated_at = ? WHERE id = ? AND state = 'open' AND enrolled < capacity",
                      now, classID) == 1
    }

    /// Gives a seat back (a cancelled enrollment).
    public static func releaseSeat(_ classID: UUID, at now: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE classes SET enrolled = enrolled - 1, updated_at = ? WHERE id = ? AND enrolled > 0", now, classID)
    }

    private static func row(_ r: Row) throws -> ClassRow {
        ClassRow(id: try r.uuid("id"), coachID: try r.uuid("coach_id"), seriesID: try r.optionalString("series_id").flatMap(UUID.init(uuidString:)),
                 title: try r.string("title"), description: try r.string("description"), startsAt: try r.date("starts_at"),
                 durationMinutes: try r.int("duration_minutes"), timeZone: try r.string("time_zone"), place: try r.optionalString("place"),
                 onlineURL: try r.optionalString("online_url"), capacity: try r.int("capacity"), enrolled: try r.int("enrolled"),
                 price: Int64(try r.int("price")), currency: try r.string("currency"), cancelHours: try r.int("cancel_hours"), state: try r.string("state"))
    }

    // MARK: orders

    public struct Order: Sendable, Equatable {
        public var id: UUID
        public var classID: UUID
        public var userID: UUID
        public var paymentID: String
        public var provider: String
        public var amount: Int64
        public var currency: String
        /// pending, paid, failed, suspicious, refunding, refunded, expired or cancelled
        public var state: String
        public var reason: String?
        public var expiresAt: Date

        public init(id: UUID, classID: UUID, userID: UUID, paymentID: String, provider: String, amount: Int64, currency: String, state: String = "pending",
                    reason: String? = nil, expiresAt: Date) {
            self.id = id
            self.classID = classID
            self.userID = userID
            self.paymentID = paymentID
            self.provider = provider
            self.amount = amount
            self.currency = currency
            self.state = state
            self.reason = reason
            self.expiresAt = expiresAt
        }
    }

    public static func insertOrder(_ o: Order, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO class_orders (id, class_id, user_id, payment_id, provider, amount, currency, state, reason, expires_at, refund_attempts,
                                      created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
            """, o.id, o.classID, o.userID, o.paymentID, o.provider, o.amount, o.currency, o.state, o.reason, o.expiresAt, now, now)
    }

    private static let orderColumns = "id, class_id, user_id, payment_id, provider, amount, currency, state, reason, expires_at"

    /// An order, for its owner (`user` nil: the server itself, by a webhook's payment id).
    public static func order(_ id: UUID, user: UUID?, _ c: SQLConnection) throws -> Order? {
        if let user { return try c.queryOne("SELECT \(orderColumns) FROM class_orders WHERE id = ? AND user_id = ?", id, user).map(orderRow) }
        return try c.queryOne("SELECT \(orderColumns) FROM class_orders WHERE id = ?", id).map(orderRow)
    }

    public static func order(paymentID: String, _ c: SQLConnection) throws -> Order? {
        try c.queryOne("SELECT \(orderColumns) FROM class_orders WHERE payment_id = ?", paymentID).map(orderRow)
    }

    /// Moves a pending order on; false when it was no longer pending (another confirm or a
    /// webhook got there first), so only one of them acts on it.
    public static func settle(_ id: UUID, to state: String, reason: String?, paid: Bool, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            UPDATE class_orders SET state = ?, reason = ?, paid_at = ?, updated_at = ? WHERE id = ? AND state = 'pending'
            """, state, reason, paid ? now : nil, now, id) == 1
    }

    private static func orderRow(_ r: Row) throws -> Order {
        Order(id: try r.uuid("id"), classID: try r.uuid("class_id"), userID: try r.uuid("user_id"), paymentID: try r.string("payment_id"),
              provider: try r.string("provider"), amount: Int64(try r.int("amount")), currency: try r.string("currency"), state: try r.string("state"),
              reason: try r.optionalString("reason"), expiresAt: try r.date("expires_at"))
    }

    /// Remembers a webhook delivery; false when its id was seen before.
    public static func rememberWebhook(_ id: String, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("INSERT INTO payment_webhooks (id, received_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING", id, now) == 1
    }
}
