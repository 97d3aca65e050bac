import Foundation
import Testing
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// Many people logging workouts at once (on PostgreSQL written together, in groups): each request
/// is answered for its own workout, with its own version, as if it had been alone. A workout that
/// fails its checks, or names another person's workout, is refused without costing the others.
@Suite struct NewWorkoutsAtOnceTests {
    @Test(arguments: Engine.allCases)
    func workoutsLoggedAtOnceAreEachAnsweredAsIfAlone(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let people = try ["ana", "bo", "cy"].map { try api.signUp("\($0)@example.com") }
        let bosWorkout = try #require(try api.call("POST", "/v1/workouts", json: TrainingTests.workout("2026-11-01T07:00:00Z"), token: people[1].access)
            .string("id"))
        let anasWorkout = try #require(try api.call("POST", "/v1/workouts", json: TrainingTests.workout("2026-11-01T08:00:00Z"), token: people[0].access)
            .string("id"))

        /// What each request sends, and what it must be answered.
        enum Expect { case created, replaced, refused(Int) }
        var requests: [(person: Int, body: [String: Any], expect: Expect)] = []
        for i in 0..<48 {
            let person = i % 3
            var body = TrainingTests.workout("2026-11-\(10 + i / 3)T07:00:00Z", sets: [["reps": i + 1, "restSeconds": 60]], notes: "n\(i)")
            var expect = Expect.created
            switch i {
            case 3: body = TrainingTests.workout("2026-11-20T07:00:00Z", exercise: "no-such-exercise"); expect = .refused(404)
            case 6: body["id"] = bosWorkout; expect = .refused(404)  // Bo's, sent by Ana
            case 9: body["id"] = anasWorkout; expect = .replaced  // Ana's own: replaced
            case 12: body["id"] = UUID().uuidString  // a new id the client made
            default: break
            }
            requests.append((person, body, expect))
        }
        let sent = try requests.map { (token: people[$0.person].access, json: String(decoding: try JSONSerialization.data(withJSONObject: $0.body), as: UTF8.self)) }
        // A thread each, so that all of them are waiting at once.
        let replies = LockedArray<(Int, RawClient.Reply)>()
        let done = DispatchGroup()
        for i in sent.indices {
            done.enter()
            Thread {
                if let reply = try? api.call("POST", "/v1/workouts", raw: sent[i].json, token: sent[i].token) { replies.append((i, reply)) }
                done.leave()
            }.start()
        }
        done.wait()
        let answered = Dictionary(uniqueKeysWithValues: replies.values)
        #expect(answered.count == requests.count)

        var created: [Int: [String]] = [:]
        for (i, request) in requests.enumerated() {
            let reply = try #require(answered[i])
            switch request.expect {
            case .created, .replaced:
                #expect(reply.status == 201, "request \(i): \(reply.text)")
                #expect(reply.string("notes") == request.body["notes"] as? String, "each answered for its own workout")
                if let sent = request.body["id"] as? String { #expect(reply.string("id")?.lowercased() == sent.lowercased()) }
                if case .created = request.expect, let id = reply.string("id") { created[request.person, default: []].append(id) }
            case let .refused(status):
                #expect(reply.status == status, "request \(i): \(reply.text)")
            }
        }
        // Each person's workouts are what was sent: their list, and the notes of Ana's replaced one.
        for (person, token) in people.map(\.access).enumerated() {
            let listed = try api.call("GET", "/v1/workouts?from=2026-10-01&to=2026-12-31&limit=50", token: token)
            let ids = Set(((try listed.json()["items"] as? [[String: Any]]) ?? []).compactMap { ($0["id"] as? String)?.lowercased() })
            let expected = Set((created[person] ?? []).map { $0.lowercased() } + [[anasWorkout], [bosWorkout], []][person].map { $0.lowercased() })
            #expect(ids == expected, "person \(person)")
        }
        #expect(try api.call("GET", "/v1/workouts/\(anasWorkout)", token: people[0].access).string("notes") == "n9")
        #expect(try api.call("GET", "/v1/workouts/\(bosWorkout)", token: people[1].access).string("notes") == "felt good", "Ana's request changed nothing of Bo's")

        // Each write took the person's next version: the records' versions are distinct and the
        // last is the number of writes (Ana's replaced workout moved to a later one), and each
        // reply's ETag is its own.
        let database = running.app.database
        for (person, signedUp) in people.enumerated() {
            let user = try #require(UUID(uuidString: signedUp.id))
            let changes = try await database.read { c in try SyncStore.changes(user: user, .workouts, after: 0, limit: 500, tombstones: true, c) }
            let writes = requests.indices.filter { requests[$0].person == person && answered[$0]?.status == 201 }.count + [1, 1, 0][person]
            let versions = changes.map(\.version)
            #expect(Set(versions).count == versions.count && versions.max() == Int64(writes), "person \(person): \(versions)")
            #expect(changes.count == (created[person]?.count ?? 0) + [1, 1, 0][person])
            let etags = requests.indices.filter { requests[$0].person == person }.compactMap { answered[$0]?.headers["etag"] }
            #expect(Set(etags).count == etags.count, "each write its own version")
        }
        // As an operator reads it from /metrics.
        let metrics = try api.call("GET", "/metrics").text
        let written = { (kind: String) in
            metrics.split(separator: "\n").first { $0.hasPrefix("yaruki_workout_groups{kind=\"\(kind)\"}") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        let (groups, workouts, alone) = (try #require(written("groups")), try #require(written("workouts")), try #require(written("alone")))
        if engine == .postgres {
            #expect(workouts + alone == Double(requests.count + 2), "every new workout went through a group: \(metrics)")
            // Forty-eight threads wait at once: at least some of them share a group (seven groups for fifty here).
            #expect(groups < workouts, "\(groups) groups for \(workouts) workouts")
        } else {
            #expect(groups + workouts + alone == 0, "SQLite's writer groups them itself")
        }
    }

    /// A group written together tells each person's devices once, of their newest version (a
    /// device pulls everything up to it), in a passing event: no id of its own, and not sent again
    /// to a stream that reconnects. A workout written alone afterwards is told as before.
    @Test(arguments: Engine.allCases)
    func aGroupTellsEachPersonsDevicesOnceOfTheirNewestVersion(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let people = try ["dee", "eli"].map { try api.signUp("\($0)@example.com") }
        var streams: [RawClient] = [], readyIDs: [String] = []
        for person in people {
            let stream = try RawClient(port: running.port, timeout: 20)
            stream.send("GET /v1/events?access_token=\(person.access) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
            let ready = try await stream.waitFor("event: ready")
            readyIDs.append(try #require(ready.components(separatedBy: "id: ").last?.components(separatedBy: "\n").first))
            streams.append(stream)
        }
        let (dee, eli) = (try #require(UUID(uuidString: people[0].id)), try #require(UUID(uuidString: people[1].id)))
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let items = [dee, eli, dee, dee, eli].enumerated().map { i, user in
            TrainingService.NewWorkout(item: TrainingStore.NewWorkout(
                Workout(startedAt: start.addingTimeInterval(Double(i) * 3600), exercises: [WorkoutEntry(exerciseId: "push-up", sets: [WorkoutSet(reps: i + 1)])]),
                user: user, at: start), fresh: true)
        }
        let outcomes = try await TrainingService.writeTogether(items, running.app.context, nil)
        var versions: [UUID: [Int64]] = [:]
        for (item, outcome) in zip(items, outcomes) {
            guard case let .saved(saved) = outcome else { Issue.record("not saved: \(outcome)"); continue }
            versions[item.item.user, default: []].append(saved.version)
        }
        #expect(versions[dee] == [1, 2, 3] && versions[eli] == [1, 2])
        // Each hears one nudge, of their newest version, with no id line before it.
        for (stream, newest) in zip(streams, [3, 2]) {
            let heard = try await stream.waitFor("\"version\":\(newest),\"zone\":\"workouts\"")
            #expect(heard.components(separatedBy: "event: sync").count == 2, "one nudge: \(heard)")
            let event = heard.components(separatedBy: "\n\n").last ?? ""
            #expect(event.contains("event: sync") && !event.contains("id: "), "a passing event carries no id: \(event)")
        }
        // Dee's next workout, through the API, is told of too: the second nudge Dee hears.
        let reply = try api.call("PUT", "/v1/workouts/\(UUID().uuidString)", json: TrainingTests.workout("2026-11-02T07:00:00Z"), token: people[0].access)
        #expect(reply.status == 201, "\(reply.text)")
        let next = try await streams[0].waitFor("\"version\":4,\"zone\":\"workouts\"")
        #expect(next.components(separatedBy: "event: sync").count == 2, "\(next)")
        // A stream that reconnects after its ready event is not sent the nudges again: they were not logged.
        let again = try RawClient(port: running.port, timeout: 20)
        again.send("GET /v1/events?access_token=\(people[0].access) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nLast-Event-ID: \(readyIDs[0])\r\n\r\n")
        let replayed = try await again.waitFor("event: ready")
        #expect(!replayed.contains("event: sync"), "\(replayed)")
    }
}
