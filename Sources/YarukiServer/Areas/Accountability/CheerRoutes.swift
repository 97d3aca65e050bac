import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Cheers and pushes between groupmates, and the people I muted.
struct CheerRoutes: RouteCollection {
    let cheers: CheerService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "accountability")
        me.post("/v1/groups/{id}/members/{member}/cheers", Doc("Cheer a groupmate on, or give them a push: once a day each, as a notification and live",
                                                               [201: "Sent", 400: "Not cheer or nudge", 404: "No such group or member",
                                                                422: "Yourself", 429: "Sent today already"]), send)
        me.get("/v1/me/cheers/today", Doc("Whom I cheered or pushed today"), today)
        me.get("/v1/me/mutes", Doc("The people whose cheers I do not get"), mutes)
        me.put("/v1/me/mutes/{user}", Doc("Mute a person's cheers and pushes", [204: "Muted", 404: "No such person", 422: "Yourself"]), mute)
        me.delete("/v1/me/mutes/{user}", Doc("Hear a person's cheers again", [204: "Unmuted", 404: "No such person", 422: "Yourself"]), unmute)
    }

    func send(_ request: Request, _ me: Principal, _ body: CheerBody) async throws -> Reply<CheerSent> {
        .created(try await cheers.send(body.kind, in: try request.id("id", "group"), to: try request.id("member", "member"), by: me))
    }

    func today(_: Request, _ me: Principal) async throws -> Reply<Items<Person>> {
        Reply(Items(try await cheers.sentToday(me).map { Person(id: $0, displayName: "") }))
    }

    func mutes(_: Request, _ me: Principal) async throws -> Reply<Items<Person>> {
        Reply(Items(try await cheers.muted(me)))
    }

    func mute(_ request: Request, _ me: Principal) async throws -> Response {
        try await cheers.mute(try request.id("user", "person"), true, by: me)
        return .noContent()
    }

    func unmute(_ request: Request, _ me: Principal) async throws -> Response {
        try await cheers.mute(try request.id("user", "person"), false, by: me)
        return .noContent()
    }
}
