import Foundation
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiStore

/// A board page reads each post's photos from the post's photo list: kept by every change of a
/// post's photos, and made by the migration for the posts written before it, on both engines.
@Suite struct PostStoreTests {
    /// Four photos of `owner`'s, each its own file (named from `files` and its number) and size.
    static func photos(_ db: Database, owner: UUID, files: Character) async throws -> [PostStore.PhotoRow] {
        let photos = (0..<4).map { i in
            PostStore.PhotoRow(id: UUID(), ownerID: owner, sha256: String(repeating: files, count: 63) + "\(i)", width: 1000 + i, height: 700 + i,
                               size: 20_000 + i, postID: nil, position: 0)
        }
        try await db.transaction { c in
            for p in photos {
                try PostStore.insertPhoto(id: p.id, owner: owner, sha256: p.sha256, width: p.width, height: p.height, size: p.size, at: Date(), c)
            }
        }
        return photos
    }

    /// The page's posts (newest first) and their photos as the page shows them.
    static func page(_ db: Database, viewer: UUID) async throws -> [(post: UUID, photos: [PostStore.PhotoRow])] {
        try await db.read { c in try PostStore.feed(viewer: viewer, board: nil, author: nil, before: nil, limit: 20, c) }.map { ($0.post.id, $0.photos) }
    }

    /// `photos` as `post`'s, in this order.
    static func on(_ post: UUID, _ photos: [PostStore.PhotoRow]) -> [PostStore.PhotoRow] {
        photos.enumerated().map { i, p in
            var p = p
            (p.postID, p.position) = (post, i)
            return p
        }
    }

    @Test(arguments: Engine.allCases)
    func thePhotoListFollowsEveryChangeOfAPostsPhotos(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db)
        let (aki, bo) = (try await person(db, 1), try await person(db, 2))
        let (mine, theirs) = (try await Self.photos(db, owner: aki, files: "a"), try await Self.photos(db, owner: bo, files: "b"))
        let (first, second, other) = (UUID(), UUID(), UUID())
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func set(_ post: UUID, _ photos: [PostStore.PhotoRow]) async throws -> [String] {
            try await db.transaction { c in try PostStore.setPhotos(post: post, photos.map(\.id), c) }
        }
        try await db.transaction { c in
            try PostStore.insertPost(id: first, author: aki, board: .done, body: "one", routine: nil, at: start, c)
            try PostStore.insertPost(id: second, author: aki, board: .talk, body: "two", routine: nil, at: start.addingTimeInterval(1), c)
            try PostStore.insertPost(id: other, author: bo, board: .done, body: "three", routine: nil, at: start.addingTimeInterval(2), c)
        }
        _ = try await set(first, [mine[2], mine[0], mine[1]])
        _ = try await set(other, [theirs[3]])
        var page = try await Self.page(db, viewer: aki)
        #expect(page.map(\.post) == [other, second, first])
        #expect(page[2].photos == Self.on(first, [mine[2], mine[0], mine[1]]), "in the order put on the post, each with its own file and size")
        #expect(page[1].photos.isEmpty && page[0].photos == Self.on(other, [theirs[3]]))

        // Reordered, one dropped and one added: the dropped photo's file is no longer used.
        let unused = try await set(first, [mine[1], mine[3], mine[2]])
        #expect(unused == [mine[0].sha256])
        page = try await Self.page(db, viewer: aki)
        #expect(page[2].photos == Self.on(first, [mine[1], mine[3], mine[2]]))
        #expect(page[0].photos == Self.on(other, [theirs[3]]), "another post's list stays as it was")

        _ = try await set(first, [])
        page = try await Self.page(db, viewer: aki)
        #expect(page[2].photos.isEmpty)
    }

    @Test(arguments: Engine.allCases)
    func theMigrationListsThePhotosOfThePostsWrittenBeforeIt(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db, Array(Migrations.all.prefix { $0.version < 53 }))
        let aki = try await person(db, 1)
        let photos = try await Self.photos(db, owner: aki, files: "a")
        let (with, without) = (UUID(), UUID())
        try await db.transaction { c in
            for (id, at) in [(with, 1_800_000_000_000), (without, 1_800_000_001_000)] {
                try c.execute("INSERT INTO posts (id, author_id, board, body, created_at, updated_at) VALUES (?, ?, 'done', '', ?, ?)", id, aki, at, at)
            }
            // Put on the post out of the order they were made in.
            for (position, photo) in [photos[3], photos[1], photos[0]].enumerated() {
                try c.execute("UPDATE photos SET post_id = ?, position = ? WHERE id = ?", with, position, photo.id)
            }
        }
        #expect(try await Migrator.migrate(db).map(\.version).first == 53)
        let page = try await Self.page(db, viewer: aki)
        #expect(page.map(\.post) == [without, with])
        #expect(page[0].photos.isEmpty)
        #expect(page[1].photos == Self.on(with, [photos[3], photos[1], photos[0]]))
    }

    /// A photo list is read field by field from its bytes: one that is not "id sha256 width height
    /// size" a line (a field missing or extra, a number that is not one, a short hash) fails the
    /// page with a decoding error rather than showing a photo made up from it.
    @Test func aPhotoListThatIsNotOneFailsThePage() async throws {
        let db = try await freshDatabase(.sqlite)
        _ = try await Migrator.migrate(db)
        let aki = try await person(db, 1)
        let post = UUID()
        try await db.transaction { c in
            try PostStore.insertPost(id: post, author: aki, board: .done, body: "one", routine: nil, at: Date(timeIntervalSince1970: 1_800_000_000), c)
        }
        let (id, other, sha) = (UUID(), UUID(), String(repeating: "c", count: 64))
        func listed(_ list: String) async throws -> [PostStore.PhotoRow] {
            try await db.transaction { c in try c.execute("UPDATE posts SET photo_list = ? WHERE id = ?", list, post) }
            return try #require(try await Self.page(db, viewer: aki).first).photos
        }
        let good = "\(id.lowercasedString) \(sha) 1280 960 20000\n\(other.lowercasedString) \(sha) 1 2 3"
        let read = try await listed(good + "\n")
        #expect(read.map(\.id) == [id, other] && read.map(\.sha256) == [sha, sha])
        #expect(read.map(\.width) == [1280, 1] && read.map(\.height) == [960, 2] && read.map(\.size) == [20000, 3] && read.map(\.position) == [0, 1])
        #expect(try await listed("").isEmpty)
        for bad in ["\(id.lowercasedString) \(sha) 1280 960", "\(id.lowercasedString) \(sha) 1280 960 20000 7",
                    "\(id.lowercasedString) \(sha) 1280 9x0 20000", "\(id.lowercasedString) \(sha.dropLast()) 1280 960 20000",
                    "not-an-id \(sha) 1280 960 20000", good + "\n\(id.lowercasedString)  \(sha) 1 2 3"] {
            await #expect(throws: DatabaseError.self, "\(bad)") { _ = try await listed(bad) }
        }
    }
}
