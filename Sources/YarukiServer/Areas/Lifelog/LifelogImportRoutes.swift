import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Location history in and out: imports (upload, read for a preview, land, discard or undo) and
/// GPX of a range of days.
struct LifelogImportRoutes: RouteCollection {
    let imports: LifelogImports
    /// The most track points one GPX download holds (a longer range is asked for in parts; the account export has everything).
    static let maxGPXPoints = 500_000

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "lifelog")
        me.post("/v1/lifelog/imports", Doc("""
            Bring in location history (the body is the file: Google Takeout's Records.json or a Semantic Location History month, the \
            Timeline export, an OwnTracks .rec file, or GPX). It is read in the background for a preview (progress as lifelog-import \
            events); nothing lands until POST /v1/lifelog/imports/{id}/land.
            """, [202: "Reading it for the preview", 401: "Not signed in", 413: "Larger than the limit", 415: "An empty body"],
            query: [.text("name", .line(max: 200, required: false), "The file's name, as the person chose it")],
            upload: ["application/json", "application/gpx+xml", "application/xml", "text/xml", "text/plain", "application/octet-stream"]), start)
        me.get("/v1/lifelog/gpx", Doc("""
            My lifelog of a range of days as GPX 1.1: records with a place as waypoints, then the track (imported paths and fixes)
            """, [200: "The GPX file", 400: "A bad date", 422: "from is after to, a year apart, or more track points than one file holds"],
            produces: "application/gpx+xml", query: [.from, .to]), gpx)
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

    func gpx(_ request: Request, _ me: Principal) async throws -> Response {
        let calendar = try await me.calendar()
        let (from, to) = try DayRange.parse(request, calendar: calendar, now: me.now)
        let first = calendar.day(of: from), last = calendar.day(of: to.addingTimeInterval(-1))
        let bytes = try await imports.gpx(user: me.userID, from: from, to: to, name: "Yaruki \(first) – \(last)", maxPoints: Self.maxGPXPoints)
        var response = Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/gpx+xml; charset=utf-8")]), body: .data(bytes))
        response.headers.add("Content-Disposition", "attachment; filename=\"yaruki-\(first)-\(last).gpx\"")
        response.headers.add("Cache-Control", "private, no-store")
        return response
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
