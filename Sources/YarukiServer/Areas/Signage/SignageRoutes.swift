import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Live sales boards. Machines send sales with an API key (scope `signage:write`) that admins
/// make and revoke; admins define boards and get a secret link for each wall screen; a screen
/// reads its board's state and then a stream of it with that link's token.
struct SignageRoutes {
    let auth: AuthService
    let hub: SignageHub
    var database: Database { auth.database }

    static let maxBatch = 1_000
    static let writeScope = "signage:write"

    struct BoardBody: Decodable {
        var title: String
        var currency: String
        var startsAt: Date
        var endsAt: Date
        var campaign: String?
        var channel: String?
        var goal: Int64?
    }

    static func board(_ body: BoardBody, id: UUID) throws -> SalesBoard {
        var check = FieldCheck()
        let title = PostDraft.normalize(body.title)
        if !(1...80).contains(title.count) { check.fail("title", "must be 1 to 80 characters") }
        if !Currency.isCode(body.currency) { check.fail("currency", "must be an ISO 4217 code like JPY") }
        if body.endsAt <= body.startsAt { check.fail("endsAt", "must be after startsAt") }
        if body.endsAt.timeIntervalSince(body.startsAt) > 62 * 86_400 { check.fail("endsAt", "is more than 62 days after startsAt") }
        for (field, date) in [("startsAt", body.startsAt), ("endsAt", body.endsAt)] where !SalesBucket.isBoundary(date) {
            check.fail(field, "must fall on a quarter hour (:00, :15, :30 or :45)")
        }
        let probe = SaleEvent(id: "x", amount: 0, currency: "JPY", occurredAt: body.startsAt, channel: body.channel ?? "x", campaign: body.campaign)
        for error in SaleEvent.check(probe, prefix: "board") where error.field != "board.id" {
            check.fail(String(error.field.dropFirst("board.".count)), error.message)
        }
        if let goal = body.goal, !(1...SaleEvent.maxAmount).contains(goal) { check.fail("goal", "must be 1 to 10^12 minor units") }
        try check.done()
        return SalesBoard(id: id, title: title, currency: body.currency, startsAt: body.startsAt, endsAt: body.endsAt,
                                  campaign: body.campaign, channel: body.channel, goal: body.goal)
    }

    static func wallLink(_ id: UUID, token: String) -> String { "/#/wall/\(id.uuidString.lowercased())?token=\(token)" }

    /// The board when the request may read it: its token (`?token=`) or a signed-in admin.
    func readable(_ request: Request) async throws -> SalesBoard {
        guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such board.") }
        if let token = request.queryItem("token") {
            guard let board = try await database.read({ c in try SignageStore.board(id, tokenHash: AuthService.tokenHash(token), c) }) else {
                throw HTTPError.notFound("No such board, or the link was replaced.")
            }
            return board
        }
        _ = try await auth.require(.admin, request.bearerFromQuery())
        guard let board = try await database.read({ c in try SignageStore.board(id, c) }) else { throw HTTPError.notFound("No such board.") }
        return board
    }

    func add(to router: inout Router) {
        let routes = self
        struct KeyItem: Encodable { var id: UUID; var name: String; var scopes: [String]; var createdAt: Date; var lastUsedAt: Date?; var revokedAt: Date? }

        router.post("/v1/admin/api-keys", RouteDoc("Make an API key for a machine (shown once); scopes: signage:write (admins only)", tag: "admin",
                                                   responses: [201: "The key", 400: "Not valid", 404: "Not an admin"],
                                                   requestBody: OpenAPI.object(["name": .string, "scopes": .array(.string)], required: ["name", "scopes"]),
                                                   responseBody: OpenAPI.object(["id": .string, "name": .string, "scopes": .array(.string), "key": .string]),
                                                   authenticated: true)) { request in
            let principal = try await routes.auth.require(.admin, request)
            struct Body: Decodable { var name: String; var scopes: [String] }
            let body = try request.decode(Body.self)
            var check = FieldCheck()
            let name = PostDraft.normalize(body.name)
            if !(1...80).contains(name.count) { check.fail("name", "must be 1 to 80 characters") }
            if body.scopes.isEmpty || body.scopes.contains(where: { $0 != SignageRoutes.writeScope }) {
                check.fail("scopes", "must be [\"\(SignageRoutes.writeScope)\"]")
            }
            try check.done()
            let key = "yk_" + Base64URL.encode(Crypto.randomBytes(32))
            let id = UUID()
            let now = routes.auth.clock()
            try await routes.database.transaction { c in
                try SignageStore.insertKey(id: id, name: name, hash: AuthService.tokenHash(key), scopes: Array(Set(body.scopes)).sorted(),
                                           by: principal.userID, at: now, c)
            }
            struct Made: Encodable { var id: UUID; var name: String; var scopes: [String]; var key: String }
            return try .json(Made(id: id, name: name, scopes: Array(Set(body.scopes)).sorted(), key: key), status: 201)
        }
        router.get("/v1/admin/api-keys", RouteDoc("API keys (never the keys themselves; admins only)", tag: "admin",
                                                  responseBody: OpenAPI.object(["items": .array(.object)]), authenticated: true)) { request in
            _ = try await routes.auth.require(.admin, request)
            let keys = try await routes.database.read { c in try SignageStore.keys(c) }
            struct Items: Encodable { var items: [KeyItem] }
            return try .json(Items(items: keys.map { KeyItem(id: $0.id, name: $0.name, scopes: $0.scopes, createdAt: $0.createdAt,
                                                              lastUsedAt: $0.lastUsedAt, revokedAt: $0.revokedAt) }))
        }
        router.delete("/v1/admin/api-keys/{id}", RouteDoc("Revoke an API key at once (admins only)", tag: "admin",
                                                          responses: [204: "Revoked", 404: "Not an admin, or no such key"], authenticated: true)) { request in
            _ = try await routes.auth.require(.admin, request)
            guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such key.") }
            let now = routes.auth.clock()
            guard try await routes.database.transaction({ c in try SignageStore.revokeKey(id, at: now, c) }) else {
                throw HTTPError.notFound("No such key.")
            }
            return .noContent()
        }

        router.post("/v1/signage/events", RouteDoc("Send sales (up to 1,000 a batch) with an API key: Authorization: Bearer yk_…; the same id again is ignored",
                                                   tag: "signage", responses: [200: "Accepted", 400: "A sale is not valid (nothing stored)",
                                                                               401: "No key, or revoked", 403: "The key lacks signage:write"],
                                                   requestBody: OpenAPI.object(["events": .array(.object)], required: ["events"]),
                                                   responseBody: OpenAPI.object(["accepted": .integer, "duplicates": .integer]))) { request in
            guard let header = request.headers["Authorization"], header.hasPrefix("Bearer yk_") else {
                throw HTTPError.unauthorized("Send an API key: Authorization: Bearer yk_…")
            }
            let hash = AuthService.tokenHash(String(header.dropFirst("Bearer ".count)))
            guard let key = try await routes.database.read({ c in try SignageStore.key(hash: hash, c) }) else {
                throw HTTPError.unauthorized("This API key is not valid or was revoked.")
            }
            guard key.scopes.contains(SignageRoutes.writeScope) else { throw HTTPError(403, detail: "This key may not send sales.") }
            struct Body: Decodable { var events: [SaleEvent] }
            let events = try request.decode(Body.self).events
            var check = FieldCheck()
            if events.isEmpty { check.fail("events", "is empty") }
            if events.count > SignageRoutes.maxBatch { check.fail("events", "has more than \(SignageRoutes.maxBatch) sales") }
            for (i, event) in events.enumerated() where check.errors.count < 50 {
                for error in SaleEvent.check(event, prefix: "events[\(i)]") { check.fail(error.field, error.message) }
            }
            try check.done()
            let now = routes.auth.clock()
            let fresh = try await routes.hub.record(events, at: now) { c in
                if key.lastUsedAt.map({ now.timeIntervalSince($0) > 60 }) ?? true { try SignageStore.touchKey(key.id, at: now, c) }
            }
            struct Reply: Encodable { var accepted: Int; var duplicates: Int }
            return try .json(Reply(accepted: fresh.count, duplicates: events.count - fresh.count))
        }

        let boardSchema = OpenAPI.object(["title": .string, "currency": .string, "startsAt": .string, "endsAt": .string, "campaign": .string,
                                          "channel": .string, "goal": .integer], required: ["title", "currency", "startsAt", "endsAt"])
        struct Made: Encodable { var board: SalesBoard; var wallURL: String }

        router.post("/v1/signage/boards", RouteDoc("Define a board (admins only); the answer holds the wall screen's secret link, shown once",
                                                   tag: "signage", responses: [201: "Made", 400: "Not valid", 404: "Not an admin"],
                                                   requestBody: boardSchema, responseBody: OpenAPI.object(["board": .object, "wallURL": .string]),
                                                   authenticated: true)) { request in
            let principal = try await routes.auth.require(.admin, request)
            let board = try SignageRoutes.board(try request.decode(BoardBody.self), id: UUID())
            let token = Base64URL.encode(Crypto.randomBytes(24))
            let now = routes.auth.clock()
            try await routes.database.transaction { c in
                try SignageStore.insert(board, tokenHash: AuthService.tokenHash(token), by: principal.userID, at: now, c)
            }
            return try .json(Made(board: board, wallURL: SignageRoutes.wallLink(board.id, token: token)), status: 201)
        }
        router.get("/v1/signage/boards", RouteDoc("Every board (admins only)", tag: "signage", responseBody: OpenAPI.object(["items": .array(.object)]),
                                                  authenticated: true)) { request in
            _ = try await routes.auth.require(.admin, request)
            let boards = try await routes.database.read { c in try SignageStore.boards(c) }
            struct Items: Encodable { var items: [SalesBoard] }
            return try .json(Items(items: boards))
        }
        router.put("/v1/signage/boards/{id}", RouteDoc("Change a board (admins only); its screens update", tag: "signage",
                                                       responses: [200: "Changed", 400: "Not valid", 404: "Not an admin, or no such board"],
                                                       requestBody: boardSchema, authenticated: true)) { request in
            _ = try await routes.auth.require(.admin, request)
            guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such board.") }
            let board = try SignageRoutes.board(try request.decode(BoardBody.self), id: id)
            let now = routes.auth.clock()
            guard try await routes.database.transaction({ c in try SignageStore.update(board, at: now, c) }) else {
                throw HTTPError.notFound("No such board.")
            }
            routes.hub.boardChanged(id, board)
            return try .json(board)
        }
        router.post("/v1/signage/boards/{id}/link", RouteDoc("A new wall link for a board; the old one stops working (admins only)", tag: "signage",
                                                             responses: [200: "The new link", 404: "Not an admin, or no such board"],
                                                             responseBody: OpenAPI.object(["wallURL": .string]), authenticated: true)) { request in
            _ = try await routes.auth.require(.admin, request)
            guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such board.") }
            let token = Base64URL.encode(Crypto.randomBytes(24))
            guard try await routes.database.transaction({ c in try SignageStore.setToken(id, tokenHash: AuthService.tokenHash(token), c) }) else {
                throw HTTPError.notFound("No such board.")
            }
            routes.hub.linkReplaced(id)
            struct Link: Encodable { var wallURL: String }
            return try .json(Link(wallURL: SignageRoutes.wallLink(id, token: token)))
        }
        router.delete("/v1/signage/boards/{id}", RouteDoc("Delete a board (admins only); its screens are closed", tag: "signage",
                                                          responses: [204: "Deleted", 404: "Not an admin, or no such board"], authenticated: true)) { request in
            _ = try await routes.auth.require(.admin, request)
            guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such board.") }
            guard try await routes.database.transaction({ c in try SignageStore.delete(id, c) }) else { throw HTTPError.notFound("No such board.") }
            routes.hub.boardChanged(id, nil)
            return .noContent()
        }

        router.get("/v1/signage/boards/{id}", RouteDoc("A board's state now: total, per channel, per hour (?token= of its wall link, or an admin)",
                                                       tag: "signage", responses: [200: "The state", 404: "No such board, or a replaced link"],
                                                       responseBody: OpenAPI.object(["board": .object, "total": .integer, "sales": .integer,
                                                                                     "channels": .array(.object), "hours": .array(.object)]))) { request in
            let board = try await routes.readable(request)
            return try .json(try await routes.hub.totals(board))
        }
        router.get("/v1/signage/boards/{id}/stream", RouteDoc("A board's state (Server-Sent Event `total`), then what moved (`change`: "
                                                              + "the total, count, and changed channels and hours; at most 4 a second); after a reconnect the newest state comes whole", tag: "signage",
                                                              responses: [200: "The stream", 404: "No such board, or a replaced link"],
                                                              produces: "text/event-stream")) { request in
            let board = try await routes.readable(request)
            let hub = routes.hub
            return .eventStream { stream in Task { await hub.attach(stream, board: board) } }
        }
    }
}
