import Foundation
import YarukiAPI
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// Routines: checked against the catalog, shared when public, saved by a like, copied to edit.
@Suite(.serialized) struct RoutineTests {
    nonisolated(unsafe) static let legs: [String: Any] = [
        "title": "Legs in 20 minutes", "description": "Squats first, then hold a plank.", "public": true,
        "items": [["exerciseId": "squat", "sets": 3, "reps": 12, "restSeconds": 60],
                  ["exerciseId": "plank", "sets": 2, "seconds": 45, "restSeconds": 30]],
    ]

    @Test(arguments: Engine.allCases)
    func routinesAreSharedSavedByALikeAndCopied(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (aki, _, akiID) = try api.signUp("aki-routine@example.com", name: "Aki")
        let (bo, _, _) = try api.signUp("bo-routine@example.com", name: "Bo")

        // Bad input names its fields and stores nothing.
        var bad = RoutineTests.legs
        bad["title"] = " "
        bad["items"] = [["exerciseId": "moon-walk", "sets": 3, "reps": 10, "restSeconds": 60],
                        ["exerciseId": "plank", "sets": 0, "reps": 10, "restSeconds": 9000]]
        let refused = try api.call("POST", "/v1/routines", json: bad, token: aki)
        #expect(refused.status == 400)
        #expect(Set(TrainingTests.fields(refused)) == ["title", "items[0].exerciseId", "items[1].sets", "items[1].restSeconds",
                                                       "items[1].seconds", "items[1].reps"], "\(refused.text)")
        #expect(try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM routines")?.int("n") } == 0)

        let made = try api.call("POST", "/v1/routines", json: RoutineTests.legs, token: aki)
        #expect(made.status == 201, "\(made.text)")
        let id = try #require(made.string("id"))
        var secret = RoutineTests.legs
        secret["public"] = false
        secret["title"] = "My secret plan"
        let hidden = try #require(try api.call("POST", "/v1/routines", json: secret, token: aki).string("id"))

        // Search: by title, by an exercise's name in Japanese, by exercise id; never the private one.
        func found(_ query: String) throws -> [String] {
            (try api.call("GET", "/v1/routines?\(query)", token: bo).json()["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        #expect(try found("q=20%20MINUTES") == [id])
        #expect(try found("q=\("スクワット".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)") == [id])
        #expect(try found("exercise=plank") == [id])
        #expect(try found("q=secret").isEmpty && found("q=100%25").isEmpty)
        #expect(try api.call("GET", "/v1/routines/\(hidden)", token: bo).status == 404)
        #expect(try api.call("PUT", "/v1/routines/\(hidden)/like", token: bo).status == 404)
        #expect(try api.call("POST", "/v1/routines/\(hidden)/copy", token: bo).status == 404)
        #expect(try api.call("PUT", "/v1/routines/\(id)", json: secret, token: bo).status == 404)
        #expect(try api.call("DELETE", "/v1/routines/\(id)", token: bo).status == 404)

        // A like saves it into Bo's routines; unliking takes it out; Aki's own are there too.
        func mine(_ token: String) throws -> [String] {
            (try api.call("GET", "/v1/routines/mine", token: token).json()["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        #expect(try mine(bo).isEmpty)
        #expect(try api.call("PUT", "/v1/routines/\(id)/like", token: bo).json()["saveCount"] as? Int == 1)
        #expect(try api.call("PUT", "/v1/routines/\(id)/like", token: bo).json()["saveCount"] as? Int == 1)
        #expect(try mine(bo) == [id])
        #expect(Set(try mine(aki)) == [id, hidden])
        #expect(try api.call("PUT", "/v1/routines/\(id)/like", token: aki).status == 422, "my own routine")
        #expect(try api.call("DELETE", "/v1/routines/\(id)/like", token: bo).json()["saveCount"] as? Int == 0)
        #expect(try mine(bo).isEmpty)

        // Copy to edit: Bo's own private routine; the original stays as it was.
        let copy = try api.call("POST", "/v1/routines/\(id)/copy", token: bo).json()
        let copyID = try #require(copy["id"] as? String)
        #expect(copy["public"] as? Bool == false && copy["copiedFrom"] as? String == id.uppercased() && copy["mine"] as? Bool == true)
        var changed = RoutineTests.legs
        changed["title"] = "Legs, my way"
        #expect(try api.call("PUT", "/v1/routines/\(copyID)", json: changed, token: bo).json()["title"] as? String == "Legs, my way")
        #expect(try api.call("GET", "/v1/routines/\(id)", token: bo).json()["title"] as? String == "Legs in 20 minutes")

        // Made private, it leaves the lists of those who saved it.
        _ = try api.call("PUT", "/v1/routines/\(id)/like", token: bo)
        var closed = RoutineTests.legs
        closed["public"] = false
        #expect(try api.call("PUT", "/v1/routines/\(id)", json: closed, token: aki).status == 200)
        #expect(try mine(bo) == [copyID])

        // A feedback post may carry a routine instead of a photo, but only one its author can see.
        #expect(try api.call("POST", "/v1/posts", json: ["board": "feedback", "body": "Too easy?", "routineId": copyID], token: bo).status == 201)
        let attached = try api.call("POST", "/v1/posts", json: ["board": "feedback", "body": "Yours?", "routineId": hidden], token: bo)
        #expect(attached.status == 404 && TrainingTests.fields(attached) == ["routineId"])
        _ = akiID
    }
}
