import Foundation
import Testing
import YarukiAPI
import YarukiClient
import YarukiHTTP
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// Milestones crossed by sales: each celebrated once on every screen, live or on coming back
/// (by `Last-Event-ID`), on one node or two sharing PostgreSQL, and told once to the board's maker.
@Suite(.serialized) struct MilestoneStreamTests {
    static func milestones(_ text: String) -> [String] {
        var parser = ServerEventParser()
        return parser.feed(Array(text.utf8)).filter { $0.name == "milestone" }.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.data.utf8)) as? [String: Any])?["key"] as? String
        }
    }

    static func lastID(_ text: String) -> String? {
        var parser = ServerEventParser()
        return parser.feed(Array(text.utf8)).last?.id
    }

    /// Makes the board celebrate every ¥10,000 and its goal of ¥25,000.
    static func celebrate(_ live: SignageTests.Live) throws -> String {
        let admin = try #require(try live.api.signIn("signage-admin@example.com", password: "admin password 1").string("accessToken"))
        let body: [String: Any] = ["title": "Live", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00", "endsAt": "2026-12-05T00:00:00+09:00",
                                   "goal": 25_000, "milestones": ["every": 10_000, "goal": true, "recordDay": false]]
        let changed = try live.api.call("PUT", "/v1/signage/boards/\(live.id)", json: body, token: admin)
        #expect(changed.status == 200, "\(changed.text)")
        return admin
    }

    @Test(arguments: Engine.allCases)
    func eachMilestoneOnceLiveAndOnComingBack(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let live = try await SignageTests.Live(running)
        let admin = try Self.celebrate(live)
        let refused = try live.api.call("PUT", "/v1/signage/boards/\(live.id)", json: ["title": "Live", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00",
                                                                                    "endsAt": "2026-12-05T00:00:00+09:00", "milestones": ["goal": true, "recordDay": false]], token: admin)
        #expect(refused.status == 422 && TrainingTests.fields(refused) == ["milestones.goal"], "a goal to celebrate needs a goal")

        let screen = try live.open()
        let away = try live.open()
        let first = try await screen.waitFor("\n\n")
        let awayFirst = try await away.waitFor("\n\n")
        #expect(Self.milestones(first).isEmpty)
        let leftAt = try #require(Self.lastID(awayFirst))
        #expect(leftAt.hasSuffix(".0"), "no milestone yet: \(leftAt)")
        away.disconnect()
        // ¥12,000: past ¥10,000. The screen that stayed celebrates it once.
        try live.send([SignageTests.sale("m1", 12_000, campaign: nil)])
        let crossed = try await screen.waitFor("event: milestone") + screen.waitFor("\n\n")
        #expect(Self.milestones(crossed) == ["every-10000"])
        // The same sale again, and one that crosses nothing: no milestone.
        try live.send([SignageTests.sale("m1", 12_000, campaign: nil), SignageTests.sale("m2", 1_000, campaign: nil)])
        let quiet = try await screen.waitFor("\"total\":13000") + screen.waitFor("\n\n")
        #expect(Self.milestones(quiet).isEmpty)
        // ¥13,000 → ¥26,000: ¥20,000 and the goal, in that order.
        try live.send([SignageTests.sale("m3", 13_000, campaign: nil)])
        let two = try await screen.waitFor("\"key\":\"goal\"") + screen.waitFor("\n\n")
        #expect(Self.milestones(two) == ["every-20000", "goal"])
        // The screen that was away comes back with the id it last had: it is sent the three it missed, once.
        let back = try live.open(lastEventID: leftAt)
        let caught = try await back.waitFor("\"key\":\"goal\"") + back.waitFor("\n\n")
        #expect(Self.milestones(caught) == ["every-10000", "every-20000", "goal"])
        let after = try #require(Self.lastID(caught))
        back.disconnect()
        // Coming back again with its newest id: nothing more to celebrate.
        let again = try live.open(lastEventID: after)
        #expect(Self.milestones(try await again.waitFor("\n\n")).isEmpty)
        // The board's maker is told of each milestone once.
        let notes = try live.api.call("GET", "/v1/notifications", token: admin).json()["items"] as? [[String: Any]] ?? []
        #expect(notes.filter { $0["kind"] as? String == "boardMilestone" }.count == 3, "\(notes)")
    }

    /// Two nodes on one PostgreSQL: a screen on each; a sale through the first crosses a mark.
    /// Both screens celebrate it once; the maker is told once.
    @Test func twoNodesCelebrateOnceEachAndTellOnce() async throws {
        let nodes = try await ClusterEventTests.nodes(2)
        let live = try await SignageTests.Live(nodes[0])
        let admin = try Self.celebrate(live)
        let other = SignageTests.Live(live, on: nodes[1])
        let a = try live.open(), b = try other.open()
        _ = try await a.waitFor("\n\n")
        _ = try await b.waitFor("\n\n")
        try live.send([SignageTests.sale("n1", 11_000, campaign: nil)])
        let onA = try await a.waitFor("event: milestone") + a.waitFor("\n\n")
        let onB = try await b.waitFor("event: milestone") + b.waitFor("\n\n")
        #expect(Self.milestones(onA) == ["every-10000"] && Self.milestones(onB) == ["every-10000"])
        try live.send([SignageTests.sale("n2", 500, campaign: nil)])
        _ = try await b.waitFor("\"total\":11500")
        #expect(await eventually(timeout: 5) {
            let notes = (try? live.api.call("GET", "/v1/notifications", token: admin).json()["items"] as? [[String: Any]]) ?? []
            return notes.filter { $0["kind"] as? String == "boardMilestone" }.count == 1
        })
        let rows = try await nodes[0].app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM board_milestones")?.int("n") ?? 0 }
        #expect(rows == 1)
    }
}
