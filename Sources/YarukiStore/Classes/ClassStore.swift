import Foundation
import YarukiCore
import YarukiJSON

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
        /// The coach's display name (read with the class; not written).
        public var coachName: String

        public init(id: UUID, coachID: UUID, seriesID: UUID?, title: String, description: String, startsAt: Date, durationMinutes: Int, timeZone: String,
                    place: String?, onlineURL: String?, capacity: Int, enrolled: Int = 0, price: Int64, currency: String, cancelHours: Int, state: String = "open", coachName: String = "") {
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
            self.coachName = coachName
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

    /// A class's columns (of `classes k`) and its coach's name (of `users u`): each read joins them.
    private static let columns = """
        k.id, k.coach_id, k.series_id, k.title, k.description, k.starts_at, k.duration_minutes, k.time_zone, k.place, k.online_url, k.capacity,
        k.enrolled, k.price, k.currency, k.cancel_hours, k.state, u.display_name AS coach_name
        """
    private static let from = "classes k JOIN users u ON u.id = k.coach_id"

    public static func classRow(_ id: UUID, _ c: SQLConnection) throws -> ClassRow? {
        try c.queryOne("SELECT \(columns) FROM \(from) WHERE k.id = ?", id).map(row)
    }

    /// Classes starting in [from, to), by start; a coach's alone when given.
    public static func classes(from: Date, to: Date, coach: UUID?, limit: Int, _ c: SQLConnection) throws -> [ClassRow] {
        if let coach {
            return try c.query("SELECT \(columns) FROM \(Self.from) WHERE k.starts_at >= ? AND k.starts_at < ? AND k.coach_id = ? ORDER BY k.starts_at, k.id LIMIT ?",
                               from, to, coach, limit).map(row)
        }
        return try c.query("SELECT \(columns) FROM \(Self.from) WHERE k.starts_at >= ? AND k.starts_at < ? ORDER BY k.starts_at, k.id LIMIT ?",
                           from, to, limit).map(row)
    }

    /// The classes a coach teaches starting at or after `from`, by start, each with what its
    /// orders took (paid, refunding and refunded) and gave back (refunded), in its currency.
    public static func taught(coach: UUID, from: Date, limit: Int, _ c: SQLConnection) throws -> [(klass: ClassRow, paid: Int64, refunded: Int64)] {
        try c.query("""
            SELECT \(columns),
                (SELECT COALESCE(SUM(o.amount), 0) FROM class_orders o WHERE o.class_id = k.id AND o.state IN ('paid', 'refunding', 'refunded')) AS took,
                (SELECT COALESCE(SUM(o.amount), 0) FROM class_orders o WHERE o.class_id = k.id AND o.state = 'refunded') AS gave_back
            FROM \(Self.from) WHERE k.coach_id = ? AND k.starts_at >= ? ORDER BY k.starts_at, k.id LIMIT ?
            """, coach, from, limit).map { r in (try row(r), Int64(try r.int("took")), Int64(try r.int("gave_back"))) }
    }

    /// Writes a class's editable fields back; false when the new capacity is below the seats
    /// already taken (checked in the same statement, so a seat taken meanwhile counts).
    public static func update(_ k: ClassRow, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            UPDATE classes SET title = ?, description = ?, starts_at = ?, duration_minutes = ?, place = ?, online_url = ?, capacity = ?, price = ?,
                               cancel_hours = ?, updated_at = ?
            WHERE id = ? AND enrolled <= ?
            """, k.title, k.description, k.startsAt, k.durationMinutes, k.place, k.onlineURL, k.capacity, k.price, k.cancelHours, now, k.id,
                      k.capacity) == 1
    }

    /// Cancels an open class; false when it was cancelled already.
    public static func cancel(_ id: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE classes SET state = 'cancelled', updated_at = ? WHERE id = ? AND state = 'open'", now, id) == 1
    }

    /// The coaches who have a class starting in [from, to), by name, for the list's filter.
    public static func coaches(from: Date, to: Date, _ c: SQLConnection) throws -> [(id: UUID, name: String)] {
        try c.query("""
            SELECT DISTINCT u.id, u.display_name FROM classes k JOIN users u ON u.id = k.coach_id
            WHERE k.starts_at >= ? AND k.starts_at < ? ORDER BY u.display_name, u.id
            """, from, to).map { r in (try r.uuid("id"), try r.string("display_name")) }
    }

    public struct Series: Sendable, Equatable {
        public var id: UUID
        public var coachID: UUID
        public var rule: ClassSeriesRule
        public var timeZone: String
        /// The last month classes were made for, YYYY-MM.
        public var lastMonth: String

        public init(id: UUID, coachID: UUID, rule: ClassSeriesRule, timeZone: String, lastMonth: String) {
            self.id = id
            self.coachID = coachID
            self.rule = rule
            self.timeZone = timeZone
            self.lastMonth = lastMonth
        }
    }

    public static func insertSeries(_ s: Series, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO class_series (id, coach_id, weekdays, minute_of_day, duration_minutes, time_zone, last_month, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, s.id, s.coachID, s.rule.weekdays.map(String.init).joined(separator: ","), s.rule.minuteOfDay, s.rule.durationMinutes, s.timeZone,
                      s.lastMonth, now, now)
    }

    public static func series(_ id: UUID, _ c: SQLConnection) throws -> Series? {
        guard let r = try c.queryOne("""
            SELECT id, coach_id, weekdays, minute_of_day, duration_minutes, time_zone, last_month FROM class_series WHERE id = ?
            """, id) else { return nil }
        let rule = try ClassSeriesRule(weekdays: try r.string("weekdays").split(separator: ",").compactMap { Int($0) }, minuteOfDay: try r.int("minute_of_day"),
                                       durationMinutes: try r.int("duration_minutes"))
        return Series(id: try r.uuid("id"), coachID: try r.uuid("coach_id"), rule: rule, timeZone: try r.string("time_zone"),
                      lastMonth: try r.string("last_month"))
    }

    /// Moves a series on to `month`; false when another renewal got there first.
    public static func renewSeries(_ id: UUID, from month: String, to next: String, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE class_series SET last_month = ?, updated_at = ? WHERE id = ? AND last_month = ?", next, now, id, month) == 1
    }

    /// The series' latest class: what its next month copies.
    public static func latestInSeries(_ id: UUID, _ c: SQLConnection) throws -> ClassRow? {
        try c.queryOne("SELECT \(columns) FROM \(from) WHERE k.series_id = ? ORDER BY k.starts_at DESC, k.id LIMIT 1", id).map(row)
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
        ClassRow(id: try r.uuid("id"), coachID: try r.uuid("coach_id"), seriesID: try r.optionalString("series_id").flatMap(UUID.init(strict:)),
                 title: try r.string("title"), description: try r.string("description"), startsAt: try r.date("starts_at"),
                 durationMinutes: try r.int("duration_minutes"), timeZone: try r.string("time_zone"), place: try r.optionalString("place"),
                 onlineURL: try r.optionalString("online_url"), capacity: try r.int("capacity"), enrolled: try r.int("enrolled"),
                 price: Int64(try r.int("price")), currency: try r.string("currency"), cancelHours: try r.int("cancel_hours"), state: try r.string("state"),
                 coachName: try r.string("coach_name"))
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
        /// Until when a paid seat may be cancelled for a refund: the class's deadline when it was
        /// paid, extended to the start when the class's time changed after that.
        public var cancelDeadline: Date?
        /// What the provider reports given back outside Yaruki (a partial cancel at its console).
        public var refundedAmount: Int64

        public init(id: UUID, classID: UUID, userID: UUID, paymentID: String, provider: String, amount: Int64, currency: String, state: String = "pending",
                    reason: String? = nil, expiresAt: Date, cancelDeadline: Date? = nil, refundedAmount: Int64 = 0) {
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
            self.cancelDeadline = cancelDeadline
            self.refundedAmount = refundedAmount
        }
    }

    public static func insertOrder(_ o: Order, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO class_orders (id, class_id, user_id, payment_id, provider, amount, currency, state, reason, expires_at, refund_attempts,
                                      created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
            """, o.id, o.classID, o.userID, o.paymentID, o.provider, o.amount, o.currency, o.state, o.reason, o.expiresAt, now, now)
    }

    private static let orderColumns = "id, class_id, user_id, payment_id, provider, amount, currency, state, reason, expires_at, cancel_deadline, refunded_amount"

    /// An order, for its owner (`user` nil: the server itself, by a webhook's payment id).
    public static func order(_ id: UUID, user: UUID?, _ c: SQLConnection) throws -> Order? {
        if let user { return try c.queryOne("SELECT \(orderColumns) FROM class_orders WHERE id = ? AND user_id = ?", id, user).map(orderRow) }
        return try c.queryOne("SELECT \(orderColumns) FROM class_orders WHERE id = ?", id).map(orderRow)
    }

    public static func order(paymentID: String, _ c: SQLConnection) throws -> Order? {
        try c.queryOne("SELECT \(orderColumns) FROM class_orders WHERE payment_id = ?", paymentID).map(orderRow)
    }

    /// The person's pending order for the class that has not expired, if any: ordering again
    /// gives it back instead of a second one.
    public static func pendingOrder(class classID: UUID, user: UUID, now: Date, _ c: SQLConnection) throws -> Order? {
        try c.queryOne("""
            SELECT \(orderColumns) FROM class_orders WHERE class_id = ? AND user_id = ? AND state = 'pending' AND expires_at > ?
            ORDER BY expires_at DESC LIMIT 1
            """, classID, user, now).map(orderRow)
    }

    /// Of the classes starting in [from, to), those where the person holds a paid seat.
    public static func booked(user: UUID, from: Date, to: Date, _ c: SQLConnection) throws -> Set<UUID> {
        Set(try c.query("""
            SELECT o.class_id FROM class_orders o JOIN classes k ON k.id = o.class_id
            WHERE o.user_id = ? AND o.state = 'paid' AND k.starts_at >= ? AND k.starts_at < ?
            """, user, from, to).map { try $0.uuid("class_id") })
    }

    /// The person's latest order for a class.
    public static func latestOrder(class classID: UUID, user: UUID, _ c: SQLConnection) throws -> Order? {
        try c.queryOne("SELECT \(orderColumns) FROM class_orders WHERE class_id = ? AND user_id = ? ORDER BY created_at DESC, id LIMIT 1",
                       classID, user).map(orderRow)
    }

    /// Whether the person holds a paid seat in the class.
    public static func hasPaidSeat(class classID: UUID, user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT 1 AS one FROM class_orders WHERE class_id = ? AND user_id = ? AND state = 'paid'", classID, user) != nil
    }

    /// A class's orders that took money (paid, refunding, refunded), with the people's names, by time.
    public static func roster(_ classID: UUID, _ c: SQLConnection) throws -> [(order: Order, name: String)] {
        try c.query("""
            SELECT \(orderColumns.split(separator: ",").map { "o." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")), u.display_name
            FROM class_orders o JOIN users u ON u.id = o.user_id
            WHERE o.class_id = ? AND o.state IN ('paid', 'refunding', 'refunded') ORDER BY o.paid_at, o.id
            """, classID).map { r in (try orderRow(r), try r.string("display_name")) }
    }

    /// A class's paid orders: everyone to refund when it is cancelled.
    public static func paidOrders(_ classID: UUID, _ c: SQLConnection) throws -> [Order] {
        try c.query("SELECT \(orderColumns) FROM class_orders WHERE class_id = ? AND state = 'paid' ORDER BY id", classID).map(orderRow)
    }

    /// The person's orders that became (or were to become) a seat, newest class first, each
    /// with its class; pending ones only while they can still be paid.
    public static func orders(user: UUID, now: Date, limit: Int, _ c: SQLConnection) throws -> [(order: Order, klass: ClassRow)] {
        return try c.query("""
            SELECT o.id AS order_id, o.class_id, o.user_id, o.payment_id, o.provider, o.amount, o.currency AS order_currency, o.state AS order_state,
                   o.reason, o.expires_at, o.cancel_deadline, o.refunded_amount, \(columns)
            FROM class_orders o JOIN classes k ON k.id = o.class_id JOIN users u ON u.id = k.coach_id
            WHERE o.user_id = ? AND (o.state IN ('paid', 'refunding', 'refunded') OR (o.state = 'pending' AND o.expires_at > ?))
            ORDER BY k.starts_at DESC, o.id LIMIT ?
            """, user, now, limit).map { r in
            let order = Order(id: try r.uuid("order_id"), classID: try r.uuid("class_id"), userID: try r.uuid("user_id"), paymentID: try r.string("payment_id"),
                              provider: try r.string("provider"), amount: Int64(try r.int("amount")), currency: try r.string("order_currency"),
                              state: try r.string("order_state"), reason: try r.optionalString("reason"), expiresAt: try r.date("expires_at"),
                              cancelDeadline: try r.optionalDate("cancel_deadline"), refundedAmount: Int64(try r.int("refunded_amount")))
            return (order, try row(r))
        }
    }

    /// What notifications about orders say of them: each order's reason and its class (title,
    /// start and zone now), by order id.
    public static func orderNotes(_ ids: [UUID], _ c: SQLConnection) throws
        -> [UUID: (reason: String?, classID: UUID, title: String, startsAt: Date, timeZone: String)] {
        guard !ids.isEmpty else { return [:] }
        var notes = [UUID: (reason: String?, classID: UUID, title: String, startsAt: Date, timeZone: String)]()
        for r in try c.query("""
            SELECT o.id, o.reason, k.id AS class_id, k.title, k.starts_at, k.time_zone
            FROM class_orders o JOIN classes k ON k.id = o.class_id WHERE o.id IN (\(SQLFragment.marks(ids.count)))
            """, ids.map(\.sqlValue)) {
            notes[try r.uuid("id")] = (try r.optionalString("reason"), try r.uuid("class_id"), try r.string("title"), try r.date("starts_at"),
                                       try r.string("time_zone"))
        }
        return notes
    }

    /// Moves an order from one of `from` to `state` with `reason`; false when it was in none of
    /// them (another confirm, a webhook or a cancel got there first), so only one caller acts on
    /// it. `paid` notes when the money was taken; `refund` owes it back from now on (the caller
    /// queues the refund job in the same transaction). A seat paid for keeps `deadline`, the
    /// class's cancel deadline at that moment.
    public static func move(_ id: UUID, from: [String], to state: String, reason: String?, paid: Bool = false, refund: Bool = false,
                            deadline: Date? = nil, at now: Date, _ c: SQLConnection) throws -> Bool {
        let places = Array(repeating: "?", count: from.count).joined(separator: ", ")
        let values: [SQLValue] = [state.sqlValue, reason?.sqlValue ?? .null, paid ? now.sqlValue : .null, refund ? now.sqlValue : .null,
                                  deadline?.sqlValue ?? .null, now.sqlValue, id.sqlValue] + from.map(\.sqlValue)
        return try c.execute("""
            UPDATE class_orders SET state = ?, reason = ?, paid_at = COALESCE(?, paid_at), next_refund_at = COALESCE(?, next_refund_at),
                                    cancel_deadline = COALESCE(?, cancel_deadline), updated_at = ?
            WHERE id = ? AND state IN (\(places))
            """, values) == 1
    }

    /// The class's time changed, which nobody who paid agreed to: each paid seat may now be
    /// cancelled for a refund until the new start. Returns those orders (everyone to tell).
    public static func openCancellation(class classID: UUID, until start: Date, at now: Date, _ c: SQLConnection) throws -> [Order] {
        let paid = try paidOrders(classID, c)
        try c.execute("UPDATE class_orders SET cancel_deadline = ?, updated_at = ? WHERE class_id = ? AND state = 'paid'", start, now, classID)
        return paid
    }

    /// Notes what the provider reports given back for a paid order outside Yaruki; false when it
    /// was noted already (or more was).
    public static func noteProviderRefund(_ id: UUID, total: Int64, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            UPDATE class_orders SET refunded_amount = ?, reason = 'partiallyRefunded', updated_at = ? WHERE id = ? AND state = 'paid' AND refunded_amount < ?
            """, total, now, id, total) == 1
    }

    private static func orderRow(_ r: Row) throws -> Order {
        Order(id: try r.uuid("id"), classID: try r.uuid("class_id"), userID: try r.uuid("user_id"), paymentID: try r.string("payment_id"),
              provider: try r.string("provider"), amount: Int64(try r.int("amount")), currency: try r.string("currency"), state: try r.string("state"),
              reason: try r.optionalString("reason"), expiresAt: try r.date("expires_at"), cancelDeadline: try r.optionalDate("cancel_deadline"),
              refundedAmount: Int64(try r.int("refunded_amount")))
    }

    /// The order when its money is still owed back.
    public static func owedRefund(_ id: UUID, _ c: SQLConnection) throws -> Order? {
        try c.queryOne("SELECT \(orderColumns) FROM class_orders WHERE id = ? AND next_refund_at IS NOT NULL", id).map(orderRow)
    }

    /// Orders still owed a refund, due or not.
    public static func owedRefunds(_ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM class_orders WHERE next_refund_at IS NOT NULL")?.int("n") ?? 0
    }

    /// The provider gave the money back: no refund owed any more; a refunding order is refunded.
    public static func refundDone(_ id: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            UPDATE class_orders SET next_refund_at = NULL, refund_error = NULL, updated_at = ?,
                                    state = CASE WHEN state = 'refunding' THEN 'refunded' ELSE state END
            WHERE id = ? AND next_refund_at IS NOT NULL
            """, now, id) == 1
    }

    /// The provider refused or could not be reached: the attempt and its reason are noted (the
    /// refund job tries again).
    public static func refundRefused(_ id: UUID, error: String, _ c: SQLConnection) throws {
        try c.execute("""
            UPDATE class_orders SET refund_attempts = refund_attempts + 1, refund_error = ? WHERE id = ? AND next_refund_at IS NOT NULL
            """, String(error.prefix(2000)), id)
    }

    // MARK: a person's part

    /// Classes a person coaches that start after `now`, are open and hold someone else's paid seat.
    public static func coachedWithSeats(user: UUID, now: Date, _ c: SQLConnection) throws -> Int {
        try c.queryOne("""
            SELECT COUNT(*) AS n FROM classes WHERE coach_id = ? AND state = 'open' AND starts_at > ? AND enrolled > 0
            """, user, now)?.int("n") ?? 0
    }

    /// A paid seat in a class that starts soon: what a reminder needs.
    public struct Seat: Sendable, Equatable {
        public var order: UUID
        public var user: UUID
        public var startsAt: Date
        public var paidAt: Date?
    }

    /// The paid seats of classes still on that start after `from` and no later than `to`.
    public static func seats(startingAfter from: Date, through to: Date, _ c: SQLConnection) throws -> [Seat] {
        try c.query("""
            SELECT o.id, o.user_id, k.starts_at, o.paid_at FROM class_orders o JOIN classes k ON k.id = o.class_id
            WHERE k.starts_at > ? AND k.starts_at <= ? AND k.state = 'open' AND o.state = 'paid' ORDER BY k.starts_at, o.id
            """, from, to).map { r in
            Seat(order: try r.uuid("id"), user: try r.uuid("user_id"), startsAt: try r.date("starts_at"), paidAt: try r.optionalDate("paid_at"))
        }
    }

    /// Deletes the person's orders (giving back the seats of upcoming classes) and the classes
    /// and series they coach; returns (orders, classes).
    public static func deleteAll(user: UUID, now: Date, _ c: SQLConnection) throws -> (orders: Int, classes: Int) {
        try c.execute("""
            UPDATE classes SET enrolled = enrolled - 1
            WHERE starts_at > ? AND id IN (SELECT class_id FROM class_orders WHERE user_id = ? AND state = 'paid')
            """, now, user)
        try InboxStore.withdraw(aboutAnyOf: "SELECT id FROM class_orders WHERE user_id = ? OR class_id IN (SELECT id FROM classes WHERE coach_id = ?)",
                                user.sqlValue, user.sqlValue, in: c)
        let orders = try c.execute("DELETE FROM class_orders WHERE user_id = ?", user)
        let classes = try c.execute("DELETE FROM classes WHERE coach_id = ?", user)
        try c.execute("DELETE FROM class_series WHERE coach_id = ?", user)
        return (orders, classes)
    }

    /// Classes the person coaches, for their export.
    public static func coached(user: UUID, _ c: SQLConnection) throws -> [ClassRow] {
        try c.query("SELECT \(columns) FROM \(from) WHERE k.coach_id = ? ORDER BY k.starts_at, k.id", user).map(row)
    }

    public static func webhookSeen(_ id: String, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT 1 AS one FROM payment_webhooks WHERE id = ?", id) != nil
    }

    /// Remembers a webhook delivery; false when its id was seen before.
    public static func rememberWebhook(_ id: String, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("INSERT INTO payment_webhooks (id, received_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING", id, now) == 1
    }
}
