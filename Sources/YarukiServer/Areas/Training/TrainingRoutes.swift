import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The exercise catalog (everyone reads, admins write) and a person's own workout log.
struct TrainingRoutes: RouteCollection {
    let training: TrainingService

    func add(to routes: RouteTable) {
        let anyone = routes.open(tag: "training")
        let exerciseID = Parameter.text("id", .matching(Exercise.idPattern), "The exercise's id, like push-up")
        anyone.get("/v1/exercises", Doc("The exercise catalog", [200: "The exercises that match", 304: "Not changed since the ETag sent in If-None-Match",
                                                                  400: "An unknown category or equipment"], query: [
            .text("q", FieldRule(maxLength: 100), "Words to find, each in a name (any language) or the equipment's name: bench, ベンチ, 덤벨 벤치"),
            .words("category", ExerciseCategory.allCases.map(\.rawValue), "Only this category"),
            .words("equipment", ExerciseEquipment.allCases.map(\.rawValue), "Only what is done with this"),
            .text("muscle", FieldRule(maxLength: 40), "Only those training this muscle (the catalog's English name: chest, lats)"),
            .words("lang", AppLanguage.allCases.map(\.rawValue), "Whose names rank a match first (en when left out)"),
        ]), exercises)
        anyone.get("/v1/exercises/{id}", Doc("One exercise", [200: "The exercise", 304: "Not changed since the ETag sent in If-None-Match", 404: "No such exercise"], path: [exerciseID]), exercise)
        let me = routes.signedIn(tag: "training")
        me.post("/v1/exercises", Doc("Add an exercise for everyone (coaches and admins)", [201: "Added", 400: "A field is not valid",
                                                                                          404: "Not a coach or an admin", 409: "The id is taken"]), addExercise)
        me.put("/v1/exercises/{id}", Doc("Edit an exercise of everyone's (coaches and admins)", [200: "Changed", 400: "A field is not valid",
                                                                                                 404: "Not a coach or an admin, or no such exercise",
                                                                                                 422: "The id in the body differs from the path"],
                                         path: [exerciseID]), editExercise)
        addVideos(to: routes, exerciseID)
        addOwnExercises(to: me, exerciseID)
        me.post("/v1/workouts", Doc("Log a workout", [201: "Logged", 400: "A field is not valid (the problem names it)",
                                                      404: "An exercise is not in the catalog",
                                                      422: "Fields that do not fit together (ends before it starts, a set without reps)"]), log)
        me.get("/v1/workouts", Doc("My workouts in a date range, newest first", [200: "A page of workouts", 400: "A bad date or cursor",
                                                                                   422: "from is after to, or more than a year before it"],
                                   query: [.from, .to, .limit(default: 50, most: 200), .cursor]), workouts)
        me.get("/v1/workouts/{id}", Doc("One of my workouts", [200: "The workout", 404: "Not mine, or none"]), workout)
        me.put("/v1/workouts/{id}", Doc("Replace one of my workouts (or log it under this id)", [200: "Replaced", 201: "Logged",
                                                                                               400: "A field is not valid",
                                                                                               404: "Not mine, or an exercise is not in the catalog",
                                                                                               422: "Fields that do not fit together"]), replace)
        me.delete("/v1/workouts/{id}", Doc("Delete one of my workouts", [204: "Deleted", 404: "Not mine, or none"]), delete)
    }

    /// Follow-along videos: coaches and admins attach an upload or a link; everyone plays them.
    /// A person's own exercises: seen and logged by them alone; renamed with their history; merged
    /// into another; deleted while nothing names them.
    private func addOwnExercises(to me: RouteGroup<Principal>, _ exerciseID: Parameter) {
        me.get("/v1/me/exercises", Doc("My own exercises (the catalog's are GET /v1/exercises)", [200: "My exercises"]), ownExercises)
        me.post("/v1/me/exercises", Doc("Add an exercise of my own", [201: "Added", 400: "A field is not valid",
                                                                      422: "No name, or as many of my own as one may have"]), addOwn)
        me.put("/v1/me/exercises/{id}", Doc("Rename or change my own exercise; its history stays", [200: "Changed", 400: "A field is not valid",
                                                                                                     404: "Not mine, or none"], path: [exerciseID]), editOwn)
        me.post("/v1/me/exercises/{id}/merge", Doc("Merge my own exercise into another I can log: its sets move there and it goes",
                                                   [204: "Merged", 404: "Not mine, or none", 409: "A routine or a proof still names it",
                                                    422: "No such exercise to merge into"], path: [exerciseID]), mergeOwn)
        me.delete("/v1/me/exercises/{id}", Doc("Delete my own exercise that nothing names", [204: "Deleted", 404: "Not mine, or none",
                                                                                            409: "A workout, routine or proof names it"],
                                                 path: [exerciseID]), deleteOwn)
    }

    func ownExercises(_: Request, _ me: Principal) async throws -> Reply<Items<Exercise>> { Reply(Items(try await training.ownExercises(me))) }

    func addOwn(_: Request, _ me: Principal, _ body: OwnExerciseBody) async throws -> Reply<Exercise> { .created(try await training.addOwn(body, me)) }

    func editOwn(_ request: Request, _ me: Principal, _ body: OwnExerciseBody) async throws -> Reply<Exercise> {
        Reply(try await training.editOwn(try request.parameter("id"), body, me))
    }

    func mergeOwn(_ request: Request, _ me: Principal, _ body: ExerciseMergeBody) async throws -> Response {
        try await training.mergeOwn(try request.parameter("id"), into: body.into, me)
        return .noContent()
    }

    func deleteOwn(_ request: Request, _ me: Principal) async throws -> Response {
        try await training.deleteOwn(try request.parameter("id"), me)
        return .noContent()
    }

    private func addVideos(to routes: RouteTable, _ exerciseID: Parameter) {
        let coach = routes.signedIn(tag: "training")
        coach.put("/v1/exercises/{id}/video", Doc("Upload an exercise's follow-along video (coaches and admins; MP4, MOV or WebM)",
                                                 [200: "Attached", 404: "Not a coach or admin, or no such exercise", 413: "Larger than the upload limit",
                                                  415: "Not a playable MP4, MOV or WebM video"],
                                                 path: [exerciseID], upload: ["video/mp4", "video/quicktime", "video/webm"]), attachVideo)
        coach.put("/v1/exercises/{id}/video-link", Doc("Link an exercise's follow-along video elsewhere (coaches and admins); replaces an upload",
                                                      [200: "Linked", 400: "Not an http(s) link", 404: "Not a coach or admin, or no such exercise"],
                                                      path: [exerciseID]), linkVideo)
        coach.delete("/v1/exercises/{id}/video", Doc("Remove an exercise's follow-along video, upload and link (coaches and admins)",
                                                    [200: "Removed", 404: "Not a coach or admin, or no such exercise"], path: [exerciseID]), removeVideo)
        routes.open(tag: "training").get("/v1/exercises/{id}/video", Doc("Play an exercise's uploaded follow-along video (Range requests welcome)",
                                                                         [200: "The file", 206: "Part of it", 404: "No such exercise, or no uploaded video",
                                                                          416: "The range is outside the file"], produces: "video/mp4", path: [exerciseID]), video)
    }

    func attachVideo(_ request: Request, _ me: Principal) async throws -> Reply<Exercise> {
        Reply(try await training.attachVideo(try request.parameter("id"), file: try request.upload("video"), by: me))
    }

    func linkVideo(_ request: Request, _ me: Principal, _ body: ExerciseVideoLink) async throws -> Reply<Exercise> {
        Reply(try await training.linkVideo(try request.parameter("id"), url: body.url, by: me))
    }

    func removeVideo(_ request: Request, _ me: Principal) async throws -> Reply<Exercise> {
        Reply(try await training.linkVideo(try request.parameter("id"), url: nil, by: me))
    }

    func video(_ request: Request, _: Visitor) async throws -> FileReply {
        try await training.videoFile(try request.parameter("id"))
    }

    func exercises(_ request: Request, _ visitor: Visitor) async throws -> Reply<Items<Exercise>> {
        let query = TextRule.trim(request.queryItem("q") ?? "")
        let category = request.value("category", as: ExerciseCategory.self)
        let equipment = request.value("equipment", as: ExerciseEquipment.self)
        let muscle = request.queryItem("muscle")
        let language = AppLanguage(rawValue: request.queryItem("lang") ?? "")?.rawValue ?? "en"
        let key = "exercises \(category?.rawValue ?? "") \(equipment?.rawValue ?? "") \(muscle ?? "") \(language) \(query)"
        return try await visitor.kept(key: key, tags: TrainingService.catalog) {
            Items(try await training.exercises(matching: query, category: category, muscle: muscle, equipment: equipment, language: language))
        }
    }

    func exercise(_ request: Request, _ visitor: Visitor) async throws -> Reply<Exercise> {
        let id = try request.parameter("id")
        return try await visitor.kept(key: "exercise \(id)", tags: TrainingService.catalog) { try await training.exercise(id) }
    }

    func addExercise(_: Request, _ me: Principal, _ exercise: Exercise) async throws -> Reply<Exercise> {
        .created(try await training.save(exercise, replacing: false, by: me))
    }

    func editExercise(_ request: Request, _ me: Principal, _ exercise: Exercise) async throws -> Reply<Exercise> {
        let id = try request.parameter("id")
        guard exercise.id == id else {
            throw HTTPError(422, detail: "The id in the body differs from the path.", errors: [.init(field: "id", message: "must be '\(id)'")])
        }
        return Reply(try await training.save(exercise, replacing: true, by: me))
    }

    func log(_: Request, _ me: Principal, _ body: WorkoutBody) async throws -> Reply<Workout> {
        let workout = Workout(id: body.id ?? UUID.timeOrdered(), startedAt: body.startedAt, endedAt: body.endedAt, notes: body.notes ?? "", exercises: body.exercises)
        let (saved, _, version) = try await training.save(workout, me, fresh: body.id == nil)
        return Reply(saved, status: 201, headers: [SyncVersions.etag(version)])
    }

    func workouts(_ request: Request, _ me: Principal) async throws -> Reply<Page<Prewritten<Workout>>> {
        try await me.kept(request, tags: TrainingService.tags(me.userID)) {
            let calendar = try await me.calendar()
            let (from, to) = try DayRange.parse(request, calendar: calendar, now: me.now)
            let limit = Paging.limit(request, default: 50)
            let rows = try await training.workouts(me, from: from, to: to, after: Paging.cursor(request), limit: limit + 1)
            return Paging.page(rows, limit: limit, key: { ($0.startedAt, $0.id) }) { Prewritten(json: $0.json) }
        }
    }

    func workout(_ request: Request, _ me: Principal) async throws -> Reply<Workout> {
        let (workout, version) = try await training.workout(try request.id("id", "workout"), me)
        return Reply(workout, headers: [SyncVersions.etag(version)])
    }

    func replace(_ request: Request, _ me: Principal, _ body: WorkoutBody) async throws -> Reply<Workout> {
        let id = try request.id("id", "workout")
        if let bodyID = body.id, bodyID != id {
            throw HTTPError(422, detail: "The id in the body differs from the path.", errors: [.init(field: "id", message: "must match the path")])
        }
        let workout = Workout(id: id, startedAt: body.startedAt, endedAt: body.endedAt, notes: body.notes ?? "", exercises: body.exercises)
        let (saved, created, version) = try await training.save(workout, me, ifVersion: try SyncVersions.expected(request))
        return Reply(saved, status: created ? 201 : 200, headers: [SyncVersions.etag(version)])
    }

    func delete(_ request: Request, _ me: Principal) async throws -> Response {
        try await training.delete(try request.id("id", "workout"), me, ifVersion: try SyncVersions.expected(request))
        return .noContent()
    }
}
