import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Blocking: once either of two people blocks the other, neither sees the other's posts or
/// comments anywhere (the feed queries leave them out).
struct SafetyRoutes {
    let auth: AuthService
    var database: Database { auth.database }

    func add(to router: inout Router) {
        let routes = self
        router.get("/v1/blocks", RouteDoc("People I blocked", tag: "community", responseBody: OpenAPI.object(["items": .array(.object)]),
                                          authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let items = try await routes.database.read { c in try SafetyStore.blocked(by: principal.userID, c) }
            struct Item: Encodable { var id: UUID; var displayName: String; var since: Date }
            struct Items: Encodable { var items: [Item] }
            return try .json(Items(items: items.map { Item(id: $0.id, displayName: $0.displayName, since: $0.since) }))
        }
        router.put("/v1/blocks/{user}", RouteDoc("Block a person (again: no change)", tag: "community",
                                                 responses: [204: "Blocked", 400: "Yourself", 404: "No such person"],
                                                 authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let user = try PostRoutes.id(request, "user", what: "person")
            guard user != principal.userID else { throw HTTPError.badRequest("You cannot block yourself.") }
            let now = routes.auth.clock()
            try await routes.database.transaction { c in
                guard try AccountStore.account(id: user, c) != nil else { throw HTTPError.notFound("No such person.") }
                try SafetyStore.block(user, by: principal.userID, at: now, c)
            }
            return .noContent()
        }
        router.delete("/v1/blocks/{user}", RouteDoc("Unblock a person", tag: "community", responses: [204: "Unblocked (or was not blocked)"],
                                                    authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let user = try PostRoutes.id(request, "user", what: "person")
            _ = try await routes.database.transaction { c in try SafetyStore.unblock(user, by: principal.userID, c) }
            return .noContent()
        }
    }
}
