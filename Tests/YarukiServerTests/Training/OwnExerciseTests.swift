import Foundation
import Testing
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// A person's own exercises: seen and logged by them alone, renamed with their history, merged
/// into another with their sets, gone with the account; coaches add exercises for everyone.
@Suite struct OwnExerciseTests {
    static func ids(_ reply: RawClient.Reply) throws -> [String] {
        ((try reply.json()["items"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
    }

    /// Yesterday: the workouts page read here is the last 30 days, so a fixed date would fall out of it.
    static func workout(_ exercise: String, reps: Int = 10) -> [String: Any] {
        ["startedAt": ISO8601DateFormatter().string(from: Date() - 86_400), "exercises": [["exerciseId": exercise, "sets": [["reps": reps, "weightKg": 20]]]]]
    }

    @Test(arguments: Engine.allCases) func mineAloneThenRenamedMergedAndGoneWithTheAccount(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let ana = try api.signUp("ana@example.com").access
        let bo = try api.signUp("bo@example.com", name: "Bo").access

        // A name in one language is enough; it stands for the others.
        let added = try api.call("POST", "/v1/me/exercises", json: ["names": ["en": "Cable fly, low to high"], "kind": "weightReps", "equipment": "cable",
                                                                    "muscles": ["chest"]], token: ana)
        #expect(added.status == 201, "\(added.text)")
        let id = try #require(try added.json()["id"] as? String)
        let names = try added.json()["names"] as? [String: String]
        #expect(id.hasPrefix("my-") && names == ["en": "Cable fly, low to high", "ja": "Cable fly, low to high", "ko": "Cable fly, low to high"])
        #expect(try Self.ids(api.call("GET", "/v1/me/exercises", token: ana)) == [id])
        // A name under anything but en, ja or ko is refused, not silently dropped, and nothing is added.
        let stray = try api.call("POST", "/v1/me/exercises", json: ["names": ["en": "Adductor", "x-extra": "×ø"], "kind": "weightReps"], token: ana)
        #expect(stray.status == 400 && stray.text.contains("x-extra"), "\(stray.text)")
        #expect(try Self.ids(api.call("GET", "/v1/me/exercises", token: ana)) == [id])
        #expect(try Self.ids(api.call("GET", "/v1/me/exercises", token: bo)).isEmpty)
        #expect(try !Self.ids(api.call("GET", "/v1/exercises?q=cable fly low".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!)).contains(id))
        #expect(try api.call("GET", "/v1/exercises/\(id)").status == 404)

        // Bo can neither log it, nor plan it in a routine, nor touch it.
        #expect(try api.call("POST", "/v1/workouts", json: Self.workout(id), token: bo).status == 404)
        let routine: [String: Any] = ["title": "Fly", "public": true, "items": [["exerciseId": id, "sets": 3, "reps": 12, "restSeconds": 60]]]
        #expect(try [400, 404, 422].contains(api.call("POST", "/v1/routines", json: routine, token: bo).status))
        let rename: [String: Any] = ["names": ["en": "Low cable fly", "ja": "ローケーブルフライ"], "kind": "weightReps", "equipment": "cable"]
        #expect(try api.call("PUT", "/v1/me/exercises/\(id)", json: rename, token: bo).status == 404)
        #expect(try api.call("POST", "/v1/me/exercises/\(id)/merge", json: ["into": "cable-crossover"], token: bo).status == 404)
        #expect(try api.call("DELETE", "/v1/me/exercises/\(id)", token: bo).status == 404)

        // Ana logs it, renames it (the workout keeps it), cannot delete it while logged.
        let logged = try api.call("POST", "/v1/workouts", json: Self.workout(id, reps: 12), token: ana)
        #expect(logged.status == 201, "\(logged.text)")
        #expect(try api.call("PUT", "/v1/me/exercises/\(id)", json: rename, token: ana).status == 200)
        let mine = try #require(try api.call("GET", "/v1/me/exercises", token: ana).json()["items"] as? [[String: Any]])
        #expect((mine.first?["names"] as? [String: String])?["ja"] == "ローケーブルフライ")
        #expect(try api.call("DELETE", "/v1/me/exercises/\(id)", token: ana).status == 409)
        #expect(try api.call("POST", "/v1/me/exercises/\(id)/merge", json: ["into": id], token: ana).status == 422)
        #expect(try api.call("POST", "/v1/me/exercises/\(id)/merge", json: ["into": "no-such-move"], token: ana).status == 422)

        // Merged into the catalog's cable crossover: the set moves, the workout page says so, the exercise goes.
        #expect(try api.call("POST", "/v1/me/exercises/\(id)/merge", json: ["into": "cable-crossover"], token: ana).status == 204)
        let page = try #require(try api.call("GET", "/v1/workouts", token: ana).json()["items"] as? [[String: Any]])
        let entry = try #require((page.first?["exercises"] as? [[String: Any]])?.first)
        #expect(entry["exerciseId"] as? String == "cable-crossover" && (entry["sets"] as? [[String: Any]])?.first?["reps"] as? Int == 12)
        #expect(try Self.ids(api.call("GET", "/v1/me/exercises", token: ana)).isEmpty)

        // A second one, in a routine and a workout, goes with the account.
        let second = try #require(try api.call("POST", "/v1/me/exercises", json: ["names": ["ko": "힙 어브덕션"], "kind": "weightReps"], token: ana).json()["id"] as? String)
        #expect(try api.call("POST", "/v1/workouts", json: Self.workout(second), token: ana).status == 201)
        var own = routine
        own["items"] = [["exerciseId": second, "sets": 3, "reps": 12, "restSeconds": 60]]
        let shared = try api.call("POST", "/v1/routines", json: own, token: ana)  // public: others could not see it
        #expect([400, 422].contains(shared.status) && shared.text.contains("items[0].exerciseId"), "\(shared.text)")
        own["public"] = false
        #expect(try api.call("POST", "/v1/routines", json: own, token: ana).status == 201)
        #expect(try api.call("DELETE", "/v1/me/exercises/\(second)", token: ana).status == 409)
        #expect(try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: ana).status == 200)
        let left = try await running.app.database.read { c in try c.query("SELECT id FROM exercises WHERE id = ?", second).count }
        #expect(left == 0)
    }

    @Test func coachesAddExercisesForEveryoneAndTheOwnPrefixIsKept() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        try await AccountAdmin.create(running.app.database, email: "coach@example.com", displayName: "Coach", password: "coach password 1", role: .coach)
        let coach = try #require(try api.signIn("coach@example.com", password: "coach password 1").string("accessToken"))
        let member = try api.signUp("member@example.com").access
        var sled: [String: Any] = ["id": "sled-push-light", "category": "strength", "unit": "seconds", "kind": "weightDistance", "equipment": "other",
                                   "names": ["en": "Light sled push", "ja": "ライトスレッドプッシュ", "ko": "라이트 썰매 푸시"]]
        #expect(try api.call("POST", "/v1/exercises", json: sled, token: member).status == 404)
        #expect(try api.call("POST", "/v1/exercises", json: sled, token: coach).status == 201)
        #expect(try Self.ids(api.call("GET", "/v1/exercises?q=light sled".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!)) == ["sled-push-light"])
        sled["id"] = "my-sled"
        #expect(try api.call("POST", "/v1/exercises", json: sled, token: coach).status == 400)
        sled["id"] = "sled-push-wrong"
        sled["unit"] = "reps"
        let mismatch = try api.call("POST", "/v1/exercises", json: sled, token: coach)
        #expect(mismatch.status == 400 && mismatch.text.contains("kind"))
    }
}
