import Foundation
import YarukiAPI
import YarukiHTTP

/// `GET /v1/events`: the signed-in person's own stream of what changed. A browser's EventSource
/// cannot send headers, so the access token may come as `?access_token=` (RFC 6750 §2.3); the
/// access log records paths without their query.
struct EventRoutes: RouteCollection {
    let context: AppContext

    func add(to routes: RouteTable) {
        routes.group(routes.accesses.events, tag: "realtime")
            .get("/v1/events", Doc("My event stream (Server-Sent Events, resumed after `Last-Event-ID`): `standings` when something changes "
                                   + "in one of my groups, `notification` with my unread count, `sync` when one of my zones changed (a hint without "
                                   + "an id, not sent again after a reconnect: pull on `ready` too)",
                                   [200: "The stream", 401: "Not signed in"], produces: "text/event-stream"),
                 stream)
    }

    func stream(_: Request, _ me: Principal) async throws -> Response {
        let hub = context.events
        return .eventStream { stream in Task { await hub.attach(stream, for: me.userID) } }
    }
}
