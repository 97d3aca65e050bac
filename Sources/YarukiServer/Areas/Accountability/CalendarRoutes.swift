import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// A month of training at a glance: per local day, how many proofs and workouts; and one day's
/// detail. Days are the person's own (time zone), as everywhere in this area.
struct CalendarRoutes {
    let proofs: ProofRoutes
    var auth: AuthService { proofs.auth }

    struct Day: Encodable {
        var date: String
        var proofs: Int
        var workouts: Int
    }

    func add(to router: inout Router) {
        let routes = self
        router.get("/v1/calendar", RouteDoc("A month (?month=YYYY-MM, this one by default): proofs and workouts per day", tag: "accountability",
                                            responses: [200: "The month", 400: "Not a month"],
                                            responseBody: OpenAPI.object(["month": .string, "days": .array(.object)]), authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let account = try await routes.auth.account(principal)
            let calendar = PersonalCalendar(timeZone: TimeZone(identifier: account.timeZone) ?? .gmt, weekStart: account.weekStart)
            let month = request.queryItem("month") ?? String(calendar.day(of: routes.auth.clock()).prefix(7))
            guard month.count == 7, let first = DayNumber.of(month + "-01") else {
                throw HTTPError.badRequest("'\(month)' is not a month like 2026-11.", errors: [.init(field: "month", message: "must be YYYY-MM")])
            }
            let days = (first..<(first + 31)).map(DayNumber.day).filter { $0.hasPrefix(month) }
            guard let start = calendar.start(ofDay: days[0]), let lastStart = calendar.start(ofDay: days[days.count - 1]) else { throw HTTPError.internal() }
            let end = lastStart.addingTimeInterval(36 * 3600)
            let (proofDays, workouts) = try await routes.auth.database.read { c in
                (try ProofStore.proofs(user: principal.userID, from: start.addingTimeInterval(-7 * 86_400), to: end, c).map(\.0),
                 try TrainingStore.workouts(user: principal.userID, from: start, to: end, after: nil, limit: 500, c))
            }
            var proofCounts: [String: Int] = [:]
            for proof in proofDays { proofCounts[proof.recordedDay, default: 0] += 1 }
            var workoutCounts: [String: Int] = [:]
            for workout in workouts { workoutCounts[calendar.day(of: workout.startedAt), default: 0] += 1 }
            struct Month: Encodable { var month: String; var days: [Day] }
            return try .json(Month(month: month, days: days.map { Day(date: $0, proofs: proofCounts[$0] ?? 0, workouts: workoutCounts[$0] ?? 0) }))
        }

        router.get("/v1/calendar/{date}", RouteDoc("One day: its proofs (with playback links) and workouts", tag: "accountability",
                                                   responses: [200: "The day", 400: "Not a date"],
                                                   responseBody: OpenAPI.object(["date": .string, "proofs": .array(.object), "workouts": .array(.object)]),
                                                   authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let account = try await routes.auth.account(principal)
            let calendar = PersonalCalendar(timeZone: TimeZone(identifier: account.timeZone) ?? .gmt, weekStart: account.weekStart)
            let date = try request.parameter("date")
            guard let start = calendar.start(ofDay: date) else {
                throw HTTPError.badRequest("'\(date)' is not a date like 2026-11-29.", errors: [.init(field: "date", message: "must be YYYY-MM-DD")])
            }
            let end = start.addingTimeInterval(36 * 3600)
            let (found, workouts) = try await routes.auth.database.read { c in
                (try ProofStore.proofs(user: principal.userID, from: start.addingTimeInterval(-86_400), to: end, c),
                 try TrainingStore.workouts(user: principal.userID, from: start, to: end, after: nil, limit: 100, c))
            }
            struct DayDetail: Encodable { var date: String; var proofs: [ProofRoutes.ProofReply]; var workouts: [Workout] }
            return try .json(DayDetail(date: date,
                                       proofs: found.filter { $0.0.recordedDay == date }
                                           .map { routes.proofs.reply($0.0, $0.1, user: principal.userID) },
                                       workouts: workouts.filter { calendar.day(of: $0.startedAt) == date }))
        }

        addFeed(to: &router)
    }

    /// How far back the feed goes.
    static let feedDays = 400

    static func feedPath(_ token: String) -> String { "/v1/calendar/feed/\(token).ics" }

    /// The private iCalendar feed: a secret link (only its hash is stored) that a calendar app
    /// fetches without signing in. Making a new link revokes the old one; so does deleting it.
    func addFeed(to router: inout Router) {
        let routes = self
        struct FeedState: Encodable { var active: Bool; var createdAt: Date?; var lastReadAt: Date? }
        struct NewFeed: Encodable { var url: String; var createdAt: Date }
        router.get("/v1/me/calendar-feed", RouteDoc("Whether my private calendar feed is on, since when and when it was last read",
                                                    tag: "accountability", responseBody: OpenAPI.object(["active": .boolean, "createdAt": .string,
                                                                                                        "lastReadAt": .string]),
                                                    authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let feed = try await routes.auth.database.read { c in try CalendarFeedStore.feed(user: principal.userID, c) }
            return try .json(FeedState(active: feed != nil, createdAt: feed?.createdAt, lastReadAt: feed?.lastReadAt))
        }
        router.post("/v1/me/calendar-feed", RouteDoc("A new private calendar feed link (shown once); any earlier link stops working",
                                                     tag: "accountability", responses: [201: "The link, relative to this server"],
                                                     responseBody: OpenAPI.object(["url": .string, "createdAt": .string]), authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let token = Base64URL.encode(Crypto.randomBytes(32))
            let now = routes.auth.clock()
            try await routes.auth.database.transaction { c in
                try CalendarFeedStore.replace(user: principal.userID, tokenHash: AuthService.tokenHash(token), at: now, c)
            }
            return try .json(NewFeed(url: CalendarRoutes.feedPath(token), createdAt: now), status: 201)
        }
        router.delete("/v1/me/calendar-feed", RouteDoc("Turn my calendar feed off: its link answers 404 from now on", tag: "accountability",
                                                       responses: [204: "Off"], authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            _ = try await routes.auth.database.transaction { c in try CalendarFeedStore.revoke(user: principal.userID, c) }
            return .noContent()
        }
        router.get("/v1/calendar/feed/{file}", RouteDoc("A private calendar feed (text/calendar): one all-day event per training day",
                                                        tag: "accountability", responses: [200: "The feed", 404: "No such feed (or revoked)"],
                                                        produces: "text/calendar")) { request in
            let file = try request.parameter("file")
            let token = file.hasSuffix(".ics") ? String(file.dropLast(4)) : file
            guard Base64URL.decode(token)?.count == 32 else { throw HTTPError.notFound("No such calendar feed.") }
            let now = routes.auth.clock()
            let found = try await routes.auth.database.read { c -> (CalendarFeedStore.Feed, Account)? in
                guard let feed = try CalendarFeedStore.feed(tokenHash: AuthService.tokenHash(token), c),
                      let account = try AccountStore.account(id: feed.userID, c) else { return nil }
                return (feed, account)
            }
            guard let (feed, account) = found else { throw HTTPError.notFound("No such calendar feed.") }
            let calendar = PersonalCalendar(timeZone: TimeZone(identifier: account.timeZone) ?? .gmt, weekStart: account.weekStart)
            guard let today = DayNumber.of(calendar.day(of: now)) else { throw HTTPError.internal() }
            let firstDay = DayNumber.day(today - CalendarRoutes.feedDays)
            guard let from = calendar.start(ofDay: firstDay) else { throw HTTPError.internal() }
            let (proofs, workouts, catalog) = try await routes.auth.database.read { c in
                (try CalendarFeedStore.proofDays(user: account.id, from: firstDay, c),
                 try CalendarFeedStore.workouts(user: account.id, from: from, c),
                 try TrainingStore.exercises(c))
            }
            let names = Dictionary(catalog.map { ($0.id, $0.names[account.locale.rawValue] ?? $0.names["en"] ?? $0.id) }, uniquingKeysWith: { a, _ in a })
            var days: [String: ICalendar.TrainingDay] = [:]
            for (date, count) in proofs { days[date] = ICalendar.TrainingDay(date: date, proofs: count, workouts: 0, exercises: []) }
            for workout in workouts {
                let date = calendar.day(of: workout.startedAt)
                var day = days[date] ?? ICalendar.TrainingDay(date: date, proofs: 0, workouts: 0, exercises: [])
                day.workouts += 1
                for id in workout.exerciseIDs where !day.exercises.contains(names[id] ?? id) { day.exercises.append(names[id] ?? id) }
                days[date] = day
            }
            // Knowing when a feed was last read tells the owner whether a calendar app still uses the link.
            if feed.lastReadAt.map({ now.timeIntervalSince($0) > 3600 }) ?? true {
                try? await routes.auth.database.transaction { c in try CalendarFeedStore.markRead(user: account.id, at: now, c) }
            }
            var response = Response.text(ICalendar.feed(days: Array(days.values), owner: account.id, words: .of(account.locale),
                                                        timeZone: account.timeZone, generatedAt: now),
                                         contentType: "text/calendar; charset=utf-8")
            response.headers.add("Cache-Control", "private, max-age=300")
            response.headers.add("Content-Disposition", "inline; filename=\"yaruki.ics\"")
            return response
        }
    }
}
