import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// `/v1/me/body`: the body-measure log and the progress photos.
struct BodyRoutes: RouteCollection {
    let body: BodyService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "training")
        let day = Parameter.day("day", "The day, YYYY-MM-DD in my time zone")
        me.get("/v1/me/body", Doc("My body measures by day, newest first (weight in kg, body fat in %, girths in cm)",
                                  [200: "A page of days", 400: "A bad day or limit"],
                                  query: [.day("before", "Only days before this one (the oldest day of the page before)"),
                                          .limit(default: 400, most: BodyService.pageMost)]), days)
        me.put("/v1/me/body/{day}", Doc("Set or remove measures of a day", [200: "The day as it now is",
                                                                             400: "A measure is unknown or out of its range", 422: "The day is after today"],
                                        path: [day]), write)
        me.delete("/v1/me/body/{day}", Doc("Remove a day's measures", [204: "Removed", 404: "Nothing measured that day"], path: [day]), delete)
        addPhotos(to: me)
    }

    /// Progress photos: mine alone, their copies fetched with my token only.
    private func addPhotos(to me: RouteGroup<Principal>) {
        let id = Parameter.id("id", "The photo's id")
        me.get("/v1/me/body/photos", Doc("My progress photos, newest day first", [200: "The photos"]), photos)
        me.post("/v1/me/body/photos", Doc("Add a progress photo (the body is the image: JPEG, PNG, WebP or HEIC; its metadata is removed)",
                                          [201: "Added", 400: "Not a day", 409: "As many photos as one may keep", 413: "Larger than the photo limit",
                                           415: "Not a readable photo", 422: "A day after today"],
                                          query: [Parameter(name: "day", type: "string", rule: .day, required: true,
                                                            description: "The day it shows, YYYY-MM-DD in my time zone")],
                                          upload: ["image/jpeg", "image/png", "image/webp", "image/heic"]), addPhoto)
        me.get("/v1/me/body/photos/{id}/{copy}", Doc("A copy of one of my progress photos (nobody else's: 404)", [200: "The JPEG", 404: "Not mine, or none"],
                                                     produces: "image/jpeg",
                                                     path: [id, .words("copy", PhotoFiles.Copy.allCases.map(\.rawValue), "Which copy")]), photoFile)
        me.delete("/v1/me/body/photos/{id}", Doc("Delete one of my progress photos", [204: "Deleted", 404: "Not mine, or none"], path: [id]), deletePhoto)
    }

    func photos(_: Request, _ me: Principal) async throws -> Reply<Items<BodyPhoto>> {
        Reply(Items(try await body.photos(me)), headers: [("Cache-Control", "no-store")])
    }

    func addPhoto(_ request: Request, _ me: Principal) async throws -> Reply<BodyPhoto> {
        .created(try await body.addPhoto(try request.upload("photo"), day: request.queryItem("day") ?? "", me))
    }

    func photoFile(_ request: Request, _ me: Principal) async throws -> FileReply {
        try await body.photoFile(try request.id("id", "photo"), copy: try request.parameter("copy"), me)
    }

    func deletePhoto(_ request: Request, _ me: Principal) async throws -> Response {
        try await body.deletePhoto(try request.id("id", "photo"), me)
        return .noContent()
    }

    func days(_ request: Request, _ me: Principal) async throws -> Reply<Items<BodyDay>> {
        Reply(Items(try await body.days(before: request.queryItem("before"), limit: request.value("limit", as: Int.self) ?? 400, me)),
              headers: [("Cache-Control", "no-store")])
    }

    func write(_ request: Request, _ me: Principal, _ sent: BodyDayBody) async throws -> Reply<BodyDay> {
        Reply(try await body.write(day: try request.parameter("day"), sent, me))
    }

    func delete(_ request: Request, _ me: Principal) async throws -> Response {
        try await body.delete(day: try request.parameter("day"), me)
        return .noContent()
    }
}
