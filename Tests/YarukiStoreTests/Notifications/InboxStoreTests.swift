import Foundation
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiStore

/// The inbox keeps no column per kind: a subject and a detail. Rows written by the old table move
/// over unchanged in meaning, and what is said about something goes when it is deleted.
@Suite struct InboxStoreTests {
    static func person(_ id: UUID, _ name: String, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO users (id, email, email_key, display_name, time_zone, locale, week_start, role, created_at, updated_at)
            VALUES (?, ?, ?, ?, 'UTC', 'en', 'monday', 'member', 0, 0)
            """, id, "\(name)@example.com", "\(name)@example.com", name)
    }

    @Test(arguments: Engine.allCases)
    func theOldTablesRowsMoveIntoTheInbox(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db, Array(Migrations.all.prefix { $0.version < 30 }))
        let (aki, bo, post, comment, like, cheer) = (UUID(), UUID(), UUID(), UUID(), UUID(), UUID())
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        try await db.transaction { c in
            try Self.person(aki, "aki", c)
            try Self.person(bo, "bo", c)
            try PostStore.insertPost(id: post, author: aki, board: .done, body: "Legs", routine: nil, at: at, c)
            try PostStore.insertComment(id: comment, post: post, author: bo, body: "Strong", at: at, c)
            try c.execute("INSERT INTO notifications (id, user_id, kind, actor_id, post_id, comment_id, created_at) VALUES (?, ?, 'comment', ?, ?, ?, ?)",
                          UUID(), aki, bo, post, comment, at)
            try c.execute("INSERT INTO notifications (id, user_id, kind, actor_id, post_id, read_at, created_at) VALUES (?, ?, 'like', ?, ?, ?, ?)",
                          like, aki, bo, post, at, at.addingTimeInterval(1))
            try c.execute("INSERT INTO notifications (id, user_id, kind, actor_id, created_at) VALUES (?, ?, 'cheer', ?, ?)",
                          cheer, aki, bo, at.addingTimeInterval(2))
        }
        #expect(try await Migrator.migrate(db).map(\.version).first == 30, "30 moves the rows (and any later migration follows)")
        let entries = try await db.read { c in try InboxStore.list(aki, before: nil, limit: 10, c) }
        #expect(entries.map(\.kind) == ["cheer", "like", "comment"])
        #expect(entries.map(\.subjectID) == [nil, post, post])
        #expect(entries.map(\.detailID) == [nil, nil, comment])
        #expect(entries.map(\.read) == [false, true, false])
        #expect(entries.allSatisfy { $0.actorID == bo && $0.actorName == "bo" })
        #expect(try await db.read { c in try InboxStore.unreadCount(aki, c) } == 2)

        // Deleting the comment withdraws what was said of it; deleting the post, the rest about it.
        try await db.transaction { c in _ = try PostStore.deleteComment(comment, by: aki, admin: false, c) }
        #expect(try await db.read { c in try InboxStore.list(aki, before: nil, limit: 10, c) }.map(\.kind) == ["cheer", "like"])
        try await db.transaction { c in _ = try PostStore.deletePost(post, by: aki, admin: false, c) }
        #expect(try await db.read { c in try InboxStore.list(aki, before: nil, limit: 10, c) }.map(\.kind) == ["cheer"])
    }

    @Test(arguments: Engine.allCases)
    func nothingIsSaidOfOnesOwnDoingAndAnUndoTakesItBack(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db)
        let (aki, bo, routine) = (UUID(), UUID(), UUID())
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try await db.transaction { c in
            try Self.person(aki, "aki", c)
            try Self.person(bo, "bo", c)
            #expect(try InboxStore.add("save", to: aki, actor: aki, subject: routine, detail: nil, at: now, c) == nil)
            #expect(try InboxStore.add("save", to: aki, actor: bo, subject: routine, detail: nil, at: now, c) != nil)
            #expect(try InboxStore.add("refund", to: aki, actor: nil, subject: UUID(), detail: nil, at: now, c) != nil)
        }
        #expect(try await db.read { c in try InboxStore.unreadCount(aki, c) } == 2)
        try await db.transaction { c in try InboxStore.withdraw("save", actor: bo, subject: routine, c) }
        #expect(try await db.read { c in try InboxStore.list(aki, before: nil, limit: 10, c) }.map(\.kind) == ["refund"])
        #expect(try await db.transaction { c in try InboxStore.markAllRead(aki, at: now, c) } == 1)
        #expect(try await db.read { c in try InboxStore.unreadCount(aki, c) } == 0)
    }
}
