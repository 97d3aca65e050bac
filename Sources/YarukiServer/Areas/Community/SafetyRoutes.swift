import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Blocking: once either of two people blocks the other, neither sees the other's posts or
/// comments anywhere (the feed queries leave them out). Reporting: a post or comment reported by
/// `reportThreshold` different people is hidden until an admin restores or deletes it.
struct SafetyRoutes {
    let auth: AuthService
    let photos: PhotoStore
    let reportThreshold: Int
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
        router.post("/v1/reports", RouteDoc("Report a post or comment (once per person); enough reports hide it until an admin decides",
                                            tag: "community", responses: [200: "Reported", 400: "Not valid, or my own", 404: "No such post or comment"],
                                            requestBody: OpenAPI.object(["kind": .string, "id": .string, "reason": .string], required: ["kind", "id"]),
                                            responseBody: OpenAPI.object(["hidden": .boolean]), authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            struct Body: Decodable { var kind: String; var id: UUID; var reason: String? }
            let body = try request.decode(Body.self)
            var check = FieldCheck()
            let kind = ReportStore.Kind(rawValue: body.kind)
            if kind == nil { check.fail("kind", "must be post or comment") }
            let reason = PostDraft.normalize(body.reason ?? "")
            if reason.count > 500 { check.fail("reason", "is longer than 500 characters") }
            try check.done()
            let now = routes.auth.clock()
            let hidden = try await routes.database.transaction { c -> Bool in
                guard let author = try ReportStore.author(of: kind!, body.id, viewer: principal.userID, c) else {
                    throw HTTPError.notFound("No such \(kind!.rawValue).")
                }
                guard author != principal.userID else { throw HTTPError.badRequest("You cannot report your own \(kind!.rawValue).") }
                return try ReportStore.report(kind!, body.id, by: principal.userID, reason: reason, threshold: routes.reportThreshold, at: now, c)
            }
            struct Reply: Encodable { var hidden: Bool }
            return try .json(Reply(hidden: hidden))
        }

        router.get("/v1/admin/reports", RouteDoc("Reported posts and comments, hidden ones first (admins only)", tag: "admin",
                                                 responses: [200: "The reports", 404: "Not an admin"],
                                                 responseBody: OpenAPI.object(["items": .array(.object)]), authenticated: true)) { request in
            _ = try await routes.auth.require(.admin, request)
            let found = try await routes.database.read { c in try ReportStore.pending(c) }
            struct Item: Encodable {
                var kind: String; var id: UUID; var author: PostRoutes.Author; var body: String; var hidden: Bool; var reports: Int
                var reasons: [String]; var lastReportedAt: Date
            }
            struct Items: Encodable { var items: [Item] }
            return try .json(Items(items: found.map {
                Item(kind: $0.kind.rawValue, id: $0.id, author: PostRoutes.Author(id: $0.authorID, displayName: $0.authorName), body: $0.body,
                     hidden: $0.hidden, reports: $0.reports, reasons: $0.reasons, lastReportedAt: $0.lastReportedAt)
            }))
        }

        router.post("/v1/admin/reports/{kind}/{id}", RouteDoc("Decide on a reported post or comment: {\"decision\": \"restore\" | \"delete\"} (admins only)",
                                                              tag: "admin", responses: [204: "Done", 400: "Not a decision", 404: "Not an admin, or no such target"],
                                                              requestBody: OpenAPI.object(["decision": .string], required: ["decision"]),
                                                              authenticated: true)) { request in
            let principal = try await routes.auth.require(.admin, request)
            guard let kind = ReportStore.Kind(rawValue: try request.parameter("kind")) else { throw HTTPError.notFound("No such kind.") }
            let id = try PostRoutes.id(request, what: kind.rawValue)
            struct Body: Decodable { var decision: String }
            let decision = try request.decode(Body.self).decision
            guard ["restore", "delete"].contains(decision) else {
                throw HTTPError.badRequest("Decide restore or delete.", errors: [.init(field: "decision", message: "must be restore or delete")])
            }
            let unused = try await routes.database.transaction { c -> [String]? in
                if decision == "restore" { return try ReportStore.restore(kind, id, c) ? [] : nil }
                defer { try? ReportStore.forget(kind, id, c) }
                switch kind {
                case .post: return try PostStore.deletePost(id, by: principal.userID, admin: true, c)
                case .comment: return try PostStore.deleteComment(id, by: principal.userID, admin: true, c) ? [] : nil
                }
            }
            guard let unused else { throw HTTPError.notFound("No such \(kind.rawValue).") }
            for sha in unused { routes.photos.remove(sha) }
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
