import Foundation
import YarukiAPI
import YarukiStore

/// Tells a person's screens their unread count changed (`notification` on their event stream).
struct CommunityEvents: Sendable {
    let context: AppContext

    func notify(_ user: UUID) {
        let (database, events) = (context.database, context.events)
        Task {
            guard let unread = try? await database.read({ c in try NotificationStore.unreadCount(user, c) }) else { return }
            events.publish("notification", UnreadCount(unread: unread), to: [user])
        }
    }
}

/// A like that counts (a post's likes) or saves (a routine into the liker's list): one mechanism
/// for both. Liking again changes nothing; the author hears of it once, and taking the like back
/// takes the notification with it. Returns the new count.
struct LikeToggle: Sendable {
    enum Target: Sendable {
        case post, routine

        var link: CountedLink { self == .post ? .postLikes : .routineSaves }
        var kind: NotificationStore.Kind { self == .post ? .like : .save }
    }

    let context: AppContext
    let events: CommunityEvents

    /// `author` finds the target as the person may see it (throwing 404, or a 400 the target's
    /// rules call for) and names its author.
    func set(_ liked: Bool, _ target: Target, _ id: UUID, by principal: Principal,
             author: @escaping @Sendable (SQLConnection) throws -> UUID) async throws -> Int {
        let now = context.now
        let (count, notified) = try await context.transaction(changing: PostService.tags) { c -> (Int, UUID?) in
            let owner = try author(c)
            var notified: UUID?
            if liked {
                if try target.link.add(id, user: principal.userID, at: now, c),
                   try NotificationStore.add(target.kind, to: owner, actor: principal.userID, post: target == .post ? id : nil,
                                             routine: target == .routine ? id : nil, at: now, c) != nil {
                    notified = owner
                }
            } else if try target.link.remove(id, user: principal.userID, c) {
                try NotificationStore.withdraw(target.kind, actor: principal.userID, post: target == .post ? id : nil,
                                               routine: target == .routine ? id : nil, c)
            }
            return (try target.link.count(id, c), notified)
        }
        if let notified { events.notify(notified) }
        return count
    }
}
