import Foundation
import YarukiAPI
import Testing
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

@Suite struct TrainingTests {
    static func workout(_ startedAt: String, sets: [[String: Any]] = [["reps": 10, "restSeconds": 60]], exercise: String = "push-up",
                        notes: String = "felt good") -> [String: Any] {
        ["startedAt": startedAt, "notes": notes, "exercises": [["exerciseId": exercise, "sets": sets]]]
    }

    static func fields(_ reply: RawClient.Reply) -> [String] {
        ((try? reply.json())?["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String } ?? []
    }

    @Test func theCatalogSpeaksThreeLanguagesAndSearches() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let all = try #require(try api.call("GET", "/v1/exercises").json()["items"] as? [[String: Any]])
        #expect(all.count == ExerciseCatalog.builtIn.count && all.count == 877, "873 of free-exercise-db and 4 of the first catalog")
        let pushUp = try #require(all.first { $0["id"] as? String == "push-up" })
        #expect((pushUp["names"] as? [String: String]) == ["en": "Push-up", "ja": "腕立て伏せ", "ko": "푸시업"])
        #expect(pushUp["unit"] as? String == "reps" && pushUp["kind"] as? String == "bodyweightReps" && pushUp["equipment"] as? String == "bodyweight")
        let bench = try #require(all.first { $0["id"] as? String == "bench-press" })
        #expect(bench["kind"] as? String == "weightReps" && bench["equipment"] as? String == "barbell" && bench["muscles"] as? [String] == ["chest"])
        #expect(bench["secondaryMuscles"] as? [String] == ["shoulders", "triceps"] && bench["level"] as? String == "beginner")
        #expect(all.first { $0["id"] as? String == "plank" }?["kind"] as? String == "duration")
        #expect(all.first { $0["id"] as? String == "farmers-walk" }?["kind"] as? String == "weightDistance")
        #expect(all.first { $0["id"] as? String == "running-treadmill" }?["kind"] as? String == "distanceDuration")
        // Every entry is named in the three languages, and no two share an id.
        #expect(all.allSatisfy { e in ["en", "ja", "ko"].allSatisfy { !(((e["names"] as? [String: String])?[$0]) ?? "").isEmpty } })
        #expect(Set(all.compactMap { $0["id"] as? String }).count == all.count)

        func ids(_ query: String) throws -> [String] {
            let path = "/v1/exercises?" + query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!.replacingOccurrences(of: "+", with: "%2B")
            return (try api.call("GET", path).json()["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        }
        #expect(try ids("q=腕立て").first == "push-up")
        // Bench presses in each language, with or without the equipment, in hiragana too.
        let benchJa = try ids("q=ベンチ&lang=ja")
        #expect(benchJa.first == "bench-press" && benchJa.contains("dumbbell-bench-press") && benchJa.contains("decline-barbell-bench-press"))
        #expect(try ids("q=べんち&lang=ja") == benchJa)
        let benchKo = try ids("q=벤치&lang=ko")
        #expect(Set(benchKo) == Set(benchJa), "the same exercises, whichever language names them")
        #expect(try ids("q=bench press").contains("bench-press"))
        let dumbbellBench = try ids("q=덤벨 벤치&lang=ko")
        #expect(dumbbellBench.contains("dumbbell-bench-press") && !dumbbellBench.contains("bench-press"))
        #expect(Set(try ids("q=dumbbell bench")) == Set(dumbbellBench))
        // An equipment's name finds what is done with it though the name leaves it out.
        #expect(try ids("q=barbell bench").contains("bench-press"))
        let byFilter = try #require(try api.call("GET", "/v1/exercises?q=bench&equipment=dumbbell").json()["items"] as? [[String: Any]])
        #expect(!byFilter.isEmpty && byFilter.allSatisfy { $0["equipment"] as? String == "dumbbell" })
        let lats = try #require(try api.call("GET", "/v1/exercises?muscle=lats").json()["items"] as? [[String: Any]])
        #expect(lats.count > 20 && lats.allSatisfy { (($0["muscles"] as? [String]) ?? []).contains("lats") || (($0["secondaryMuscles"] as? [String]) ?? []).contains("lats") })
        let hamstrings = try #require(try api.call("GET", "/v1/exercises?q=hamstring&category=stretch").json()["items"] as? [[String: Any]])
        #expect(hamstrings.contains { $0["id"] as? String == "hamstring-stretch" } && hamstrings.allSatisfy { $0["category"] as? String == "stretch" })
        #expect(try api.call("GET", "/v1/exercises?equipment=anvil").status == 400)
        #expect(try api.call("GET", "/v1/exercises/no-such-move").status == 404)
    }

    /// An older server's entries get the catalog's facts at the next start, and keep what admins set.
    @Test(arguments: Engine.allCases) func aStartBringsOlderEntriesUpToTheCatalog(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let database = running.app.database
        _ = try await database.transaction { c in
            try c.execute("UPDATE exercises SET catalog_rev = 0, equipment = NULL, name_ja = 'ベンチ' WHERE id = 'bench-press'")
            try c.execute("DELETE FROM exercises WHERE id = 'dumbbell-bench-press'")
        }
        let before = try await database.read { c in try c.query("SELECT id FROM exercises WHERE catalog_rev >= 1").count }
        try await ExerciseCatalog.ensure(database)
        let bench = try #require(try await database.read { c in try TrainingStore.exercise("bench-press", c) })
        #expect(bench.equipment == .barbell && bench.names["ja"] == "ベンチ", "the facts come back, the admin's name stays")
        #expect(try await database.read { c in try TrainingStore.exercise("dumbbell-bench-press", c) }?.names["ko"] == "덤벨 벤치 프레스")
        let after = try await database.read { c in try c.query("SELECT id FROM exercises WHERE catalog_rev >= 1").count }
        #expect(before == 875 && after == 877)
    }

    @Test func onlyAdminsAddAndEditExercises() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        try await AccountAdmin.create(running.app.database, email: "admin@example.com", displayName: "Admin", password: "admin password 1", role: .admin)
        let admin = try #require(try api.signIn("admin@example.com", password: "admin password 1").string("accessToken"))
        let (member, _, _) = try api.signUp("member@example.com")
        let kettlebell: [String: Any] = ["id": "kettlebell-swing", "category": "strength", "muscles": ["glutes", "hamstrings"], "unit": "reps",
                                         "names": ["en": "Kettlebell swing", "ja": "ケトルベルスイング", "ko": "케틀벨 스윙"]]
        #expect(try api.call("POST", "/v1/exercises", json: kettlebell, token: member).status == 404)
        #expect(try api.call("POST", "/v1/exercises", json: kettlebell).status == 401)
        #expect(try api.call("POST", "/v1/exercises", json: kettlebell, token: admin).status == 201)
        #expect(try api.call("POST", "/v1/exercises", json: kettlebell, token: admin).status == 409)
        var bad = kettlebell
        bad["id"] = "Bad Id"
        bad["names"] = ["en": "Swing", "ja": ""]
        let refused = try api.call("POST", "/v1/exercises", json: bad, token: admin)
        #expect(refused.status == 400)
        #expect(Set(Self.fields(refused)) == ["id", "names.ja", "names.ko"])
        var renamed = kettlebell
        renamed["names"] = ["en": "Kettlebell swing", "ja": "ケトルベル・スイング", "ko": "케틀벨 스윙"]
        renamed["videoURL"] = "https://example.com/swing.mp4"
        let edited = try api.call("PUT", "/v1/exercises/kettlebell-swing", json: renamed, token: admin)
        #expect(edited.status == 200)
        #expect((try api.call("GET", "/v1/exercises/kettlebell-swing").json()["names"] as? [String: String])?["ja"] == "ケトルベル・スイング")
        #expect(try api.call("PUT", "/v1/exercises/kettlebell-swing", json: renamed, token: member).status == 404)
        #expect(try api.call("PUT", "/v1/exercises/not-there", json: renamed, token: admin).status == 422)  // body id differs
        // The server's own fields are not believed, but a body is still held to their types.
        var wrongType = renamed
        wrongType["videoFile"] = [String: String]()
        #expect(try api.call("PUT", "/v1/exercises/kettlebell-swing", json: wrongType, token: admin).status == 400)
        wrongType["videoFile"] = "/media/elsewhere.mp4"
        wrongType["builtIn"] = true
        let claimed = try api.call("PUT", "/v1/exercises/kettlebell-swing", json: wrongType, token: admin)
        let body = try claimed.json()
        #expect(claimed.status == 200 && body["videoFile"] == nil && body["builtIn"] as? Bool == false)
    }

    /// The catalog is encoded once and carries an ETag: the same bytes answer 304, and an admin's
    /// change gives new bytes and a new ETag at once, on the list and on the exercise.
    @Test func theCatalogIsKeptWithAnETagUntilAnAdminChangesIt() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        try await AccountAdmin.create(running.app.database, email: "admin@example.com", displayName: "Admin", password: "admin password 1", role: .admin)
        let admin = try #require(try api.signIn("admin@example.com", password: "admin password 1").string("accessToken"))
        for path in ["/v1/exercises", "/v1/exercises?category=core", "/v1/exercises/squat"] {
            let first = try api.call("GET", path)
            let etag = try #require(first.headers["etag"])
            #expect(first.headers["cache-control"] == "no-cache")
            let again = try api.call("GET", path)
            #expect(again.body == first.body && again.headers["etag"] == etag)
            let same = try api.call("GET", path, headers: ["If-None-Match": etag])
            #expect(same.status == 304 && same.body.isEmpty && same.headers["etag"] == etag, "\(path)")
            #expect(try api.call("GET", path, headers: ["If-None-Match": "W/\(etag), \"other\""]).status == 304)
            #expect(try api.call("GET", path, headers: ["If-None-Match": "\"other\""]).status == 200)
        }
        let list = try api.call("GET", "/v1/exercises")
        let one = try api.call("GET", "/v1/exercises/squat")
        var squat = try one.json()
        squat["names"] = ["en": "Air squat", "ja": "スクワット", "ko": "스쿼트"]
        squat["builtIn"] = nil
        #expect(try api.call("PUT", "/v1/exercises/squat", json: squat, token: admin).status == 200)
        let newList = try api.call("GET", "/v1/exercises", headers: ["If-None-Match": list.headers["etag"]!])
        #expect(newList.status == 200 && newList.headers["etag"] != list.headers["etag"] && newList.text.contains("Air squat"))
        let newOne = try api.call("GET", "/v1/exercises/squat", headers: ["If-None-Match": one.headers["etag"]!])
        #expect(newOne.status == 200 && newOne.text.contains("Air squat"))
        #expect(running.app.context.replies.count <= running.app.context.replies.capacity)
    }

    @Test(arguments: Engine.allCases)
    func workoutsAreLoggedEditedAndDeleted(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, _) = try api.signUp("lift@example.com")
        let sets: [[String: Any]] = [["reps": 5, "weightKg": 102.5, "restSeconds": 90], ["reps": 5, "weightKg": 102.5], ["reps": 4, "weightKg": 100]]
        var body = Self.workout("2026-11-28T09:00:00+09:00", sets: sets, exercise: "deadlift")
        body["endedAt"] = "2026-11-28T10:05:00+09:00"
        var exercises = body["exercises"] as! [[String: Any]]
        exercises.append(["exerciseId": "plank", "sets": [["seconds": 60], ["seconds": 45]]])
        body["exercises"] = exercises
        let created = try api.call("POST", "/v1/workouts", json: body, token: token)
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.string("id"))
        let json = try created.json()
        let entries = try #require(json["exercises"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect((entries[0]["sets"] as? [[String: Any]])?.first?["weightKg"] as? Double == 102.5)
        #expect((entries[1]["sets"] as? [[String: Any]])?.map { $0["seconds"] as? Int } == [60, 45])

        let list = try api.call("GET", "/v1/workouts?from=2026-11-28&to=2026-11-28", token: token)
        #expect((try list.json()["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])

        var changed = Self.workout("2026-11-28T09:00:00+09:00", sets: [["reps": 6, "weightKg": 102.5]], exercise: "deadlift", notes: "PR")
        changed["id"] = id
        let replaced = try api.call("PUT", "/v1/workouts/\(id)", json: changed, token: token)
        #expect(replaced.status == 200)
        #expect(replaced.string("notes") == "PR")
        #expect(((try replaced.json()["exercises"] as? [[String: Any]])?.first?["sets"] as? [Any])?.count == 1)

        #expect(try api.call("GET", "/v1/workouts/\(id)", token: token).text == replaced.text, "a save replies with what a read returns")

        // A save replies with the workout as stored (not read back): to the millisecond and the
        // gram, the very bytes a read returns.
        let fine = try api.call("POST", "/v1/workouts", json: Self.workout("2026-11-20T07:00:00.1234Z", sets: [["reps": 5, "weightKg": 60.0004], ["reps": 3, "weightKg": 61.2346]]),
                                token: token)
        #expect(fine.status == 201, "\(fine.text)")
        let fineID = try #require(fine.string("id"))
        #expect(try api.call("GET", "/v1/workouts/\(fineID)", token: token).text == fine.text)
        #expect(fine.text.contains("\"weightKg\":60}") && fine.text.contains("61.235"), "\(fine.text)")

        #expect(try api.call("DELETE", "/v1/workouts/\(id)", token: token).status == 204)
        #expect(try api.call("GET", "/v1/workouts/\(id)", token: token).status == 404)
        #expect(try api.call("DELETE", "/v1/workouts/\(id)", token: token).status == 404)
    }

    @Test func anotherPersonsWorkoutIs404Everywhere() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (owner, _, _) = try api.signUp("owner@example.com")
        let (other, _, _) = try api.signUp("other@example.com")
        let id = try #require(try api.call("POST", "/v1/workouts", json: Self.workout("2026-11-20T07:00:00Z"), token: owner).string("id"))
        #expect(try api.call("GET", "/v1/workouts/\(id)", token: other).status == 404)
        #expect(try api.call("PUT", "/v1/workouts/\(id)", json: Self.workout("2026-11-20T07:00:00Z", notes: "mine now"), token: other).status == 404)
        #expect(try api.call("DELETE", "/v1/workouts/\(id)", token: other).status == 404)
        var stolen = Self.workout("2026-11-20T07:00:00Z", notes: "mine now")
        stolen["id"] = id
        #expect(try api.call("POST", "/v1/workouts", json: stolen, token: other).status == 404)
        #expect(try api.call("GET", "/v1/workouts?from=2026-11-01&to=2026-11-30", token: other).json()["items"] as? [Any] != nil)
        #expect((try api.call("GET", "/v1/workouts?from=2026-11-01&to=2026-11-30", token: other).json()["items"] as? [Any])?.isEmpty == true)
        #expect(try api.call("GET", "/v1/workouts/\(id)", token: owner).string("notes") == "felt good")
        #expect(try api.call("GET", "/v1/workouts/\(id)").status == 401)
    }

    /// A field outside its rules is a 400, an exercise not in the catalog a 404, fields that do not
    /// fit together a 422: each names the field, and nothing is saved.
    @Test func badWorkoutsAreRefusedNamingTheFieldAndSaveNothing() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("bad@example.com")
        let tenThousand = Array(repeating: ["reps": 1] as [String: Any], count: 10_000)
        let cases: [([String: Any], String, Int)] = [
            (Self.workout("2026-11-20T07:00:00Z", sets: [["reps": -3]]), "exercises[0].sets[0].reps", 400),
            (Self.workout("2026-11-20T07:00:00Z", sets: tenThousand), "exercises[0].sets", 400),
            (Self.workout("2026-11-20T07:00:00Z", exercise: "levitation"), "exercises[0].exerciseId", 404),
            (Self.workout("2026-11-20T07:00:00Z", exercise: "Not An Id"), "exercises[0].exerciseId", 400),
            (Self.workout("2026-11-20T07:00:00Z", sets: [["seconds": 30]]), "exercises[0].sets[0].reps", 422),
            (Self.workout("2026-11-20T07:00:00Z", sets: [["reps": 5, "weightKg": -20]]), "exercises[0].sets[0].weightKg", 400),
            (Self.workout("2026-11-20T07:00:00Z", sets: []), "exercises[0].sets", 400),
            (Self.workout("2126-11-20T07:00:00Z"), "startedAt", 422),
            (Self.workout("2026-11-20T07:00:00Z", notes: String(repeating: "n", count: 5001)), "notes", 400),
            (Self.workout("2026-11-20T07:00:00Z", notes: "bell\u{7}"), "notes", 400),
            (["startedAt": "2026-11-20T07:00:00Z", "exercises": []], "exercises", 400),
            (["exercises": []], "startedAt", 400),
            (["startedAt": "yesterday", "exercises": []], "startedAt", 400),
            (Self.workout("2026-11-20T07:00:00Z", sets: [["reps": "ten"]]), "exercises[0].sets[0].reps", 400),
            // An id Foundation's parser would take as another (a space for a digit).
            (Self.workout("2026-11-20T07:00:00Z").merging(["id": "12345678-1234-1234-1234-12345678 9ab"]) { $1 }, "id", 400),
        ]
        for (body, field, status) in cases {
            let reply = try api.call("POST", "/v1/workouts", json: body, token: token)
            #expect(reply.status == status, "\(field): \(reply.text.prefix(300))")
            #expect(Self.fields(reply).contains(field) || reply.text.contains(field), "\(field): \(reply.text.prefix(300))")
        }
        // Nor is a path's id: the workout would be saved under another id than the one sent.
        for id in ["12345678-1234-1234-1234-12345678%209ab", "12345678-1234-1234-1234-12345678-9ab", "+2345678-1234-1234-1234-123456789abc"] {
            #expect(try api.call("PUT", "/v1/workouts/\(id)", json: Self.workout("2026-11-20T07:00:00Z"), token: token).status == 404, "\(id)")
        }
        let count = try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM workouts")?.int("n") }
        #expect(count == 0)
        #expect(try api.call("GET", "/v1/workouts?from=2026-13-01", token: token).status == 400)
        #expect(try api.call("GET", "/v1/workouts?from=2026-11-30&to=2026-11-01", token: token).status == 422)
        #expect(try api.call("GET", "/v1/workouts?from=1899-12-31", token: token).status == 400, "before the years a date may name")
        #expect(try api.call("GET", "/v1/workouts?cursor=garbage", token: token).status == 400)
        #expect(try api.call("GET", "/v1/workouts?limit=0", token: token).status == 400)
        // Browsers send milliseconds (Date.toISOString); they are welcome.
        #expect(try api.call("POST", "/v1/workouts", json: Self.workout("2026-11-20T07:00:00.123Z"), token: token).status == 201)
    }

    @Test func pagesNeitherRepeatNorSkipAndDaysFollowTheTimeZone() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("pages@example.com")  // Asia/Tokyo
        var ids: [String] = []
        for day in 1...7 {
            let id = try #require(try api.call("POST", "/v1/workouts", json: Self.workout("2026-11-0\(day)T08:00:00+09:00"), token: token).string("id"))
            ids.append(id)
        }
        var seen: [String] = []
        var cursor: String?
        repeat {
            let path = "/v1/workouts?from=2026-11-01&to=2026-11-30&limit=3" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try api.call("GET", path, token: token).json()
            seen += (page["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = page["nextCursor"] as? String
            if seen.count == 3 {
                // A new workout arriving between pages does not push an old one into the next page twice.
                _ = try api.call("POST", "/v1/workouts", json: Self.workout("2026-11-09T08:00:00+09:00"), token: token)
            }
        } while cursor != nil
        #expect(seen == ids.reversed())
        // 23:30 in Tokyo is 14:30 UTC of the same date: it belongs to the 28th there.
        let late = try #require(try api.call("POST", "/v1/workouts", json: Self.workout("2026-11-28T23:30:00+09:00"), token: token).string("id"))
        let on28 = try api.call("GET", "/v1/workouts?from=2026-11-28&to=2026-11-28", token: token).json()["items"] as? [[String: Any]]
        #expect(on28?.compactMap { $0["id"] as? String } == [late])
        let on29 = try api.call("GET", "/v1/workouts?from=2026-11-29&to=2026-11-29", token: token).json()["items"] as? [[String: Any]]
        #expect(on29?.isEmpty == true)
    }

    @Test func deletingTheAccountCountsItsWorkouts() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("gone@example.com")
        for day in 1...3 { _ = try api.call("POST", "/v1/workouts", json: Self.workout("2026-11-0\(day)T08:00:00Z"), token: token) }
        let deleted = try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: token)
        #expect((try deleted.json()["deleted"] as? [String: Int])?["workouts"] == 3)
        let left = try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM workout_sets")?.int("n") }
        #expect(left == 0)
    }
}
