import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// A person's posts (and their photos), comments, likes, routines and saves,
/// blocks and reports, for their account's deletion and export. Deleting takes back their likes,
/// saves and comments the way an unlike or a deleted comment would, so other people's counts
/// stay true.
struct CommunityData: PersonalData {
    let posts: PostService
    var area: String { "community" }
    var context: AppContext { posts.context }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        let likes = try CountedLink.postLikes.removeAll(user: user, c)
        let saves = try CountedLink.routineSaves.removeAll(user: user, c)
        let (posts, comments, photos) = try PostStore.deleteAll(user: user, c)
        let routines = try RoutineStore.deleteAll(user: user, c)
        let (blocks, reports) = try SafetyStore.deleteAll(user: user, c)
        return Removed(counts: ["posts": posts, "comments": comments, "likes": likes, "routineSaves": saves, "routines": routines,
                                "blocks": blocks, "reports": reports],
                       files: Set(photos.map { StoredFile.photo(sha256: $0) }))
    }

    func export(user: UUID, into folder: ExportFolder) async throws {
        let database = context.database
        let photos = context.photos
        try await folder.writeArray("posts.json", of: Post.self) { emit in
            var cursor: (Date, UUID)?
            while true {
                let (page, files) = try await database.read { c in
                    let page = try PostStore.authored(by: user, after: cursor, limit: 200, c)
                    return (page, try PostStore.photos(posts: page.map(\.id), c))
                }
                for row in page {
                    var post = posts.reply(row, photos: files[row.id] ?? [], viewer: user)
                    for (i, file) in (files[row.id] ?? []).enumerated() {
                        let name = "photos/\(file.id.lowercasedString).jpg"
                        folder.addFile(name, from: photos.path(file.sha256, .display))
                        (post.photos[i].url, post.photos[i].thumbnailURL) = (name, name)
                    }
                    try emit(post)
                }
                guard page.count == 200, let last = page.last else { return }
                cursor = (last.createdAt, last.id)
            }
        }
        try await exportComments(user, folder)
        let (routines, liked, saved, blocked) = try await database.read { c in
            (try RoutineStore.mine(user, c).filter { $0.authorID == user }, try CountedLink.postLikes.targets(user: user, c),
             try CountedLink.routineSaves.targets(user: user, c), try SafetyStore.blocked(by: user, c))
        }
        try folder.write("routines.json", routines.map { RoutineService.reply($0, viewer: user) })
        try folder.write("liked-posts.json", liked)
        try folder.write("saved-routines.json", saved)
        try folder.write("blocked.json", blocked.map { BlockedPerson(id: $0.id, displayName: $0.displayName, since: $0.since) })
    }

    private func exportComments(_ user: UUID, _ folder: ExportFolder) async throws {
        let database = context.database
        try await folder.writeArray("comments.json", of: PostComment.self) { emit in
            var cursor: (Date, UUID)?
            while true {
                let page = try await database.read { c in try PostStore.comments(by: user, after: cursor, limit: 500, c) }
                for row in page {
                    try emit(PostComment(id: row.id, postId: row.postID, author: Person(id: row.authorID, displayName: row.authorName),
                                         body: row.body, mine: true, canDelete: true, createdAt: row.createdAt))
                }
                guard page.count == 500, let last = page.last else { return }
                cursor = (last.createdAt, last.id)
            }
        }
    }
}
