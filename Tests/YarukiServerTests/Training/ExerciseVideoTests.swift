import Foundation
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// Follow-along videos: coaches and admins attach an upload or a link to an exercise, everyone
/// plays it (with Range), members cannot attach, and a replaced upload's file goes.
@Suite(.serialized) struct ExerciseVideoTests {
    static func put(_ port: Int, _ path: String, token: String, _ data: Data) throws -> RawClient.Reply {
        let client = try RawClient(port: port, timeout: 20)
        client.send("PUT \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: video/mp4\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Length: \(data.count)\r\nConnection: close\r\n\r\n")
        client.send([UInt8](data))
        return try client.readResponse()
    }

    @Test(arguments: Engine.allCases) func coachesAttachEveryonePlaysMembersCannot(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        try await AccountAdmin.create(running.app.database, email: "aki@example.com", displayName: "Coach Aki", password: "coach password 1", role: .coach)
        let coach = try #require(try api.signIn("aki@example.com", password: "coach password 1").string("accessToken"))
        let (member, _, _) = try api.signUp("member@example.com")

        // A member is told there is nothing to attach to; nothing changes.
        #expect(try Self.put(running.port, "/v1/exercises/squat/video", token: member, ProofTests.video).status == 404)
        #expect(try api.call("PUT", "/v1/exercises/squat/video-link", json: ["url": "https://v.example/a.mp4"], token: member).status == 404)
        #expect(try api.call("GET", "/v1/exercises/squat").json()["videoFile"] == nil)

        // The coach uploads: the catalog says where it plays, and it plays for anyone, in parts too.
        let attached = try Self.put(running.port, "/v1/exercises/squat/video", token: coach, ProofTests.video)
        #expect(attached.status == 200, "\(attached.text)")
        let path = try #require(try attached.json()["videoFile"] as? String)
        #expect(path.hasPrefix("/v1/exercises/squat/video?v="))
        let listed = try api.call("GET", "/v1/exercises").json()["items"] as? [[String: Any]]
        #expect(listed?.first { $0["id"] as? String == "squat" }?["videoFile"] as? String == path)
        let played = try api.call("GET", path)
        #expect(played.status == 200 && played.body == [UInt8](ProofTests.video) && played.headers["content-type"] == "video/mp4")
        let part = try api.call("GET", path, headers: ["Range": "bytes=0-99"])
        #expect(part.status == 206 && part.body.count == 100)

        // Not a video: 415, and the upload stays.
        let text = try Self.put(running.port, "/v1/exercises/squat/video", token: coach, Data("not a video at all".utf8))
        #expect(text.status == 415)
        #expect(try api.call("GET", "/v1/exercises/squat").json()["videoFile"] as? String == path)

        // A link replaces the upload, whose file goes (nothing else used it).
        let files = running.app.context.media
        let sha = try #require(try await running.app.database.read { c in try TrainingStore.video(of: "squat", c)?.sha256 })
        #expect(FileManager.default.fileExists(atPath: files.path(sha, .mp4)))
        #expect(try api.call("PUT", "/v1/exercises/squat/video-link", json: ["url": "ftp://nope"], token: coach).status == 400)
        let linked = try api.call("PUT", "/v1/exercises/squat/video-link", json: ["url": "https://videos.example/squat.mp4"], token: coach)
        #expect(linked.status == 200 && linked.string("videoURL") == "https://videos.example/squat.mp4")
        #expect(try linked.json()["videoFile"] == nil)
        #expect(!FileManager.default.fileExists(atPath: files.path(sha, .mp4)))
        #expect(try api.call("GET", path).status == 404)

        // Removed: neither link nor file.
        let removed = try api.call("DELETE", "/v1/exercises/squat/video", token: coach)
        #expect(removed.status == 200 && removed.string("videoURL") == nil)
        #expect(try api.call("PUT", "/v1/exercises/no-such/video-link", json: ["url": "https://v.example/a.mp4"], token: coach).status == 404)
    }
}
