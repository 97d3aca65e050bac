import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The community's posts: photos first (uploaded one by one, each made into metadata-free
/// copies), then a post on a board that lists them; feeds per board and per person; likes;
/// comments. Another person's post or comment is never theirs to change: 404, as if absent.
struct PostRoutes {
    let auth: AuthService
    let photos: PhotoStore
    let events: EventHub
    var database: Database { auth.database }

    static let pageLimit = 50

    struct PhotoReply: Encodable {
        var id: UUID
        var width: Int
        var height: Int
        var url: String
        var thumbnailURL: String
    }

    struct Author: Encodable {
        var id: UUID
        var displayName: String
    }

    struct PostReply: Encodable {
        var id: UUID
        var author: Author
        var board: Board
        var body: String
        var routineId: UUID?
        var photos: [PhotoReply]
        var likeCount: Int
        var commentCount: Int
        var likedByMe: Bool
        var mine: Bool
        var createdAt: Date
        var updatedAt: Date
    }

    struct CommentReply: Encodable {
        var id: UUID
        var postId: UUID
        var author: Author
        var body: String
        var mine: Bool
        var canDelete: Bool
        var createdAt: Date
    }

    struct PostBody: Decodable {
        var board: String
        var body: String?
        var photoIds: [UUID]?
        var routineId: UUID?
    }

    func photoReply(_ p: PostStore.PhotoRow) -> PhotoReply {
        PhotoReply(id: p.id, width: p.width, height: p.height, url: auth.photoLink(p.sha256, .display), thumbnailURL: auth.photoLink(p.sha256, .thumbnail))
    }

    func reply(_ post: PostStore.PostRow, photos: [PostStore.PhotoRow], viewer: UUID) -> PostReply {
        PostReply(id: post.id, author: Author(id: post.authorID, displayName: post.authorName), board: post.board, body: post.body,
                  routineId: post.routineID, photos: photos.map(photoReply), likeCount: post.likeCount, commentCount: post.commentCount,
                  likedByMe: post.likedByMe, mine: post.authorID == viewer, createdAt: post.createdAt, updatedAt: post.updatedAt)
    }

    // MARK: cursors

    static func cursor(_ at: Date, _ id: UUID) -> String {
        Base64URL.encode(Data("\(Int64((at.timeIntervalSince1970 * 1000).rounded())).\(id.uuidString.lowercased())".utf8))
    }

    static func cursor(_ text: String?) throws -> (Date, UUID)? {
        guard let text else { return nil }
        guard let data = Base64URL.decode(text), let raw = String(data: data, encoding: .utf8) else { throw badCursor() }
        let parts = raw.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let ms = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else { throw badCursor() }
        return (Date(timeIntervalSince1970: Double(ms) / 1000), id)
    }

    static func badCursor() -> HTTPError {
        HTTPError.badRequest("The cursor is not one this server gave.", errors: [.init(field: "cursor", message: "is not valid")])
    }

    static func limit(_ request: Request) throws -> Int {
        guard let text = request.queryItem("limit") else { return 20 }
        guard let n = Int(text), (1...pageLimit).contains(n) else {
            throw HTTPError.badRequest("A page holds 1 to \(pageLimit) items.", errors: [.init(field: "limit", message: "must be 1 to \(pageLimit)")])
        }
        return n
    }

    static func id(_ request: Request, _ name: String = "id", what: String = "post") throws -> UUID {
        guard let id = UUID(uuidString: try request.parameter(name)) else { throw HTTPError.notFound("No such \(what).") }
        return id
    }

    /// Checks a post body against the rules and the photos and routine it names.
    func checked(_ body: PostBody, author: UUID, post: UUID?, _ c: SQLConnection) throws -> (Board, String, [UUID], UUID?) {
        var check = FieldCheck()
        let board = Board(rawValue: body.board)
        if board == nil { check.fail("board", "must be done, feedback or talk") }
        let text = PostDraft.normalize(body.body ?? "")
        let ids = body.photoIds ?? []
        if Set(ids).count != ids.count { check.fail("photoIds", "lists a photo twice") }
        if let board {
            for error in PostDraft.check(PostDraft(board: board, body: text, photoCount: ids.count, hasRoutine: body.routineId != nil)) {
                check.fail(error.field, error.message)
            }
        }
        if ids.count <= PostDraft.maxPhotos {
            let mine = try PostStore.photos(ids, owner: author, c)
            let usable = Set(mine.filter { $0.postID == nil || $0.postID == post }.map(\.id))
            if let missing = ids.firstIndex(where: { !usable.contains($0) }) {
                check.fail("photoIds[\(missing)]", "is not a photo of yours that is free to attach")
            }
        }
        if let routine = body.routineId {
            let visible = try c.queryOne("SELECT 1 AS one FROM routines WHERE id = ? AND (public = 1 OR author_id = ?)", routine, author) != nil
            if !visible { check.fail("routineId", "is not a routine you can attach") }
        }
        try check.done()
        return (board!, text, ids, body.routineId)
    }

    func add(to router: inout Router) {
        let routes = self

        router.post("/v1/photos", RouteDoc("Upload a photo (the body is the image: JPEG, PNG, WebP or HEIC); its metadata is removed",
                                           tag: "community", responses: [201: "Stored", 400: "Not a readable image", 401: "Not signed in",
                                                                         413: "Larger than the photo limit", 415: "Not a photo"],
                                           responseBody: OpenAPI.object(["id": .string, "width": .integer, "height": .integer, "url": .string,
                                                                         "thumbnailURL": .string]), authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            guard let upload = request.bodyFile else {
                throw HTTPError.badRequest("Send the photo as the request body.", errors: [.init(field: "body", message: "is required")])
            }
            let stored = try await routes.photos.ingest(upload)
            let id = UUID()
            let now = routes.auth.clock()
            try await routes.database.transaction { c in
                try PostStore.insertPhoto(id: id, owner: principal.userID, sha256: stored.sha256, width: stored.width, height: stored.height,
                                          size: stored.size, at: now, c)
            }
            let row = PostStore.PhotoRow(id: id, ownerID: principal.userID, sha256: stored.sha256, width: stored.width, height: stored.height,
                                         size: stored.size, postID: nil, position: 0)
            return try .json(routes.photoReply(row), status: 201)
        }

        router.get("/v1/photos/{sha}/{copy}", RouteDoc("A photo copy by its signed link (links come with posts)", tag: "community",
                                                       responses: [200: "The JPEG", 401: "A bad or expired link", 404: "No such photo"],
                                                       produces: "image/jpeg")) { request in
            let sha = try request.parameter("sha")
            guard let copy = PhotoStore.Copy(rawValue: try request.parameter("copy")), sha.count == 64,
                  sha.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { throw HTTPError.notFound("No such photo.") }
            guard let sig = request.queryItem("sig"), let expires = request.queryItem("expires").flatMap(Int.init),
                  Crypto.constantTimeEqual(Data(sig.utf8), Data(routes.auth.photoSignature(sha, copy, expires).utf8)) else {
                throw HTTPError.unauthorized("This link is not valid.")
            }
            guard Double(expires) >= routes.auth.clock().timeIntervalSince1970 else {
                throw HTTPError(401, slug: "link-expired", detail: "This link has expired. Load the page again for a fresh one.")
            }
            return try StaticFiles.file(at: routes.photos.path(sha, copy), contentType: "image/jpeg", cacheControl: "private, max-age=3600",
                                        for: request)
        }

        let postSchema = OpenAPI.object(["id": .string, "author": .object, "board": .string, "body": .string, "routineId": .string,
                                         "photos": .array(.object), "likeCount": .integer, "commentCount": .integer, "likedByMe": .boolean,
                                         "mine": .boolean, "createdAt": .string, "updatedAt": .string])
        let postBodySchema = OpenAPI.object(["board": .string, "body": .string, "photoIds": .array(.string), "routineId": .string],
                                            required: ["board"])

        router.post("/v1/posts", RouteDoc("Post on a board: done (needs a photo), feedback (a photo or a routine) or talk",
                                          tag: "community", responses: [201: "Posted", 400: "A field is not valid"],
                                          requestBody: postBodySchema, responseBody: postSchema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let body = try request.decode(PostBody.self)
            let now = routes.auth.clock()
            let id = UUID()
            let reply = try await routes.database.transaction { c -> PostReply in
                let (board, text, photoIDs, routine) = try routes.checked(body, author: principal.userID, post: nil, c)
                try PostStore.insertPost(id: id, author: principal.userID, board: board, body: text, routine: routine, at: now, c)
                _ = try PostStore.setPhotos(post: id, photoIDs, c)
                guard let post = try PostStore.post(id, viewer: principal.userID, c) else { throw HTTPError.internal() }
                return routes.reply(post, photos: try PostStore.photos(posts: [id], c)[id] ?? [], viewer: principal.userID)
            }
            return try .json(reply, status: 201)
        }

        router.get("/v1/posts", RouteDoc("A feed, newest first: ?board=done|feedback|talk, ?author=ID, ?limit= (≤ 50), ?cursor= from nextCursor",
                                         tag: "community", responses: [200: "A page", 400: "A bad board, author, limit or cursor"],
                                         responseBody: OpenAPI.object(["items": .array(.object), "nextCursor": .string]),
                                         authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            var check = FieldCheck()
            let boardText = request.queryItem("board")
            let board = boardText.flatMap(Board.init(rawValue:))
            if boardText != nil, board == nil { check.fail("board", "must be done, feedback or talk") }
            let authorText = request.queryItem("author")
            let author = authorText.flatMap(UUID.init(uuidString:))
            if authorText != nil, author == nil { check.fail("author", "is not a person's id") }
            try check.done()
            let limit = try PostRoutes.limit(request)
            let before = try PostRoutes.cursor(request.queryItem("cursor"))
            let (posts, photos) = try await routes.database.read { c in
                let posts = try PostStore.feed(viewer: principal.userID, board: board, author: author, before: before, limit: limit + 1, c)
                return (posts, try PostStore.photos(posts: posts.prefix(limit).map(\.id), c))
            }
            struct Page: Encodable { var items: [PostReply]; var nextCursor: String? }
            let shown = posts.prefix(limit)
            return try .json(Page(items: shown.map { routes.reply($0, photos: photos[$0.id] ?? [], viewer: principal.userID) },
                                  nextCursor: posts.count > limit ? shown.last.map { PostRoutes.cursor($0.createdAt, $0.id) } : nil))
        }

        router.get("/v1/posts/{id}", RouteDoc("One post", tag: "community", responses: [200: "The post", 404: "No such post"],
                                              responseBody: postSchema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request)
            let found = try await routes.database.read { c -> (PostStore.PostRow, [PostStore.PhotoRow])? in
                guard let post = try PostStore.post(id, viewer: principal.userID, c) else { return nil }
                return (post, try PostStore.photos(posts: [id], c)[id] ?? [])
            }
            guard let (post, photos) = found else { throw HTTPError.notFound("No such post.") }
            return try .json(routes.reply(post, photos: photos, viewer: principal.userID))
        }

        router.put("/v1/posts/{id}", RouteDoc("Edit my post (the same fields as posting; photos left out are deleted)", tag: "community",
                                              responses: [200: "Saved", 400: "A field is not valid", 404: "Not my post"],
                                              requestBody: postBodySchema, responseBody: postSchema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request)
            let body = try request.decode(PostBody.self)
            let now = routes.auth.clock()
            let (reply, unused) = try await routes.database.transaction { c -> (PostReply, [String]) in
                guard try c.queryOne("SELECT 1 AS one FROM posts WHERE id = ? AND author_id = ?", id, principal.userID) != nil else {
                    throw HTTPError.notFound("No such post.")
                }
                let (board, text, photoIDs, routine) = try routes.checked(body, author: principal.userID, post: id, c)
                _ = try PostStore.updatePost(id, author: principal.userID, board: board, body: text, routine: routine, at: now, c)
                let unused = try PostStore.setPhotos(post: id, photoIDs, c)
                guard let post = try PostStore.post(id, viewer: principal.userID, c) else { throw HTTPError.internal() }
                return (routes.reply(post, photos: try PostStore.photos(posts: [id], c)[id] ?? [], viewer: principal.userID), unused)
            }
            for sha in unused { routes.photos.remove(sha) }
            return try .json(reply)
        }

        router.delete("/v1/posts/{id}", RouteDoc("Delete my post (admins: any post)", tag: "community",
                                                 responses: [204: "Deleted", 404: "Not my post"], authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request)
            let unused = try await routes.database.transaction { c in
                try PostStore.deletePost(id, by: principal.userID, admin: principal.role == .admin, c)
            }
            guard let unused else { throw HTTPError.notFound("No such post.") }
            for sha in unused { routes.photos.remove(sha) }
            return .noContent()
        }

        for method in [HTTPMethod.put, .delete] {
            router.on(method, "/v1/posts/{id}/like", RouteDoc(method == .put ? "Like a post (again: no change)" : "Take my like back",
                                                             tag: "community", responses: [200: "The post's likes", 404: "No such post"],
                                                             responseBody: OpenAPI.object(["liked": .boolean, "likeCount": .integer]),
                                                             authenticated: true)) { request in
                let principal = try await routes.auth.authenticate(request)
                let id = try PostRoutes.id(request)
                let now = routes.auth.clock()
                let (count, notified) = try await routes.database.transaction { c -> (Int, UUID?) in
                    guard let post = try PostStore.post(id, viewer: principal.userID, c) else { throw HTTPError.notFound("No such post.") }
                    let likes = CountedLink.postLikes
                    var notified: UUID?
                    if method == .put {
                        if try likes.add(id, user: principal.userID, at: now, c),
                           try NotificationStore.add(.like, to: post.authorID, actor: principal.userID, post: id, at: now, c) != nil {
                            notified = post.authorID
                        }
                    } else if try likes.remove(id, user: principal.userID, c) {
                        try NotificationStore.withdraw(.like, actor: principal.userID, post: id, c)
                    }
                    return (try likes.count(id, c), notified)
                }
                if let notified { routes.events.notify(notified, routes.database) }
                struct Likes: Encodable { var liked: Bool; var likeCount: Int }
                return try .json(Likes(liked: method == .put, likeCount: count))
            }
        }

        router.get("/v1/posts/{id}/comments", RouteDoc("A post's comments, oldest first (?cursor=, ?limit=)", tag: "community",
                                                       responses: [200: "A page", 404: "No such post"],
                                                       responseBody: OpenAPI.object(["items": .array(.object), "nextCursor": .string]),
                                                       authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request)
            let limit = try PostRoutes.limit(request)
            let after = try PostRoutes.cursor(request.queryItem("cursor"))
            let found = try await routes.database.read { c -> (PostStore.PostRow, [PostStore.CommentRow])? in
                guard let post = try PostStore.post(id, viewer: principal.userID, c) else { return nil }
                return (post, try PostStore.comments(post: id, viewer: principal.userID, after: after, limit: limit + 1, c))
            }
            guard let (post, comments) = found else { throw HTTPError.notFound("No such post.") }
            let shown = comments.prefix(limit)
            struct Page: Encodable { var items: [CommentReply]; var nextCursor: String? }
            return try .json(Page(items: shown.map { routes.commentReply($0, post: post, viewer: principal) },
                                  nextCursor: comments.count > limit ? shown.last.map { PostRoutes.cursor($0.createdAt, $0.id) } : nil))
        }

        router.post("/v1/posts/{id}/comments", RouteDoc("Comment on a post", tag: "community",
                                                        responses: [201: "Commented", 400: "The text is not valid", 404: "No such post"],
                                                        requestBody: OpenAPI.object(["body": .string], required: ["body"]),
                                                        authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request)
            struct Body: Decodable { var body: String }
            let text = PostDraft.normalize(try request.decode(Body.self).body)
            try FieldCheck(CommentRule.check(text)).done()
            let now = routes.auth.clock()
            let commentID = UUID()
            let (reply, postAuthor) = try await routes.database.transaction { c -> (CommentReply, UUID) in
                guard let post = try PostStore.post(id, viewer: principal.userID, c) else { throw HTTPError.notFound("No such post.") }
                try PostStore.insertComment(id: commentID, post: id, author: principal.userID, body: text, at: now, c)
                _ = try NotificationStore.add(.comment, to: post.authorID, actor: principal.userID, post: id, comment: commentID, at: now, c)
                let name = try AccountStore.account(id: principal.userID, c)?.displayName ?? ""
                return (routes.commentReply(PostStore.CommentRow(id: commentID, postID: id, authorID: principal.userID, authorName: name,
                                                                 body: text, createdAt: now), post: post, viewer: principal), post.authorID)
            }
            if postAuthor != principal.userID { routes.events.notify(postAuthor, routes.database) }
            return try .json(reply, status: 201)
        }

        router.delete("/v1/comments/{id}", RouteDoc("Delete a comment I wrote, or one under my post", tag: "community",
                                                    responses: [204: "Deleted", 404: "No such comment of mine or under my post"],
                                                    authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try PostRoutes.id(request, what: "comment")
            let deleted = try await routes.database.transaction { c in
                try PostStore.deleteComment(id, by: principal.userID, admin: principal.role == .admin, c)
            }
            guard deleted else { throw HTTPError.notFound("No such comment.") }
            return .noContent()
        }
    }

    func commentReply(_ comment: PostStore.CommentRow, post: PostStore.PostRow, viewer: Principal) -> CommentReply {
        CommentReply(id: comment.id, postId: comment.postID, author: Author(id: comment.authorID, displayName: comment.authorName),
                     body: comment.body, mine: comment.authorID == viewer.userID,
                     canDelete: comment.authorID == viewer.userID || post.authorID == viewer.userID || viewer.role == .admin,
                     createdAt: comment.createdAt)
    }
}
