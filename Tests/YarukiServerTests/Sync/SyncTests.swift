import Foundation
import Testing
import YarukiHTTP
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The sync protocol over real HTTP: the changes feed and the areas' own routes are one set of
/// rows; pushes save, conflict or reject per record, once per change; If-Match guards the PUTs;
/// tombstones expire into 410; other devices are nudged.
@Suite struct SyncTests {
    static let memoAt = "2026-11-30T08:15:00+09:00"

    static func memo(_ text: String) -> [String: Any] { ["kind": "memo", "occurredAt": memoAt, "text": text] }

    static func push(_ api: API, _ token: String, _ zone: String, _ records: [[String: Any]], atomic: Bool? = nil) throws -> [[String: Any]] {
        var body: [String: Any] = ["records": records]
        if let atomic { body["atomic"] = atomic }
        let reply = try api.call("POST", "/v1/sync/\(zone)/push", json: body, token: token)
        precondition(reply.status == 200, reply.text)
        return try reply.json()["results"] as! [[String: Any]]
    }

    static func pull(_ api: API, _ token: String, _ zone: String, since: String? = nil, limit: Int? = nil) throws -> [String: Any] {
        var query: [String] = []
        if let since { query.append("since=\(since)") }
        if let limit { query.append("limit=\(limit)") }
        let reply = try api.call("GET", "/v1/sync/\(zone)/changes" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), token: token)
        precondition(reply.status == 200, reply.text)
        return try reply.json()
    }

    @Test(arguments: Engine.allCases)
    func theRoutesAndSyncAreOneSetOfRecords(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, _) = try api.signUp("sync-one@example.com")
        // Written through the lifelog's own PUT: in the feed.
        let put = UUID().uuidString
        var reply = try api.call("PUT", "/v1/lifelog/records/\(put)", json: Self.memo("from the route"), token: token)
        #expect(reply.status == 201)
        let etag = try #require(reply.headers["etag"])
        var feed = try Self.pull(api, token, "lifelog")
        var changes = feed["changes"] as! [[String: Any]]
        #expect(changes.map { ($0["id"] as? String)?.uppercased() } == [put.uppercased()])
        #expect((changes[0]["record"] as? [String: Any])?["text"] as? String == "from the route")
        #expect("\"v\(changes[0]["version"] as! Int)\"" == etag)
        let first = feed["token"] as! String
        #expect(feed["moreComing"] as? Bool == false)

        // Pushed through sync: in the lifelog's own reads.
        let pushed = UUID()
        let results = try Self.push(api, token, "lifelog", [["id": pushed.uuidString, "type": "lifelogRecord", "changeId": "phone-1", "fields": Self.memo("from sync")]])
        #expect(results[0]["status"] as? String == "saved")
        reply = try api.call("GET", "/v1/lifelog/records/\(pushed.uuidString)", token: token)
        #expect(reply.status == 200)
        #expect(try reply.json()["text"] as? String == "from sync")
        #expect(reply.headers["etag"] == "\"v\(results[0]["version"] as! Int)\"")
        // The next pull brings only what is new; a delete through the route comes as a tombstone.
        #expect(try api.call("DELETE", "/v1/lifelog/records/\(put)", token: token).status == 204)
        feed = try Self.pull(api, token, "lifelog", since: first)
        changes = feed["changes"] as! [[String: Any]]
        #expect(changes.count == 2)
        #expect((changes[0]["record"] as? [String: Any])?["text"] as? String == "from sync")
        #expect(changes[1]["deleted"] as? Bool == true && changes[1]["record"] == nil)
        #expect((changes[0]["version"] as! Int) < (changes[1]["version"] as! Int))
        // A first sync leaves tombstones out.
        #expect((try Self.pull(api, token, "lifelog")["changes"] as! [[String: Any]]).count == 1)
        // Workouts and routines too.
        let workout = UUID().uuidString
        #expect(try api.call("PUT", "/v1/workouts/\(workout)", json: ["startedAt": "2026-11-29T07:00:00Z", "exercises": [["exerciseId": "squat", "sets": [["reps": 5, "weightKg": 100]]]]],
                             token: token).status == 201)
        let routine = try api.call("POST", "/v1/routines", json: ["title": "Legs", "public": false, "items": [["exerciseId": "squat", "sets": 5, "reps": 5, "restSeconds": 120]]], token: token)
        #expect(routine.status == 201)
        #expect(((try Self.pull(api, token, "workouts"))["changes"] as! [[String: Any]]).map { ($0["id"] as? String)?.uppercased() } == [workout.uppercased()])
        #expect(((try Self.pull(api, token, "routines"))["changes"] as! [[String: Any]]).first?["type"] as? String == "routine")
        // Someone else sees none of it.
        let (other, _, _) = try api.signUp("sync-other@example.com")
        #expect((try Self.pull(api, other, "lifelog")["changes"] as! [[String: Any]]).isEmpty)
        #expect(try api.call("GET", "/v1/sync/photos/changes", token: token).status == 404)
        #expect(try api.call("GET", "/v1/sync/lifelog/changes?since=bm90LWEtdG9rZW4", token: token).problemType == "/problems/sync-token-unknown")
        #expect(try api.call("GET", "/v1/sync/workouts/changes?since=\(first)", token: token).status == 410, "another zone's token: start again")
    }

    /// A push naming `since` is told when it leaves the device up to date: only when its saved
    /// records are all the zone changed after that token.
    @Test(arguments: Engine.allCases)
    func aPushSaysWhenItLeavesTheDeviceUpToDate(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, _) = try api.signUp("sync-caught-up@example.com")
        func push(_ records: [[String: Any]], since: String?) throws -> [String: Any] {
            var body: [String: Any] = ["records": records]
            if let since { body["since"] = since }
            let reply = try api.call("POST", "/v1/sync/lifelog/push", json: body, token: token)
            precondition(reply.status == 200, reply.text)
            return try reply.json()
        }
        func record(_ text: String, id: String = UUID().uuidString, change: String = UUID().uuidString, base: Int? = nil) -> [String: Any] {
            var r: [String: Any] = ["id": id, "type": "lifelogRecord", "changeId": change, "fields": Self.memo(text)]
            if let base { r["baseVersion"] = base }
            return r
        }
        // Nothing pulled and nothing on the server: the first push's records are all there is.
        let first = record("first")
        var reply = try push([first, record("second")], since: "")
        let t1 = try #require(reply["token"] as? String)
        var feed = try Self.pull(api, token, "lifelog", since: t1)
        #expect((feed["changes"] as! [[String: Any]]).isEmpty && feed["moreComing"] as? Bool == false)
        // Without since, no token (an older device).
        #expect(try push([record("third")], since: nil)["token"] == nil)
        // The third is a change the device with t1 has not seen: its next push is not up to date.
        reply = try push([record("fourth")], since: t1)
        #expect(reply["token"] == nil)
        feed = try Self.pull(api, token, "lifelog", since: t1)
        #expect((feed["changes"] as! [[String: Any]]).compactMap { ($0["record"] as? [String: Any])?["text"] as? String } == ["third", "fourth"])
        let t2 = feed["token"] as! String
        // An edit through the lifelog's own route counts too; so does a delete.
        #expect(try api.call("DELETE", "/v1/lifelog/records/\(first["id"]!)", token: token).status == 204)
        let fifth = record("fifth")
        reply = try push([fifth], since: t2)
        #expect(reply["token"] == nil)
        let fifthVersion = try #require((reply["results"] as! [[String: Any]])[0]["version"] as? Int)
        let t3 = try Self.pull(api, token, "lifelog", since: t2)["token"] as! String
        // Up to date: a push of an edit and a new record says so, and the token is past both.
        let sixth = record("sixth")
        reply = try push([sixth, record("fifth, edited", id: fifth["id"] as! String, base: fifthVersion)], since: t3)
        let t4 = try #require(reply["token"] as? String)
        #expect((try Self.pull(api, token, "lifelog", since: t4)["changes"] as! [[String: Any]]).isEmpty)
        #expect((try Self.pull(api, token, "lifelog", since: t3)["changes"] as! [[String: Any]]).count == 2)
        // The same change sent again writes nothing: no token (it holds no lock on the versions).
        #expect(try push([sixth], since: t4)["token"] == nil)
        // A conflict is not saved: no token when the zone moved on.
        let results = (try push([record("stale edit", id: sixth["id"] as! String, base: 1)], since: t3))
        #expect((results["results"] as! [[String: Any]])[0]["status"] as? String == "conflict" && results["token"] == nil)
        // "" once the zone holds records the device never saw: no token.
        #expect(try push([record("seventh")], since: "")["token"] == nil)
        // A since that is no token of this zone is refused, and nothing is saved.
        let before = (try Self.pull(api, token, "lifelog")["changes"] as! [[String: Any]]).count
        var bad = try api.call("POST", "/v1/sync/lifelog/push", json: ["records": [record("lost")], "since": "not*a*token"], token: token)
        #expect(bad.status == 400 && bad.text.contains("since"))
        bad = try api.call("POST", "/v1/sync/workouts/push", json: ["records": [["id": UUID().uuidString, "type": "workout", "fields": [:] as [String: Any]]], "since": t4], token: token)
        #expect(bad.status == 410)
        #expect((try Self.pull(api, token, "lifelog")["changes"] as! [[String: Any]]).count == before)
    }

    @Test func pagesComeInVersionOrderUntilNothingMoreIsComing() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("sync-pages@example.com")
        let records = (0..<25).map { ["id": UUID().uuidString, "type": "lifelogRecord", "fields": Self.memo("memo \($0)")] as [String: Any] }
        #expect(try Self.push(api, token, "lifelog", records).allSatisfy { $0["status"] as? String == "saved" })
        var since: String?
        var seen: [String] = []
        var pages = 0
        repeat {
            let page = try Self.pull(api, token, "lifelog", since: since, limit: 10)
            seen += (page["changes"] as! [[String: Any]]).compactMap { ($0["record"] as? [String: Any])?["text"] as? String }
            since = page["token"] as? String
            pages += 1
            if page["moreComing"] as? Bool != true { break }
        } while pages < 10
        #expect(pages == 3)
        #expect(seen == (0..<25).map { "memo \($0)" })
        #expect((try Self.pull(api, token, "lifelog", since: since)["changes"] as! [[String: Any]]).isEmpty)
    }

    @Test(arguments: Engine.allCases)
    func pushesSaveConflictOrRejectEachRecordAndARetryIsAnsweredTheSame(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, _) = try api.signUp("sync-push@example.com")
        let id = UUID().uuidString
        var results = try Self.push(api, token, "lifelog", [["id": id, "type": "lifelogRecord", "changeId": "c1", "fields": Self.memo("v1")]])
        let v1 = results[0]["version"] as! Int
        // An edit against the version seen: saved. The same change again (its reply was lost): the same answer, applied once.
        let edit: [String: Any] = ["id": id, "type": "lifelogRecord", "baseVersion": v1, "changeId": "c2", "fields": Self.memo("v2")]
        results = try Self.push(api, token, "lifelog", [edit])
        let v2 = results[0]["version"] as! Int
        #expect(results[0]["status"] as? String == "saved" && v2 > v1)
        results = try Self.push(api, token, "lifelog", [edit])
        #expect(results[0]["status"] as? String == "saved" && results[0]["version"] as? Int == v2)
        #expect((try Self.pull(api, token, "lifelog")["changes"] as! [[String: Any]]).count == 1)
        // Another device still on v1: a conflict carrying the server's copy, nothing written.
        results = try Self.push(api, token, "lifelog", [["id": id, "type": "lifelogRecord", "baseVersion": v1, "changeId": "w1", "fields": Self.memo("watch")]])
        #expect(results[0]["status"] as? String == "conflict")
        let current = try #require(results[0]["current"] as? [String: Any])
        #expect(current["version"] as? Int == v2 && (current["record"] as? [String: Any])?["text"] as? String == "v2")
        // The same record made on two devices: the second is a conflict.
        results = try Self.push(api, token, "lifelog", [["id": id, "type": "lifelogRecord", "changeId": "w2", "fields": Self.memo("new on watch")]])
        #expect(results[0]["status"] as? String == "conflict")
        // Rejected with the reason and the field; the rest of the batch is saved.
        let good = UUID().uuidString
        results = try Self.push(api, token, "lifelog", [
            ["id": UUID().uuidString, "type": "lifelogRecord", "fields": ["kind": "memo", "occurredAt": Self.memoAt, "text": String(repeating: "x", count: 20_000)]],
            ["id": UUID().uuidString, "type": "workout", "fields": Self.memo("wrong zone")],
            ["id": UUID().uuidString, "type": "lifelogRecord", "fields": ["kind": "memo", "occurredAt": 12]],
            ["id": good, "type": "lifelogRecord", "fields": Self.memo("fine")],
        ])
        #expect(results.map { $0["status"] as? String } == ["rejected", "rejected", "rejected", "saved"])
        #expect((results[0]["errors"] as? [[String: Any]])?.first?["field"] as? String == "text")
        #expect((results[2]["errors"] as? [[String: Any]])?.first?["field"] as? String == "occurredAt")
        // Atomic: one conflict and nothing of the batch is written.
        let lone = UUID().uuidString
        results = try Self.push(api, token, "lifelog", [["id": lone, "type": "lifelogRecord", "fields": Self.memo("all or none")],
                                                        ["id": id, "type": "lifelogRecord", "baseVersion": v1, "fields": Self.memo("stale")]], atomic: true)
        #expect(results.map { $0["status"] as? String } == ["aborted", "conflict"])
        #expect(try api.call("GET", "/v1/lifelog/records/\(lone)", token: token).status == 404)
        // Deletes: against the version seen; a stale one conflicts; again is fine.
        results = try Self.push(api, token, "lifelog", [["id": id, "type": "lifelogRecord", "baseVersion": v1, "deleted": true]])
        #expect(results[0]["status"] as? String == "conflict")
        results = try Self.push(api, token, "lifelog", [["id": id, "type": "lifelogRecord", "baseVersion": v2, "changeId": "d1", "deleted": true]])
        #expect(results[0]["status"] as? String == "saved")
        let tombstone = results[0]["version"] as! Int
        #expect(try api.call("GET", "/v1/lifelog/records/\(id)", token: token).status == 404)
        // An edit against the delete: a conflict whose current is the tombstone.
        results = try Self.push(api, token, "lifelog", [["id": id, "type": "lifelogRecord", "baseVersion": v2, "fields": Self.memo("edited offline")]])
        #expect(results[0]["status"] as? String == "conflict")
        #expect((results[0]["current"] as? [String: Any])?["deleted"] as? Bool == true)
        // Resolved by keeping the edit: written again against the tombstone's version.
        results = try Self.push(api, token, "lifelog", [["id": id, "type": "lifelogRecord", "baseVersion": tombstone, "fields": Self.memo("kept")]])
        #expect(results[0]["status"] as? String == "saved")
        // Someone else's record id cannot be written through sync.
        let (other, _, _) = try api.signUp("sync-push-other@example.com")
        results = try Self.push(api, other, "lifelog", [["id": id, "type": "lifelogRecord", "fields": Self.memo("mine now?")]])
        #expect(results[0]["status"] as? String == "rejected")
        #expect(try api.call("POST", "/v1/sync/lifelog/push", json: ["records": []], token: token).status == 400)
    }

    @Test func ifMatchGuardsTheRoutesOwnWrites() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("sync-ifmatch@example.com")
        let id = UUID().uuidString
        var reply = try api.call("PUT", "/v1/lifelog/records/\(id)", json: Self.memo("one"), token: token)
        let first = try #require(reply.headers["etag"])
        reply = try api.call("PUT", "/v1/lifelog/records/\(id)", json: Self.memo("two"), token: token, headers: ["If-Match": first])
        #expect(reply.status == 200)
        let second = try #require(reply.headers["etag"])
        #expect(second != first)
        // A late write from a device that saw the first version: 412 with the record as it stands.
        reply = try api.call("PUT", "/v1/lifelog/records/\(id)", json: Self.memo("late"), token: token, headers: ["If-Match": first])
        #expect(reply.status == 412)
        let problem = try reply.json()
        #expect("\"v\(problem["version"] as! Int)\"" == second)
        #expect((problem["current"] as? [String: Any])?["text"] as? String == "two")
        #expect(try api.call("GET", "/v1/lifelog/records/\(id)", token: token).json()["text"] as? String == "two")
        #expect(try api.call("DELETE", "/v1/lifelog/records/\(id)", token: token, headers: ["If-Match": first]).status == 412)
        #expect(try api.call("PUT", "/v1/lifelog/records/\(id)", json: Self.memo("x"), token: token, headers: ["If-Match": "soon"]).status == 400)
        // Workouts and routines answer the same way.
        let workout = UUID().uuidString
        let body: [String: Any] = ["startedAt": "2026-11-29T07:00:00Z", "exercises": [["exerciseId": "squat", "sets": [["reps": 5]]]]]
        reply = try api.call("PUT", "/v1/workouts/\(workout)", json: body, token: token)
        let w1 = try #require(reply.headers["etag"])
        #expect(try api.call("PUT", "/v1/workouts/\(workout)", json: body, token: token, headers: ["If-Match": w1]).status == 200)
        reply = try api.call("PUT", "/v1/workouts/\(workout)", json: body, token: token, headers: ["If-Match": w1])
        #expect(reply.status == 412)
        #expect((try reply.json()["current"] as? [String: Any])?["id"] != nil)
        reply = try api.call("POST", "/v1/routines", json: ["title": "Legs", "public": false, "items": [["exerciseId": "squat", "sets": 5, "reps": 5, "restSeconds": 120]]], token: token)
        let routine = try #require(try reply.json()["id"] as? String)
        let r1 = try #require(reply.headers["etag"])
        #expect(try api.call("PUT", "/v1/routines/\(routine)", json: ["title": "Legs 2", "public": false, "items": [["exerciseId": "squat", "sets": 5, "reps": 5, "restSeconds": 120]]],
                             token: token, headers: ["If-Match": r1]).status == 200)
        #expect(try api.call("DELETE", "/v1/routines/\(routine)", token: token, headers: ["If-Match": r1]).status == 412)
    }

    @Test(arguments: Engine.allCases)
    func tombstonesAreKeptForTheirPeriodThenAnOlderTokenIs410(engine: Engine) async throws {
        let clock = TestClock()
        let running = try await RunningApp(engine, clock: clock, arguments: ["--sync-tombstone-days", "30"])
        let api = API(running)
        let (token, _, _) = try api.signUp("sync-tombstones@example.com", password: "correct horse battery")
        let id = UUID().uuidString
        _ = try api.call("PUT", "/v1/lifelog/records/\(id)", json: Self.memo("short-lived"), token: token)
        let old = try Self.pull(api, token, "lifelog")["token"] as! String
        #expect(try api.call("DELETE", "/v1/lifelog/records/\(id)", token: token).status == 204)
        // Within the period the tombstone is there.
        #expect(try await running.app.areas.sync.purge() == 0)
        #expect((try Self.pull(api, token, "lifelog", since: old)["changes"] as! [[String: Any]]).first?["deleted"] as? Bool == true)
        clock.advance(31 * 86_400)
        #expect(try await running.app.areas.sync.purge() == 1)
        let fresh = try #require(try api.signIn("sync-tombstones@example.com").string("accessToken"))
        let gone = try api.call("GET", "/v1/sync/lifelog/changes?since=\(old)", token: fresh)
        #expect(gone.status == 410)
        #expect(gone.problemType == "/problems/sync-token-expired")
        // A full sync from the start works, and its token is good from then on.
        let restart = try Self.pull(api, fresh, "lifelog")
        #expect((restart["changes"] as! [[String: Any]]).isEmpty)
        #expect(try api.call("GET", "/v1/sync/lifelog/changes?since=\(restart["token"] as! String)", token: fresh).status == 200)
        // Forgetting them reads an index of the tombstones alone, which a live record's write leaves be.
        let (definition, plan) = try await running.app.database.read { c -> (String, String) in
            if c.dialect == .postgres {
                _ = try c.query("SET LOCAL enable_seqscan = off")
                return (try c.queryOne("SELECT indexdef FROM pg_indexes WHERE indexname = 'sync_records_tombstones'")?.string("indexdef") ?? "",
                        try c.query("EXPLAIN DELETE FROM sync_records WHERE deleted = 1 AND changed_at < 0").map { try $0.string("QUERY PLAN") }.joined(separator: "\n"))
            }
            return (try c.queryOne("SELECT sql FROM sqlite_master WHERE name = 'sync_records_tombstones'")?.string("sql") ?? "",
                    try c.query("EXPLAIN QUERY PLAN DELETE FROM sync_records WHERE deleted = 1 AND changed_at < 0").map { try $0.string("detail") }.joined(separator: "\n"))
        }
        #expect(definition.contains("WHERE") && definition.contains("deleted = 1"), "\(definition)")
        #expect(plan.contains("sync_records_tombstones"), "\(plan)")
    }

    /// New records are written together (a first sync), yet each is still answered for itself: one
    /// that cannot be written as new (another person's id, a photo) makes its run go one at a
    /// time, records already there (an edit, a retried change) go their own way between runs, and
    /// versions follow the push's order.
    @Test(arguments: Engine.allCases)
    func newRecordsAreWrittenTogetherAndEachIsStillAnsweredForItself(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, _) = try api.signUp("sync-together@example.com")
        let (other, _, _) = try api.signUp("sync-together-other@example.com")
        let theirs = UUID().uuidString
        _ = try Self.push(api, other, "lifelog", [["id": theirs, "type": "lifelogRecord", "fields": Self.memo("theirs")]])
        // Within a day of the server's clock, so taken as the device says.
        let modifiedAt = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 3600)
        let modified = ISO8601DateFormatter().string(from: modifiedAt)
        func record(_ i: Int) -> [String: Any] {
            ["id": UUID().uuidString, "type": "lifelogRecord", "changeId": "c\(i)", "device": "phone", "modifiedAt": modified,
             "fields": i % 2 == 0 ? Self.memo("memo \(i)")
                : ["kind": "checkin", "occurredAt": Self.memoAt, "text": "check-in \(i)", "place": "Kallio",
                   "position": ["latitude": 60.18, "longitude": 24.95, "altitude": 12.5, "accuracy": 8]]]
        }
        // A clean run of 500: all saved, versions rising in the push's order.
        let first = (0..<500).map(record)
        var results = try Self.push(api, token, "lifelog", first)
        #expect(results.allSatisfy { $0["status"] as? String == "saved" })
        let versions = results.map { $0["version"] as! Int }
        #expect(versions == Array(versions[0]...versions[0] + 499))
        #expect(results.map { $0["id"] as? String } == first.map { $0["id"] as? String })
        // The same push again (its reply was lost): the same answers, nothing written twice.
        results = try Self.push(api, token, "lifelog", first)
        #expect(results.map { $0["version"] as! Int } == versions)
        // New ones around another person's id, a photo, an edit of a record on the server and a
        // change already saved.
        var mixed = (500..<520).map(record)
        mixed[5] = ["id": theirs, "type": "lifelogRecord", "fields": Self.memo("mine now?")]
        mixed[9] = ["id": UUID().uuidString, "type": "lifelogRecord", "fields": ["kind": "photo", "occurredAt": Self.memoAt, "text": "no file"]]
        mixed[12] = ["id": first[0]["id"]!, "type": "lifelogRecord", "baseVersion": versions[0], "changeId": "e0", "fields": Self.memo("memo 0, edited")]
        mixed[14] = first[1]
        results = try Self.push(api, token, "lifelog", mixed)
        let statuses = results.map { $0["status"] as? String }
        #expect(statuses[5] == "rejected" && statuses[9] == "rejected")
        #expect((results[9]["errors"] as? [[String: Any]])?.first?["field"] as? String == "kind")
        #expect(statuses.enumerated().allSatisfy { [5, 9].contains($0.offset) || $0.element == "saved" })
        #expect(results[14]["version"] as? Int == versions[1])
        let saved = results.enumerated().filter { $0.element["status"] as? String == "saved" && $0.offset != 14 }.map { $0.element["version"] as! Int }
        #expect(saved == saved.sorted() && Set(saved).count == saved.count && saved[0] > versions.last!)
        #expect(try api.call("GET", "/v1/lifelog/records/\(first[0]["id"]!)", token: token).json()["text"] as? String == "memo 0, edited")
        // An atomic push whose one record cannot be written: nothing of it is.
        let lone = UUID().uuidString
        results = try Self.push(api, token, "lifelog", [["id": lone, "type": "lifelogRecord", "fields": Self.memo("all or none")],
                                                        ["id": theirs, "type": "lifelogRecord", "fields": Self.memo("still theirs")]], atomic: true)
        #expect(results.map { $0["status"] as? String } == ["aborted", "rejected"])
        #expect(try api.call("GET", "/v1/lifelog/records/\(lone)", token: token).status == 404)
        #expect(try api.call("GET", "/v1/lifelog/records/\(theirs)", token: other).json()["text"] as? String == "theirs")
        // What was written together reads back whole, stamped as its push said.
        var changes: [[String: Any]] = []
        var since: String?
        repeat {
            let page = try Self.pull(api, token, "lifelog", since: since, limit: 1000)
            changes += page["changes"] as! [[String: Any]]
            since = page["token"] as? String
            if page["moreComing"] as? Bool != true { break }
        } while true
        #expect(changes.count == 516)  // 500, and 20 more less the two refused and the two already there
        #expect(Self.byIDText(changes, first[0]["id"] as! String) == "memo 0, edited")
        let byID = Dictionary(uniqueKeysWithValues: changes.map { ($0["id"] as! String, $0) })
        for (i, sent) in first.enumerated().dropFirst() {
            let change = try #require(byID[sent["id"] as! String])
            let fields = sent["fields"] as! [String: Any]
            let got = change["record"] as! [String: Any]
            #expect(change["version"] as? Int == versions[i] && change["device"] as? String == "phone" && (change["modifiedAt"] as? String).flatMap(JSONCoding.parseDate) == modifiedAt)
            #expect(got["text"] as? String == fields["text"] as? String && got["kind"] as? String == fields["kind"] as? String)
            #expect(got["place"] as? String == fields["place"] as? String)
            let (gotAt, sentAt) = (got["position"] as? [String: Any], fields["position"] as? [String: Any])
            #expect(gotAt?["latitude"] as? Double == sentAt?["latitude"] as? Double && gotAt?["altitude"] as? Double == sentAt?["altitude"] as? Double)
            #expect(gotAt?["accuracy"] as? Double == sentAt?["accuracy"] as? Double && (gotAt == nil) == (sentAt == nil))
        }
    }

    static func byIDText(_ changes: [[String: Any]], _ id: String) -> String? {
        (changes.first { $0["id"] as? String == id }?["record"] as? [String: Any])?["text"] as? String
    }

    @Test func aChangeNudgesThePersonsOtherDevices() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("sync-nudge@example.com")
        let events = try await HealthTests.events(running.port, token: token)
        _ = try Self.push(api, token, "lifelog", [["id": UUID().uuidString, "type": "lifelogRecord", "fields": Self.memo("on the phone")]])
        _ = try await events.waitFor("event: sync")
        let text = try await events.waitFor("\"zone\":\"lifelog\"")
        #expect(text.contains("\"zone\":\"lifelog\""))
        // The routes' own writes nudge too.
        _ = try api.call("PUT", "/v1/workouts/\(UUID().uuidString)", json: ["startedAt": "2026-11-29T07:00:00Z", "exercises": [["exerciseId": "squat", "sets": [["reps": 5]]]]],
                         token: token)
        _ = try await events.waitFor("\"zone\":\"workouts\"")
    }
}
