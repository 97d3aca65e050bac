import Foundation
import Synchronization
import Testing
import YarukiAPI
import YarukiTestSupport
@testable import YarukiServer
@testable import YarukiStore

/// Several nodes on one PostgreSQL database, one data folder (the signing keys and media shared,
/// as deploy/ sets them up): what is written through one node reaches the streams of the others.
@Suite(.serialized) struct ClusterEventTests {
    static func nodes(_ count: Int) async throws -> [RunningApp] {
        let url = try await PostgresCluster.shared.freshDatabaseURL(migrated: true)
        let shared = NSTemporaryDirectory() + "yaruki-cluster-\(UUID().uuidString)"
        var nodes: [RunningApp] = []
        for _ in 0..<count { nodes.append(try await RunningApp(.sqlite, arguments: ["--db", url, "--data-dir", shared])) }
        // Each node's listener is connected before anything is written.
        for node in nodes { #expect(await eventually(timeout: 20) { node.app.context.bus.isConnected }) }
        return nodes
    }

    static func open(_ port: Int, _ token: String, lastEventID: String? = nil) throws -> RawClient {
        let client = try RawClient(port: port, timeout: 15)
        client.send("GET /v1/events?access_token=\(token) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
                    + (lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? "") + "\r\n")
        return client
    }

    static func ids(_ text: String) -> [Int64] {
        text.components(separatedBy: "id: ").dropFirst().compactMap { Int64($0.prefix { $0.isNumber }) }
    }

    @Test func eventsWrittenThroughTwoNodesReachAStreamOnTheThirdInOrderAndResumeAnywhere() async throws {
        let nodes = try await Self.nodes(3)
        let (a, b, c) = (API(nodes[0]), API(nodes[1]), nodes[2])
        // Signed up through A, refreshed through B: one keyring, one session table.
        let (aki, akiRefresh, akiID) = try a.signUp("aki-cluster@example.com", name: "Aki")
        let refreshed = try b.call("POST", "/v1/auth/refresh", json: ["refreshToken": akiRefresh])
        #expect(refreshed.status == 200, "\(refreshed.text)")
        let (bo, _, _) = try b.signUp("bo-cluster@example.com", name: "Bo")
        #expect(try API(c).call("GET", "/v1/me", token: aki).string("id") == akiID, "A's token is good on C")
        let watching = try Self.open(c.port, bo)
        let ready = try await watching.waitFor("event: ready")
        let readyID = try #require(Self.ids(ready).last)
        // A group made through A, joined through B, a proof through A: each is news on C.
        let code = try #require(try a.call("POST", "/v1/groups", json: ["name": "Crew"], token: aki).string("inviteCode"))
        #expect(try b.call("POST", "/v1/groups/join", json: ["code": code], token: bo).status == 200)
        #expect(try ProofTests.upload(nodes[0].port, token: aki, ProofTests.video).status == 201)
        // Bo's joining (through B) and Aki's proof (through A): two standings events, the second naming Aki.
        var seen = try await watching.waitFor("event: standings") + watching.readUntil("\n\n")
        for _ in 0..<10 where !seen.lowercased().contains(akiID.lowercased()) || Self.ids(seen).count < 2 {
            seen += try await watching.waitFor("event: ") + watching.readUntil("\n\n")
        }
        let live = Self.ids(seen).filter { $0 > readyID }
        #expect(live.count >= 2 && live == live.sorted(), "ids in order: \(live)")

        // The screen moves to A with the last id it had from before: A replays what came after it.
        let resumed = try Self.open(nodes[0].port, bo, lastEventID: String(readyID))
        let replay = try await resumed.waitFor("event: ready")
        let replayed = Self.ids(replay).dropLast()  // the last is ready's own
        #expect(Array(replayed.prefix(live.count)) == live, "A replays what C sent live: \(replayed) vs \(live)")
    }

    /// The log can hold an event this node has yet to hear (written through another node, its
    /// NOTIFY still on its way). A screen resuming here is sent it from the log; when the node then
    /// hears it, the screen is not sent it again. (A three-node run through nginx once gave a
    /// resumed screen one standings event twice.)
    @Test func aResumedStreamIsNotSentAgainWhatTheLogAlreadyGaveIt() async throws {
        let node = try await Self.nodes(1)[0]
        let (bo, _, boID) = try API(node).signUp("bo-resume@example.com", name: "Bo")
        let database = node.app.context.database
        // Logged as another node logs, its NOTIFY held back.
        func logged(_ data: String) async throws -> EventLogStore.Entry {
            try await database.transaction { c in
                let id = try #require(try c.queryOne("""
                    INSERT INTO events (topic, name, audience, data, at) VALUES ('user', 'standings', ?, ?, 0) RETURNING id
                    """, boID.lowercased(), data)?.int("id"))
                return EventLogStore.Entry(id: Int64(id), topic: "user", name: "standings", audience: boID.lowercased(), data: data)
            }
        }
        func told(_ entry: EventLogStore.Entry) async throws {
            try await database.transaction { c in _ = try c.query("SELECT pg_notify(?, ?) AS told", EventLogStore.channel, EventLogStore.notification(entry)) }
        }
        let early = try await logged(#"{"n":1}"#)
        let resumed = try Self.open(node.port, bo, lastEventID: String(early.id - 1))
        // Each standings event's id (ready carries one too).
        func standings(_ text: String) -> [Int64] {
            text.components(separatedBy: "\n\n").filter { $0.contains("event: standings") }.flatMap(Self.ids)
        }
        var seen = try await resumed.waitFor("event: ready")
        #expect(standings(seen) == [early.id], "the log gives it: \(seen)")
        // The node hears it now, then a later one.
        try await told(early)
        let later = try await logged(#"{"n":2}"#)
        try await told(later)
        seen += try await resumed.waitFor("id: \(later.id)") + resumed.readUntil("\n\n")
        #expect(standings(seen) == [early.id, later.id], "each sent once: \(seen)")
    }

    @Test func aWallOnOneNodeCountsSalesPostedToTheOthers() async throws {
        let nodes = try await Self.nodes(3)
        let api = API(nodes[0])
        let admin = try await SignageTests.admin(nodes[0], api)
        let key = try #require(try api.call("POST", "/v1/admin/api-keys", json: ["name": "till", "scopes": ["signage:write"]], token: admin).string("key"))
        let body: [String: Any] = ["title": "Beauty week", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00",
                                   "endsAt": "2026-12-05T00:00:00+09:00", "campaign": "beauty-week", "goal": 1_000_000]
        let board = try api.call("POST", "/v1/signage/boards", json: body, token: admin).json()
        let id = try #require((board["board"] as? [String: Any])?["id"] as? String)
        let token = try #require((board["wallURL"] as? String)?.components(separatedBy: "token=").last)
        let wall = try RawClient(port: nodes[2].port, timeout: 15)
        wall.send("GET /v1/signage/boards/\(id)/stream?token=\(token) HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try await wall.waitFor("event: total")
        for (i, node) in nodes.prefix(2).enumerated() {
            let sent = try API(node).call("POST", "/v1/signage/events", json: ["events": [SignageTests.sale("cluster-\(i)", 1_000 * (i + 1))]],
                                          headers: ["Authorization": "Bearer \(key)"])
            #expect(sent.status == 200, "\(sent.text)")
        }
        // 1,000 through A and 2,000 through B: the wall on C reaches 3,000.
        _ = try await wall.waitFor("\"total\":3000")
    }

    /// The listener reconnects by itself and first delivers what was logged while it was away.
    @Test func aNodeWhoseListenerDroppedCatchesUp() async throws {
        let nodes = try await Self.nodes(2)
        let api = API(nodes[0])
        let (aki, _, akiID) = try api.signUp("aki-drop@example.com", name: "Aki")
        let watching = try Self.open(nodes[1].port, aki)
        _ = try await watching.waitFor("event: ready")
        let bus = nodes[1].app.context.bus
        let before = try #require(bus.listenerConnects)
        // An event logged that no NOTIFY announced (as if sent while the listener was away)…
        let database = nodes[0].app.database
        try await database.transaction { c in
            try c.execute("INSERT INTO events (topic, name, audience, data, at) VALUES ('user', 'notification', ?, '{\"unread\":7}', 0)", akiID.lowercased())
        }
        // …then PostgreSQL ends the nodes' listening connections (as a restart or a network cut would).
        _ = try await database.read { c in
            try c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'yaruki-listener' AND datname = current_database()", [])
        }
        let got = try await watching.waitFor("\"unread\":7")
        #expect(got.contains("event: notification"))
        // The listener catches up from the log before it counts the connection made.
        #expect(await eventually(timeout: 15) { (bus.listenerConnects ?? 0) > before }, "it reconnected, and caught up from the log")
    }

    /// Node B keeps publishing events for Kai while node A deletes Kai's account: once the
    /// deletion has committed and B's outbox has written everything, no event names Kai. Every
    /// append reads the rows of the people it is for, and the deletion locks Kai's row first.
    @Test func noEventForADeletedPersonIsWrittenAfterTheDeletionWhicheverNodePublishes() async throws {
        let nodes = try await Self.nodes(2)
        let (a, b) = (API(nodes[0]), nodes[1])
        let (kai, _, kaiID) = try a.signUp("kai-cluster-\(UUID().uuidString.prefix(6))@example.com", name: "Kai")
        let kaiUUID = try #require(UUID(uuidString: kaiID))
        let stop = Atomic<Bool>(false)
        let publisher = Thread {
            var i = 0
            while !stop.load(ordering: .relaxed) {
                b.app.context.events.publish("notification", UnreadCount(unread: i), to: [kaiUUID])
                i += 1
                usleep(200)
            }
        }
        publisher.start()
        try await Task.sleep(for: .milliseconds(300))
        let deleted = try a.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: kai)
        #expect(deleted.status == 200, "\(deleted.text)")
        try await Task.sleep(for: .milliseconds(300))
        stop.store(true, ordering: .relaxed)
        await b.app.context.bus.settled(limit: 10)
        let left = try await nodes[0].app.database.read { c in
            try c.queryOne("SELECT COUNT(*) AS n FROM events WHERE LOWER(audience) LIKE ?", "%" + kaiID.lowercased() + "%")?.int("n") ?? -1
        }
        #expect(left == 0, "events naming Kai after the deletion: \(left)")
    }
}

/// Three nodes starting together on an empty database: each migration runs once, and all three
/// find the schema complete.
@Suite struct ClusterMigrationTests {
    @Test func threeNodesStartingTogetherMigrateOnce() async throws {
        let url = try await PostgresCluster.shared.freshDatabaseURL()
        let nodes = try (0..<3).map { _ in try PostgresDatabase(url: url, poolSize: 2) }
        defer { nodes.forEach { $0.close() } }
        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for node in nodes { group.addTask { try await Migrator.migrate(node).map(\.version) } }
            var all: [[Int]] = []
            for try await versions in group { all.append(versions) }
            return all
        }
        // Between them every migration ran exactly once.
        #expect(applied.flatMap { $0 }.sorted() == Migrations.all.map(\.version))
        for node in nodes {
            let versions = try await node.read { c in try c.query("SELECT version FROM schema_migrations ORDER BY version", []).map { try $0.int("version") } }
            #expect(versions == Migrations.all.map(\.version))
        }
    }
}
