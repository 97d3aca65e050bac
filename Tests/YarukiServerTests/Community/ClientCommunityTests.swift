import Foundation
import YarukiAPI
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
            return problem.status == 422 && problem.errors?.map(\.field) == ["photoIds"]
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

    @Test func routinesReportsAndNotificationsThroughTheSDK() async throws {
        let running = try await RunningApp(.sqlite)
        let url = URL(string: "http://127.0.0.1:\(running.port)")!
        let aki = YarukiClient(baseURL: url)
        let bo = YarukiClient(baseURL: url)
        try await aki.signUp(email: "sdk-rt-aki@example.com", password: "correct horse battery", displayName: "Aki")
        try await bo.signUp(email: "sdk-rt-bo@example.com", password: "correct horse battery", displayName: "Bo")
        let routine = try await aki.createRoutine(RoutineDraft(title: "Core", isPublic: true,
                                                               items: [RoutineItem(exerciseId: "plank", sets: 3, seconds: 40, restSeconds: 20)]))
        #expect(try await bo.routines(matching: "プランク").items.map(\.id) == [routine.id])
        #expect(try await bo.saveRoutine(routine.id).saveCount == 1)
        #expect(try await bo.myRoutines().map(\.id) == [routine.id])
        let copy = try await bo.copyRoutine(routine.id)
        #expect(copy.mine && !copy.public && copy.copiedFrom == routine.id)
        let notes = try await aki.notifications()
        #expect(notes.unread == 1 && notes.items.first?.kind == "save" && notes.items.first?.actor?.displayName == "Bo")
        try await aki.markNotificationsRead()
        #expect(try await aki.notifications().unread == 0)
        let post = try await aki.createPost(board: .talk, body: "Hi")
        #expect(try await bo.report(.post, post.id, reason: "test") == false)
    }
}
