import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// Sales in with API keys, boards out by their secret link, live over a coalescing stream.
@Suite(.serialized) struct SignageTests {
    static func sale(_ id: String, _ amount: Int, at: String = "2026-12-01T10:05:00+09:00", channel: String = "store",
                     campaign: String? = "beauty-week", currency: String = "JPY") -> [String: Any] {
        var sale: [String: Any] = ["id": id, "amount": amount, "currency": currency, "occurredAt": at, "channel": channel]
        if let campaign { sale["campaign"] = campaign }
        return sale
    }

    static func admin(_ running: RunningApp, _ api: API) async throws -> String {
        try await AccountAdmin.create(running.app.database, email: "signage-admin@example.com", displayName: "Admin", password: "admin password 1",
                                      role: .admin)
        return try #require(try api.signIn("signage-admin@example.com", password: "admin password 1").string("accessToken"))
    }

    @Test func keysBoardsAndTotals() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let admin = try await SignageTests.admin(running, api)
        let (member, _, _) = try api.signUp("member-signage@example.com")
        #expect(try api.call("POST", "/v1/admin/api-keys", json: ["name": "till", "scopes": ["signage:write"]], token: member).status == 404)
        #expect(try api.call("POST", "/v1/admin/api-keys", json: ["name": "till", "scopes": ["everything"]], token: admin).status == 400)
        let made = try api.call("POST", "/v1/admin/api-keys", json: ["name": "Shibuya till", "scopes": ["signage:write"]], token: admin).json()
        let key = try #require(made["key"] as? String)
        func send(_ events: [[String: Any]], key: String? = key) throws -> RawClient.Reply {
            try api.call("POST", "/v1/signage/events", json: ["events": events], headers: key.map { ["Authorization": "Bearer \($0)"] } ?? [:])
        }
        #expect(try send([SignageTests.sale("a", 100)], key: nil).status == 401)
        #expect(try send([SignageTests.sale("a", 100)], key: "yk_madeup").status == 401)
        #expect(try api.call("POST", "/v1/signage/events", json: ["events": [SignageTests.sale("a", 1)]], token: admin).status == 401, "a person's token is not a key")

        // One bad sale refuses the batch, naming each field; nothing is stored.
        let bad = try send([SignageTests.sale("ok", 100), SignageTests.sale("b", 100, channel: "Front Desk", currency: "yen")])
        #expect(bad.status == 400 && Set(TrainingTests.fields(bad)) == ["events[1].channel", "events[1].currency"], "\(bad.text)")
        let tooMany = try send((0...1_000).map { SignageTests.sale("m\($0)", 1) })
        #expect(tooMany.status == 400 && TrainingTests.fields(tooMany) == ["events"])
        #expect(try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM sales_events")?.int("n") } == 0)

        // Duplicates and late sales: counted once, in their own hour.
        let first = try send([SignageTests.sale("s1", 1_000), SignageTests.sale("s2", 2_500, channel: "online"),
                              SignageTests.sale("s1", 1_000), SignageTests.sale("s3", 700, at: "2026-12-01T09:59:59+09:00"),
                              SignageTests.sale("other", 9_999, campaign: "winter")]).json()
        #expect(first["accepted"] as? Int == 4 && first["duplicates"] as? Int == 1)
        #expect(try send([SignageTests.sale("s2", 2_500, channel: "online")]).json()["duplicates"] as? Int == 1)

        // A board: Dec 1 to Dec 4 in Tokyo, the beauty-week campaign, a goal.
        let body: [String: Any] = ["title": "Beauty week", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00",
                                   "endsAt": "2026-12-05T00:00:00+09:00", "campaign": "beauty-week", "goal": 1_000_000]
        var wrong = body
        wrong["endsAt"] = "2026-11-30T00:07:00+09:00"
        let refused = try api.call("POST", "/v1/signage/boards", json: wrong, token: admin)
        #expect(Set(TrainingTests.fields(refused)) == ["endsAt"], "\(refused.text)")
        let board = try api.call("POST", "/v1/signage/boards", json: body, token: admin).json()
        let link = try #require(board["wallURL"] as? String)
        let id = try #require((board["board"] as? [String: Any])?["id"] as? String)
        let token = try #require(link.components(separatedBy: "token=").last)
        let state = try request(running.port, "/v1/signage/boards/\(id)?token=\(token)").json()
        #expect(state["total"] as? Int == 4_200 && state["sales"] as? Int == 3)
        let channels = try #require(state["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == ["online", "store"] && channels.map { $0["amount"] as? Int } == [2_500, 1_700])
        let hours = try #require(state["hours"] as? [[String: Any]])
        #expect(hours.count == 96 && hours[9]["amount"] as? Int == 700 && hours[10]["amount"] as? Int == 3_500)
        #expect(try request(running.port, "/v1/signage/boards/\(id)?token=nope").status == 404)
        #expect(try api.call("GET", "/v1/signage/boards/\(id)", token: member).status == 404)
        #expect(try api.call("GET", "/v1/signage/boards/\(id)", token: admin).status == 200)
        // A new link; the old one stops working.
        let renewed = try #require(try api.call("POST", "/v1/signage/boards/\(id)/link", token: admin).string("wallURL"))
        #expect(try request(running.port, "/v1/signage/boards/\(id)?token=\(token)").status == 404)
        #expect(try request(running.port, "/v1/signage/boards/\(id)?token=\(renewed.components(separatedBy: "token=").last!)").status == 200)
        // Revoked keys stop at once.
        #expect(try api.call("DELETE", "/v1/admin/api-keys/\(try #require(made["id"] as? String))", token: admin).status == 204)
        #expect(try send([SignageTests.sale("late", 1)]).status == 401)
    }

    @Test func theStreamCoalescesAndResumesWithTheLatestState() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let admin = try await SignageTests.admin(running, api)
        let key = try #require(try api.call("POST", "/v1/admin/api-keys", json: ["name": "sim", "scopes": ["signage:write"]], token: admin).string("key"))
        let board = try api.call("POST", "/v1/signage/boards", json: ["title": "Live", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00",
                                                                        "endsAt": "2026-12-05T00:00:00+09:00"], token: admin).json()
        let id = try #require((board["board"] as? [String: Any])?["id"] as? String)
        let token = try #require((board["wallURL"] as? String)?.components(separatedBy: "token=").last)
        func open(lastEventID: String? = nil) throws -> RawClient {
            let client = try RawClient(port: running.port, timeout: 10)
            client.send("GET /v1/signage/boards/\(id)/stream?token=\(token) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
                        + (lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? "") + "\r\n")
            return client
        }
        let wall = try open()
        #expect(try await wall.waitFor("\"total\":0").contains("event: total"))
        // Forty batches as fast as they go: far fewer updates reach the screen, the last one right.
        for batch in 0..<40 {
            let sales = (0..<25).map { SignageTests.sale("b\(batch)-\($0)", 100, campaign: nil) }
            #expect(try api.call("POST", "/v1/signage/events", json: ["events": sales], headers: ["Authorization": "Bearer \(key)"]).status == 200)
        }
        let seen = try await wall.waitFor("\"total\":100000")
        let updates = seen.components(separatedBy: "event: total").count - 1
        #expect(updates >= 1 && updates < 40, "coalesced into \(updates) updates")
        let lastID = try #require(seen.components(separatedBy: "id: ").last?.components(separatedBy: "\n").first?.trimmingCharacters(in: .whitespaces))
        // The connection drops; sales go on; a reconnect (with the last id seen) starts with the latest state.
        _ = wall
        #expect(try api.call("POST", "/v1/signage/events", json: ["events": [SignageTests.sale("after", 5_000, campaign: nil)]],
                             headers: ["Authorization": "Bearer \(key)"]).status == 200)
        let again = try open(lastEventID: lastID)
        let resumed = try await again.waitFor("\n\n")
        #expect(resumed.contains("\"total\":105000"), "\(resumed)")
        #expect(running.app.signage.watchers >= 1)
    }
}
