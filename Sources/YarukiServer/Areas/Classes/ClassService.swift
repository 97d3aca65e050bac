import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Paid classes: coaches publish them (one at a time or a month's series, renewed with one
/// action), members see them by month with the seats left, and their seats are sold through
/// `ClassOrders`, which keeps money and enrollments together.
struct ClassService: Sendable {
    let context: AppContext
    let orders: ClassOrders
    var database: Database { context.database }

    /// The most classes one month's list or one series may hold.
    static let maxPerMonth = 500

    /// Whether a person may publish classes: coaches and admins.
    static func teaches(_ principal: Principal) -> Bool { principal.role >= .coach }

    // MARK: reading

    func info(_ k: ClassStore.ClassRow, booked: Bool) -> ClassInfo {
        ClassInfo(id: k.id, coach: Person(id: k.coachID, displayName: k.coachName), seriesId: k.seriesID, title: k.title, description: k.description,
                  startsAt: k.startsAt, durationMinutes: k.durationMinutes, timeZone: k.timeZone, place: k.place, online: k.onlineURL != nil,
                  capacity: k.capacity, seatsLeft: k.state == "open" ? k.seatsLeft : 0, price: k.price, currency: k.currency,
                  cancelDeadline: ClassService.deadline(k.startsAt, hours: k.cancelHours), state: k.state, booked: booked)
    }

    /// The month's classes in the person's zone, a coach's alone when given.
    func month(_ month: String, coach: UUID?, _ principal: Principal) async throws -> ClassMonth {
        let account = try await principal.account()
        let zone = TimeZone(identifier: account.timeZone) ?? .gmt
        guard let (start, end) = ClassService.bounds(of: month, zone: zone) else {
            throw Refusal.malformed("'\(month)' is not a month like 2026-12.", fields: [.init(field: "month", message: "must be YYYY-MM")])
        }
        let user = principal.userID
        let (rows, coaches, booked) = try await database.read { c in
            (try ClassStore.classes(from: start, to: end, coach: coach, limit: ClassService.maxPerMonth, c), try ClassStore.coaches(from: start, to: end, c),
             try ClassStore.booked(user: user, from: start, to: end, c))
        }
        return ClassMonth(month: month, timeZone: zone.ianaName, items: rows.map { info($0, booked: booked.contains($0.id)) },
                          coaches: coaches.map { Person(id: $0.id, displayName: $0.name) })
    }

    /// The first instant of `month` in `zone` and of the month after it.
    static func bounds(of month: String, zone: TimeZone) -> (Date, Date)? {
        guard isMonth(month) else { return nil }
        let calendar = PersonalCalendar(timeZone: zone, weekStart: .monday)
        guard let start = calendar.start(ofDay: month + "-01"), let end = calendar.start(ofDay: ClassSeriesRule.month(after: month) + "-01") else { return nil }
        return (start, end)
    }

    /// A class with my latest order for it, and for its coach and admins the roster and revenue.
    func detail(_ id: UUID, _ principal: Principal) async throws -> ClassDetail {
        let user = principal.userID
        let (row, mine, roster, booked) = try await database.read { c in
            (try ClassStore.classRow(id, c), try ClassStore.latestOrder(class: id, user: user, c), try ClassStore.roster(id, c),
             try ClassStore.hasPaidSeat(class: id, user: user, c))
        }
        guard let row else { throw Refusal.notFound("No such class.") }
        let canEdit = ClassService.may(edit: row, principal)
        // The link is the product: the coach and admins see it, and whoever holds a paid seat.
        let link = canEdit || booked ? row.onlineURL : nil
        let revenue = ClassRevenue(currency: row.currency, paid: roster.reduce(0) { $0 + $1.order.amount },
                                   refunded: roster.filter { $0.order.state == "refunded" }.reduce(0) { $0 + $1.order.amount })
        return ClassDetail(item: info(row, booked: booked), myOrder: mine.map { orders.info($0, title: row.title) }, canEdit: canEdit,
                           onlineUrl: link, roster: canEdit ? roster.map { RosterEntry(person: Person(id: $0.order.userID, displayName: $0.name), orderId: $0.order.id,
                                                                      state: $0.order.state, reason: $0.order.reason, amount: $0.order.amount) } : nil,
                           revenue: canEdit ? revenue : nil)
    }

    /// The class as one event to add to a calendar: for whoever holds a paid seat and for its coach
    /// and admins (an online class's link is in it, and the link is what was paid for); anyone
    /// else is told there is no such class.
    func calendarEvent(_ id: UUID, _ principal: Principal) async throws -> String {
        let user = principal.userID
        let (row, booked) = try await database.read { c in (try ClassStore.classRow(id, c), try ClassStore.hasPaidSeat(class: id, user: user, c)) }
        guard let row, booked || ClassService.may(edit: row, principal) else { throw Refusal.notFound("No such class of yours.") }
        let page = "\(context.publicURL)/#/class/\(id.lowercasedString)"
        return ICalendar.event(uid: "class-\(id.lowercasedString)", title: row.title, startsAt: row.startsAt, minutes: row.durationMinutes,
                               location: row.place ?? row.onlineURL, description: [row.description, row.onlineURL].compactMap { $0 }
                                   .filter { !$0.isEmpty }.joined(separator: "\n\n"),
                               url: page, generatedAt: principal.now)
    }

    /// My classes: seats held, refunded, and orders still being paid; latest class first.
    func mine(_ principal: Principal) async throws -> [BookedClass] {
        let (user, now) = (principal.userID, context.now)
        let rows = try await database.read { c in try ClassStore.orders(user: user, now: now, limit: 200, c) }
        return rows.map { BookedClass(item: info($0.klass, booked: $0.order.state == "paid"), order: orders.info($0.order, title: $0.klass.title)) }
    }

    /// The classes I teach from 30 days ago on, by start, with what each took (coaches and admins).
    func teaching(_ principal: Principal) async throws -> [TaughtClass] {
        guard ClassService.teaches(principal) else { throw Refusal(.forbidden, "Only coaches and admins teach classes.") }
        let (user, from) = (principal.userID, context.now.addingTimeInterval(-30 * 86_400))
        let rows = try await database.read { c in try ClassStore.taught(coach: user, from: from, limit: 500, c) }
        return rows.map { row in
            TaughtClass(item: info(row.klass, booked: false), revenue: ClassRevenue(currency: row.klass.currency, paid: row.paid, refunded: row.refunded))
        }
    }

    static func may(edit k: ClassStore.ClassRow, _ principal: Principal) -> Bool {
        principal.role == .admin || (principal.role >= .coach && k.coachID == principal.userID)
    }

    // MARK: writing

    /// One class, or each meeting of a month's series; returns them by start.
    func create(_ draft: ClassDraft, by principal: Principal) async throws -> [ClassInfo] {
        guard ClassService.teaches(principal) else { throw Refusal(.forbidden, "Only coaches and admins publish classes.") }
        let account = try await principal.account()
        var check = FieldCheck()
        ClassService.check(draft, into: &check)
        let coachID = draft.coachId ?? principal.userID
        if coachID != principal.userID && principal.role != .admin { check.conflict("coachId", "only an admin may publish a class for someone else") }
        let zoneName = draft.timeZone ?? account.timeZone
        let zone = TimeZone(identifier: zoneName) ?? .gmt
        let now = context.now
        var starts: [Date] = []
        var series: ClassStore.Series?
        switch (draft.startsAt, draft.series) {
        case (nil, nil): check.conflict("startsAt", "or series is required: startsAt for one class, series for a month of them")
        case (.some, .some): check.conflict("series", "give startsAt for one class or series for a month of them, not both")
        case let (start?, nil):
            if start <= now { check.conflict("startsAt", "must be in the future") }
            else if ClassService.deadline(start, hours: draft.cancelHours ?? 24) <= now {
                check.conflict("cancelHours", "puts the cancel deadline in the past: nobody could cancel a seat for a refund")
            }
            starts = [start]
        case let (nil, plan?):
            let rule = check.attempt { () throws(FieldRuleError) in
                guard let minute = ClassSeriesRule.minute(plan.time) else { throw FieldRuleError(field: "series.time", message: "must be HH:MM") }
                return try ClassSeriesRule(weekdays: plan.weekdays, minuteOfDay: minute, durationMinutes: draft.durationMinutes)
            }
            if ClassService.bounds(of: plan.month, zone: zone) == nil { check.fail("series.month", "must be YYYY-MM") }
            if let rule, ClassService.bounds(of: plan.month, zone: zone) != nil {
                // Meetings whose cancel deadline has passed already are not sold.
                starts = rule.sessions(month: plan.month, zone: zone).filter { ClassService.deadline($0, hours: draft.cancelHours ?? 24) > now }
                if starts.isEmpty { check.conflict("series", "has no meeting left in \(plan.month) on those weekdays that could still be cancelled for a refund") }
                series = ClassStore.Series(id: UUID.timeOrdered(), coachID: coachID, rule: rule, timeZone: zone.ianaName, lastMonth: plan.month)
            }
        }
        try check.done()
        let rows = starts.map { start in
            ClassStore.ClassRow(id: UUID.timeOrdered(), coachID: coachID, seriesID: series?.id, title: TextRule.trim(draft.title),
                                description: draft.description.map(TextRule.trim) ?? "", startsAt: start, durationMinutes: draft.durationMinutes,
                                timeZone: zone.ianaName, place: ClassService.blankless(draft.place), onlineURL: ClassService.blankless(draft.onlineUrl),
                                capacity: draft.capacity, price: draft.price, currency: draft.currency, cancelHours: draft.cancelHours ?? 24)
        }
        try await database.transaction { c in
            guard try AccountStore.account(id: coachID, c).map({ $0.role >= .coach }) == true else {
                throw Refusal.validation([.init(field: "coachId", message: "is not a coach")], detail: "Classes are taught by coaches.")
            }
            if let series { try ClassStore.insertSeries(series, at: now, c) }
            for row in rows { try ClassStore.insert(row, at: now, c) }
        }
        return try await reread(rows.map(\.id))
    }

    /// The series' next month, copied from its latest class (title, place, capacity, price…).
    func renew(_ classID: UUID, by principal: Principal) async throws -> RenewedSeries {
        let now = context.now
        let made = try await database.transaction { c -> (String, [UUID]) in
            guard let k = try ClassStore.classRow(classID, c) else { throw Refusal.notFound("No such class.") }
            guard ClassService.may(edit: k, principal) else { throw Refusal(.forbidden, "Only the class's coach or an admin renews it.") }
            guard let seriesID = k.seriesID, let series = try ClassStore.series(seriesID, c), let latest = try ClassStore.latestInSeries(seriesID, c) else {
                throw Refusal.conflict("This class is not part of a monthly series.")
            }
            let next = ClassSeriesRule.month(after: series.lastMonth)
            let zone = TimeZone(identifier: series.timeZone) ?? .gmt
            let starts = series.rule.sessions(month: next, zone: zone).filter { ClassService.deadline($0, hours: latest.cancelHours) > now }
            guard try ClassStore.renewSeries(seriesID, from: series.lastMonth, to: next, at: now, c) else {
                throw Refusal.conflict("The series was renewed meanwhile.")
            }
            var ids: [UUID] = []
            for start in starts {
                var row = latest
                row.id = UUID.timeOrdered()
                row.startsAt = start
                row.enrolled = 0
                row.state = "open"
                try ClassStore.insert(row, at: now, c)
                ids.append(row.id)
            }
            return (next, ids)
        }
        return RenewedSeries(month: made.0, items: try await reread(made.1))
    }

    func edit(_ id: UUID, _ edit: ClassEdit, by principal: Principal) async throws -> ClassInfo {
        let said = Said()
        var check = FieldCheck()
        if let title = edit.title { check.note(TextRule.check(title, field: "title", max: ClassDraft.titleMax, required: true)) }
        if let text = edit.description { check.note(TextRule.check(text, field: "description", max: ClassDraft.descriptionMax, required: false, paragraph: true)) }
        if let place = edit.place { check.note(TextRule.check(place, field: "place", max: ClassDraft.placeMax, required: false)) }
        if let link = edit.onlineUrl, !link.isEmpty, !ClassService.isLink(link) { check.fail("onlineUrl", "must be an http(s) link") }
        if let n = edit.capacity, !ClassDraft.capacityRange.contains(n) { check.fail("capacity", "must be 1 to 500") }
        if let n = edit.durationMinutes, !ClassDraft.durationRange.contains(n) { check.fail("durationMinutes", "must be 10 to 480") }
        if let n = edit.cancelHours, !ClassDraft.cancelHoursRange.contains(n) { check.fail("cancelHours", "must be 0 to 336") }
        if let p = edit.price, !ClassPriceRule.range.contains(p) { check.fail("price", "must be \(ClassPriceRule.range.lowerBound) to \(ClassPriceRule.range.upperBound)") }
        let now = context.now
        if let start = edit.startsAt, start <= now { check.conflict("startsAt", "must be in the future") }
        try check.done()
        try await database.transaction { c in
            guard var k = try ClassStore.classRow(id, c) else { throw Refusal.notFound("No such class.") }
            guard ClassService.may(edit: k, principal) else { throw Refusal(.forbidden, "Only the class's coach or an admin changes it.") }
            guard k.state == "open" else { throw Refusal.conflict("A cancelled class cannot be changed.") }
            let before = k.startsAt
            if let price = edit.price, let problem = ClassPriceRule.check(price: price, currency: k.currency) {
                throw Refusal.validation([.init(field: problem.field, message: problem.message)])
            }
            if let v = edit.title { k.title = TextRule.trim(v) }
            if let v = edit.description { k.description = TextRule.trim(v) }
            if let v = edit.startsAt { k.startsAt = v }
            if let v = edit.durationMinutes { k.durationMinutes = v }
            if let v = edit.place { k.place = ClassService.blankless(v) }
            if let v = edit.onlineUrl { k.onlineURL = ClassService.blankless(v) }
            if let v = edit.capacity { k.capacity = v }
            if let v = edit.price { k.price = v }
            if let v = edit.cancelHours { k.cancelHours = v }
            if edit.startsAt != nil || edit.cancelHours != nil, ClassService.deadline(k.startsAt, hours: k.cancelHours) <= now {
                throw Refusal.validation([.init(field: edit.cancelHours != nil ? "cancelHours" : "startsAt",
                                         message: "puts the cancel deadline in the past: nobody could cancel a seat for a refund")])
            }
            guard try ClassStore.update(k, at: now, c) else {
                throw Refusal.validation([.init(field: "capacity", message: "is below the \(k.enrolled) seats already taken")])
            }
            // A new time: everyone who paid may cancel for a refund until it starts, and is told.
            guard k.startsAt != before else { return }
            for order in try ClassStore.openCancellation(class: id, until: k.startsAt, at: now, c) {
                said.add(try orders.inbox.add(ClassNotices.classMoved, to: order.userID, subject: order.id, at: now, c))
            }
        }
        orders.inbox.deliver(said.take())
        guard let shown = try await reread([id]).first else { throw Refusal.notFound("No such class.") }
        return shown
    }

    /// A class's cancel deadline: `hours` before it starts.
    static func deadline(_ start: Date, hours: Int) -> Date { start.addingTimeInterval(-Double(hours) * 3600) }

    private func reread(_ ids: [UUID]) async throws -> [ClassInfo] {
        try await database.read { c in try ids.compactMap { try ClassStore.classRow($0, c) } }.map { info($0, booked: false) }
    }

    static func check(_ d: ClassDraft, into check: inout FieldCheck) {
        check.note(TextRule.check(d.title, field: "title", max: ClassDraft.titleMax, required: true))
        if let text = d.description { check.note(TextRule.check(text, field: "description", max: ClassDraft.descriptionMax, required: false, paragraph: true)) }
        if let place = d.place { check.note(TextRule.check(place, field: "place", max: ClassDraft.placeMax, required: false)) }
        if let link = d.onlineUrl, !isLink(link) { check.fail("onlineUrl", "must be an http(s) link") }
        if !ClassDraft.capacityRange.contains(d.capacity) { check.fail("capacity", "must be 1 to 500") }
        if !ClassDraft.durationRange.contains(d.durationMinutes) { check.fail("durationMinutes", "must be 10 to 480") }
        if let hours = d.cancelHours, !ClassDraft.cancelHoursRange.contains(hours) { check.fail("cancelHours", "must be 0 to 336") }
        if let zone = d.timeZone, !TimeZoneName.known.contains(zone) { check.fail("timeZone", "must be a time zone name like Asia/Seoul") }
        if ClassCurrency(rawValue: d.currency) == nil { check.fail("currency", "must be KRW, JPY or USD") }
        if !ClassPriceRule.range.contains(d.price) { check.fail("price", "must be \(ClassPriceRule.range.lowerBound) to \(ClassPriceRule.range.upperBound)") }
        else if let problem = ClassPriceRule.check(price: d.price, currency: d.currency), ClassCurrency(rawValue: d.currency) != nil { check.note(problem) }
        if let plan = d.series {
            if !isMonth(plan.month) { check.fail("series.month", "must be YYYY-MM") }
            if ClassSeriesRule.minute(plan.time) == nil { check.fail("series.time", "must be HH:MM") }
            if plan.weekdays.isEmpty || plan.weekdays.count > 7 || !plan.weekdays.allSatisfy({ (1...7).contains($0) }) {
                check.fail("series.weekdays", "must be 1 (Monday) to 7 (Sunday), one to seven of them")
            }
        }
    }

    /// YYYY-MM with a year 1900 to 2999 (as days are) and a month 01 to 12.
    static func isMonth(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == 45, bytes.enumerated().allSatisfy({ $0.offset == 4 || (48...57).contains($0.element) }),
              let year = Int(text.prefix(4)), let month = Int(text.suffix(2)) else { return false }
        return (1900...2999).contains(year) && (1...12).contains(month)
    }

    /// An online class's link: http(s), a host, then anything but spaces and control characters:
    /// the same rule the document states (`ClassDraft.linkPattern`).
    static func isLink(_ text: String) -> Bool {
        text.unicodeScalars.count <= 2000 && text.range(of: ClassDraft.linkPattern, options: .regularExpression) != nil
    }

    static func blankless(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = TextRule.trim(text)
        return trimmed.isEmpty ? nil : trimmed
    }
}
