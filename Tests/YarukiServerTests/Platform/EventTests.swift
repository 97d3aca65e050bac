import Foundation
import YarukiAPI
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// A person's own event stream tells them when the standings of their groups change.
@Suite(.serialized) struct EventTests {
    @Test func groupmatesHearOfANewProofAndCatchUpAfterReconnecting() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (aki, _, akiID) = try api.signUp("aki-ev@example.com", name: "Aki")
        let (bo, _, _) = try api.signUp("bo-ev@example.com", name: "Bo")
        let (stranger, _, _) = try api.signUp("sol-ev@example.com", name: "Sol")
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: aki).string("inviteCode"))
        let group = try #require(try api.call("POST", "/v1/groups/join", json: ["code": code], token: bo).string("id"))

        #expect(try request(running.port, "/v1/events").status == 401)
        #expect(try request(running.port, "/v1/events?access_token=nonsense").status == 401)

        func open(_ token: String, lastEventID: String? = nil) throws -> RawClient {
            // A generous ceiling: with both cores busy an event may take seconds to travel the outbox.
            let client = try RawClient(port: running.port, timeout: 30)
            client.send("GET /v1/events?access_token=\(token) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
                        + (lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? "") + "\r\n")
            return client
        }
        let watching = try open(bo)
        let ready = try await watching.waitFor("event: ready")
        // (Split on "id: " rather than on lines: Swift treats the chunk framing's CR LF as one character.)
        let readyID = try #require(ready.components(separatedBy: "id: ").last?.components(separatedBy: "\n").first)
        let outsider = try open(stranger)
        _ = try await outsider.waitFor("event: ready")

        #expect(try ProofTests.upload(running.port, token: aki, ProofTests.video).status == 201)
        // Events travel through the bus's outbox, so the group's news of Bo joining may come just
        // after the stream opened: the proof's is the standings event that names Aki.
        var event = ""
        // (However many standings events come before it: each waits up to the client's ceiling.)
        while !event.lowercased().contains(akiID.lowercased()) {
            event = try await watching.waitFor("event: standings") + (try await watching.waitFor("\n\n"))
        }
        #expect(event.contains("event: standings"), "\(event)")
        #expect(event.contains(group.lowercased()) || event.contains(group), "\(event)")
        #expect(event.lowercased().contains(akiID.lowercased()), "\(event)")
        // Someone outside the group hears nothing of it.
        outsider.setTimeout(1)
        #expect((try? outsider.readUntil("event: standings")) == nil)

        // Reconnecting with the last id seen replays what came after it.
        let again = try open(bo, lastEventID: readyID)
        let replay = try await again.waitFor("event: ready")
        #expect(replay.contains("event: standings"), "\(replay)")

        // Leaving is news for the rest of the group, and for the one who left.
        let akiWatching = try open(aki)
        _ = try await akiWatching.waitFor("event: ready")
        #expect(try api.call("POST", "/v1/groups/\(group)/leave", token: bo).status == 204)
        let left = try await akiWatching.waitFor("\"left\":true")
        #expect(left.contains("event: standings"), "\(left)")
        _ = try await again.waitFor("\"left\":true")
    }
}
