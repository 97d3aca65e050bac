import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Sales in from machines, boards and keys for admins, and a board's state and stream for its wall screens.
struct SignageRoutes: RouteCollection {
    let signage: SignageService

    func add(to routes: RouteTable) {
        let admin = routes.admin(tag: "admin")
        admin.post("/v1/admin/api-keys", Doc("Make an API key for a machine (shown once); scopes: signage:write (admins only)",
                                             [201: "The key", 400: "Not valid", 404: "Not an admin"]), makeKey)
        admin.get("/v1/admin/api-keys", Doc("API keys (never the keys themselves; admins only)"), keys)
        admin.delete("/v1/admin/api-keys/{id}", Doc("Revoke an API key at once (admins only)", [204: "Revoked", 404: "Not an admin, or no such key"]), revokeKey)
        routes.group(signage.apiKey(SignageService.writeScope), tag: "signage")
            .post("/v1/signage/events", Doc("Send sales (up to 1,000 a batch) with an API key: Authorization: Bearer yk_…; the same id again is ignored",
                                            [200: "Accepted", 400: "A sale is not valid (nothing stored)", 401: "No key, or revoked",
                                             403: "The key lacks signage:write"]), sales)
        addKafka(to: routes)
        let boards = routes.admin(tag: "signage")
        boards.post("/v1/signage/boards", Doc("Define a board (admins only); the answer holds the wall screen's secret link, shown once",
                                              [201: "Made", 400: "Not valid", 404: "Not an admin",
                                               422: "It ends before it starts, or runs more than 62 days"]), makeBoard)
        boards.get("/v1/signage/boards", Doc("Every board (admins only)"), listBoards)
        boards.put("/v1/signage/boards/{id}", Doc("Change a board (admins only); its screens update",
                                                  [200: "Changed", 400: "Not valid", 404: "Not an admin, or no such board",
                                                   422: "It ends before it starts, or runs more than 62 days"]), changeBoard)
        boards.post("/v1/signage/boards/{id}/link", Doc("A new wall link for a board; the old one stops working (admins only)",
                                                        [200: "The new link", 404: "Not an admin, or no such board"]), newLink)
        boards.delete("/v1/signage/boards/{id}", Doc("Delete a board (admins only); its screens are closed",
                                                     [204: "Deleted", 404: "Not an admin, or no such board"]), deleteBoard)
        addExports(to: boards)
        routes.open(tag: "signage").get("/wall/{id}", Doc("""
            A wall screen's own page (the browser app, showing the board of ?token=): other sites may show it in a frame only when the board             names them in embedOrigins
            """, [200: "The page", 404: "Not a board id, or no browser app is served"], produces: "text/html"), wallPage)
        let wall = routes.group(signage.wall, tag: "signage")
        wall.get("/v1/signage/boards/{id}", Doc("A board's state now: total, per channel, per hour (?token= of its wall link, ?playlist=&token= of a playlist's that shows it, or an admin)",
                                                [200: "The state", 404: "No such board, or a replaced link"], query: [SignageRoutes.viaPlaylist]), state)
        wall.get("/v1/signage/boards/{id}/stream", Doc("""
            A board's state (Server-Sent Event `total`), then what moved (`change`: the total, count, and changed channels and hours; at most \
            4 a second); after a reconnect the newest state comes whole, then the milestones reached since Last-Event-ID (or ?lastEventId=)
            """, [200: "The stream", 404: "No such board, or a replaced link"], produces: "text/event-stream",
            query: [SignageRoutes.viaPlaylist, .text("lastEventId", FieldRule(maxLength: 40), "The last event's id, for a new EventSource that cannot send Last-Event-ID")]),
            stream)
    }

    static let viaPlaylist = Parameter.id("playlist", "A playlist that shows the board, whose link's secret is token")

    /// A board's sales and hours as CSV, for admins.
    func addExports(to boards: RouteGroup<Principal>) {
        boards.get("/v1/signage/boards/{id}/sales.csv", Doc("""
            A day's sales the board counts, as CSV (its times on the board's clock; amounts in minor and major units; product, store, staff) \
            (admins only)
            """, [200: "The CSV", 400: "A bad date", 404: "Not an admin, or no such board"], produces: "text/csv",
            query: [.day("date", "The day on the board's clock, YYYY-MM-DD (today when left out)")]), salesCSV)
        boards.get("/v1/signage/boards/{id}/hours.csv", Doc("The board's window hour by hour, as CSV: amount, orders, refunds (admins only)",
                                                            [200: "The CSV", 404: "Not an admin, or no such board"], produces: "text/csv"), hoursCSV)
    }

    static func csv(_ file: (name: String, bytes: [UInt8])) -> Response {
        var response = Response(status: 200, headers: HTTPHeaders([("Content-Type", "text/csv; charset=utf-8")]), body: .data(Data(file.bytes)))
        let ascii = String(file.name.unicodeScalars.map { $0.isASCII && $0 != "\"" ? Character($0) : "_" })
        let encoded = file.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._"))) ?? ascii
        response.headers.add("Content-Disposition", "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)")
        response.headers.add("Cache-Control", "private, no-store")
        return response
    }

    func salesCSV(_ request: Request, _: Principal) async throws -> Response {
        SignageRoutes.csv(try await signage.salesCSV(try request.id("id", "board"), day: request.queryItem("date")))
    }

    func hoursCSV(_ request: Request, _: Principal) async throws -> Response {
        SignageRoutes.csv(try await signage.hoursCSV(try request.id("id", "board")))
    }

    func makeKey(_: Request, _ me: Principal, _ body: APIKeyBody) async throws -> Reply<MadeAPIKey> {
        .created(try await signage.makeKey(body, by: me))
    }

    func keys(_: Request, _: Principal) async throws -> Reply<Items<APIKeyInfo>> {
        Reply(Items(try await signage.keys()))
    }

    func revokeKey(_ request: Request, _: Principal) async throws -> Response {
        try await signage.revokeKey(try request.id("id", "key"))
        return .noContent()
    }

    func sales(_: Request, _ key: SignageStore.APIKey, _ batch: SaleBatch) async throws -> Reply<SaleReceipt> {
        Reply(try await signage.record(batch.events, key: key))
    }

    /// Sales from Kafka, for admins: the consumer on every node, and the dead letters.
    func addKafka(to routes: RouteTable) {
        let admin = routes.admin(tag: "admin")
        admin.get("/v1/admin/signage/kafka", Doc("Sales from Kafka: the topic read, every node's consumer (partitions, lag, last commit) and the dead letters waiting (admins only)"),
                  kafkaStatus)
        admin.get("/v1/admin/signage/dead-letters", Doc("Kafka messages that held no valid sale, newest first (100 at most), with the reason (admins only)"),
                  deadLetters)
        admin.post("/v1/admin/signage/dead-letters/{id}/retry", Doc("Read a dead letter's sales again; kept, it leaves the dead letters (admins only)",
                                                                   [200: "Kept", 404: "Not an admin, or no such dead letter",
                                                                    422: "It still holds no valid sale (the reason is updated)"]), retryDeadLetter)
        admin.delete("/v1/admin/signage/dead-letters/{id}", Doc("Drop a dead letter (admins only)", [204: "Dropped", 404: "Not an admin, or no such dead letter"]),
                     dropDeadLetter)
    }

    func kafkaStatus(_: Request, _: Principal) async throws -> Reply<KafkaStatus> {
        Reply(try await signage.kafkaStatus())
    }

    func deadLetters(_: Request, _: Principal) async throws -> Reply<Items<SalesDeadLetter>> {
        Reply(Items(try await signage.deadLetters()))
    }

    func retryDeadLetter(_ request: Request, _: Principal) async throws -> Reply<SaleReceipt> {
        Reply(try await signage.retry(try request.id("id", "dead letter")))
    }

    func dropDeadLetter(_ request: Request, _: Principal) async throws -> Response {
        try await signage.drop(try request.id("id", "dead letter"))
        return .noContent()
    }

    func makeBoard(_: Request, _ me: Principal, _ body: BoardBody) async throws -> Reply<MadeBoard> {
        .created(try await signage.makeBoard(body, by: me))
    }

    func listBoards(_: Request, _: Principal) async throws -> Reply<Items<SalesBoard>> {
        Reply(Items(try await signage.boards()))
    }

    func changeBoard(_ request: Request, _: Principal, _ body: BoardBody) async throws -> Reply<SalesBoard> {
        Reply(try await signage.changeBoard(try request.id("id", "board"), body))
    }

    func newLink(_ request: Request, _: Principal) async throws -> Reply<WallLink> {
        Reply(try await signage.newLink(try request.id("id", "board")))
    }

    func deleteBoard(_ request: Request, _: Principal) async throws -> Response {
        try await signage.deleteBoard(try request.id("id", "board"))
        return .noContent()
    }

    func wallPage(_ request: Request, _: Visitor) async throws -> Response {
        SignageService.page(try await signage.wallPage(try request.id("id", "board")))
    }

    func state(_: Request, _ screen: WallScreen) async throws -> Reply<BoardTotals> {
        Reply(try await signage.hub.totals(screen.board))
    }

    /// `?lastEventId=` stands in for the header when a page opens a new EventSource (a playlist's
    /// screen coming back to a board), which cannot send one.
    func stream(_ request: Request, _ screen: WallScreen) async throws -> Response {
        let (hub, resumed) = (signage.hub, request.queryItem("lastEventId"))
        return .eventStream { stream in
            Task { await hub.attach(stream, board: screen.board, via: screen.playlist, link: screen.link, lastEventID: stream.lastEventID ?? resumed) }
        }
    }
}
