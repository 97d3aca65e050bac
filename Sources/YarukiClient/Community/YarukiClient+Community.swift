import Foundation
import YarukiAPI
import YarukiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension YarukiClient {

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
        try await authorized(request("PUT", "/v1/posts/\(id.lowercasedString)",
                                     body: PostBody(board: board, body: body, photoIds: photoIds, routineId: routineId)))
    }

    public func deletePost(_ id: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/posts/\(id.lowercasedString)"))
    }

    public func post(_ id: UUID) async throws -> Post {
        try await authorized(request("GET", "/v1/posts/\(id.lowercasedString)"))
    }

    /// Newest first; pass the previous page's `nextCursor` for the next.
    public func posts(board: Board? = nil, author: UUID? = nil, cursor: String? = nil, limit: Int = 20) async throws -> Page<Post> {
        var query = ["limit=\(limit)"]
        if let board { query.append("board=\(board.rawValue)") }
        if let author { query.append("author=\(author.lowercasedString)") }
        if let cursor { query.append("cursor=\(cursor)") }
        return try await authorized(request("GET", "/v1/posts?" + query.joined(separator: "&")))
    }

    @discardableResult
    public func like(_ post: UUID) async throws -> Likes {
        try await authorized(request("PUT", "/v1/posts/\(post.lowercasedString)/like"))
    }

    @discardableResult
    public func unlike(_ post: UUID) async throws -> Likes {
        try await authorized(request("DELETE", "/v1/posts/\(post.lowercasedString)/like"))
    }

    public func comments(on post: UUID, cursor: String? = nil, limit: Int = 50) async throws -> Page<PostComment> {
        try await authorized(request("GET", "/v1/posts/\(post.lowercasedString)/comments?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")))
    }

    public func comment(on post: UUID, _ body: String) async throws -> PostComment {
        try await authorized(request("POST", "/v1/posts/\(post.lowercasedString)/comments", body: CommentBody(body: body)))
    }

    public func deleteComment(_ id: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/comments/\(id.lowercasedString)"))
    }

    /// From now on neither of us sees the other's posts or comments.
    public func block(_ person: UUID) async throws {
        let _: Empty = try await authorized(request("PUT", "/v1/blocks/\(person.lowercasedString)"))
    }

    public func unblock(_ person: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/blocks/\(person.lowercasedString)"))
    }
}

extension YarukiClient {

    public func createRoutine(_ draft: RoutineDraft) async throws -> Routine {
        try await authorized(request("POST", "/v1/routines", body: draft))
    }

    public func editRoutine(_ id: UUID, _ draft: RoutineDraft) async throws -> Routine {
        try await authorized(request("PUT", "/v1/routines/\(id.lowercasedString)", body: draft))
    }

    public func deleteRoutine(_ id: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/routines/\(id.lowercasedString)"))
    }

    public func routine(_ id: UUID) async throws -> Routine {
        try await authorized(request("GET", "/v1/routines/\(id.lowercasedString)"))
    }

    /// Public routines whose title, description or exercise names hold `text`, or that use `exercise`.
    public func routines(matching text: String? = nil, exercise: String? = nil, cursor: String? = nil, limit: Int = 20) async throws -> Page<Routine> {
        var query = ["limit=\(limit)"]
        if let text, let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { query.append("q=\(encoded)") }
        if let exercise { query.append("exercise=\(exercise)") }
        if let cursor { query.append("cursor=\(cursor)") }
        return try await authorized(request("GET", "/v1/routines?" + query.joined(separator: "&")))
    }

    /// Mine and the ones I saved.
    public func myRoutines() async throws -> [Routine] {
        let items: Items<Routine> = try await authorized(request("GET", "/v1/routines/mine"))
        return items.items
    }

    /// A like saves someone's public routine into my routines.
    @discardableResult
    public func saveRoutine(_ id: UUID) async throws -> Saves {
        try await authorized(request("PUT", "/v1/routines/\(id.lowercasedString)/like"))
    }

    @discardableResult
    public func unsaveRoutine(_ id: UUID) async throws -> Saves {
        try await authorized(request("DELETE", "/v1/routines/\(id.lowercasedString)/like"))
    }

    /// A private copy of my own, to edit.
    public func copyRoutine(_ id: UUID) async throws -> Routine {
        try await authorized(request("POST", "/v1/routines/\(id.lowercasedString)/copy"))
    }

    public enum ReportKind: String, Sendable { case post, comment }

    /// Returns whether the post or comment is hidden now.
    @discardableResult
    public func report(_ kind: ReportKind, _ id: UUID, reason: String = "") async throws -> Bool {
        let reply: ReportOutcome = try await authorized(request("POST", "/v1/reports", body: ReportBody(kind: kind.rawValue, id: id, reason: reason)))
        return reply.hidden
    }

    public func notifications(cursor: String? = nil, limit: Int = 20) async throws -> Notifications {
        try await authorized(request("GET", "/v1/notifications?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")))
    }

    public func markNotificationsRead() async throws {
        let _: UnreadCount = try await authorized(request("POST", "/v1/notifications/read"))
    }
}
