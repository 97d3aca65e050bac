import Foundation
import Testing
import YarukiAPI
import YarukiTestSupport
@testable import YarukiServer

/// One person cannot fill the disk: every upload counts against their quota, one that does not
/// fit is refused with 413 before anything is kept (and its file is gone), a body announced
/// larger than the room left is refused before it is sent, and deleting frees the room.
@Suite struct StorageQuotaTests {
    @Test(arguments: Engine.allCases)
    func uploadsPastTheQuotaAreRefusedAndLeaveNothing(engine: Engine) async throws {
        let video = ProofTests.video
        let other = try ProofTests.made(["-f", "lavfi", "-i", "testsrc=duration=1:size=176x144:rate=10", "-pix_fmt", "yuv420p"], ext: "mp4")
        // Room for one of them, not both.
        let quota = video.count + other.count / 2
        let clock = TestClock()
        let running = try await RunningApp(engine, clock: clock, arguments: ["--storage-per-person", String(quota)])
        let api = API(running)
        let (token, _, _) = try api.signUp("quota-\(UUID().uuidString.prefix(6))@example.com")
        var usage = try api.call("GET", "/v1/me/storage", token: token).json()
        #expect(usage["usedBytes"] as? Int == 0 && usage["quotaBytes"] as? Int == quota)

        let first = try ProofTests.upload(running.port, token: token, video)
        #expect(first.status == 201, "\(first.text)")
        usage = try api.call("GET", "/v1/me/storage", token: token).json()
        #expect(usage["usedBytes"] as? Int == video.count && usage["videoBytes"] as? Int == video.count)

        // The second does not fit: refused once it arrived (this node's figure is a minute old,
        // so the exact sum decides), nothing kept.
        clock.advance(61)
        let uploads = running.dataDirectory + "/uploads"
        let second = try ProofTests.upload(running.port, token: token, other)
        #expect(second.status == 413 && second.problemType == "/problems/storage-full", "\(second.text)")
        #expect(second.text.contains("does not fit"))
        let proof = try #require(first.string("id"))
        #expect(try api.call("GET", "/v1/proofs/\(proof)", token: token).status == 200)
        #expect(try api.call("GET", "/v1/me/storage", token: token).json()["usedBytes"] as? Int == video.count, "nothing more was kept")
        #expect(await eventually(timeout: 10) { ((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).allSatisfy { $0.hasPrefix("export-") } },
                "the upload's file is removed")
        // Now the room left is known here: a body announced larger is refused before it is sent.
        let client = try RawClient(port: running.port, timeout: 10)
        client.send("POST /v1/proofs HTTP/1.1\r\nHost: x\r\nContent-Type: video/mp4\r\nAuthorization: Bearer \(token)\r\nContent-Length: \(50 << 20)\r\n\r\n")
        let early = try client.readResponse()
        #expect(early.status == 413 && early.problemType == "/problems/storage-full" && early.text.contains("does not fit"), "\(early.text)")

        // Someone else's room is their own.
        let (neighbour, _, _) = try api.signUp("quota-n-\(UUID().uuidString.prefix(6))@example.com")
        #expect(try ProofTests.upload(running.port, token: neighbour, ProofTests.distinct()).status == 201)

        // Deleting the proof frees the room.
        #expect(try api.call("DELETE", "/v1/proofs/\(proof)", token: token).status == 204)
        #expect(try api.call("GET", "/v1/me/storage", token: token).json()["usedBytes"] as? Int == 0)
        #expect(try ProofTests.upload(running.port, token: token, other).status == 201)
    }

    @Test func withoutAQuotaNothingIsRefused() async throws {
        let running = try await RunningApp(.sqlite, arguments: ["--storage-per-person", "0"])
        let api = API(running)
        let (token, _, _) = try api.signUp("noquota-\(UUID().uuidString.prefix(6))@example.com")
        #expect(try ProofTests.upload(running.port, token: token, ProofTests.video).status == 201)
        let usage = try api.call("GET", "/v1/me/storage", token: token).json()
        #expect(usage["quotaBytes"] == nil && usage["usedBytes"] as? Int == ProofTests.video.count)
    }
}
