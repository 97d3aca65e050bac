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
    }

    func users(_: Request, _: Principal) async throws -> Reply<Items<Account>> {
        Reply(Items(try await accounts.database.read { c in try AccountStore.accounts(c) }))
    }

    func setRole(_ request: Request, _ admin: Principal, _ body: RoleBody) async throws -> Reply<Account> {
        let id = try request.id("id", "account")
        guard id != admin.userID else { throw HTTPError.conflict("Admins cannot change their own role; ask another admin.") }
        let now = accounts.context.now
        let account = try await accounts.context.transaction(changing: AccountService.tags(id)) { c -> Account? in
            guard try AccountStore.setRole(id, body.role, at: now, c) else { return nil }
            return try AccountStore.account(id: id, c)
        }
        guard let account else { throw HTTPError.notFound("No such account.") }
        accounts.authenticator.sessions.forget(user: id)
        return Reply(account)
    }
}
