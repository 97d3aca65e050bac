import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Blocking: once either of two people blocks the other, neither sees the other's posts or
/// comments anywhere (the feed queries leave them out). Reporting: a post or comment reported by
/// `reportThreshold` different people is hidden until an admin restores or deletes it.
struct SafetyRoutes: RouteCollection {
    let context: AppContext
    var database: Database { context.database }

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "community")
        me.get("/v1/blocks", Doc("People I blocked"), blocks)
        me.put("/v1/blocks/{user}", Doc("Block a person (again: no change)", [204: "Blocked", 404: "No such person", 422: "Yourself"]), block)
        me.delete("/v1/blocks/{user}", Doc("Unblock a person", [204: "Unblocked (or was not blocked)"]), unblock)
        me.post("/v1/reports", Doc("Report a post or comment (once per person); enough reports hide it until an admin decides",
                                   [200: "Reported", 400: "Not valid", 404: "No such post or comment", 422: "My own"]), report)
        let admin = routes.admin(tag: "admin")
        admin.get("/v1/admin/reports", Doc("Reported posts and comments, hidden ones first (admins only)", [200: "The reports", 404: "Not an admin"]),
                  reports)
        admin.post("/v1/admin/reports/{kind}/{id}", Doc("Decide on a reported post or comment: restore or delete (admins only)",
                                                        [204: "Done", 400: "Not a decision", 404: "Not an admin, or no such target"],
                                                        path: [.words("kind", ["post", "comment"], "What was reported")]), decide)
    }

    func blocks(_: Request, _ me: Principal) async throws -> Reply<Items<BlockedPerson>> {
        let items = try await database.read { c in try SafetyStore.blocked(by: me.userID, c) }
        return Reply(Items(items.map { BlockedPerson(id: $0.id, displayName: $0.displayName, since: $0.since) }))
    }

    func block(_ request: Request, _ me: Principal) async throws -> Response {
        let user = try request.id("user", "person")
        guard user != me.userID else { throw HTTPError(422, detail: "You cannot block yourself.") }
        let now = context.now
        try await context.transaction(changing: PostService.tags) { c in
            guard try AccountStore.account(id: user, c) != nil else { throw HTTPError.notFound("No such person.") }
            try SafetyStore.block(user, by: me.userID, at: now, c)
        }
        return .noContent()
    }

    func unblock(_ request: Request, _ me: Principal) async throws -> Response {
        let user = try request.id("user", "person")
        _ = try await context.transaction(changing: PostService.tags) { c in try SafetyStore.unblock(user, by: me.userID, c) }
        return .noContent()
    }

    func report(_: Request, _ me: Principal, _ body: ReportBody) async throws -> Reply<ReportOutcome> {
        var check = FieldCheck()
        let kind = ReportStore.Kind(rawValue: body.kind)
        if kind == nil { check.fail("kind", "must be post or comment") }
        check.note(TextRule.check(body.reason ?? "", field: "reason", max: 500, required: false, paragraph: true))
        let reason = PostDraft.normalize(body.reason ?? "")
        try check.done()
        guard let kind else { throw HTTPError.internal() }
        let (now, threshold) = (context.now, context.settings.reportThreshold)
        let hidden = try await context.transaction(changing: PostService.tags) { c -> Bool in
            guard let author = try ReportStore.author(of: kind, body.id, viewer: me.userID, c) else { throw HTTPError.notFound("No such \(kind.rawValue).") }
            guard author != me.userID else { throw HTTPError(422, detail: "You cannot report your own \(kind.rawValue).") }
            return try ReportStore.report(kind, body.id, by: me.userID, reason: reason, threshold: threshold, at: now, c)
        }
        return Reply(ReportOutcome(hidden: hidden))
    }

    func reports(_: Request, _: Principal) async throws -> Reply<Items<ReportedItem>> {
        let found = try await database.read { c in try ReportStore.pending(c) }
        return Reply(Items(found.map {
            ReportedItem(kind: $0.kind.rawValue, id: $0.id, author: Person(id: $0.authorID, displayName: $0.authorName), body: $0.body,
                         hidden: $0.hidden, reports: $0.reports, reasons: $0.reasons, lastReportedAt: $0.lastReportedAt)
        }))
    }

    func decide(_ request: Request, _ admin: Principal, _ body: DecisionBody) async throws -> Response {
        guard let kind = ReportStore.Kind(rawValue: try request.parameter("kind")) else { throw HTTPError.notFound("No such kind.") }
        let id = try request.id("id", kind.rawValue)
        guard ["restore", "delete"].contains(body.decision) else {
            throw HTTPError.badRequest("Decide restore or delete.", errors: [.init(field: "decision", message: "must be restore or delete")])
        }
        let unused = try await context.transaction(changing: PostService.tags) { c -> [String]? in
            // A deletion takes the target's reports with it (the stores do that for every deletion).
            if body.decision == "restore" { return try ReportStore.restore(kind, id, c) ? [] : nil }
            switch kind {
            case .post: return try PostStore.deletePost(id, by: admin.userID, admin: true, c)
            case .comment: return try PostStore.deleteComment(id, by: admin.userID, admin: true, c) ? [] : nil
            }
        }
        guard let unused else { throw HTTPError.notFound("No such \(kind.rawValue).") }
        for sha in unused { context.photos.remove(sha) }
        return .noContent()
    }
}
