import Foundation
import YarukiHTTP
import YarukiStore

/// My notifications: comments on my posts, likes of them, saves of my routines; the unread count
/// also arrives on my event stream (`notification`) as each one is made.
struct NotificationRoutes {
    let auth: AuthService
    var database: Database { auth.database }

    struct Item: Encodable {
        var id: UUID
        var kind: String
        var actor: PostRoutes.Author?
        var postId: UUID?
        var commentId: UUID?
        var routineId: UUID?
        var read: Bool
        var createdAt: Date
    }

    func add(to router: inout Router) {
        let routes = self
        router.get("/v1/notifications", RouteDoc("My notifications, newest first (?cursor=, ?limit=), with the unread count", tag: "community",
                                                 responseBody: OpenAPI.object(["items": .array(.object), "unread": .integer, "nextCursor": .string]),
                                                 authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let limit = try PostRoutes.limit(request)
            let before = try PostRoutes.cursor(request.queryItem("cursor"))
            let (items, unread) = try await routes.database.read { c in
                (try NotificationStore.list(principal.userID, before: before, limit: limit + 1, c), try NotificationStore.unreadCount(principal.userID, c))
            }
            let shown = items.prefix(limit)
            struct Page: Encodable { var items: [Item]; var unread: Int; var nextCursor: String? }
            return try .json(Page(items: shown.map { n in
                Item(id: n.id, kind: n.kind.rawValue, actor: n.actorID.map { PostRoutes.Author(id: $0, displayName: n.actorName ?? "") },
                     postId: n.postID, commentId: n.commentID, routineId: n.routineID, read: n.read, createdAt: n.createdAt)
            }, unread: unread, nextCursor: items.count > limit ? shown.last.map { PostRoutes.cursor($0.createdAt, $0.id) } : nil))
        }
        router.post("/v1/notifications/read", RouteDoc("Mark all my notifications read", tag: "community",
                                                       responseBody: OpenAPI.object(["unread": .integer]), authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let now = routes.auth.clock()
            _ = try await routes.database.transaction { c in try NotificationStore.markAllRead(principal.userID, at: now, c) }
            struct Reply: Encodable { var unread: Int }
            return try .json(Reply(unread: 0))
        }
    }
}

extension EventHub {
    /// Tells `user`'s screens their unread count changed.
    func notify(_ user: UUID, _ database: Database) {
        Task {
            guard let unread = try? await database.read({ c in try NotificationStore.unreadCount(user, c) }) else { return }
            struct Change: Encodable { var unread: Int }
            publish("notification", Change(unread: unread), to: [user])
        }
    }
}
