import Foundation
import YarukiCore
import YarukiJSON

/// Posts, their photos, comments and likes. What a viewer may see is decided here, in SQL, for
/// every read: hidden rows (reported, awaiting an admin) and anything between two people where
/// one blocked the other never leave the database.
public enum PostStore {
    public struct PhotoRow: Sendable, Equatable {
        public var id: UUID
        public var ownerID: UUID
        public var sha256: String
        public var width: Int
        public var height: Int
        public var size: Int
        public var postID: UUID?
        public var position: Int

        public init(id: UUID, ownerID: UUID, sha256: String, width: Int, height: Int, size: Int, postID: UUID?, position: Int) {
            self.id = id
            self.ownerID = ownerID
            self.sha256 = sha256
            self.width = width
            self.height = height
            self.size = size
            self.postID = postID
            self.position = position
        }
    }

    public struct PostRow: Sendable, Equatable {
        public var id: UUID
        public var authorID: UUID
        public var authorName: String
        public var board: Board
        public var body: String
        public var routineID: UUID?
        public var likeCount: Int
        public var commentCount: Int
        public var likedByMe: Bool
        public var createdAt: Date
        public var updatedAt: Date
    }

    public struct CommentRow: Sendable, Equatable {
        public var id: UUID
        public var postID: UUID
        public var authorID: UUID
        public var authorName: String
        public var body: String
        public var createdAt: Date

        public init(id: UUID, postID: UUID, authorID: UUID, authorName: String, body: String, createdAt: Date) {
            self.id = id
            self.postID = postID
            self.authorID = authorID
            self.authorName = authorName
            self.body = body
            self.createdAt = createdAt
        }
    }

    // MARK: photos

    public static func insertPhoto(id: UUID, owner: UUID, sha256: String, width: Int, height: Int, size: Int, at now: Date,
                                   _ c: SQLConnection) throws {
        try c.execute("INSERT INTO photos (id, owner_id, sha256, width, height, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                      id, owner, sha256, width, height, size, now)
    }

    private static func photo(_ r: Row) throws -> PhotoRow {
        PhotoRow(id: try r.uuid("id"), ownerID: try r.uuid("owner_id"), sha256: try r.string("sha256"), width: try r.int("width"),
                 height: try r.int("height"), size: try r.int("size"), postID: try r.optionalString("post_id").flatMap(UUID.init(strict:)),
                 position: try r.int("position"))
    }

    static let photoColumns = "id, owner_id, sha256, width, height, size, post_id, position"

    /// The photos among `ids` that `owner` uploaded.
    public static func photos(_ ids: [UUID], owner: UUID, _ c: SQLConnection) throws -> [PhotoRow] {
        guard !ids.isEmpty else { return [] }
        return try c.query("SELECT \(photoColumns) FROM photos WHERE owner_id = ? AND id IN (\(SQLFragment.marks(ids.count)))",
                           [owner.sqlValue] + ids.map(\.sqlValue)).map(photo)
    }

    public static func photo(_ id: UUID, _ c: SQLConnection) throws -> PhotoRow? {
        try c.queryOne("SELECT \(photoColumns) FROM photos WHERE id = ?", id).map(photo)
    }

    /// The photos of each post, in order.
    public static func photos(posts: [UUID], _ c: SQLConnection) throws -> [UUID: [PhotoRow]] {
        guard !posts.isEmpty else { return [:] }
        var found: [UUID: [PhotoRow]] = [:]
        for row in try c.query("SELECT \(photoColumns) FROM photos WHERE post_id IN (\(SQLFragment.marks(posts.count))) ORDER BY post_id, position",
                               posts.map(\.sqlValue)) {
            let p = try photo(row)
            if let post = p.postID { found[post, default: []].append(p) }
        }
        return found
    }

    /// Sets a post's photos to `ids`, in that order; photos it had before and no longer lists are
    /// deleted. Returns the files no photo uses any more.
    public static func setPhotos(post: UUID, _ ids: [UUID], _ c: SQLConnection) throws -> [String] {
        let before = try c.query("SELECT \(photoColumns) FROM photos WHERE post_id = ?", post).map(photo)
        let dropped = before.filter { !ids.contains($0.id) }
        for gone in dropped { try c.execute("DELETE FROM photos WHERE id = ?", gone.id) }
        for (position, id) in ids.enumerated() {
            try c.execute("UPDATE photos SET post_id = ?, position = ? WHERE id = ?", post, position, id)
        }
        try c.execute(photoListStatement(c.dialect, "id = ?"), post)
        return try MediaFileStore.unusedPhotos(Set(dropped.map(\.sha256)), c)
    }

    /// Sets the photo list (`photo_list`: a line a photo, "id sha256 width height size", in order;
    /// empty without photos) of the posts `condition` picks, from their photos.
    static func photoListStatement(_ dialect: SQLDialect, _ condition: String) -> String {
        let list = SQLFragment.lines(dialect, of: "f.id || ' ' || f.sha256 || ' ' || f.width || ' ' || f.height || ' ' || f.size",
                                     from: "photos f WHERE f.post_id = posts.id", orderedBy: "f.position")
        return "UPDATE posts SET photo_list = COALESCE(\(list), '') WHERE \(condition)"
    }

    /// A post's photos from its photo list: `author`'s (a post's photos are its author's), in order.
    /// Read from the text's bytes, a field at a time: splitting it as strings took longer than the
    /// statement, and splitting the bytes into arrays of slices was five allocations a post, a
    /// third of a board page's.
    private static func photos(list r: Row, post: UUID, author: UUID) throws -> [PhotoRow] {
        try r.withText("photo_list") { text in
            var photos: [PhotoRow] = []
            var rest = text[...]
            while !rest.isEmpty {
                let end = rest.firstIndex(of: 10) ?? rest.endIndex
                var line = rest[..<end]
                rest = rest[(end < rest.endIndex ? end + 1 : end)...]
                guard !line.isEmpty else { continue }
                func field() -> Slice<UnsafeBufferPointer<UInt8>> {
                    let end = line.firstIndex(of: 32) ?? line.endIndex
                    defer { line = line[(end < line.endIndex ? end + 1 : end)...] }
                    return line[..<end]
                }
                let (id, sha) = (field(), field())
                guard let id = UUID(strictUTF8: UnsafeBufferPointer(rebasing: id)), sha.count == 64,
                      let width = number(field()), let height = number(field()), let size = number(field()), line.isEmpty else {
                    throw DatabaseError.decoding("a post's photo list is not one")
                }
                photos.append(PhotoRow(id: id, ownerID: author, sha256: String(decoding: sha, as: UTF8.self), width: width, height: height,
                                       size: size, postID: post, position: photos.count))
            }
            return photos
        }
    }

    /// Decimal digits' value; nil for anything else (or none).
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !digits.isEmpty, digits.count < 19 else { return nil }
        var value = 0
        for d in digits {
            guard d >= 48, d <= 57 else { return nil }
            value = value * 10 + Int(d - 48)
        }
        return value
    }

    // MARK: posts

    public static func insertPost(id: UUID, author: UUID, board: Board, body: String, routine: UUID?, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO posts (id, author_id, board, body, routine_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, id, author, board.rawValue, body, routine, now, now)
    }

    /// True when the post is the person's own.
    public static func isAuthor(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT 1 AS one FROM posts WHERE id = ? AND author_id = ?", id, user) != nil
    }

    /// Changes the author's own post; false when it is not theirs (or gone).
    public static func updatePost(_ id: UUID, author: UUID, board: Board, body: String, routine: UUID?, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE posts SET board = ?, body = ?, routine_id = ?, updated_at = ? WHERE id = ? AND author_id = ?",
                      board.rawValue, body, routine, now, id, author) == 1
    }

    /// Deletes a post (its photos, comments and likes go with it, and the reports of it and of
    /// its comments); nil when `by` may not. Returns the files no photo uses any more.
    public static func deletePost(_ id: UUID, by user: UUID, admin: Bool, _ c: SQLConnection) throws -> [String]? {
        guard let owner = try c.queryOne("SELECT author_id FROM posts WHERE id = ?", id)?.uuid("author_id"), owner == user || admin else { return nil }
        let shas = Set(try c.query("SELECT sha256 FROM photos WHERE post_id = ?", id).map { try $0.string("sha256") })
        try c.execute("""
            DELETE FROM reports WHERE (target_kind = 'post' AND target_id = ?)
              OR (target_kind = 'comment' AND target_id IN (SELECT id FROM comments WHERE post_id = ?))
            """, id, id)
        try InboxStore.withdraw(about: id, c)
        try c.execute("DELETE FROM posts WHERE id = ?", id)
        return try MediaFileStore.unusedPhotos(shas, c)
    }

    static let postColumns = """
        p.id, p.author_id, u.display_name, p.board, p.body, p.routine_id, p.like_count, p.comment_count, p.created_at, p.updated_at,
        EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ?) AS liked
        """

    private static func post(_ r: Row) throws -> PostRow {
        guard let board = Board(rawValue: try r.string("board")) else { throw DatabaseError.decoding("a post's board is not known") }
        return PostRow(id: try r.uuid("id"), authorID: try r.uuid("author_id"), authorName: try r.string("display_name"), board: board,
                       body: try r.string("body"), routineID: try r.optionalString("routine_id").flatMap(UUID.init(strict:)),
                       likeCount: try r.int("like_count"), commentCount: try r.int("comment_count"), likedByMe: try r.bool("liked"),
                       createdAt: try r.date("created_at"), updatedAt: try r.date("updated_at"))
    }

    /// A post as `viewer` sees it; nil when hidden from them (or gone).
    public static func post(_ id: UUID, viewer: UUID, _ c: SQLConnection) throws -> PostRow? {
        try c.queryOne("""
            SELECT \(postColumns) FROM posts p JOIN users u ON u.id = p.author_id
            WHERE p.id = ? AND (p.hidden = 0 OR p.author_id = ?) AND \(SafetyStore.unblocked("p.author_id"))
            """, viewer, id, viewer, viewer, viewer).map(post)
    }

    /// Newest first, `limit` posts strictly older than `before` (created_at, id): a cursor that
    /// neither repeats nor skips a post while new ones arrive above it. `board` and `author` narrow it.
    /// Each comes with its photos, in order, from its photo list: one row a post.
    public static func feed(viewer: UUID, board: Board?, author: UUID?, before: (Date, UUID)?, limit: Int,
                            _ c: SQLConnection) throws -> [(post: PostRow, photos: [PhotoRow])] {
        try feedLater(viewer: viewer, board: board, author: author, before: before, limit: limit, c).value()
    }

    /// `feed`, answered later (`SQLConnection.queryLater`).
    public static func feedLater(viewer: UUID, board: Board?, author: UUID?, before: (Date, UUID)?, limit: Int,
                                 _ c: SQLConnection) throws -> Later<[(post: PostRow, photos: [PhotoRow])]> {
        var conditions = ["p.hidden = 0", SafetyStore.unblocked("p.author_id")]
        var values: [SQLValue] = [viewer.sqlValue, viewer.sqlValue, viewer.sqlValue]
        if let board { conditions.append("p.board = ?"); values.append(.text(board.rawValue)) }
        if let author { conditions.append("p.author_id = ?"); values.append(author.sqlValue) }
        let page = SQLFragment.keyset("p", before)
        values += page.values + [.integer(Int64(limit))]
        return try c.queryLater("""
            SELECT \(postColumns), p.photo_list FROM posts p JOIN users u ON u.id = p.author_id
            WHERE \(conditions.joined(separator: " AND ")) \(page.sql) ORDER BY p.created_at DESC, p.id DESC LIMIT ?
            """, values).map { rows in
            try rows.map { row in
                let post = try post(row)
                return (post, try photos(list: row, post: post.id, author: post.authorID))
            }
        }
    }

    // MARK: comments

    public static func insertComment(id: UUID, post: UUID, author: UUID, body: String, at now: Date, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO comments (id, post_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)", id, post, author, body, now)
        try c.execute("UPDATE posts SET comment_count = comment_count + 1 WHERE id = ?", post)
    }

    /// Oldest first (a conversation), after `after`.
    public static func comments(post: UUID, viewer: UUID, after: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [CommentRow] {
        let page = SQLFragment.keyset("m", after, newestFirst: false)
        let values: [SQLValue] = [post.sqlValue, viewer.sqlValue, viewer.sqlValue] + page.values + [.integer(Int64(limit))]
        return try c.query("""
            SELECT m.id, m.post_id, m.author_id, u.display_name, m.body, m.created_at FROM comments m JOIN users u ON u.id = m.author_id
            WHERE m.post_id = ? AND m.hidden = 0 AND \(SafetyStore.unblocked("m.author_id")) \(page.sql)
            ORDER BY m.created_at, m.id LIMIT ?
            """, values).map { r in
            CommentRow(id: try r.uuid("id"), postID: try r.uuid("post_id"), authorID: try r.uuid("author_id"),
                       authorName: try r.string("display_name"), body: try r.string("body"), createdAt: try r.date("created_at"))
        }
    }

    /// Deletes a comment when `user` wrote it or wrote the post it is under (or is an admin).
    public static func deleteComment(_ id: UUID, by user: UUID, admin: Bool, _ c: SQLConnection) throws -> Bool {
        guard let row = try c.queryOne("""
            SELECT m.post_id, m.author_id, p.author_id AS post_author FROM comments m JOIN posts p ON p.id = m.post_id WHERE m.id = ?
            """, id) else { return false }
        let commenter = try row.uuid("author_id"), postAuthor = try row.uuid("post_author")
        guard admin || commenter == user || postAuthor == user else { return false }
        try c.execute("DELETE FROM reports WHERE target_kind = 'comment' AND target_id = ?", id)
        try InboxStore.withdraw(about: id, c)
        try c.execute("DELETE FROM comments WHERE id = ?", id)
        try c.execute("UPDATE posts SET comment_count = comment_count - 1 WHERE id = ?", try row.uuid("post_id"))
        return true
    }

    // MARK: a person's part (account deletion and export)

    /// Deletes everything the person wrote: their comments under others' posts (those posts'
    /// counts follow), their posts (with the comments, likes and photos under them), photos they
    /// uploaded but never posted, and the reports of all of it. Returns the counts and the photo
    /// files those rows used.
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> (posts: Int, comments: Int, photos: Set<String>) {
        let shas = Set(try c.query("SELECT DISTINCT sha256 FROM photos WHERE owner_id = ?", user).map { try $0.string("sha256") })
        try c.execute("""
            DELETE FROM reports WHERE (target_kind = 'post' AND target_id IN (SELECT id FROM posts WHERE author_id = ?))
              OR (target_kind = 'comment' AND target_id IN (SELECT m.id FROM comments m JOIN posts p ON p.id = m.post_id
                                                           WHERE m.author_id = ? OR p.author_id = ?))
            """, user, user, user)
        for row in try c.query("SELECT post_id, COUNT(*) AS n FROM comments WHERE author_id = ? GROUP BY post_id", user) {
            try c.execute("UPDATE posts SET comment_count = comment_count - ? WHERE id = ?", try row.int("n"), try row.uuid("post_id"))
        }
        try InboxStore.withdraw(aboutAnyOf: "SELECT id FROM comments WHERE author_id = ? UNION SELECT id FROM posts WHERE author_id = ?",
                                user.sqlValue, user.sqlValue, in: c)
        let comments = try c.execute("DELETE FROM comments WHERE author_id = ?", user)
        let posts = try c.execute("DELETE FROM posts WHERE author_id = ?", user)
        try c.execute("DELETE FROM photos WHERE owner_id = ?", user)
        return (posts, comments, shas)
    }

    /// The person's own posts (hidden ones too), oldest first, after `cursor`.
    public static func authored(by user: UUID, after cursor: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [PostRow] {
        let page = SQLFragment.keyset("p", cursor, newestFirst: false)
        return try c.query("""
            SELECT \(postColumns) FROM posts p JOIN users u ON u.id = p.author_id WHERE p.author_id = ? \(page.sql)
            ORDER BY p.created_at, p.id LIMIT ?
            """, [user.sqlValue, user.sqlValue] + page.values + [.integer(Int64(limit))]).map(post)
    }

    /// The comments the person wrote, anywhere, oldest first, after `cursor`.
    public static func comments(by user: UUID, after cursor: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [CommentRow] {
        let page = SQLFragment.keyset("m", cursor, newestFirst: false)
        return try c.query("""
            SELECT m.id, m.post_id, m.author_id, u.display_name, m.body, m.created_at FROM comments m JOIN users u ON u.id = m.author_id
            WHERE m.author_id = ? \(page.sql) ORDER BY m.created_at, m.id LIMIT ?
            """, [user.sqlValue] + page.values + [.integer(Int64(limit))]).map { r in
            CommentRow(id: try r.uuid("id"), postID: try r.uuid("post_id"), authorID: try r.uuid("author_id"),
                       authorName: try r.string("display_name"), body: try r.string("body"), createdAt: try r.date("created_at"))
        }
    }
}
