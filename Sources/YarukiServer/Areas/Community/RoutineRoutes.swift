import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Shareable routines: write, search, save with a like, copy.
struct RoutineRoutes: RouteCollection {
    let routines: RoutineService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "community")
        me.post("/v1/routines", Doc("Write a routine: exercises from the catalog with sets × reps or seconds, and rest",
                                    [201: "Saved", 400: "A field is not valid", 404: "An exercise is not in the catalog",
                                     422: "Reps for an exercise timed in seconds, or the other way round"]), create)
        me.get("/v1/routines", Doc("Public routines, newest first", [200: "A page", 400: "A bad limit or cursor"], query: [
            .text("q", FieldRule(), "Words in the title, the description or an exercise's name"),
            .text("exercise", FieldRule(), "Only routines with this exercise (its id)"), .limit(), .cursor,
        ]), search)
        me.get("/v1/routines/mine", Doc("My routines: the ones I wrote and the ones I saved with a like"), mine)
        me.get("/v1/routines/{id}", Doc("One routine", [200: "The routine", 404: "No such routine"]), routine)
        me.put("/v1/routines/{id}", Doc("Rewrite my routine (made private, it leaves everyone else's saved list)",
                                        [200: "Saved", 400: "A field is not valid", 404: "Not my routine, or an exercise is not in the catalog",
                                         422: "Reps for an exercise timed in seconds, or the other way round"]), rewrite)
        me.delete("/v1/routines/{id}", Doc("Delete my routine (posts that attached it keep their text)", [204: "Deleted", 404: "Not my routine"]),
                  delete)
        me.put("/v1/routines/{id}/like", Doc("Like a public routine: it is saved to my routines",
                                             [200: "Saved or not", 404: "No such routine", 422: "My own routine"]), save)
        me.delete("/v1/routines/{id}/like", Doc("Unlike: it leaves my routines", [200: "Saved or not", 404: "No such routine", 422: "My own routine"]),
                  unsave)
        me.post("/v1/routines/{id}/copy", Doc("Copy a routine I can see into a private one of my own, to edit", [201: "The copy", 404: "No such routine"]),
                copy)
    }

    func create(_: Request, _ me: Principal, _ draft: RoutineDraft) async throws -> Reply<Routine> {
        let (routine, version) = try await routines.save(draft, id: nil, by: me)
        return Reply(routine, status: 201, headers: [SyncVersions.etag(version)])
    }

    func search(_ request: Request, _ me: Principal) async throws -> Reply<Page<Routine>> {
        let text = request.queryItem("q").map { PostDraft.normalize($0) }.flatMap { $0.isEmpty ? nil : String($0.prefix(100)) }
        return Reply(try await routines.search(me, text: text, exercise: request.queryItem("exercise"), before: Paging.cursor(request),
                                               limit: Paging.limit(request)))
    }

    func mine(_: Request, _ me: Principal) async throws -> Reply<Items<Routine>> {
        Reply(Items(try await routines.mine(me)))
    }

    func routine(_ request: Request, _ me: Principal) async throws -> Reply<Routine> {
        Reply(try await routines.routine(try request.id("id", "routine"), me))
    }

    func rewrite(_ request: Request, _ me: Principal, _ draft: RoutineDraft) async throws -> Reply<Routine> {
        let (routine, version) = try await routines.save(draft, id: try request.id("id", "routine"), by: me, ifVersion: try SyncVersions.expected(request))
        return Reply(routine, headers: [SyncVersions.etag(version)])
    }

    func delete(_ request: Request, _ me: Principal) async throws -> Response {
        try await routines.delete(try request.id("id", "routine"), me, ifVersion: try SyncVersions.expected(request))
        return .noContent()
    }

    func save(_ request: Request, _ me: Principal) async throws -> Reply<Saves> {
        Reply(try await routines.save(true, try request.id("id", "routine"), me))
    }

    func unsave(_ request: Request, _ me: Principal) async throws -> Reply<Saves> {
        Reply(try await routines.save(false, try request.id("id", "routine"), me))
    }

    func copy(_ request: Request, _ me: Principal) async throws -> Reply<Routine> {
        .created(try await routines.copy(try request.id("id", "routine"), me))
    }
}
