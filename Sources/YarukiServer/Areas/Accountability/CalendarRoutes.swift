import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The month calendar, a day's detail, and the private calendar feed.
struct CalendarRoutes: RouteCollection {
    let calendar: CalendarService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "accountability")
        me.get("/v1/calendar", Doc("A month: proofs and workouts per day", [200: "The month", 400: "Not a month"],
                                   query: [.text("month", .matching(PersonalCalendar.monthPattern), "YYYY-MM, from 1900 to 2999 (this month when left out)")]),
               month)
        me.get("/v1/calendar/{date}", Doc("One day: its proofs (with playback links) and workouts", [200: "The day", 400: "Not a date"],
                                          path: [.day("date", "The day, YYYY-MM-DD")]), day)
        me.get("/v1/me/calendar-feed", Doc("Whether my private calendar feed is on, since when and when it was last read"), feedState)
        me.post("/v1/me/calendar-feed", Doc("A new private calendar feed link (shown once); any earlier link stops working",
                                            [201: "The link, relative to this server"]), newFeed)
        me.delete("/v1/me/calendar-feed", Doc("Turn my calendar feed off: its link answers 404 from now on", [204: "Off"]), stopFeed)
        // The link itself is the secret (a calendar app cannot sign in).
        routes.open(tag: "accountability").get("/v1/calendar/feed/{file}", Doc("A private calendar feed: one all-day event per training day",
                                                                               [200: "The feed", 404: "No such feed (or revoked)"],
                                                                               produces: "text/calendar",
                                                                               path: [.text("file", FieldRule(), "The feed's secret, as its link names it")],
                                                                               secretPath: true), feed)
    }

    func month(_ request: Request, _ me: Principal) async throws -> Reply<CalendarMonth> {
        Reply(try await calendar.month(request.queryItem("month"), me))
    }

    func day(_ request: Request, _ me: Principal) async throws -> Reply<CalendarDay> {
        Reply(try await calendar.day(try request.parameter("date"), me))
    }

    func feedState(_: Request, _ me: Principal) async throws -> Reply<CalendarFeedState> {
        Reply(try await calendar.feedState(me))
    }

    func newFeed(_: Request, _ me: Principal) async throws -> Reply<CalendarFeedLink> {
        .created(try await calendar.newFeed(me))
    }

    func stopFeed(_: Request, _ me: Principal) async throws -> Response {
        try await calendar.stopFeed(me)
        return .noContent()
    }

    func feed(_ request: Request, _: Visitor) async throws -> Response {
        let file = try request.parameter("file")
        var response = Response.text(try await calendar.feed(token: file.hasSuffix(".ics") ? String(file.dropLast(4)) : file),
                                     contentType: "text/calendar; charset=utf-8")
        response.headers.add("Cache-Control", "private, max-age=300")
        response.headers.add("Content-Disposition", "inline; filename=\"yaruki.ics\"")
        return response
    }
}
