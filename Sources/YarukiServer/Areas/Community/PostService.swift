import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The community's posts: photos first (uploaded one by one, each made into metadata-free
/// copies), then a post on a board that lists them; feeds per board and per person; likes;
/// comments. Another person's post or comment is never theirs to change: 404, as if absent.
struct PostService: Sendable {
    let context: AppContext
    let likes: LikeToggle
    var inbox: Inbox { likes.inbox }
    var database: Database { context.database }

    /// What boards are made from, for kept replies: every community write changes "community"
    /// (posts, likes, comments, routines, blocks, reports); a new name anywhere changes "people".
    static let tags = [ReplyCache.Tag("community"), ReplyCache.Tag("people")]

    func photo(_ p: PostStore.PhotoRow) -> Photo {
        let links = context.photoLinks(p.sha256)
        return Photo(id: p.id, width: p.width, height: p.height, url: links.url, thumbnailURL: links.thumbnail)
    }

    func reply(_ post: PostStore.PostRow, photos: [PostStore.PhotoRow], viewer: UUID) -> Post {
        Post(id: post.id, author: Person(id: post.authorID, displayName: post.authorName), board: post.board, body: post.body,
             routineId: post.routineID, photos: photos.map { photo($0) }, likeCount: post.likeCount, commentCount: post.commentCount,
             likedByMe: post.likedByMe, mine: post.authorID == viewer, createdAt: post.createdAt, updatedAt: post.updatedAt)
    }

    func comment(_ comment: PostStore.CommentRow, post: PostStore.PostRow, viewer: Principal) -> PostComment {
        PostComment(id: comment.id, postId: comment.postID, author: Person(id: comment.authorID, displayName: comment.authorName),
                    body: comment.body, mine: comment.authorID == viewer.userID,
                    canDelete: comment.authorID == viewer.userID || post.authorID == viewer.userID || viewer.role == .admin,
                    createdAt: comment.createdAt)
    }

    /// A photo copy by its hash; a sha or copy that names no photo file is 404.
    func photoFile(_ sha: String, copy: String) throws -> FileReply {
        guard let copy = PhotoFiles.Copy(rawValue: copy), sha.count == 64,
              sha.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { throw Refusal.notFound("No such photo.") }
        return context.photos.file(sha, copy, cacheControl: "private, max-age=3600")
    }

    func uploadPhoto(_ file: BodyFile, by principal: Principal) async throws -> Photo {
        let stored = try await context.photos.ingest(file)
        let (id, now) = (UUID.timeOrdered(), context.now)
        try await context.transaction(changing: PostService.tags) { c in
            try PostStore.insertPhoto(id: id, owner: principal.userID, sha256: stored.sha256, width: stored.width, height: stored.height,
                                      size: stored.size, at: now, c)
        }
        return photo(PostStore.PhotoRow(id: id, ownerID: principal.userID, sha256: stored.sha256, width: stored.width, height: stored.height,
                                        size: stored.size, postID: nil, position: 0))
    }

    /// Checks a post body against the rules and the photos and routine it names.
    static func checked(_ body: PostBody, author: UUID, post: UUID?, _ c: SQLConnection) throws -> (Board, String, [UUID], UUID?) {
        var check = FieldCheck()
        let board = Board(rawValue: body.board)
        if board == nil { check.fail("board", "must be done, feedback or talk") }
        check.note(TextRule.check(body.body ?? "", field: "body", max: PostDraft.maxBody, required: false, paragraph: true))
        let text = PostDraft.normalize(body.body ?? "")
        let ids = body.photoIds ?? []
        if Set(ids).count != ids.count { check.fail("photoIds", "lists a photo twice") }
        if let board {
            check.note(PostDraft.check(PostDraft(board: board, body: text, photoCount: ids.count, hasRoutine: body.routineId != nil)))
        }
        if ids.count <= PostDraft.maxPhotos {
            let usable = Set(try PostStore.photos(ids, owner: author, c).filter { $0.postID == nil || $0.postID == post }.map(\.id))
            if let missing = ids.firstIndex(where: { !usable.contains($0) }) {
                check.missing("photoIds[\(missing)]", "is not a photo of yours that is free to attach")
            }
        }
        if let routine = body.routineId, try !RoutineStore.attachable(routine, by: author, c) {
            check.missing("routineId", "is not a routine you can attach")
        }
        try check.done()
        guard let board else { throw Refusal.bug() }
        return (board, text, ids, body.routineId)
    }

    /// Writes a new post (`id` nil) or changes the author's own; the photos it no longer lists go.
    func save(_ body: PostBody, id existing: UUID?, by principal: Principal) async throws -> Post {
        let (id, now) = (existing ?? UUID.timeOrdered(), context.now)
        let (post, unused) = try await context.transaction(changing: PostService.tags) { c -> (Post, [String]) in
            if existing != nil, try !PostStore.isAuthor(id, user: principal.userID, c) { throw Refusal.notFound("No such post.") }
            let (board, text, photoIDs, routine) = try PostService.checked(body, author: principal.userID, post: existing, c)
            if existing == nil {
                try PostStore.insertPost(id: id, author: principal.userID, board: board, body: text, routine: routine, at: now, c)
            } else {
                _ = try PostStore.updatePost(id, author: principal.userID, board: board, body: text, routine: routine, at: now, c)
            }
            let unused = try PostStore.setPhotos(post: id, photoIDs, c)
            guard let post = try PostStore.post(id, viewer: principal.userID, c) else { throw Refusal.bug() }
            return (reply(post, photos: try PostStore.photos(posts: [id], c)[id] ?? [], viewer: principal.userID), unused)
        }
        for sha in unused { context.photos.remove(sha) }
        return post
    }

    func feed(_ principal: Principal, board: Board?, author: UUID?, before: (Date, UUID)?, limit: Int) async throws -> Page<Post> {
        let posts = try await database.readTogether { c in
            try PostStore.feedLater(viewer: principal.userID, board: board, author: author, before: before, limit: limit + 1, c)
        }
        return Paging.page(posts, limit: limit, key: { ($0.post.createdAt, $0.post.id) }) { reply($0.post, photos: $0.photos, viewer: principal.userID) }
    }

    func post(_ id: UUID, _ principal: Principal) async throws -> Post {
        let found = try await database.read { c -> (PostStore.PostRow, [PostStore.PhotoRow])? in
            guard let post = try PostStore.post(id, viewer: principal.userID, c) else { return nil }
            return (post, try PostStore.photos(posts: [id], c)[id] ?? [])
        }
        guard let (post, photos) = found else { throw Refusal.notFound("No such post.") }
        return reply(post, photos: photos, viewer: principal.userID)
    }

    /// Deletes a post of the person's (an admin's: any); its photos go when nothing else uses them.
    func delete(_ id: UUID, _ principal: Principal) async throws {
        let unused = try await context.transaction(changing: PostService.tags) { c in try PostStore.deletePost(id, by: principal.userID, admin: principal.role == .admin, c) }
        guard let unused else { throw Refusal.notFound("No such post.") }
        for sha in unused { context.photos.remove(sha) }
    }

    func like(_ liked: Bool, _ id: UUID, _ principal: Principal) async throws -> Likes {
        let count = try await likes.set(liked, .post, id, by: principal) { c in
            guard let post = try PostStore.post(id, viewer: principal.userID, c) else { throw Refusal.notFound("No such post.") }
            return post.authorID
        }
        return Likes(liked: liked, likeCount: count)
    }

    func comments(on id: UUID, _ principal: Principal, after: (Date, UUID)?, limit: Int) async throws -> Page<PostComment> {
        let found = try await database.read { c -> (PostStore.PostRow, [PostStore.CommentRow])? in
            guard let post = try PostStore.post(id, viewer: principal.userID, c) else { return nil }
            return (post, try PostStore.comments(post: id, viewer: principal.userID, after: after, limit: limit + 1, c))
        }
        guard let (post, comments) = found else { throw Refusal.notFound("No such post.") }
        return Paging.page(comments, limit: limit, key: { ($0.createdAt, $0.id) }) { comment($0, post: post, viewer: principal) }
    }

    func addComment(_ text: String, on id: UUID, by principal: Principal) async throws -> PostComment {
        let (commentID, now) = (UUID.timeOrdered(), context.now)
        let (reply, notice) = try await context.transaction(changing: PostService.tags) { c -> (PostComment, Notice?) in
            guard let post = try PostStore.post(id, viewer: principal.userID, c) else { throw Refusal.notFound("No such post.") }
            try PostStore.insertComment(id: commentID, post: id, author: principal.userID, body: text, at: now, c)
            let notice = try inbox.add(CommunityNotices.comment, to: post.authorID, actor: principal.userID, subject: id, detail: commentID, at: now, c)
            let name = try AccountStore.account(id: principal.userID, c)?.displayName ?? ""
            return (comment(PostStore.CommentRow(id: commentID, postID: id, authorID: principal.userID, authorName: name, body: text, createdAt: now),
                            post: post, viewer: principal), notice)
        }
        inbox.deliver([notice])
        return reply
    }

    func deleteComment(_ id: UUID, _ principal: Principal) async throws {
        let deleted = try await context.transaction(changing: PostService.tags) { c in
            try PostStore.deleteComment(id, by: principal.userID, admin: principal.role == .admin, c)
        }
        guard deleted else { throw Refusal.notFound("No such comment.") }
    }
}
