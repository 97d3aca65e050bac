import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiServer
@testable import YarukiStore

/// Background work and kept state on several nodes: what one node took in, another may do, and
/// what a node keeps is checked against what the others wrote.
@Suite(.serialized) struct ClusterJobTests {
    /// A's kept playback parts are stamped with the records' count and latest change, read from
    /// the database on every page: a record written through B shows in A's next plan.
    @Test func aPlaybackPlanKeptOnOneNodeFollowsAWriteThroughAnother() async throws {
        let nodes = try await ClusterEventTests.nodes(2)
        let (a, b) = (API(nodes[0]), API(nodes[1]))
        let (mina, _, _) = try a.signUp("walk-cluster@example.com", extra: ["timeZone": "Europe/Helsinki"])
        try PlaybackTests.put(a, mina, 0, 60.1712, 24.9413, text: "Train in")
        try PlaybackTests.put(a, mina, 30, 60.1676, 24.9520, text: "Market Square")
        let first = try PlaybackTests.plan(a, mina)
        #expect((first["stops"] as? [Any])?.count == 2)
        #expect((try PlaybackTests.plan(a, mina)["stops"] as? [Any])?.count == 2, "kept and served again")
        try PlaybackTests.put(b, mina, 90, 60.1686, 24.9440, text: "Lunch")
        let after = try #require(try PlaybackTests.plan(a, mina)["stops"] as? [[String: Any]])
        #expect(after.count == 3 && ((after[2]["records"] as? [[String: Any]])?.first?["text"]) as? String == "Lunch")
    }

    /// A health export uploaded to A, whose runner is stopped (as if A died right after the
    /// reply): B's runner reads it from the shared folder, and A's screen hears it land.
    @Test func anImportUploadedToOneNodeIsReadByAnother() async throws {
        let nodes = try await ClusterEventTests.nodes(2)
        let (a, b) = (nodes[0], nodes[1])
        a.app.context.jobs.stop()
        let api = API(a)
        let (token, _, _) = try api.signUp("hana-cluster@example.com")
        let screen = try await HealthTests.events(a.port, token: token)
        let zip = try HealthTests.mixedExport()
        defer { unlink(zip) }
        let reply = try HealthTests.upload(a.port, token: token, try Data(contentsOf: URL(fileURLWithPath: zip)))
        #expect(reply.status == 202, "\(reply.text)")
        let id = try #require(try reply.json()["id"] as? String)
        _ = try await screen.waitFor("\"state\":\"done\"")
        let done = try api.call("GET", "/v1/health/imports/\(id)", token: token).json()
        #expect(done["records"] as? Int == 22 && done["days"] as? Int == 1)
        let job = try await a.app.database.read { c in try JobStore.row(uniqueKey: "\(HealthImports.job):\(id.lowercased())", c) }
        #expect(job?.state == "done" && job?.node == b.app.context.jobs.node, "read by B: \(String(describing: job))")
        // Each node's /metrics tells what it ran and whether its listener is up.
        let metrics = try API(b).call("GET", "/metrics").text
        #expect(metrics.contains(#"yaruki_event_listener{kind="connected"} 1.0"#), "\(metrics.suffix(600))")
        let ran = metrics.split(separator: "\n").first { $0.hasPrefix(#"yaruki_jobs{kind="ran"}"#) }.flatMap { Double($0.split(separator: " ").last ?? "") }
        #expect((ran ?? 0) >= 1)
        #expect(metrics.contains(#"yaruki_event_outbox{kind="dropped"} 0.0"#))
        let left = try FileManager.default.contentsOfDirectory(atPath: a.app.context.settings.dataDirectory + "/health-imports")
        #expect(left.isEmpty, "the upload is let go: \(left)")
    }
}
