import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// Cheers and pushes between groupmates: once a day each, a notification and a live event, none
/// for a muted sender, and only within a group.
@Suite struct CheerTests {
    @Test func groupmatesCheerOnceADayAndAMutedSenderReachesNobody() async throws {
        let clock = TestClock()
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (mina, _, _) = try api.signUp("cheer-mina@example.com", name: "Mina")
        let (ren, _, renID) = try api.signUp("cheer-ren@example.com", name: "Ren")
        let (sora, _, soraID) = try api.signUp("cheer-sora@example.com", name: "Sora")
        let group = try api.call("POST", "/v1/groups", json: ["name": "Morning crew"], token: mina).json()
        let groupID = try #require(group["id"] as? String)
        let code = try #require(group["inviteCode"] as? String)
        #expect(try api.call("POST", "/v1/groups/join", json: ["code": code], token: ren).status == 200)
        let (minaID) = try #require((try api.call("GET", "/v1/me", token: mina).json())["id"] as? String)

        // Ren hears it live and in his notifications.
        let events = try await HealthTests.events(running.port, token: ren)
        var reply = try api.call("POST", "/v1/groups/\(groupID)/members/\(renID)/cheers", json: ["kind": "cheer"], token: mina)
        #expect(reply.status == 201, "\(reply.text)")
        let heard = try await events.waitFor("event: cheer")
        #expect(heard.contains("event: cheer"))
        let cheered = try await events.waitFor("\"kind\":\"cheer\"")
        #expect(cheered.contains("Mina"))
        var notes = try api.call("GET", "/v1/notifications", token: ren).json()["items"] as? [[String: Any]] ?? []
        #expect(notes.first?["kind"] as? String == "cheer")
        #expect((notes.first?["actor"] as? [String: Any])?["displayName"] as? String == "Mina")
        // Once a day: a push the same day is refused; tomorrow it goes.
        reply = try api.call("POST", "/v1/groups/\(groupID)/members/\(renID)/cheers", json: ["kind": "nudge"], token: mina)
        #expect(reply.status == 429)
        #expect(reply.headers["retry-after"] != nil)
        #expect(try api.call("GET", "/v1/me/cheers/today", token: mina).json()["items"].flatMap { ($0 as? [[String: Any]])?.count } == 1)
        clock.advance(86_400)
        let minaAgain = try #require(try api.signIn("cheer-mina@example.com").string("accessToken"))
        let renAgain = try #require(try api.signIn("cheer-ren@example.com").string("accessToken"))
        // Ren mutes Mina: her push is accepted (she cannot tell) but reaches nobody.
        #expect(try api.call("PUT", "/v1/me/mutes/\(minaID)", token: renAgain).status == 204)
        #expect((try api.call("GET", "/v1/me/mutes", token: renAgain).json()["items"] as? [[String: Any]])?.first?["displayName"] as? String == "Mina")
        reply = try api.call("POST", "/v1/groups/\(groupID)/members/\(renID)/cheers", json: ["kind": "nudge"], token: minaAgain)
        #expect(reply.status == 201)
        notes = try api.call("GET", "/v1/notifications", token: renAgain).json()["items"] as? [[String: Any]] ?? []
        #expect(notes.count == 1, "the muted push made no notification")
        // Unmuted, the next day's push arrives.
        #expect(try api.call("DELETE", "/v1/me/mutes/\(minaID)", token: renAgain).status == 204)
        clock.advance(86_400)
        let minaThird = try #require(try api.signIn("cheer-mina@example.com").string("accessToken"))
        let renThird = try #require(try api.signIn("cheer-ren@example.com").string("accessToken"))
        #expect(try api.call("POST", "/v1/groups/\(groupID)/members/\(renID)/cheers", json: ["kind": "nudge"], token: minaThird).status == 201)
        notes = try api.call("GET", "/v1/notifications", token: renThird).json()["items"] as? [[String: Any]] ?? []
        #expect(notes.first?["kind"] as? String == "nudge")
        // Only within a group; not oneself; only cheer or nudge.
        #expect(try api.call("POST", "/v1/groups/\(groupID)/members/\(soraID)/cheers", json: ["kind": "cheer"], token: minaThird).status == 404)
        let soraAgain = try #require(try api.signIn("cheer-sora@example.com").string("accessToken"))
        #expect(try api.call("POST", "/v1/groups/\(groupID)/members/\(minaID)/cheers", json: ["kind": "cheer"], token: soraAgain).status == 404, "not her group")
        _ = sora
        #expect(try api.call("POST", "/v1/groups/\(groupID)/members/\(minaID)/cheers", json: ["kind": "cheer"], token: minaThird).status == 422)
        #expect(try api.call("POST", "/v1/groups/\(groupID)/members/\(renID)/cheers", json: ["kind": "hug"], token: minaThird).status == 400)
        #expect(try api.call("PUT", "/v1/me/mutes/\(UUID().uuidString)", token: renThird).status == 404)
    }
}
