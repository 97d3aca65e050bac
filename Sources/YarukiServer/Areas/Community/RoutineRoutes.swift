import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Shareable routines. A like on someone's public routine saves it to the liker's "My routines"
/// (their own are there too); unliking takes it out; "copy" makes an editable routine of one's
/// own. Someone else's private routine, or one between two people where one blocked the other,
/// answers 404.
struct RoutineRoutes {
    let auth: AuthService
    let events: EventHub
    var database: Database { auth.database }

    struct RoutineReply: Encodable {
        var id: UUID
        var author: PostRoutes.Author
        var title: String
        var description: String
        var `public`: Bool
        var items: [RoutineItem]
        var copiedFrom: UUID?
        var saveCount: Int
        var savedByMe: Bool
        var mine: Bool
        var createdAt: Date
        var updatedAt: Date
    }

    static func reply(_ r: RoutineStore.RoutineRow, viewer: UUID) -> RoutineReply {
        RoutineReply(id: r.id, author: PostRoutes.Author(id: r.authorID, displayName: r.authorName), title: r.draft.title,
                     description: r.draft.description, public: r.draft.isPublic, items: r.draft.items, copiedFrom: r.copiedFrom,
                     saveCount: r.saveCount, savedByMe: r.savedByMe, mine: r.authorID == viewer, createdAt: r.createdAt, updatedAt: r.updatedAt)
    }

    /// The draft, normalized and checked against the catalog: a 400 naming every broken field.
    func checked(_ request: Request, _ c: SQLConnection) throws -> RoutineDraft {
        let draft = try request.decode(RoutineDraft.self).normalized
        try FieldCheck(RoutineDraft.check(draft, units: try TrainingStore.units(c))).done()
        return draft
    }

    static let schema = OpenAPI.object(["id": .string, "author": .object, "title": .string, "description": .string, "public": .boolean,
                                        "items": .array(.object), "copiedFrom": .string, "saveCount": .integer, "savedByMe": .boolean,
                                        "mine": .boolean, "createdAt": .string, "updatedAt": .string])
    static let bodySchema = OpenAPI.object(["title": .string, "description": .string, "public": .boolean, "items": .array(.object)],
                                           required: ["title", "items"])

    func add(to router: inout Router) {
        let routes = self
        struct Items: Encodable { var items: [RoutineReply] }

        router.post("/v1/routines", RouteDoc("Write a routine: exercises from the catalog with sets × reps or seconds, and rest",
                                             tag: "community", responses: [201: "Saved", 400: "A field is not valid"],
                                             requestBody: Self.bodySchema, responseBody: Self.schema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = UUID()
            let now = routes.auth.clock()
            let saved = try await routes.database.transaction { c -> RoutineStore.RoutineRow? in
                let draft = try routes.checked(request, c)
                try RoutineStore.insert(id: id, author: principal.userID, draft, copiedFrom: nil, at: now, c)
                return try RoutineStore.routine(id, viewer: principal.userID, c)
            }
            guard let saved else { throw HTTPError.internal() }
            return try .json(RoutineRoutes.reply(saved, viewer: principal.userID), status: 201)
        }

        router.get("/v1/routines", RouteDoc("Public routines, newest first: ?q= (title, description or an exercise's name), ?exercise=ID, ?cursor=, ?limit=",
                                            tag: "community", responseBody: OpenAPI.object(["items": .array(.object), "nextCursor": .string]),
                                            authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let limit = try PostRoutes.limit(request)
            let before = try PostRoutes.cursor(request.queryItem("cursor"))
            let text = request.queryItem("q").map { PostDraft.normalize($0) }.flatMap { $0.isEmpty ? nil : String($0.prefix(100)) }
            let found = try await routes.database.read { c in
                try RoutineStore.search(viewer: principal.userID, text: text, exercise: request.queryItem("exercise"), before: before,
                                        limit: limit + 1, c)
            }
            let shown = found.prefix(limit)
            struct Page: Encodable { var items: [RoutineReply]; var nextCursor: String? }
            return try .json(Page(items: shown.map { RoutineRoutes.reply($0, viewer: principal.userID) },
                                  nextCursor: found.count > limit ? shown.last.map { PostRoutes.cursor($0.createdAt, $0.id) } : nil))
        }

        router.get("/v1/routines/mine", RouteDoc("My routines: the ones I wrote and the ones I saved with a like", tag: "community",
                                                 responseBody: OpenAPI.object(["items": .array(.object)]), authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let found = try await routes.database.read { c in try RoutineStore.mine(principal.userID, c) }
            return try .json(Items(items: found.map { RoutineRoutes.reply($0, viewer: principal.userID) }))
        }

        router.get("/v1/routines/{id}", RouteDoc("One routine", tag: "community", responses: [200: "The routine", 404: "No such routine"],
                                                 responseBody: Self.schema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request, what: "routine")
            guard let found = try await routes.database.read({ c in try RoutineStore.routine(id, viewer: principal.userID, c) }) else {
                throw HTTPError.notFound("No such routine.")
            }
            return try .json(RoutineRoutes.reply(found, viewer: principal.userID))
        }

        router.put("/v1/routines/{id}", RouteDoc("Rewrite my routine (made private, it leaves everyone else's saved list)", tag: "community",
                                                 responses: [200: "Saved", 400: "A field is not valid", 404: "Not my routine"],
                                                 requestBody: Self.bodySchema, responseBody: Self.schema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request, what: "routine")
            let now = routes.auth.clock()
            let saved = try await routes.database.transaction { c -> RoutineStore.RoutineRow? in
                guard try c.queryOne("SELECT 1 AS one FROM routines WHERE id = ? AND author_id = ?", id, principal.userID) != nil else {
                    throw HTTPError.notFound("No such routine.")
                }
                _ = try RoutineStore.update(id, author: principal.userID, try routes.checked(request, c), at: now, c)
                return try RoutineStore.routine(id, viewer: principal.userID, c)
            }
            guard let saved else { throw HTTPError.internal() }
            return try .json(RoutineRoutes.reply(saved, viewer: principal.userID))
        }

        router.delete("/v1/routines/{id}", RouteDoc("Delete my routine (posts that attached it keep their text)", tag: "community",
                                                    responses: [204: "Deleted", 404: "Not my routine"], authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request, what: "routine")
            let deleted = try await routes.database.transaction { c in
                try RoutineStore.delete(id, author: principal.userID, admin: principal.role == .admin, c)
            }
            guard deleted else { throw HTTPError.notFound("No such routine.") }
            return .noContent()
        }

        for method in [HTTPMethod.put, .delete] {
            router.on(method, "/v1/routines/{id}/like", RouteDoc(method == .put ? "Like a public routine: it is saved to my routines"
                                                                : "Unlike: it leaves my routines", tag: "community",
                                                                responses: [200: "Saved or not", 400: "My own routine", 404: "No such routine"],
                                                                responseBody: OpenAPI.object(["liked": .boolean, "saveCount": .integer]),
                                                                authenticated: true)) { request in
                let principal = try await routes.auth.authenticate(request)
                let id = try PostRoutes.id(request, what: "routine")
                let now = routes.auth.clock()
                let (count, notified) = try await routes.database.transaction { c -> (Int, UUID?) in
                    guard let routine = try RoutineStore.routine(id, viewer: principal.userID, c) else { throw HTTPError.notFound("No such routine.") }
                    guard routine.authorID != principal.userID else {
                        throw HTTPError.badRequest("Your own routines are in your list already.")
                    }
                    let saves = CountedLink.routineSaves
                    var notified: UUID?
                    if method == .put {
                        if try saves.add(id, user: principal.userID, at: now, c) {
                            _ = try NotificationStore.add(.save, to: routine.authorID, actor: principal.userID, routine: id, at: now, c)
                            notified = routine.authorID
                        }
                    } else if try saves.remove(id, user: principal.userID, c) {
                        try NotificationStore.withdraw(.save, actor: principal.userID, routine: id, c)
                    }
                    return (try saves.count(id, c), notified)
                }
                if let notified { routes.events.notify(notified, routes.database) }
                struct Saves: Encodable { var liked: Bool; var saveCount: Int }
                return try .json(Saves(liked: method == .put, saveCount: count))
            }
        }

        router.post("/v1/routines/{id}/copy", RouteDoc("Copy a routine I can see into a private one of my own, to edit", tag: "community",
                                                       responses: [201: "The copy", 404: "No such routine"], responseBody: Self.schema,
                                                       authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request, what: "routine")
            let now = routes.auth.clock()
            let copy = UUID()
            let saved = try await routes.database.transaction { c -> RoutineStore.RoutineRow? in
                guard var draft = try RoutineStore.routine(id, viewer: principal.userID, c)?.draft else { throw HTTPError.notFound("No such routine.") }
                draft.isPublic = false
                try RoutineStore.insert(id: copy, author: principal.userID, draft, copiedFrom: id, at: now, c)
                return try RoutineStore.routine(copy, viewer: principal.userID, c)
            }
            guard let saved else { throw HTTPError.internal() }
            return try .json(RoutineRoutes.reply(saved, viewer: principal.userID), status: 201)
        }
    }
}
