import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Photos, posts, feeds, likes and comments.
struct PostRoutes: RouteCollection {
    let posts: PostService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "community")
        me.post("/v1/photos", Doc("Upload a photo (the body is the image: JPEG, PNG, WebP or HEIC); its metadata is removed",
                                  [201: "Stored", 401: "Not signed in", 413: "Larger than the photo limit", 415: "Not a readable photo"],
                                  upload: ["image/jpeg", "image/png", "image/webp", "image/heic"]), uploadPhoto)
        routes.group(routes.accesses.photoLinks, tag: "community")
            .get("/v1/photos/{sha}/{copy}", Doc("A photo copy by its signed link (links come with posts)",
                                                [200: "The JPEG", 401: "A bad or expired link", 404: "No such photo"], produces: "image/jpeg",
                                                path: [.text("sha", .matching("^[0-9a-f]{64}$"), "The photo's SHA-256"),
                                                       .words("copy", PhotoFiles.Copy.allCases.map(\.rawValue), "Which copy")]), photo)
        let postAnswers = [400: "A field is not valid", 404: "A photo or routine that is not mine to attach",
                           422: "The board's rule: done needs a photo, feedback a photo or a routine, talk some text or a photo"]
        me.post("/v1/posts", Doc("Post on a board: done (needs a photo), feedback (a photo or a routine) or talk",
                                 postAnswers.merging([201: "Posted"]) { $1 }), create)
        me.get("/v1/posts", Doc("A feed, newest first", [200: "A page", 400: "A bad board, author, limit or cursor"], query: [
            .words("board", Board.allCases.map(\.rawValue), "Only this board"), .id("author", "Only this person's posts"), .limit(), .cursor,
        ]), feed)
        me.get("/v1/posts/{id}", Doc("One post", [200: "The post", 404: "No such post"]), post)
        me.put("/v1/posts/{id}", Doc("Edit my post (the same fields as posting; photos left out are deleted)",
                                     postAnswers.merging([200: "Saved", 404: "Not my post, or a photo or routine not mine to attach"]) { $1 }), edit)
        me.delete("/v1/posts/{id}", Doc("Delete my post (admins: any post)", [204: "Deleted", 404: "Not my post"]), delete)
        me.put("/v1/posts/{id}/like", Doc("Like a post (again: no change)", [200: "The post's likes", 404: "No such post"]), like)
        me.delete("/v1/posts/{id}/like", Doc("Take my like back", [200: "The post's likes", 404: "No such post"]), unlike)
        me.get("/v1/posts/{id}/comments", Doc("A post's comments, oldest first", [200: "A page", 400: "A bad limit or cursor", 404: "No such post"],
                                              query: [.limit(), .cursor]), comments)
        me.post("/v1/posts/{id}/comments", Doc("Comment on a post", [201: "Commented", 400: "The text is not valid", 404: "No such post"]), comment)
        me.delete("/v1/comments/{id}", Doc("Delete a comment I wrote, or one under my post",
                                           [204: "Deleted", 404: "No such comment of mine or under my post"]), deleteComment)
    }

    func uploadPhoto(_ request: Request, _ me: Principal) async throws -> Reply<Photo> {
        .created(try await posts.uploadPhoto(try request.upload("photo"), by: me))
    }

    /// The signed link was checked by the group.
    func photo(_ request: Request, _: Visitor) async throws -> FileReply {
        try posts.photoFile(try request.parameter("sha"), copy: try request.parameter("copy"))
    }

    func create(_: Request, _ me: Principal, _ body: PostBody) async throws -> Reply<Post> {
        .created(try await posts.save(body, id: nil, by: me))
    }

    func feed(_ request: Request, _ me: Principal) async throws -> Reply<Page<Post>> {
        try await me.kept(request, tags: PostService.tags) {
            try await posts.feed(me, board: request.value("board", as: Board.self), author: request.value("author", as: UUID.self),
                                 before: Paging.cursor(request), limit: Paging.limit(request))
        }
    }

    func post(_ request: Request, _ me: Principal) async throws -> Reply<Post> {
        Reply(try await posts.post(try request.id("id", "post"), me))
    }

    func edit(_ request: Request, _ me: Principal, _ body: PostBody) async throws -> Reply<Post> {
        Reply(try await posts.save(body, id: try request.id("id", "post"), by: me))
    }

    func delete(_ request: Request, _ me: Principal) async throws -> Response {
        try await posts.delete(try request.id("id", "post"), me)
        return .noContent()
    }

    func like(_ request: Request, _ me: Principal) async throws -> Reply<Likes> {
        Reply(try await posts.like(true, try request.id("id", "post"), me))
    }

    func unlike(_ request: Request, _ me: Principal) async throws -> Reply<Likes> {
        Reply(try await posts.like(false, try request.id("id", "post"), me))
    }

    func comments(_ request: Request, _ me: Principal) async throws -> Reply<Page<PostComment>> {
        Reply(try await posts.comments(on: try request.id("id", "post"), me, after: Paging.cursor(request), limit: Paging.limit(request)))
    }

    func comment(_ request: Request, _ me: Principal, _ body: CommentBody) async throws -> Reply<PostComment> {
        let id = try request.id("id", "post")
        try FieldCheck(CommentRule.check(body.body)).done()
        let text = PostDraft.normalize(body.body)
        return .created(try await posts.addComment(text, on: id, by: me))
    }

    func deleteComment(_ request: Request, _ me: Principal) async throws -> Response {
        try await posts.deleteComment(try request.id("id", "comment"), me)
        return .noContent()
    }
}
