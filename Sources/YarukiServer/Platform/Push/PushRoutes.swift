import Foundation
import YarukiAPI
import YarukiHTTP
import YarukiStore

/// The server's push key, and my devices that receive notifications when the app is closed.
struct PushRoutes: RouteCollection {
    let push: WebPush

    func add(to routes: RouteTable) {
        routes.open(tag: "push").get("/v1/push/key", Doc("The server's Web Push key (VAPID), for PushManager.subscribe"), key)
        let me = routes.signedIn(tag: "push")
        me.post("/v1/me/push-subscriptions", Doc("Let this device receive my notifications when the app is closed (its PushSubscription)",
                                                 [201: "Subscribed (the same endpoint again: its keys renewed)",
                                                  400: "Not an https push service, or keys that are not a browser's"]), subscribe)
        me.get("/v1/me/push-subscriptions", Doc("My devices that receive notifications"), devices)
        me.delete("/v1/me/push-subscriptions/{id}", Doc("Stop pushing to one of my devices", [204: "Stopped", 404: "Not mine, or none"]), remove)
    }

    func key(_: Request, _: Visitor) async throws -> Reply<PushKey> {
        Reply(push.publicKey, headers: [("Cache-Control", "public, max-age=3600")])
    }

    func subscribe(_ request: Request, _ me: Principal, _ body: PushSubscriptionBody) async throws -> Reply<PushDevice> {
        .created(try await push.subscribe(body, device: request.headers["User-Agent"].map(PushRoutes.browser) ?? "", by: me))
    }

    func devices(_: Request, _ me: Principal) async throws -> Reply<Items<PushDevice>> {
        Reply(Items(try await push.devices(me)), headers: [("Cache-Control", "no-store")])
    }

    func remove(_ request: Request, _ me: Principal) async throws -> Response {
        try await push.remove(try request.id("id", "device"), me)
        return .noContent()
    }

    /// A short name for a device from its User-Agent ("Chrome on Android"), when it sent none.
    static func browser(_ agent: String) -> String {
        // In this order: Edge also says Chrome/, and Chrome also says Safari/.
        let browser = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari")].first { agent.contains($0.0) }?.1
        let system = [("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Mac OS X", "Mac"), ("Windows", "Windows"), ("Linux", "Linux")]
            .first { agent.contains($0.0) }?.1
        switch (browser, system) {
        case let (b?, s?): return "\(b), \(s)"
        case let (b?, nil): return b
        case let (nil, s?): return s
        default: return "A browser"
        }
    }
}

/// A person's push devices go with their account, and are in their export (without the keys).
struct PushData: PersonalData {
    let database: Database
    var area: String { "push" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        Removed(counts: ["push devices": try PushStore.deleteAll(user: user, c)])
    }

    func export(user: UUID, into folder: ExportFolder) async throws {
        let devices = try await database.read { c in try PushStore.list(user: user, c) }.map(WebPush.device)
        try folder.write("devices.json", devices)
    }
}
