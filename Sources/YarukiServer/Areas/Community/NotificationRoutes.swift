import Foundation
import YarukiAPI
import YarukiHTTP
import YarukiStore

/// My notifications: comments on my posts, likes of them, saves of my routines, refunds of my class orders; the unread count
/// also arrives on my event stream (`notification`) as each one is made.
struct NotificationRoutes: RouteCollection {
    let context: AppContext

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "community")
        me.get("/v1/notifications", Doc("My notifications, newest first, with the unread count", [200: "A page", 400: "A bad limit or cursor"],
                                        query: [.limit(), .cursor]), list)
        me.post("/v1/notifications/read", Doc("Mark all my notifications read"), markRead)
    }

    func list(_ request: Request, _ me: Principal) async throws -> Reply<Notifications> {
        let limit = try Paging.limit(request)
        let before = try Paging.cursor(request)
        let (items, unread) = try await context.database.read { c in
            (try NotificationStore.list(me.userID, before: before, limit: limit + 1, c), try NotificationStore.unreadCount(me.userID, c))
        }
        let page = Paging.page(items, limit: limit, key: { ($0.createdAt, $0.id) }) { n in
            NotificationItem(id: n.id, kind: n.kind.rawValue, actor: n.actorID.map { Person(id: $0, displayName: n.actorName ?? "") },
                             postId: n.postID, commentId: n.commentID, routineId: n.routineID, orderId: n.orderID, reason: n.orderReason,
                             classTitle: n.classTitle, classId: n.classID, classStartsAt: n.classStartsAt, classTimeZone: n.classTimeZone,
                             read: n.read, createdAt: n.createdAt)
        }
        return Reply(Notifications(items: page.items, unread: unread, nextCursor: page.nextCursor))
    }

    func markRead(_: Request, _ me: Principal) async throws -> Reply<UnreadCount> {
        let now = context.now
        _ = try await context.database.transaction { c in try NotificationStore.markAllRead(me.userID, at: now, c) }
        return Reply(UnreadCount(unread: 0))
    }
}
