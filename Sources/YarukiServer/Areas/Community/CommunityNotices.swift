import Foundation
import YarukiAPI
import YarukiStore

/// What Community tells people in the inbox: a comment on their post (subject the post, detail
/// the comment), a like of it, a save of their routine. Likes and saves fold into one when told
/// outside the list.
enum CommunityNotices {
    static let comment = NotificationKind("comment", words: .init(one: [
        .en: "{name} commented on your post", .ja: "{name}さんがあなたの投稿にコメントしました", .ko: "{name}님이 내 글에 댓글을 달았어요",
    ], batch: [
        .en: "{name} and {count} more commented on your post", .ja: "{name}さんほか{count}人があなたの投稿にコメントしました",
        .ko: "{name}님 외 {count}명이 내 글에 댓글을 달았어요",
    ]), batches: true, opens: post) { item, entry in (item.postId, item.commentId) = (entry.subjectID, entry.detailID) }

    static let like = NotificationKind("like", words: .init(one: [
        .en: "{name} liked your post", .ja: "{name}さんがあなたの投稿にいいねしました", .ko: "{name}님이 내 글을 좋아해요",
    ], batch: [
        .en: "{name} and {count} more liked your post", .ja: "{name}さんほか{count}人があなたの投稿にいいねしました",
        .ko: "{name}님 외 {count}명이 내 글을 좋아해요",
    ]), batches: true, opens: post) { item, entry in item.postId = entry.subjectID }

    static let save = NotificationKind("save", words: .init(one: [
        .en: "{name} saved your routine", .ja: "{name}さんがあなたのルーティンを保存しました", .ko: "{name}님이 내 루틴을 저장했어요",
    ], batch: [
        .en: "{name} and {count} more saved your routine", .ja: "{name}さんほか{count}人があなたのルーティンを保存しました",
        .ko: "{name}님 외 {count}명이 내 루틴을 저장했어요",
    ]), batches: true, opens: { _ in "/#/routines?tab=mine" }) { item, entry in item.routineId = entry.subjectID }

    /// An admin's warning about a reported post or comment (subject the post), from the moderation page.
    static let warning = NotificationKind("moderationWarning", words: .init(one: [
        .en: "An admin warned you: a post or comment of yours breaks the community's rules",
        .ja: "管理者からの警告: あなたの投稿またはコメントがコミュニティのルールに反しています",
        .ko: "관리자 경고: 내 글이나 댓글이 커뮤니티 규칙에 어긋나요",
    ]), opens: post) { item, entry in item.postId = entry.subjectID }

    static let all = [comment, like, save, warning]

    private static let post: @Sendable (NotificationItem) -> String = { item in item.postId.map { "/#/post/\($0.lowercasedString)" } ?? "/#/notifications" }
}
