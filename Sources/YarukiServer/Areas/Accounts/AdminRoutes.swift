import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// What only admins may do with accounts. To anybody else these paths do not exist (404).
struct AdminRoutes: RouteCollection {
    let accounts: AccountService

    func add(to routes: RouteTable) {
        let admin = routes.admin(tag: "admin")
        admin.get("/v1/admin/users", Doc("Every account (admins only)", [200: "Accounts", 404: "Not an admin"]), users)
        admin.patch("/v1/admin/users/{id}", Doc("Give an account another role (admins only)",
                                                [200: "The changed account", 400: "Not a role", 404: "Not an admin, or no such account",
                                                 409: "Admins cannot change their own role"]), setRole)
        admin.put("/v1/admin/users/{id}/ban", Doc("Suspend an account: its sessions end and it cannot sign in (admins only)",
                                                  [204: "Banned", 404: "Not an admin, or no such account", 409: "An admin, or yourself"]), ban)
        admin.delete("/v1/admin/users/{id}/ban", Doc("Lift a suspension (admins only)", [204: "Lifted", 404: "Not an admin, or no such account"]), lift)
    }

    func users(_: Request, _: Principal) async throws -> Reply<Items<Account>> {
        Reply(Items(try await accounts.all()))
    }

    func ban(_ request: Request, _ admin: Principal) async throws -> Response {
        try await accounts.suspend(try request.id("id", "account"), by: admin)
        return .noContent()
    }

    func lift(_ request: Request, _: Principal) async throws -> Response {
        try await accounts.lift(try request.id("id", "account"))
        return .noContent()
    }

    func setRole(_ request: Request, _ admin: Principal, _ body: RoleBody) async throws -> Reply<Account> {
        Reply(try await accounts.setRole(of: try request.id("id", "account"), to: body.role, by: admin))
    }
}
