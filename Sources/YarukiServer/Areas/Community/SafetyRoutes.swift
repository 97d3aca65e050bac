import Foundation
import YarukiAPI
import YarukiHTTP
import YarukiStore

/// Blocking and reporting (`SafetyService` says what they do).
struct SafetyRoutes: RouteCollection {
    let safety: SafetyService

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
        admin.post("/v1/admin/reports/{kind}/{id}", Doc("""
            Decide on a reported post or comment (admins only): restore it, hide it, delete it, warn its author, or ban its author \
            (their sessions end, they cannot sign in, and it is deleted)
            """, [204: "Done", 400: "Not a decision", 404: "Not an admin, or no such target", 409: "Its author is an admin (not banned)"],
                                                        path: [.words("kind", ["post", "comment"], "What was reported")]), decide)
    }

    func blocks(_: Request, _ me: Principal) async throws -> Reply<Items<BlockedPerson>> {
        Reply(Items(try await safety.blocked(by: me)))
    }

    func block(_ request: Request, _ me: Principal) async throws -> Response {
        try await safety.block(try request.id("user", "person"), by: me)
        return .noContent()
    }

    func unblock(_ request: Request, _ me: Principal) async throws -> Response {
        try await safety.unblock(try request.id("user", "person"), by: me)
        return .noContent()
    }

    func report(_: Request, _ me: Principal, _ body: ReportBody) async throws -> Reply<ReportOutcome> {
        Reply(ReportOutcome(hidden: try await safety.report(body, by: me)))
    }

    func reports(_: Request, _: Principal) async throws -> Reply<Items<ReportedItem>> {
        Reply(Items(try await safety.reports()))
    }

    func decide(_ request: Request, _ admin: Principal, _ body: DecisionBody) async throws -> Response {
        guard let kind = ReportStore.Kind(rawValue: try request.parameter("kind")) else { throw HTTPError.notFound("No such kind.") }
        try await safety.decide(body.decision, kind, try request.id("id", kind.rawValue), by: admin)
        return .noContent()
    }
}
