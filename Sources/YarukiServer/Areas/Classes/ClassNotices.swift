import Foundation
import YarukiAPI
import YarukiStore

/// What Classes tells people in the inbox, the server speaking (no actor): an order's money given
/// back (the order's reason says why), a class they paid for moved to another time, and one
/// starting tomorrow or within the hour. The
/// subject is the order; a page's items learn their class in one read.
enum ClassNotices {
    static let refund = NotificationKind("refund", words: .init(one: [
        .en: "Refund for {title}", .ja: "{title}の返金", .ko: "{title} 환불",
    ]), opens: { _ in "/#/classes?tab=mine" }, describe: describe)

    static let classMoved = NotificationKind("classMoved", words: .init(one: [
        .en: "{title} moved to a new time", .ja: "{title}の日時が変更されました", .ko: "{title} 일정이 바뀌었어요",
    ]), opens: theClass, describe: describe)

    /// A class I hold a seat in starts tomorrow, or within the hour (`ClassReminders`).
    static let classTomorrow = NotificationKind("classTomorrow", words: .init(one: [
        .en: "Tomorrow at {time}: {title}", .ja: "明日{time}から「{title}」", .ko: "내일 {time}: {title}",
    ]), opens: theClass, describe: describe)

    static let classSoon = NotificationKind("classSoon", words: .init(one: [
        .en: "{title} starts at {time}, within the hour", .ja: "「{title}」は{time}から。まもなく始まります", .ko: "{title}, {time}에 곧 시작해요",
    ]), opens: theClass, describe: describe)

    /// My payment went through and the seat is mine (decided by the provider, maybe after I left the page).
    static let seatBooked = NotificationKind("seatBooked", words: .init(one: [
        .en: "You're booked: {title}, {time}", .ja: "予約が確定しました：「{title}」{time}", .ko: "예약이 확정됐어요: {title}, {time}",
    ]), opens: theClass, describe: describe)

    static let all = [seatBooked, refund, classMoved, classTomorrow, classSoon]

    static let theClass: @Sendable (NotificationItem) -> String = { item in item.classId.map { "/#/class/\($0.lowercasedString)" } ?? "/#/classes?tab=mine" }

    private static func describe(_ items: [NotificationItem], _ entries: [InboxStore.Entry], _ c: SQLConnection) throws -> [NotificationItem] {
        let notes = try ClassStore.orderNotes(entries.compactMap(\.subjectID), c)
        return zip(items, entries).map { item, entry in
            var item = item
            item.orderId = entry.subjectID
            if let order = entry.subjectID, let note = notes[order] {
                (item.reason, item.classTitle, item.classId, item.classStartsAt, item.classTimeZone) =
                    (note.reason, note.title, note.classID, note.startsAt, note.timeZone)
            }
            return item
        }
    }
}
