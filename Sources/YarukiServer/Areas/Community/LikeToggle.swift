import Foundation
import YarukiAPI
import YarukiStore

/// A like that counts (a post's likes) or saves (a routine into the liker's list): one mechanism
/// for both. Liking again changes nothing; the author hears of it once, and taking the like back
/// takes the notification with it. Returns the new count.
struct LikeToggle: Sendable {
    enum Target: Sendable {
        case post, routine

        var link: CountedLink { self == .post ? .postLikes : .routineSaves }
        var kind: NotificationKind { self == .post ? CommunityNotices.like : CommunityNotices.save }
    }

    let context: AppContext
    let inbox: Inbox

    /// `author` finds the target as the person may see it (throwing 404, or a 400 the target's
    /// rules call for) and names its author.
    func set(_ liked: Bool, _ target: Target, _ id: UUID, by principal: Principal,
             author: @escaping @Sendable (SQLConnection) throws -> UUID) async throws -> Int {
        let now = context.now
        let (count, notice) = try await context.transaction(changing: PostService.tags) { c -> (Int, Notice?) in
            let owner = try author(c)
            var notice: Notice?
            if liked {
                if try target.link.add(id, user: principal.userID, at: now, c) {
                    notice = try inbox.add(target.kind, to: owner, actor: principal.userID, subject: id, at: now, c)
                }
            } else if try target.link.remove(id, user: principal.userID, c) {
                try inbox.withdraw(target.kind, actor: principal.userID, subject: id, c)
            }
            return (try target.link.count(id, c), notice)
        }
        inbox.deliver([notice])
        return count
    }
}
