import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The exercise catalog (everyone reads, admins write) and a person's own workout log.
struct TrainingRoutes {
    let auth: AuthService
    var database: Database { auth.database }

    struct WorkoutBody: Decodable {
        var id: UUID?
        var startedAt: Date
        var endedAt: Date?
        var notes: String?
        var exercises: [WorkoutEntry]
    }

    struct Page: Encodable {
        var items: [Workout]
        var nextCursor: String?
    }

    static let exerciseSchema = OpenAPI.object(["id": .string, "category": .string, "muscles": .array(.string), "unit": .string,
                                                "names": .object, "videoURL": .string, "builtIn": .boolean],
                                               required: ["id", "category", "muscles", "unit", "names"])
    static let workoutSchema = OpenAPI.object(["id": .string, "startedAt": .string, "endedAt": .string, "notes": .string,
                                               "exercises": .array(.object)], required: ["startedAt", "exercises"])

    func add(to router: inout Router) {
        let routes = self
        router.get("/v1/exercises", RouteDoc("The exercise catalog; ?q= searches names in every language and muscles, ?category=",
                                             tag: "training", responseBody: OpenAPI.object(["items": .array(.object)]))) { request in
            let query = request.queryItem("q")?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
            let category = request.queryItem("category")
            var items = try await routes.database.read { c in try TrainingStore.exercises(c) }
            if let category { items = items.filter { $0.category.rawValue == category } }
            if !query.isEmpty {
                items = items.filter { e in
                    e.id.contains(query) || e.names.values.contains { $0.lowercased().contains(query) } || e.muscles.contains { $0.contains(query) }
                }
            }
            struct Items: Encodable { var items: [Exercise] }
            return try .json(Items(items: items))
        }

        router.get("/v1/exercises/{id}", RouteDoc("One exercise", tag: "training", responses: [200: "The exercise", 404: "No such exercise"],
                                                  responseBody: Self.exerciseSchema)) { request in
            let id = try request.parameter("id")
            guard let exercise = try await routes.database.read({ c in try TrainingStore.exercise(id, c) }) else {
                throw HTTPError.notFound("No exercise '\(id)' in the catalog.")
            }
            return try .json(exercise)
        }

        router.post("/v1/exercises", RouteDoc("Add an exercise (admins)", tag: "training",
                                              responses: [201: "Added", 400: "A field is not valid", 404: "Not an admin", 409: "The id is taken"],
                                              requestBody: Self.exerciseSchema, responseBody: Self.exerciseSchema, authenticated: true)) { request in
            _ = try await routes.auth.require(.admin, request)
            var exercise = try request.decode(Exercise.self)
            exercise.builtIn = false
            try FieldCheck(Exercise.check(exercise)).done()
            let now = routes.auth.clock()
            let added = try await routes.database.transaction { c -> Bool in
                guard try TrainingStore.exercise(exercise.id, c) == nil else { return false }
                try TrainingStore.upsert(exercise, replace: false, at: now, c)
                return true
            }
            guard added else { throw HTTPError.conflict("An exercise with the id '\(exercise.id)' exists; edit it instead.") }
            return try .json(exercise, status: 201)
        }

        router.put("/v1/exercises/{id}", RouteDoc("Edit an exercise (admins)", tag: "training",
                                                  responses: [200: "Changed", 400: "A field is not valid", 404: "Not an admin, or no such exercise"],
                                                  requestBody: Self.exerciseSchema, responseBody: Self.exerciseSchema, authenticated: true)) { request in
            _ = try await routes.auth.require(.admin, request)
            let id = try request.parameter("id")
            var exercise = try request.decode(Exercise.self)
            guard exercise.id == id else {
                throw HTTPError.badRequest("The id in the body differs from the path.", errors: [.init(field: "id", message: "must be '\(id)'")])
            }
            try FieldCheck(Exercise.check(exercise)).done()
            let now = routes.auth.clock()
            let saved = try await routes.database.transaction { c -> Exercise? in
                guard let existing = try TrainingStore.exercise(id, c) else { return nil }
                exercise.builtIn = existing.builtIn
                try TrainingStore.upsert(exercise, replace: true, at: now, c)
                return exercise
            }
            guard let saved else { throw HTTPError.notFound("No exercise '\(id)' in the catalog.") }
            return try .json(saved)
        }

        router.post("/v1/workouts", RouteDoc("Log a workout", tag: "training",
                                             responses: [201: "Logged", 400: "A field is not valid (the problem names it)"],
                                             requestBody: Self.workoutSchema, responseBody: Self.workoutSchema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let body = try request.decode(WorkoutBody.self)
            let workout = Workout(id: body.id ?? UUID(), startedAt: body.startedAt, endedAt: body.endedAt, notes: body.notes ?? "",
                                  exercises: body.exercises)
            let created = try await routes.save(workout, principal, creating: true)
            return try .json(created, status: 201)
        }

        router.get("/v1/workouts", RouteDoc("My workouts in a date range (?from=&to= as YYYY-MM-DD in my time zone), newest first",
                                            tag: "training", responses: [200: "A page of workouts", 400: "A bad date or cursor"],
                                            responseBody: OpenAPI.object(["items": .array(.object), "nextCursor": .string], required: ["items"]),
                                            authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let account = try await routes.auth.account(principal)
            let zone = TimeZone(identifier: account.timeZone) ?? .gmt
            let now = routes.auth.clock()
            let (from, to) = try TrainingRoutes.range(request.queryItem("from"), request.queryItem("to"), zone: zone, now: now)
            let limit = try TrainingRoutes.limit(request.queryItem("limit"))
            let cursor = try request.queryItem("cursor").map(TrainingRoutes.decodeCursor)
            let items = try await routes.database.read { c in
                try TrainingStore.workouts(user: principal.userID, from: from, to: to, after: cursor, limit: limit + 1, c)
            }
            let page = Array(items.prefix(limit))
            let next = items.count > limit ? page.last.map { TrainingRoutes.encodeCursor($0.startedAt, $0.id) } : nil
            return try .json(Page(items: page, nextCursor: next))
        }

        router.get("/v1/workouts/{id}", RouteDoc("One of my workouts", tag: "training", responses: [200: "The workout", 404: "Not mine, or none"],
                                                 responseBody: Self.workoutSchema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try TrainingRoutes.workoutID(request)
            guard let workout = try await routes.database.read({ c in try TrainingStore.workout(id, user: principal.userID, c) }) else {
                throw HTTPError.notFound("No such workout.")
            }
            return try .json(workout)
        }

        router.put("/v1/workouts/{id}", RouteDoc("Replace one of my workouts (or log it under this id)", tag: "training",
                                                 responses: [200: "Replaced", 201: "Logged", 400: "A field is not valid", 404: "Not mine"],
                                                 requestBody: Self.workoutSchema, responseBody: Self.workoutSchema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try TrainingRoutes.workoutID(request)
            let body = try request.decode(WorkoutBody.self)
            if let bodyID = body.id, bodyID != id {
                throw HTTPError.badRequest("The id in the body differs from the path.", errors: [.init(field: "id", message: "must match the path")])
            }
            let exists = try await routes.database.read { c in try TrainingStore.workout(id, user: principal.userID, c) != nil }
            let workout = Workout(id: id, startedAt: body.startedAt, endedAt: body.endedAt, notes: body.notes ?? "", exercises: body.exercises)
            let saved = try await routes.save(workout, principal, creating: !exists)
            return try .json(saved, status: exists ? 200 : 201)
        }

        router.delete("/v1/workouts/{id}", RouteDoc("Delete one of my workouts", tag: "training",
                                                    responses: [204: "Deleted", 404: "Not mine, or none"], authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try TrainingRoutes.workoutID(request)
            guard try await routes.database.transaction({ c in try TrainingStore.delete(id, user: principal.userID, c) }) else {
                throw HTTPError.notFound("No such workout.")
            }
            return .noContent()
        }
    }

    /// Checks the workout against the catalog and saves it in one transaction. Another person's
    /// id answers 404, as if it did not exist.
    func save(_ workout: Workout, _ principal: Principal, creating: Bool) async throws -> Workout {
        let now = auth.clock()
        return try await database.transaction { c in
            if try TrainingStore.isOthers(workout.id, user: principal.userID, c) { throw HTTPError.notFound("No such workout.") }
            try FieldCheck(Workout.check(workout, units: try TrainingStore.units(c), now: now)).done()
            try TrainingStore.save(workout, user: principal.userID, at: now, c)
            guard let saved = try TrainingStore.workout(workout.id, user: principal.userID, c) else { throw HTTPError.internal() }
            return saved
        }
    }

    static func workoutID(_ request: Request) throws -> UUID {
        guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such workout.") }
        return id
    }

    /// Whole days from `from` to `to` inclusive in the person's zone; the last 30 days by default.
    static func range(_ from: String?, _ to: String?, zone: TimeZone, now: Date) throws -> (Date, Date) {
        let calendar = PersonalCalendar(timeZone: zone, weekStart: .monday)
        func day(_ text: String?, _ field: String) throws -> Int? {
            guard let text else { return nil }
            guard calendar.start(ofDay: text) != nil, let day = DayNumber.of(text) else {
                throw HTTPError.badRequest("'\(text)' is not a date like 2026-11-29.", errors: [.init(field: field, message: "must be YYYY-MM-DD")])
            }
            return day
        }
        let last = try day(to, "to") ?? DayNumber.of(calendar.day(of: now))!
        let first = try day(from, "from") ?? last - 29
        guard first <= last else {
            throw HTTPError.badRequest("'from' is after 'to'.", errors: [.init(field: "from", message: "must not be after to")])
        }
        guard last - first <= 366 else {
            throw HTTPError.badRequest("Ask for a year at most.", errors: [.init(field: "from", message: "is more than 366 days before to")])
        }
        return (calendar.start(ofDay: DayNumber.day(first))!, calendar.start(ofDay: DayNumber.day(last + 1))!)
    }

    static func limit(_ text: String?) throws -> Int {
        guard let text else { return 50 }
        guard let n = Int(text), (1...200).contains(n) else {
            throw HTTPError.badRequest("limit must be 1 to 200.", errors: [.init(field: "limit", message: "must be 1 to 200")])
        }
        return n
    }

    static func encodeCursor(_ time: Date, _ id: UUID) -> String {
        Base64URL.encode(Data("\(Int64((time.timeIntervalSince1970 * 1000).rounded()))|\(id.uuidString.lowercased())".utf8))
    }

    static func decodeCursor(_ text: String) throws -> (Date, UUID) {
        guard let data = Base64URL.decode(text), let plain = String(data: data, encoding: .utf8) else { throw badCursor }
        let parts = plain.split(separator: "|")
        guard parts.count == 2, let ms = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else { throw badCursor }
        return (Date(timeIntervalSince1970: Double(ms) / 1000), id)
    }

    static let badCursor = HTTPError.badRequest("The cursor is not one this server gave.", errors: [.init(field: "cursor", message: "is not valid")])
}
