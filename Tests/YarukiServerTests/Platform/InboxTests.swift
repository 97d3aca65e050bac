import Foundation
import Testing
import YarukiAPI
import YarukiCore
@testable import YarukiServer

/// The inbox's kinds come from the areas; each reads in every language the app speaks, and kinds
/// that batch fold into one line when told outside the list.
@Suite struct InboxTests {
    let kinds = NotificationKinds(Areas.notificationKinds)

    @Test func everyKindIsRegisteredOnceAndReadsInEveryLanguage() {
        let names = Areas.notificationKinds.map(\.name)
        #expect(Set(names).count == names.count, "a kind registered twice: \(names)")
        let expected: Set<String> = ["comment", "like", "save", "cheer", "nudge", "refund", "classMoved", "quotaReminder", "restEnd",
                                     "classTomorrow", "classSoon", "seatBooked", "moderationWarning", "challengeDone", "boardMilestone"]
        #expect(Set(names) == expected)
        for kind in Areas.notificationKinds {
            for language in AppLanguage.allCases {
                #expect(kind.words.one[language]?.isEmpty == false, "\(kind.name) has no words in \(language)")
                if kind.batches { #expect(kind.words.batch[language]?.contains("{count}") == true, "\(kind.name) batches without a count in \(language)") }
            }
        }
    }

    static func item(_ kind: String, _ actor: String?, post: UUID? = nil, classTitle: String? = nil) -> NotificationItem {
        NotificationItem(id: UUID(), kind: kind, actor: actor.map { Person(id: UUID(), displayName: $0) }, postId: post, commentId: nil, routineId: nil,
                         classTitle: classTitle, read: false, createdAt: Date())
    }

    @Test func likesOfOnePostFoldIntoOneLineAndOthersStayApart() {
        let (legs, arms) = (UUID(), UUID())
        let items = [Self.item("like", "Mina", post: legs), Self.item("cheer", "Jiwoo"), Self.item("like", "Ren", post: legs),
                     Self.item("like", "Aki", post: arms), Self.item("like", "Bo", post: legs), Self.item("refund", nil, classTitle: "Yoga"),
                     Self.item("cheer", "Ren"), Self.item("somethingRetired", "Mina")]
        #expect(kinds.lines(items, in: .en) == ["Mina and 2 more liked your post", "Jiwoo cheered you on", "Aki liked your post",
                                                "Refund for Yoga", "Ren cheered you on"])
        #expect(kinds.lines(items, in: .ja) == ["Minaさんほか2人があなたの投稿にいいねしました", "Jiwooさんが応援しています", "Akiさんがあなたの投稿にいいねしました",
                                                "Yogaの返金", "Renさんが応援しています"])
        #expect(kinds.lines(items, in: .ko) == ["Mina님 외 2명이 내 글을 좋아해요", "Jiwoo님이 응원했어요", "Aki님이 내 글을 좋아해요",
                                                "Yoga 환불", "Ren님이 응원했어요"])
    }
}
