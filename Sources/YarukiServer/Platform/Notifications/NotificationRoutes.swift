import Foundation
import YarukiAPI
import YarukiHTTP
import YarukiStore

/// My notifications, of every kind the areas register (comments, likes, saves, cheers, refunds,
/// classes moved…); the unread count also arrives on my event stream (`notification`) as each
/// one is made.
struct NotificationRoutes: RouteCollection {
    let inbox: Inbox

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "community")
        me.get("/v1/notifications", Doc("My notifications, newest first, with the unread count", [200: "A page", 400: "A bad limit or cursor"],
                                        query: [.limit(), .cursor]), list)
        me.post("/v1/notifications/read", Doc("Mark all my notifications read"), markRead)
        me.get("/v1/me/notification-settings", Doc("How I want each kind of notification, and my quiet hours"), settings)
        me.put("/v1/me/notification-settings", Doc("Choose push, in the app only or off for kinds of notification, and quiet hours (left out: none)",
                                                   [200: "Saved", 400: "An unknown kind or mode, or a time that is not HH:MM",
                                                    422: "Quiet hours that start and end at the same time"]), setSettings)
    }

    func list(_ request: Request, _ me: Principal) async throws -> Reply<Notifications> {
        Reply(try await inbox.page(me.userID, before: Paging.cursor(request), limit: Paging.limit(request)))
    }

    func settings(_: Request, _ me: Principal) async throws -> Reply<NotificationSettings> {
        Reply(try await inbox.settings(me.userID), headers: [("Cache-Control", "no-store")])
    }

    func setSettings(_: Request, _ me: Principal, _ body: NotificationSettings) async throws -> Reply<NotificationSettings> {
        Reply(try await inbox.setSettings(body, for: me.userID, at: me.now))
    }

    func markRead(_: Request, _ me: Principal) async throws -> Reply<UnreadCount> {
        try await inbox.markAllRead(me.userID)
        return Reply(UnreadCount(unread: 0))
    }
}
