import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// `/v1/me/body`: the body-measure log.
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
