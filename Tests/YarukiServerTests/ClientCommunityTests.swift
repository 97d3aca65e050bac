import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import YarukiClient
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

@Suite(.serialized) struct ClientCommunityTests {
    @Test func photosPostsLikesCommentsAndBlocksThroughTheSDK() async throws {
        let running = try await RunningApp(.sqlite)
        let url = URL(string: "http://127.0.0.1:\(running.port)")!
        let aki = YarukiClient(baseURL: url)
        let bo = YarukiClient(baseURL: url)
        let akiAccount = try await aki.signUp(email: "sdk-post-aki@example.com", password: "correct horse battery", displayName: "Aki")
        try await bo.signUp(email: "sdk-post-bo@example.com", password: "correct horse battery", displayName: "Bo")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-photo-\(UUID().uuidString).jpg")
        try CommunityTests.phonePhoto().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let photo = try await aki.uploadPhoto(file: file)
        #expect(photo.width == 480 && photo.height == 640)
        let post = try await aki.createPost(board: .done, body: "Legs.", photoIds: [photo.id])
        #expect(post.photos.map(\.id) == [photo.id] && post.mine)
        await #expect {
            _ = try await aki.createPost(board: .done, body: "No photo")
        } throws: { error in
            guard case let .problem(problem) = error as? YarukiClientError else { return false }
            return problem.status == 400 && problem.errors?.map(\.field) == ["photoIds"]
        }
        #expect(try await bo.like(post.id).likeCount == 1)
        #expect(try await bo.like(post.id).likeCount == 1)
        let comment = try await bo.comment(on: post.id, "Strong!")
        #expect(try await aki.comments(on: post.id).items.map(\.id) == [comment.id])
        let page = try await bo.posts(board: .done, limit: 1)
        #expect(page.items.first?.likedByMe == true && page.items.first?.commentCount == 1 && page.nextCursor == nil)
        let (image, response) = try await URLSession.shared.data(from: URL(string: page.items[0].photos[0].thumbnailURL, relativeTo: url)!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200 && image.starts(with: [0xFF, 0xD8]))
        try await bo.block(akiAccount.id)
        #expect(try await bo.posts().items.isEmpty)
        try await bo.unblock(akiAccount.id)
        try await aki.deleteComment(comment.id)
        try await aki.deletePost(post.id)
        #expect(try await aki.posts(author: akiAccount.id).items.isEmpty)
    }
}
