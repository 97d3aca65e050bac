import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The training session under way: start, read, replace as it goes, discard, finish.
struct TrainingSessionRoutes: RouteCollection {
    let sessions: TrainingSessionService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "training")
        me.post("/v1/training/session", Doc("Start a training session: from a routine, as a repeat of my last workout, or empty (sets pre-filled with last time's)",
                                            [201: "Started", 400: "A field is not valid", 404: "No such routine I may see, or no workout to repeat",
                                             409: "A session is under way", 422: "A routine and a repeat asked together"]), start)
        me.get("/v1/training/session", Doc("The training session under way (ETag: its version)", [200: "The session", 404: "None under way"]), current)
        me.put("/v1/training/session", Doc("Replace the session under way with the device's state (If-Match: the version it last saw)",
                                           [200: "Saved", 400: "A field is not valid", 404: "None under way, or an exercise not in the catalog",
                                            409: "Another session is under way", 412: "It changed elsewhere since that version",
                                            422: "The phase and its times do not fit (a rest start outside a rest)"]), replace)
        me.delete("/v1/training/session", Doc("Discard the session under way (nothing is logged)", [204: "Discarded", 404: "None under way"]), discard)
        me.post("/v1/training/session/finish", Doc("Finish the session (the device's final state, or the server's): logs the workout, answers the summary and records",
                                                   [200: "Finished", 400: "A field is not valid", 404: "None under way, or an exercise not in the catalog",
                                                    422: "No set is done, or the times do not fit"],
                                                   reply: SessionFinish.self, optionalBody: TrainingSession.self), finish)
        me.get("/v1/training/progress", Doc("An exercise over time (per day: best estimated 1RM, heaviest, volume) and its records",
                                            [200: "The progress", 400: "No exercise named", 404: "No such exercise"],
                                            query: [Parameter(name: "exercise", type: "string", rule: .matching(Exercise.idPattern), required: true,
                                                              description: "The exercise's id, like squat")]), progress)
        me.get("/v1/training/weeks", Doc("Volume and sessions per week, the latest weeks (empty ones too)", [200: "The weeks, oldest first",
                                                                                                              400: "A bad count"],
                                         query: [.integer("count", 1...104, "How many weeks (default 12)")]), weeks)
    }

    func progress(_ request: Request, _ me: Principal) async throws -> Reply<ExerciseProgress> {
        Reply(try await sessions.progress(exercise: request.queryItem("exercise") ?? "", me), headers: [("Cache-Control", "no-store")])
    }

    func weeks(_ request: Request, _ me: Principal) async throws -> Reply<Items<TrainingProgress.Week>> {
        Reply(Items(try await sessions.weeks(count: request.value("count", as: Int.self) ?? 12, me)), headers: [("Cache-Control", "no-store")])
    }

    func start(_: Request, _ me: Principal, _ body: SessionStartBody) async throws -> Reply<TrainingSession> {
        let (session, version) = try await sessions.start(body, me)
        return Reply(session, status: 201, headers: [SyncVersions.etag(version)])
    }

    func current(_: Request, _ me: Principal) async throws -> Reply<TrainingSession> {
        let (session, version) = try await sessions.current(me)
        return Reply(session, headers: [SyncVersions.etag(version), ("Cache-Control", "no-store")])
    }

    func replace(_ request: Request, _ me: Principal, _ body: TrainingSession) async throws -> Reply<TrainingSession> {
        let (session, version) = try await sessions.replace(body, ifVersion: try SyncVersions.expected(request), me)
        return Reply(session, headers: [SyncVersions.etag(version)])
    }

    func discard(_: Request, _ me: Principal) async throws -> Response {
        try await sessions.discard(me)
        return .noContent()
    }

    func finish(_ request: Request, _ me: Principal) async throws -> Reply<SessionFinish> {
        Reply(try await sessions.finish(try request.decodeIfPresent(TrainingSession.self), me))
    }
}
