import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// A person who has something in every area: their account's deletion leaves nothing of theirs
/// (no row names them, no file only they used is left), keeps what others share with them, and
/// puts others' counts right; their export holds every item.
@Suite(.serialized) struct AccountDataTests {
    /// What Kai made, in every area, beside Lee (who stays).
    struct World {
        var kai: (token: String, id: String)
        var lee: (token: String, id: String)
        var leePost: String
        var leeRoutine: String
        var group: String
        var kaiPost: String
        var sharedPhoto: String
        var counts: [String: Int]
    }

    static func post(_ api: API, _ path: String, _ json: [String: Any], _ token: String) throws -> [String: Any] {
        let reply = try api.call("POST", path, json: json, token: token)
        guard (200..<300).contains(reply.status) else { throw CocoaError(.coderInvalidValue, userInfo: [NSLocalizedDescriptionKey: "\(path): \(reply.text)"]) }
        return try reply.json()
    }

    static func id(_ object: [String: Any]) -> String { object["id"] as? String ?? "" }

    static func makeWorld(_ running: RunningApp) throws -> World {
        let api = API(running)
        let kai = try api.signUp("kai@example.com", name: "Kai")
        let lee = try api.signUp("lee@example.com", name: "Lee")
        let (k, l) = (kai.access, lee.access)
        // Training and accountability: a workout, a proof with its own video, a group Kai owns with Lee in it, a quota, a feed.
        _ = try post(api, "/v1/workouts", ["startedAt": "2026-11-28T07:00:00Z", "exercises": [["exerciseId": "squat", "sets": [["reps": 10]]]]], k)
        let proof = try ProofTests.upload(running.port, token: k, ProofTests.video, query: "exerciseId=squat")
        precondition(proof.status == 201, proof.text)
        let group = id(try post(api, "/v1/groups", ["name": "Kai's crew"], k))
        let code = try api.call("GET", "/v1/groups/\(group)", token: k).string("inviteCode") ?? ""
        _ = try post(api, "/v1/groups/join", ["code": code], l)
        #expect(try api.call("PUT", "/v1/me/quota", json: ["days": 4], token: k).status == 200)
        _ = try post(api, "/v1/me/calendar-feed", [:], k)
        // Community: photos (one also uploaded by Lee: the same copies), posts both ways, a comment and a like on Lee's,
        // a routine, a save of Lee's routine, a block, a report.
        let photo = try CommunityTests.phonePhoto()
        let kaiPhoto = id(try CommunityTests.upload(running.port, token: k, photo).json())
        let leePhoto = id(try CommunityTests.upload(running.port, token: l, photo).json())
        let kaiPost = id(try post(api, "/v1/posts", ["board": "done", "body": "Legs.", "photoIds": [kaiPhoto]], k))
        let leePost = id(try post(api, "/v1/posts", ["board": "done", "body": "Arms.", "photoIds": [leePhoto]], l))
        _ = try post(api, "/v1/posts/\(leePost)/comments", ["body": "Strong!"], k)
        #expect(try api.call("PUT", "/v1/posts/\(leePost)/like", token: k).status == 200)
        #expect(try api.call("PUT", "/v1/posts/\(kaiPost)/like", token: l).status == 200)
        _ = try post(api, "/v1/posts/\(kaiPost)/comments", ["body": "Nice"], l)
        _ = try post(api, "/v1/routines", RoutineTests.legs, k)
        let leeRoutine = id(try post(api, "/v1/routines", RoutineTests.legs, l))
        #expect(try api.call("PUT", "/v1/routines/\(leeRoutine)/like", token: k).status == 200)
        let other = try api.signUp("mo@example.com", name: "Mo")
        #expect(try api.call("PUT", "/v1/blocks/\(other.id)", token: k).status == 204)
        _ = try post(api, "/v1/reports", ["kind": "post", "id": leePost, "reason": "test"], k)
        // Lifelog: a memo, a check-in, a photo and a voice note.
        #expect(try api.call("PUT", "/v1/lifelog/records/\(UUID().uuidString)", json: ["kind": "memo", "occurredAt": "2026-11-29T08:00:00+02:00",
                                                                                       "text": "Coffee"], token: k).status == 201)
        #expect(try api.call("PUT", "/v1/lifelog/records/\(UUID().uuidString)", json: [
            "kind": "checkin", "occurredAt": "2026-11-29T09:00:00+02:00", "place": "Market Square",
            "position": ["latitude": 60.1676, "longitude": 24.952]], token: k).status == 201)
        #expect(try CommunityTests.upload(running.port, token: k, try LifelogTests.photo(LifelogTests.gps(60.17, 24.94)),
                                          path: "/v1/lifelog/photos?occurredAt=2026-11-29T10:00:00%2B02:00").status == 201)
        #expect(try CommunityTests.upload(running.port, token: k, LifelogTests.voice,
                                          path: "/v1/lifelog/voice?occurredAt=2026-11-29T11:00:00%2B02:00&text=hello").status == 201)
        return World(kai: (k, kai.id), lee: (l, lee.id), leePost: leePost, leeRoutine: leeRoutine, group: group, kaiPost: kaiPost,
                     sharedPhoto: kaiPhoto, counts: [:])
    }

    /// Every text column of every table, and how many rows hold `value` there.
    static func occurrences(of value: String, _ database: Database) async throws -> [String: Int] {
        try await database.read { c in
            let columns: [(String, String)]
            if c.dialect == .sqlite {
                columns = try c.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").flatMap { table in
                    let name = try table.string("name")
                    return try c.query("SELECT name FROM pragma_table_info(?)", name).map { (name, try $0.string("name")) }
                }
            } else {
                columns = try c.query("""
                    SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'text'
                    """).map { (try $0.string("table_name"), try $0.string("column_name")) }
            }
            var found: [String: Int] = [:]
            for (table, column) in columns {
                let n = try c.queryOne("SELECT COUNT(*) AS n FROM \(table) WHERE CAST(\(column) AS TEXT) = ?", value)?.int("n") ?? 0
                if n > 0 { found["\(table).\(column)"] = n }
            }
            return found
        }
    }

    @Test(arguments: Engine.allCases)
    func deletingAnAccountLeavesNothingOfItAndKeepsOthersRight(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let world = try Self.makeWorld(running)
        #expect(try await Self.occurrences(of: world.kai.id.lowercased(), running.app.database).count > 10, "Kai is in many tables before")
        let filesBefore = Set(ProofTests.files(running))
        let deleted = try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: world.kai.token)
        #expect(deleted.status == 200, "\(deleted.text)")
        let counts = try #require(try deleted.json()["deleted"] as? [String: Int])
        #expect(counts["account"] == 1 && counts["workouts"] == 1 && counts["proofs"] == 1 && counts["posts"] == 1 && counts["comments"] == 1)
        #expect(counts["lifelogRecords"] == 4 && counts["routines"] == 1 && counts["likes"] == 1 && counts["routineSaves"] == 1)
        #expect(counts["mediaFiles"] == 2, "the proof video and the voice note; the thumbnail goes with its video")
        // No row anywhere names Kai.
        let left = try await Self.occurrences(of: world.kai.id.lowercased(), running.app.database)
        #expect(left == [:], "rows that name Kai: \(left)")
        // Kai's files are gone; the photo Lee uploaded too stays (the same copies), and Lee's post still shows it.
        let gone = filesBefore.subtracting(ProofTests.files(running))
        #expect(gone.contains { $0.hasSuffix(".mp4") } && gone.contains { $0.hasSuffix(".m4a") })
        #expect(gone.count == 2 + 1 + 2, "video, thumbnail, voice, and the lifelog photo's two copies: \(gone.sorted())")
        let leePost = try api.call("GET", "/v1/posts/\(world.leePost)", token: world.lee.token).json()
        #expect(leePost["likeCount"] as? Int == 0 && leePost["commentCount"] as? Int == 0, "Kai's like and comment are taken back")
        let photo = try #require((leePost["photos"] as? [[String: Any]])?.first?["url"] as? String)
        #expect(try request(running.port, "GET", photo).status == 200)
        #expect(try api.call("GET", "/v1/routines/\(world.leeRoutine)", token: world.lee.token).json()["saveCount"] as? Int == 0)
        // Kai's group goes on with Lee as its owner.
        let group = try api.call("GET", "/v1/groups/\(world.group)", token: world.lee.token)
        #expect(group.status == 200 && group.string("ownerId") == world.lee.id)
        #expect(try api.call("GET", "/v1/posts/\(world.kaiPost)", token: world.lee.token).status == 404)
    }

    @Test func anExportHoldsEveryItemAndItsFiles() async throws {
        let running = try await RunningApp(.sqlite)
        let world = try Self.makeWorld(running)
        let client = try RawClient(port: running.port, timeout: 30)
        client.send("GET /v1/me/export HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(world.kai.token)\r\n\r\n")
        let reply = try client.readResponse()
        #expect(reply.status == 200 && reply.headers["content-type"] == "application/zip")
        #expect(reply.headers["content-length"] == String(reply.body.count))
        #expect(reply.headers["content-disposition"]?.contains("yaruki-export-") == true)
        let path = NSTemporaryDirectory() + "yaruki-export-\(UUID().uuidString).zip"
        defer { unlink(path) }
        try Data(reply.body).write(to: URL(fileURLWithPath: path))
        let zip = try ZipListing.read(path)
        #expect(zip.bad == nil)
        let root = "yaruki-export/"
        #expect(zip.entries.first?.name == root + "export.json")
        for name in ["account/account.json", "account/sessions.json", "training/workouts.json", "training/body.json", "training/body-photos.json", "accountability/proofs.json",
                     "accountability/groups.json", "accountability/quota-history.json", "community/posts.json", "community/comments.json",
                     "community/routines.json", "community/liked-posts.json", "community/saved-routines.json", "community/blocked.json",
                     "lifelog/records.json"] {
            #expect(zip.names.contains(root + name), "\(name) is missing")
        }
        func list(_ name: String) -> [[String: Any]] { zip.object(root + name) as? [[String: Any]] ?? [] }
        #expect((zip.object(root + "account/account.json") as? [String: Any])?["email"] as? String == "kai@example.com")
        #expect(list("training/workouts.json").count == 1 && list("community/routines.json").count == 1)
        #expect(list("community/comments.json").count == 1 && list("lifelog/records.json").count == 4)
        // Each file a record names is in the archive, whole.
        let proofs = list("accountability/proofs.json")
        let video = try #require(proofs.first?["videoURL"] as? String)
        #expect(zip.entries.first { $0.name == root + "accountability/" + video }?.size == ProofTests.video.count)
        let posts = list("community/posts.json")
        let photo = try #require((posts.first?["photos"] as? [[String: Any]])?.first?["url"] as? String)
        #expect(zip.names.contains(root + "community/" + photo))
        let records = list("lifelog/records.json")
        let voices = records.compactMap { ($0["voice"] as? [String: Any])?["url"] as? String }
        let voice = try #require(voices.first)
        #expect(zip.entries.first { $0.name == root + "lifelog/" + voice }?.size == LifelogTests.voice.count)
        #expect(records.contains { ($0["photo"] as? [String: Any])?["url"] as? String != nil })
        // Nothing of Lee's is in Kai's export, and the gathering folder is gone.
        #expect(!zip.json.values.contains { $0.contains("lee@example.com") })
        #expect(await eventually { !((try? FileManager.default.contentsOfDirectory(atPath: running.dataDirectory + "/uploads")) ?? []).contains { $0.hasPrefix("export-") } })
        // Signed out, there is no export.
        #expect(try request(running.port, "/v1/me/export").status == 401)
    }
}
