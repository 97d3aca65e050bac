import Foundation
import YarukiCore

/// A class as members see it: when and where, the seats left, the price (in the currency's
/// smallest unit: won, yen, cents) and until when a seat may be cancelled for a refund. An online
/// class says only that it is online: its link is what people pay for, so it travels in
/// `ClassDetail` alone, to the coach, admins and holders of a paid seat.
public struct ClassInfo: APIModel, Equatable {
    public var id: UUID
    public var coach: Person
    /// Its monthly series, when it belongs to one.
    public var seriesId: UUID?
    public var title: String
    public var description: String
    public var startsAt: Date
    public var durationMinutes: Int
    /// The zone its times are local to (the series' weekdays and time are read in it).
    public var timeZone: String
    public var place: String?
    /// Whether it is held online (the link itself is in `ClassDetail.onlineUrl`, for those who may join).
    public var online: Bool
    public var capacity: Int
    public var seatsLeft: Int
    public var price: Int64
    /// KRW, JPY or USD.
    public var currency: String
    /// A seat cancelled before this is refunded.
    public var cancelDeadline: Date
    /// open or cancelled
    public var state: String
    /// Whether I hold a paid seat.
    public var booked: Bool

    public init(id: UUID, coach: Person, seriesId: UUID?, title: String, description: String, startsAt: Date, durationMinutes: Int, timeZone: String,
                place: String?, online: Bool, capacity: Int, seatsLeft: Int, price: Int64, currency: String, cancelDeadline: Date, state: String,
                booked: Bool) {
        self.id = id
        self.coach = coach
        self.seriesId = seriesId
        self.title = title
        self.description = description
        self.startsAt = startsAt
        self.durationMinutes = durationMinutes
        self.timeZone = timeZone
        self.place = place
        self.online = online
        self.capacity = capacity
        self.seatsLeft = seatsLeft
        self.price = price
        self.currency = currency
        self.cancelDeadline = cancelDeadline
        self.state = state
        self.booked = booked
    }

    public static let example = ClassInfo(id: Example.otherID, coach: Person.example, seriesId: nil, title: "Kettlebell basics",
                                          description: "Swings, goblet squats and presses, for every level.", startsAt: Example.instant,
                                          durationMinutes: 60, timeZone: "Asia/Seoul", place: "Studio 2", online: false, capacity: 12, seatsLeft: 3,
                                          price: 20_000, currency: "KRW", cancelDeadline: Example.instant.addingTimeInterval(-86_400), state: "open",
                                          booked: false)
}

/// `GET /v1/classes?month=`: a month's classes in my time zone, by start, and the coaches who
/// teach that month (for the filter).
public struct ClassMonth: APIModel, Equatable {
    public var month: String
    public var timeZone: String
    public var items: [ClassInfo]
    public var coaches: [Person]

    public init(month: String, timeZone: String, items: [ClassInfo], coaches: [Person]) {
        self.month = month
        self.timeZone = timeZone
        self.items = items
        self.coaches = coaches
    }

    public static let example = ClassMonth(month: "2026-12", timeZone: "Asia/Seoul", items: [ClassInfo.example], coaches: [Person.example])
}

/// A monthly series: every one of `weekdays` (1 Monday … 7 Sunday) at `time` (HH:MM, local to
/// the class's zone) in `month` (YYYY-MM).
public struct SeriesDraft: APIModel, RuledModel, Equatable {
    public static let rules: [String: FieldRule] = [
        "month": .matching(PersonalCalendar.monthPattern), "time": .matching(ClassDraft.timePattern), "weekdays": .list(1...7, .integer(1...7)),
    ]

    public var month: String
    public var weekdays: [Int]
    public var time: String

    public init(month: String, weekdays: [Int], time: String) {
        self.month = month
        self.weekdays = weekdays
        self.time = time
    }

    public static let example = SeriesDraft(month: "2026-12", weekdays: [2, 4], time: "19:00")
}

/// `POST /v1/classes`: one class (`startsAt`) or a month of them (`series`), not both.
public struct ClassDraft: APIModel, RuledModel, Equatable {
    public static let titleMax = 120
    public static let descriptionMax = 4000
    public static let placeMax = 200
    public static let capacityRange = 1...500
    public static let durationRange = 10...480
    public static let cancelHoursRange = 0...336
    public static let timePattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$"
    /// An online link: http(s), a host name (ASCII; an international one in its xn-- form), an
    /// optional port, then anything without spaces or control characters.
    public static let linkPattern = "^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?([/?#][^\(TextRule.spaceClass)\(TextRule.controlClass)]*)?$"
    public static let rules: [String: FieldRule] = [
        "title": .line(max: titleMax), "description": .paragraph(max: descriptionMax), "place": .line(max: placeMax, required: false),
        "onlineUrl": FieldRule(maxLength: 2000, pattern: linkPattern), "capacity": .integer(capacityRange),
        "durationMinutes": .integer(durationRange), "price": .integer(Int(ClassPriceRule.range.lowerBound)...Int(ClassPriceRule.range.upperBound)),
        "currency": .words(ClassCurrency.allCases.map(\.rawValue)), "cancelHours": .integer(cancelHoursRange), "timeZone": .timeZone,
    ]

    public var title: String
    public var description: String?
    /// Someone else to teach it (admins only; a coach's classes are their own).
    public var coachId: UUID?
    public var startsAt: Date?
    public var series: SeriesDraft?
    public var durationMinutes: Int
    /// Default: the coach's own zone.
    public var timeZone: String?
    public var place: String?
    public var onlineUrl: String?
    public var capacity: Int
    public var price: Int64
    public var currency: String
    /// Hours before the start until which a seat may be cancelled and refunded (default 24).
    public var cancelHours: Int?

    public init(title: String, description: String? = nil, coachId: UUID? = nil, startsAt: Date? = nil, series: SeriesDraft? = nil, durationMinutes: Int,
                timeZone: String? = nil, place: String? = nil, onlineUrl: String? = nil, capacity: Int, price: Int64, currency: String,
                cancelHours: Int? = nil) {
        self.title = title
        self.description = description
        self.coachId = coachId
        self.startsAt = startsAt
        self.series = series
        self.durationMinutes = durationMinutes
        self.timeZone = timeZone
        self.place = place
        self.onlineUrl = onlineUrl
        self.capacity = capacity
        self.price = price
        self.currency = currency
        self.cancelHours = cancelHours
    }

    public static let example = ClassDraft(title: "Kettlebell basics", description: "Swings, goblet squats and presses.",
                                           series: SeriesDraft(month: "2026-12", weekdays: [2, 4], time: "19:00"), durationMinutes: 60,
                                           timeZone: "Asia/Seoul", place: "Studio 2", capacity: 12, price: 20_000, currency: "KRW", cancelHours: 24)
}

/// `PATCH /v1/classes/{id}`: the fields to change; an empty place or link removes it. The
/// currency stays; a price change applies to orders made after it.
public struct ClassEdit: APIModel, RuledModel, Equatable {
    public static let rules: [String: FieldRule] = [
        "title": .line(max: ClassDraft.titleMax), "description": .paragraph(max: ClassDraft.descriptionMax),
        "place": .line(max: ClassDraft.placeMax, required: false), "onlineUrl": FieldRule(maxLength: 2000, pattern: "^$|" + ClassDraft.linkPattern),
        "capacity": .integer(ClassDraft.capacityRange), "durationMinutes": .integer(ClassDraft.durationRange),
        "price": .integer(Int(ClassPriceRule.range.lowerBound)...Int(ClassPriceRule.range.upperBound)), "cancelHours": .integer(ClassDraft.cancelHoursRange),
    ]

    public var title: String?
    public var description: String?
    public var startsAt: Date?
    public var durationMinutes: Int?
    public var place: String?
    public var onlineUrl: String?
    public var capacity: Int?
    public var price: Int64?
    public var cancelHours: Int?

    public init(title: String? = nil, description: String? = nil, startsAt: Date? = nil, durationMinutes: Int? = nil, place: String? = nil,
                onlineUrl: String? = nil, capacity: Int? = nil, price: Int64? = nil, cancelHours: Int? = nil) {
        self.title = title
        self.description = description
        self.startsAt = startsAt
        self.durationMinutes = durationMinutes
        self.place = place
        self.onlineUrl = onlineUrl
        self.capacity = capacity
        self.price = price
        self.cancelHours = cancelHours
    }

    public static let example = ClassEdit(place: "Studio 3", capacity: 14)
}

/// One way to pay at the provider: a card, or an easy-pay app Korean buyers use (KakaoPay,
/// NaverPay, Toss Pay), each through the PortOne channel the operator set up for it.
public struct CheckoutMethod: Codable, Sendable, Equatable {
    /// card, kakaopay, naverpay or tosspay
    public var method: String
    /// The PortOne channel it pays through (nil for the sandbox).
    public var channelKey: String?
    /// PortOne's payMethod: CARD or EASY_PAY.
    public var payMethod: String
    /// PortOne's easyPayProvider for an easy-pay method: KAKAOPAY, NAVERPAY or TOSSPAY.
    public var easyPayProvider: String?

    public init(method: String, channelKey: String?, payMethod: String, easyPayProvider: String?) {
        self.method = method
        self.channelKey = channelKey
        self.payMethod = payMethod
        self.easyPayProvider = easyPayProvider
    }
}

/// What the browser needs to pay: the provider, and for PortOne the store and the channels its
/// own script asks for, one per way to pay.
public struct Checkout: Codable, Sendable, Equatable {
    /// sandbox or portone
    public var provider: String
    public var storeId: String?
    /// The card channel (the first of `methods`).
    public var channelKey: String?
    public var orderName: String
    public var methods: [CheckoutMethod]

    public init(provider: String, storeId: String?, channelKey: String?, orderName: String, methods: [CheckoutMethod]) {
        self.provider = provider
        self.storeId = storeId
        self.channelKey = channelKey
        self.orderName = orderName
        self.methods = methods
    }
}

/// An order for a seat. Its amount is the class's price when it was made; the client pays
/// `amount` `currency` under `paymentId` and then confirms.
public struct OrderInfo: APIModel, Equatable {
    public var id: UUID
    public var classId: UUID
    public var paymentId: String
    public var amount: Int64
    public var currency: String
    /// pending, paid, failed, suspicious, refunding, refunded, expired or cancelled
    public var state: String
    /// Why it is not (or no longer) a seat, or what happened to it: declined, providerCancelled, amountMismatch, full, expired, classCancelled,
    /// alreadyBooked, memberCancelled, partiallyCancelled, partiallyRefunded.
    public var reason: String?
    public var expiresAt: Date
    /// A paid seat: until when it may be cancelled for a refund (the deadline it was bought under, or later when the class moved).
    public var cancelDeadline: Date?
    /// What the provider gave back outside Yaruki (a partial cancel at its console), when anything.
    public var refundedAmount: Int64?
    public var checkout: Checkout

    public init(id: UUID, classId: UUID, paymentId: String, amount: Int64, currency: String, state: String, reason: String?, expiresAt: Date,
                cancelDeadline: Date? = nil, refundedAmount: Int64? = nil, checkout: Checkout) {
        self.id = id
        self.classId = classId
        self.paymentId = paymentId
        self.amount = amount
        self.currency = currency
        self.state = state
        self.reason = reason
        self.expiresAt = expiresAt
        self.cancelDeadline = cancelDeadline
        self.refundedAmount = refundedAmount
        self.checkout = checkout
    }

    public static let example = OrderInfo(id: Example.personID, classId: Example.otherID, paymentId: "yaruki-6f1d2c3a5b4e4d7f9a8b1c2d3e4f5a6b",
                                          amount: 20_000, currency: "KRW", state: "paid", reason: nil, expiresAt: Example.instant,
                                          cancelDeadline: Example.instant.addingTimeInterval(-86_400), refundedAmount: 5_000,
                                          checkout: Checkout(provider: "portone", storeId: "store-00000000-0000-0000-0000-000000000000",
                                                             channelKey: "channel-key-card", orderName: "Kettlebell basics",
                                                             methods: [CheckoutMethod(method: "card", channelKey: "channel-key-card", payMethod: "CARD", easyPayProvider: nil),
                                                                       CheckoutMethod(method: "kakaopay", channelKey: "channel-key-kakaopay", payMethod: "EASY_PAY",
                                                                                      easyPayProvider: "KAKAOPAY")]))
}

/// One person on a class's roster (its coach and admins see it).
public struct RosterEntry: Codable, Sendable, Equatable {
    public var person: Person
    public var orderId: UUID
    /// paid, refunding or refunded
    public var state: String
    public var reason: String?
    public var amount: Int64

    public init(person: Person, orderId: UUID, state: String, reason: String?, amount: Int64) {
        self.person = person
        self.orderId = orderId
        self.state = state
        self.reason = reason
        self.amount = amount
    }
}

/// What a class took: paid in, given back, and kept.
public struct ClassRevenue: Codable, Sendable, Equatable {
    public var currency: String
    public var paid: Int64
    public var refunded: Int64
    public var net: Int64

    public init(currency: String, paid: Int64, refunded: Int64, net: Int64) {
        self.currency = currency
        self.paid = paid
        self.refunded = refunded
        self.net = net
    }

    /// What was paid and given back, and so what was kept.
    public init(currency: String, paid: Int64, refunded: Int64) {
        self.init(currency: currency, paid: paid, refunded: refunded, net: paid - refunded)
    }
}

/// `GET /v1/classes/{id}`: the class, my latest order for it, and for its coach and admins the
/// roster and revenue.
public struct ClassDetail: APIModel, Equatable {
    public var item: ClassInfo
    public var myOrder: OrderInfo?
    public var canEdit: Bool
    /// An online class's link, for its coach, admins and holders of a paid seat only.
    public var onlineUrl: String?
    public var roster: [RosterEntry]?
    public var revenue: ClassRevenue?

    public init(item: ClassInfo, myOrder: OrderInfo?, canEdit: Bool, onlineUrl: String?, roster: [RosterEntry]?, revenue: ClassRevenue?) {
        self.item = item
        self.myOrder = myOrder
        self.canEdit = canEdit
        self.onlineUrl = onlineUrl
        self.roster = roster
        self.revenue = revenue
    }

    public static let example = ClassDetail(item: ClassInfo.example, myOrder: OrderInfo.example, canEdit: true, onlineUrl: "https://meet.example.com/kettlebell",
                                            roster: [RosterEntry(person: Person.example, orderId: Example.personID, state: "paid", reason: nil, amount: 20_000)],
                                            revenue: ClassRevenue(currency: "KRW", paid: 20_000, refunded: 0, net: 20_000))
}

/// A class I teach, with what it took: its seats are `item.capacity - item.seatsLeft`, its roster
/// on its own page (`ClassDetail`).
public struct TaughtClass: APIModel, Equatable {
    public var item: ClassInfo
    public var revenue: ClassRevenue

    public init(item: ClassInfo, revenue: ClassRevenue) {
        self.item = item
        self.revenue = revenue
    }

    public static let example = TaughtClass(item: ClassInfo.example, revenue: ClassRevenue(currency: "KRW", paid: 60_000, refunded: 20_000, net: 40_000))
}

/// One of my classes with my order for it.
public struct BookedClass: APIModel, Equatable {
    public var item: ClassInfo
    public var order: OrderInfo

    public init(item: ClassInfo, order: OrderInfo) {
        self.item = item
        self.order = order
    }

    public static let example = BookedClass(item: ClassInfo.example, order: OrderInfo.example)
}

/// `POST /v1/classes/{id}/renew`: the series' next month, made from its latest class.
public struct RenewedSeries: APIModel, Equatable {
    public var month: String
    public var items: [ClassInfo]

    public init(month: String, items: [ClassInfo]) {
        self.month = month
        self.items = items
    }

    public static let example = RenewedSeries(month: "2027-01", items: [ClassInfo.example])
}

/// `POST /v1/payments/sandbox/{paymentId}`: what the sandbox's checkout page sends, as a real
/// provider's browser script would: the amount and currency the page asked for (the server
/// checks them against the order) and the card's outcome.
public struct SandboxCharge: APIModel, RuledModel, Equatable {
    public static let rules: [String: FieldRule] = [
        "amount": .integer(1...Int(SaleEvent.maxAmount)), "currency": .matching("^[A-Z]{3}$"), "card": .words(["approve", "decline"]),
    ]

    public var amount: Int64
    public var currency: String
    /// approve or decline
    public var card: String

    public init(amount: Int64, currency: String, card: String) {
        self.amount = amount
        self.currency = currency
        self.card = card
    }

    public static let example = SandboxCharge(amount: 20_000, currency: "KRW", card: "approve")
}

/// The sandbox's answer: the payment as it now stands there (PAID or FAILED).
public struct SandboxPayment: APIModel, Equatable {
    public var paymentId: String
    public var status: String

    public init(paymentId: String, status: String) {
        self.paymentId = paymentId
        self.status = status
    }

    public static let example = SandboxPayment(paymentId: "yaruki-6f1d2c3a5b4e4d7f9a8b1c2d3e4f5a6b", status: "PAID")
}

/// A payment webhook as PortOne sends it (the 2024-04-25 version): `Transaction.Paid`,
/// `Transaction.Failed`, `Transaction.Cancelled` and others, each naming the payment.
public struct PaymentWebhook: APIModel, Equatable {
    public struct Payload: Codable, Sendable, Equatable {
        public var paymentId: String?
        public var storeId: String?
        public var transactionId: String?

        public init(paymentId: String?, storeId: String? = nil, transactionId: String? = nil) {
            self.paymentId = paymentId
            self.storeId = storeId
            self.transactionId = transactionId
        }
    }

    public var type: String
    public var timestamp: String?
    public var data: Payload?

    public init(type: String, timestamp: String?, data: Payload?) {
        self.type = type
        self.timestamp = timestamp
        self.data = data
    }

    public static let example = PaymentWebhook(type: "Transaction.Paid", timestamp: "2026-11-30T10:00:00Z",
                                               data: Payload(paymentId: "yaruki-6f1d2c3a5b4e4d7f9a8b1c2d3e4f5a6b", storeId: "store-00000000-0000-0000-0000-000000000000",
                                                             transactionId: "0193a1b2-0000-7000-8000-000000000000"))
}

/// The webhook endpoint's answer.
public struct WebhookReceipt: APIModel, Equatable {
    /// Whether this delivery's id was seen before (then nothing was done again).
    public var duplicate: Bool

    public init(duplicate: Bool) { self.duplicate = duplicate }

    public static let example = WebhookReceipt(duplicate: false)
}
