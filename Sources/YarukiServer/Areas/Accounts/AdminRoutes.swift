import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// What only admins may do. To anybody else these paths do not exist (404).
struct AdminRoutes {
    let auth: AuthService

    struct RoleBody: Decodable {
        var role: Role
    }

    func add(to router: inout Router) {
        let auth = auth
        router.get("/v1/admin/users", RouteDoc("Every account (admins only)", tag: "admin", responses: [200: "Accounts", 404: "Not an admin"],
                                               responseBody: OpenAPI.object(["items": .array(.object)]), authenticated: true)) { request in
            _ = try await auth.require(.admin, request)
            struct Items: Encodable { var items: [Account] }
            return try .json(Items(items: try await auth.database.read { c in try AccountStore.accounts(c) }))
        }

        router.patch("/v1/admin/users/{id}", RouteDoc("Give an account another role (admins only)", tag: "admin",
                                                      responses: [200: "The changed account", 400: "Not a role",
                                                                  404: "Not an admin, or no such account",
                                                                  409: "Admins cannot change their own role"],
                                                      requestBody: OpenAPI.object(["role": .string]), responseBody: OpenAPI.Schema.object.json,
                                                      authenticated: true)) { request in
            let principal = try await auth.require(.admin, request)
            guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such account.") }
            let body = try request.decode(RoleBody.self)
            guard id != principal.userID else {
                throw HTTPError.conflict("Admins cannot change their own role; ask another admin.")
            }
            let now = auth.clock()
            let account = try await auth.database.transaction { c -> Account? in
                guard try AccountStore.setRole(id, body.role, at: now, c) else { return nil }
                return try AccountStore.account(id: id, c)
            }
            guard let account else { throw HTTPError.notFound("No such account.") }
            auth.sessions.forget(user: id)
            return try .json(account)
        }
    }
}

extension AuthService {
    /// The principal when it holds `role` or a higher one; 404 to everybody else signed in.
    func require(_ role: Role, _ request: Request) async throws -> Principal {
        let principal = try await authenticate(request)
        guard principal.role >= role else { throw HTTPError.notFound() }
        return principal
    }
}
