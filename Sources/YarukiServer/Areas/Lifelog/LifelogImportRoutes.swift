import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Imports of location history: upload (read for a preview), land, discard or undo.
struct LifelogImportRoutes: RouteCollection {
    let imports: LifelogImports

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "lifelog")
        me.post("/v1/lifelog/imports", Doc("""
            Bring in location history (the body is the file: Google Takeout's Records.json or a Semantic Location History month, the \
            Timeline export, an OwnTracks .rec file, or GPX). It is read in the background for a preview (progress as lifelog-import \
            events); nothing lands until POST /v1/lifelog/imports/{id}/land.
            """, [202: "Reading it for the preview", 401: "Not signed in", 413: "Larger than the limit", 415: "An empty body"],
            query: [.text("name", .line(max: 200, required: false), "The file's name, as the person chose it")],
            upload: ["application/json", "application/gpx+xml", "application/xml", "text/xml", "text/plain", "application/octet-stream"]), start)
        me.get("/v1/lifelog/imports", Doc("My latest imports, newest first, with their previews"), list)
        me.get("/v1/lifelog/imports/{id}", Doc("One of my imports, with its progress while it runs", [200: "The import", 404: "Not mine, or none"]), one)
        me.post("/v1/lifelog/imports/{id}/land", Doc("""
            Land a previewed import: its visits become check-ins (those already there are not added again), its paths and fixes the track
            """, [202: "Landing", 404: "Not mine, or none", 409: "Not previewed, or landed already"]), land)
        me.post("/v1/lifelog/imports/{id}/undo", Doc("Undo an import that landed: exactly the check-ins and points it added go",
                                                     [202: "Undoing", 404: "Not mine, or none", 409: "Not landed"]), undo)
        me.delete("/v1/lifelog/imports/{id}", Doc("Discard an import that has not landed (its file goes), or forget one undone or failed",
                                                  [204: "Discarded", 404: "Not mine, or none", 409: "Landed (undo it first), or still at work"]), discard)
    }

    func start(_ request: Request, _ me: Principal) async throws -> Reply<LifelogImportInfo> {
        let file = try request.upload("location history")
        let name = request.queryItem("name") ?? ""
        let account = try await me.account()
        let started = try await imports.start(file, fileName: TextRule.isBlank(name) ? "history" : TextRule.trim(name), user: me.userID,
                                              timeZone: TimeZone(identifier: account.timeZone) ?? .gmt)
        return Reply(started, status: 202)
    }

    func list(_: Request, _ me: Principal) async throws -> Reply<Items<LifelogImportInfo>> {
        Reply(Items(try await imports.list(user: me.userID)))
    }

    func one(_ request: Request, _ me: Principal) async throws -> Reply<LifelogImportInfo> {
        Reply(try await imports.one(try request.id("id", "import"), user: me.userID))
    }

    func land(_ request: Request, _ me: Principal) async throws -> Reply<LifelogImportInfo> {
        let account = try await me.account()
        return Reply(try await imports.land(try request.id("id", "import"), user: me.userID, timeZone: TimeZone(identifier: account.timeZone) ?? .gmt),
                     status: 202)
    }

    func undo(_ request: Request, _ me: Principal) async throws -> Reply<LifelogImportInfo> {
        Reply(try await imports.undo(try request.id("id", "import"), user: me.userID), status: 202)
    }

    func discard(_ request: Request, _ me: Principal) async throws -> Response {
        try await imports.discard(try request.id("id", "import"), user: me.userID)
        return .noContent()
    }
}
