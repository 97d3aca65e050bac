import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// Replies kept between reads (`ReplyCache`): a read again is answered with the kept bytes, and
/// every write that changes what a reply was made from shows in the very next read, on each route
/// that keeps its replies (the account, workouts, a lifelog day, a board), on both engines; with
/// several nodes on PostgreSQL, a write through one shows in the next read through another.
@Suite struct KeptReplyTests {
    final class Reader {
        let api: API
        let replies: ReplyCache
        /// The URLs asked, by whom: a reply is kept from the second time its URL is asked.
        private var asked: Set<[String]> = []

        init(api: API, replies: ReplyCache) {
            self.api = api
            self.replies = replies
        }

        /// GETs `path` twice (three times when it is new); the second must be answered with the kept
        /// reply and the same bytes.
        func read(_ path: String, _ token: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            if asked.insert([token, path]).inserted {
                let count = replies.count
                #expect(try api.call("GET", path, token: token).status == 200, sourceLocation: sourceLocation)
                #expect(replies.count == count, "\(path) asked the first time is not kept", sourceLocation: sourceLocation)
            }
            let first = try api.call("GET", path, token: token)
            #expect(first.status == 200, "\(path): \(first.text.prefix(200))", sourceLocation: sourceLocation)
            let hits = replies.hits
            let again = try api.call("GET", path, token: token)
            #expect(again.body == first.body, sourceLocation: sourceLocation)
            #expect(replies.hits == hits + 1, "\(path) is answered from memory the second time", sourceLocation: sourceLocation)
            return try first.json()
        }
    }

    @Test(arguments: Engine.allCases)
    func everyWriteShowsInTheNextRead(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let replies = running.app.context.replies
        let reader = Reader(api: api, replies: replies)
        let (ana, _, anaID) = try api.signUp("ana@example.com", name: "Ana")
        let (ben, _, benID) = try api.signUp("ben@example.com", name: "Ben")

        // The account: a new name, then a role given by an admin.
        #expect(try reader.read("/v1/me", ana)["displayName"] as? String == "Ana")
        #expect(try api.call("PATCH", "/v1/me", json: ["displayName": "Ana K."], token: ana).status == 200)
        #expect(try reader.read("/v1/me", ana)["displayName"] as? String == "Ana K.")
        try await AccountAdmin.create(running.app.database, email: "root@example.com", displayName: "Root", password: "admin password 1", role: .admin)
        let root = try #require(try api.signIn("root@example.com", password: "admin password 1").string("accessToken"))
        #expect(try api.call("PATCH", "/v1/admin/users/\(anaID)", json: ["role": "coach"], token: root).status == 200)
        #expect(try reader.read("/v1/me", ana)["role"] as? String == "coach")

        // Workouts: logged, changed, deleted.
        let path = "/v1/workouts?from=2026-01-01&to=2026-12-31"
        #expect((try reader.read(path, ana)["items"] as? [Any])?.isEmpty == true)
        let workout: [String: Any] = ["startedAt": "2026-03-01T08:00:00Z", "endedAt": "2026-03-01T08:30:00Z", "notes": "first",
                                      "exercises": [["exerciseId": "squat", "sets": [["reps": 10]]]]]
        let id = try #require(try api.call("POST", "/v1/workouts", json: workout, token: ana).string("id"))
        #expect((try reader.read(path, ana)["items"] as? [[String: Any]])?.first?["notes"] as? String == "first")
        var changed = workout
        changed["notes"] = "second"
        #expect(try api.call("PUT", "/v1/workouts/\(id)", json: changed, token: ana).status == 200)
        #expect((try reader.read(path, ana)["items"] as? [[String: Any]])?.first?["notes"] as? String == "second")
        #expect((try reader.read(path, ben)["items"] as? [Any])?.isEmpty == true, "someone else's list is their own")
        #expect(try api.call("DELETE", "/v1/workouts/\(id)", token: ana).status == 204)
        #expect((try reader.read(path, ana)["items"] as? [Any])?.isEmpty == true)

        // A lifelog day: a memo written, changed, deleted; a new time zone moves it to another day.
        let day = "/v1/lifelog/timeline?range=day&date=2026-03-02"
        let memo = UUID().uuidString
        #expect(try api.call("PUT", "/v1/lifelog/records/\(memo)", json: ["kind": "memo", "text": "coffee", "occurredAt": "2026-03-02T23:30:00+09:00"],
                             token: ana).status == 201)
        #expect((try reader.read(day, ana)["items"] as? [Any])?.count == 1)
        #expect(try api.call("PATCH", "/v1/me", json: ["timeZone": "America/Los_Angeles"], token: ana).status == 200)
        #expect((try reader.read(day, ana)["items"] as? [Any])?.count == 1, "2026-03-02 in Los Angeles holds 23:30 in Tokyo too")
        #expect((try reader.read("/v1/lifelog/timeline?range=day&date=2026-03-03", ana)["items"] as? [Any])?.isEmpty == true)
        #expect(try api.call("DELETE", "/v1/lifelog/records/\(memo)", token: ana).status == 204)
        #expect((try reader.read(day, ana)["items"] as? [Any])?.isEmpty == true)

        // Health days: a report, another source's, new goals, a new time zone (today moves).
        let health = "/v1/health/days?from=2026-03-01&to=2026-03-02"
        func steps(_ json: [String: Any]) -> [Int] { (json["days"] as? [[String: Any]])?.compactMap { $0["steps"] as? Int } ?? [] }
        #expect(steps(try reader.read(health, ana)) == [0, 0])
        #expect(try api.call("PUT", "/v1/health/days/2026-03-02", json: ["source": "Watch", "steps": 9000], token: ana).status == 200)
        #expect(steps(try reader.read(health, ana)) == [0, 9000])
        #expect(try api.call("POST", "/v1/health/days", json: ["days": [["date": "2026-03-01", "source": "Phone", "steps": 4000]]], token: ana).status == 200)
        #expect(steps(try reader.read(health, ana)) == [4000, 9000])
        #expect(try api.call("PUT", "/v1/me/health-goals", json: ["steps": 9000, "activeEnergyKcal": 10, "standHours": 1], token: ana).status == 200)
        #expect((try reader.read(health, ana)["goals"] as? [String: Any])?["steps"] as? Int == 9000)
        #expect(try api.call("PATCH", "/v1/me", json: ["timeZone": "Pacific/Kiritimati"], token: ana).status == 200)
        let kiritimati = PersonalCalendar(timeZone: TimeZone(identifier: "Pacific/Kiritimati")!, weekStart: .monday).day(of: Date())
        #expect(try reader.read(health, ana)["today"] as? String == kiritimati)
        #expect(steps(try reader.read(health, ben)) == [0, 0], "someone else's days are their own")

        // A board, as Ana reads it: Ben posts, likes, is renamed, comments, then is blocked.
        let board = "/v1/posts?board=talk"
        #expect((try reader.read(board, ana)["items"] as? [Any])?.isEmpty == true)
        let post = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Morning run?"], token: ben).string("id"))
        func only(_ json: [String: Any]) throws -> [String: Any] { try #require((json["items"] as? [[String: Any]])?.first) }
        #expect(try only(reader.read(board, ana))["body"] as? String == "Morning run?")
        #expect(try api.call("PUT", "/v1/posts/\(post)/like", token: ana).status == 200)
        let liked = try only(reader.read(board, ana))
        #expect(liked["likeCount"] as? Int == 1 && liked["likedByMe"] as? Bool == true)
        #expect(try only(reader.read(board, ben))["likedByMe"] as? Bool == false, "each reader's own view")
        #expect(try api.call("PATCH", "/v1/me", json: ["displayName": "Benjamin"], token: ben).status == 200)
        #expect((try only(reader.read(board, ana))["author"] as? [String: Any])?["displayName"] as? String == "Benjamin")
        #expect(try api.call("POST", "/v1/posts/\(post)/comments", json: ["body": "Yes!"], token: ana).status == 201)
        #expect(try only(reader.read(board, ana))["commentCount"] as? Int == 1)
        #expect(try api.call("PUT", "/v1/blocks/\(benID)", token: ana).status == 204)
        #expect((try reader.read(board, ana)["items"] as? [Any])?.isEmpty == true)

        // Ben leaves: his post and name leave every kept board.
        #expect(try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: ben).status == 200)
        #expect(try api.call("DELETE", "/v1/blocks/\(benID)", token: ana).status == 204)
        #expect((try reader.read(board, ana)["items"] as? [Any])?.isEmpty == true)
        #expect(replies.count > 0)
    }

    /// Two nodes on one fresh PostgreSQL database and one data folder that do not hear each other
    /// (their buses stopped): only the shared versions can tell one of the other's writes.
    static func nodesThatDoNotHearEachOther() async throws -> (RunningApp, RunningApp) {
        let url = try await PostgresCluster.shared.freshDatabaseURL(migrated: true)
        let shared = NSTemporaryDirectory() + "yaruki-cluster-\(UUID().uuidString)"
        let (a, b) = (try await RunningApp(.sqlite, arguments: ["--db", url, "--data-dir", shared]),
                      try await RunningApp(.sqlite, arguments: ["--db", url, "--data-dir", shared]))
        a.app.context.bus.stop()
        b.app.context.bus.stop()
        return (a, b)
    }

    /// Two nodes on one PostgreSQL database, each keeping its replies: a write through either is
    /// seen by the next read through the other, though no news of it has to reach that node (the
    /// versions it reads are the database's).
    @Test func aWriteThroughOneNodeShowsInTheNextReadThroughAnother() async throws {
        let (a, b) = try await Self.nodesThatDoNotHearEachOther()
        let (onA, onB) = (API(a), API(b))
        let readB = Reader(api: onB, replies: b.app.context.replies)
        let readA = Reader(api: onA, replies: a.app.context.replies)
        let (ana, _, _) = try onA.signUp("ana@example.com", name: "Ana")
        let path = "/v1/workouts?from=2026-01-01&to=2026-12-31"
        for round in 1...20 {
            let (writer, reader, writerAPI) = round % 2 == 0 ? ("A", readB, onA) : ("B", readA, onB)
            _ = try reader.read("/v1/me", ana)
            _ = try reader.read(path, ana)
            #expect(try writerAPI.call("PATCH", "/v1/me", json: ["displayName": "Ana \(round)"], token: ana).status == 200)
            #expect(try reader.read("/v1/me", ana)["displayName"] as? String == "Ana \(round)", "written through \(writer)")
            let workout: [String: Any] = ["startedAt": "2026-03-01T08:00:00Z", "notes": "round \(round)", "exercises": [["exerciseId": "squat", "sets": [["reps": 10]]]]]
            #expect(try writerAPI.call("POST", "/v1/workouts", json: workout, token: ana).status == 201)
            #expect((try reader.read(path, ana)["items"] as? [Any])?.count == round, "written through \(writer)")
        }
        // Everything changed (an account deleted through A): B's kept board is not given again.
        let (ben, _, _) = try onA.signUp("ben@example.com", name: "Ben")
        #expect(try onA.call("POST", "/v1/posts", json: ["board": "talk", "body": "Hello"], token: ben).status == 201)
        #expect((try readB.read("/v1/posts?board=talk", ana)["items"] as? [Any])?.count == 1)
        #expect(try onA.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: ben).status == 200)
        #expect((try readB.read("/v1/posts?board=talk", ana)["items"] as? [Any])?.isEmpty == true)
    }

    /// Kept replies' versions on PostgreSQL are read for the requests asking at once together
    /// (`WorkGroups`): while eight threads keep asking two nodes for kept replies, a rename
    /// through one node is read back at once through the other, forty times over, and the checks
    /// were shared: no request is answered by a check begun before it asked.
    @Test func versionsReadTogetherNeverAnswerARequestFromBeforeIt() async throws {
        let (a, b) = try await Self.nodesThatDoNotHearEachOther()
        let (onA, onB) = (API(socket: a), API(socket: b))
        let (ana, _, _) = try onA.signUp("ana@example.com", name: "Ana")
        let path = "/v1/workouts?from=2026-01-01&to=2026-12-31"
        let busy = ManagedAtomicFlag()
        let background = DispatchGroup()
        for t in 0..<8 {
            background.enter()
            Thread {
                while !busy.isSet { _ = try? (t % 2 == 0 ? onA : onB).call("GET", t % 4 < 2 ? "/v1/me" : path, token: ana) }
                background.leave()
            }.start()
        }
        defer {
            busy.set()
            background.wait()
        }
        for round in 1...40 {
            let (writer, reader) = round % 2 == 0 ? (onA, onB) : (onB, onA)
            #expect(try writer.call("PATCH", "/v1/me", json: ["displayName": "Ana \(round)"], token: ana).status == 200)
            #expect(try reader.call("GET", "/v1/me", token: ana).string("displayName") == "Ana \(round)", "round \(round)")
        }
        let checks = [a, b].map { $0.app.context.replies.checksTogether }
        #expect(checks.allSatisfy { $0.groups > 0 } && checks.contains { $0.items > $0.groups }, "versions read together: \(checks)")
    }

    /// A reply is kept from the second time its key is asked: keys asked once (a new query string
    /// each time) keep nothing and push nothing out; a key asked before a write is kept at its
    /// first making after it.
    @Test func aReplyIsKeptFromTheSecondAsk() async throws {
        let replies = ReplyCache(maxAge: 60, clock: { Date() })
        var made = 0
        func read(_ text: String) async throws {
            _ = try await replies.reply(key: .init(text: text), tags: [.init("t")]) { () -> Person in
                made += 1
                return Person(id: Example.personID, displayName: "made \(made)")
            }
        }
        try await read("often")
        try await read("often")
        #expect(replies.count == 1 && made == 2, "kept at the second ask")
        for n in 0..<20_000 { try await read("once \(n)") }
        #expect(replies.count == 1 && made == 20_002, "keys asked once each: none kept, none pushed out")
        try await read("often")
        #expect(made == 20_002 && replies.hits == 1, "still kept after 20,000 keys asked once")
        await replies.invalidate([.init("t")])
        try await read("often")
        try await read("often")
        #expect(made == 20_003 && replies.hits == 2, "asked before the write: kept at its first making after it")
    }

    /// Kept replies are bounded; a reply made while its data changed is not given again; a read
    /// already kept is answered 304 when the client holds it.
    @Test func keptRepliesAreBoundedAndNeverOutliveAWrite() async throws {
        let replies = ReplyCache(maxAge: 60, capacity: 8, maxBytes: 4096, clock: { Date() })
        let request = Request(method: .get, target: "/x")
        for n in 0..<1000 {
            let name = String(repeating: "x", count: n % 700)
            for _ in 0..<2 {
                _ = try await replies.reply(key: .init(text: "k\(n)"), tags: [.init("t\(n % 3)")]) { Person(id: UUID(), displayName: name) }
            }
            #expect(replies.count <= 8 && replies.bytes <= 4096, "\(n): \(replies.count) replies, \(replies.bytes) bytes")
        }
        #expect(replies.count > 0)
        for _ in 0..<2 {
            let huge = try await replies.reply(key: .init(text: "huge"), tags: []) { Person(id: UUID(), displayName: String(repeating: "y", count: 3000)) }
            #expect(try huge.response(to: request).status == 200 && replies.bytes <= 4096, "too big to keep, still answered")
        }
        // A write lands while the reply is being made: that reply is not kept as current. (Asked
        // once before, so that what is made next would be kept.)
        _ = try await replies.reply(key: .init(text: "race"), tags: [.init("t")]) { Person(id: Example.personID, displayName: "first asked") }
        var made = 0
        func read() async throws -> String {
            let reply = try await replies.reply(key: .init(text: "race"), tags: [.init("t")]) { () -> Person in
                made += 1
                if made == 1 { await replies.invalidate([.init("t")]) }
                return Person(id: Example.personID, displayName: "made \(made)")
            }
            guard case let .data(body) = try reply.response(to: request).body else { return "" }
            return String(decoding: body, as: UTF8.self)
        }
        #expect(try await read().contains("made 1"))
        #expect(try await read().contains("made 2"), "made again: the first was made while its data changed")
        #expect(try await read().contains("made 2"), "kept from here on")
        await replies.invalidateAll()
        #expect(replies.count == 0)

        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (ana, _, _) = try api.signUp("cy@example.com")
        _ = try api.call("GET", "/v1/me", token: ana)
        let first = try api.call("GET", "/v1/me", token: ana)
        let etag = try #require(first.headers["etag"])
        let again = try api.call("GET", "/v1/me", token: ana, headers: ["If-None-Match": etag])
        #expect(again.status == 304 && again.body.isEmpty)
    }
}
