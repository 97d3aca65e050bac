import Foundation
import YarukiHTTP
import YarukiStore

/// `GET /v1/events`: the signed-in person's own stream of what changed. A browser's EventSource
/// cannot send headers, so the access token may come as `?access_token=` (RFC 6750 §2.3); the
/// access log records paths without their query.
struct EventRoutes {
    let auth: AuthService
    let hub: EventHub

    func add(to router: inout Router) {
        let routes = self
        router.get("/v1/events", RouteDoc("My event stream (Server-Sent Events): standings changes in my groups, …", tag: "realtime",
                                          responses: [200: "The stream", 401: "Not signed in"], produces: "text/event-stream",
                                          authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request.bearerFromQuery())
            let hub = routes.hub
            return .eventStream { stream in hub.attach(stream, for: principal.userID) }
        }
    }
}

extension EventHub {
    /// Tells everyone who shares a group with `user` that the standings changed.
    /// Someone left (or was removed from) `group`: the rest see the standings change, and the
    /// one who left sees the group go from their screens.
    func memberLeft(_ user: UUID, group: UUID, notifying members: [UUID]) {
        struct Change: Encodable { var group: UUID; var member: UUID; var left: Bool }
        publish("standings", Change(group: group, member: user, left: true), to: members)
    }

    func standingsChanged(of user: UUID, _ database: Database) async {
        guard let rows = try? await database.read({ c in try GroupStore.groupmates(of: user, c) }) else { return }
        for (group, members) in rows {
            struct Change: Encodable { var group: UUID; var member: UUID }
            publish("standings", Change(group: group, member: user), to: members)
        }
    }
}

extension Request {
    /// EventSource cannot send headers: its access token may come as `?access_token=` (RFC 6750
    /// §2.3). The request as if the token had come in the Authorization header.
    func bearerFromQuery() -> Request {
        guard headers["Authorization"] == nil, let token = queryItem("access_token") else { return self }
        var signed = self
        var headers = headers
        headers.set("Authorization", "Bearer \(token)")
        signed.headers = headers
        return signed
    }
}
