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
    }

    func list(_ request: Request, _ me: Principal) async throws -> Reply<Notifications> {
        Reply(try await inbox.page(me.userID, before: Paging.cursor(request), limit: Paging.limit(request)))
    }

    func markRead(_: Request, _ me: Principal) async throws -> Reply<UnreadCount> {
        try await inbox.markAllRead(me.userID)
        return Reply(UnreadCount(unread: 0))
    }
}
