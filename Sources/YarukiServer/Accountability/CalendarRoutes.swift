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
    }
}
