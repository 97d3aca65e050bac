import Foundation
import YarukiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension YarukiClient {
    public struct Person: Decodable, Sendable, Equatable {
        public var id: UUID
        public var displayName: String
    }

    public struct Photo: Decodable, Sendable, Equatable {
        public var id: UUID
        public var width: Int
        public var height: Int
        /// Signed links, relative to the server, good until the end of the next hour.
        public var url: String
        public var thumbnailURL: String
    }

    public struct Post: Decodable, Sendable, Equatable {
        public var id: UUID
        public var author: Person
        public var board: Board
        public var body: String
        public var routineId: UUID?
        public var photos: [Photo]
        public var likeCount: Int
        public var commentCount: Int
        public var likedByMe: Bool
        public var mine: Bool
        public var createdAt: Date
        public var updatedAt: Date
    }

    public struct Comment: Decodable, Sendable, Equatable {
        public var id: UUID
        public var postId: UUID
        public var author: Person
        public var body: String
        public var mine: Bool
        public var canDelete: Bool
        public var createdAt: Date
    }

    /// One page of a list, and the cursor for the next (nil at the end).
    public struct Page<Item: Decodable & Sendable>: Decodable, Sendable {
        public var items: [Item]
        public var nextCursor: String?
    }

    public struct Likes: Decodable, Sendable, Equatable {
        public var liked: Bool
        public var likeCount: Int
    }

    struct PostBody: Encodable {
        var board: Board
        var body: String
        var photoIds: [UUID]
        var routineId: UUID?
    }

    /// Uploads a photo from a file (streamed); the server keeps only copies without metadata.
    public func uploadPhoto(file: URL, progress: (@Sendable (Double) -> Void)? = nil) async throws -> Photo {
        var upload = try request("POST", "/v1/photos")
        upload.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        return try await withAccessToken { token in
            let (data, status) = try await self.upload(with(upload, token), file: file, progress: progress)
            return try YarukiClient.decode(data, status: status)
        }
    }

    public func createPost(board: Board, body: String, photoIds: [UUID] = [], routineId: UUID? = nil) async throws -> Post {
        try await authorized(request("POST", "/v1/posts", body: PostBody(board: board, body: body, photoIds: photoIds, routineId: routineId)))
    }

    /// Replaces a post of mine (photos left out are deleted).
    public func editPost(_ id: UUID, board: Board, body: String, photoIds: [UUID] = [], routineId: UUID? = nil) async throws -> Post {
        try await authorized(request("PUT", "/v1/posts/\(id.uuidString.lowercased())",
                                     body: PostBody(board: board, body: body, photoIds: photoIds, routineId: routineId)))
    }

    public func deletePost(_ id: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/posts/\(id.uuidString.lowercased())"))
    }

    public func post(_ id: UUID) async throws -> Post {
        try await authorized(request("GET", "/v1/posts/\(id.uuidString.lowercased())"))
    }

    /// Newest first; pass the previous page's `nextCursor` for the next.
    public func posts(board: Board? = nil, author: UUID? = nil, cursor: String? = nil, limit: Int = 20) async throws -> Page<Post> {
        var query = ["limit=\(limit)"]
        if let board { query.append("board=\(board.rawValue)") }
        if let author { query.append("author=\(author.uuidString.lowercased())") }
        if let cursor { query.append("cursor=\(cursor)") }
        return try await authorized(request("GET", "/v1/posts?" + query.joined(separator: "&")))
    }

    @discardableResult
    public func like(_ post: UUID) async throws -> Likes {
        try await authorized(request("PUT", "/v1/posts/\(post.uuidString.lowercased())/like"))
    }

    @discardableResult
    public func unlike(_ post: UUID) async throws -> Likes {
        try await authorized(request("DELETE", "/v1/posts/\(post.uuidString.lowercased())/like"))
    }

    public func comments(on post: UUID, cursor: String? = nil, limit: Int = 50) async throws -> Page<Comment> {
        try await authorized(request("GET", "/v1/posts/\(post.uuidString.lowercased())/comments?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")))
    }

    public func comment(on post: UUID, _ body: String) async throws -> Comment {
        struct Body: Encodable { var body: String }
        return try await authorized(request("POST", "/v1/posts/\(post.uuidString.lowercased())/comments", body: Body(body: body)))
    }

    public func deleteComment(_ id: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/comments/\(id.uuidString.lowercased())"))
    }

    /// From now on neither of us sees the other's posts or comments.
    public func block(_ person: UUID) async throws {
        let _: Empty = try await authorized(request("PUT", "/v1/blocks/\(person.uuidString.lowercased())"))
    }

    public func unblock(_ person: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/blocks/\(person.uuidString.lowercased())"))
    }
}
