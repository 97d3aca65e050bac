import Foundation
import Testing
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The body-measure log: days set and removed, bounds refused, the person's alone, the weight
/// counting the body's share of body-weight exercises (the export's body.json: AccountDataTests).
@Suite struct BodyMeasureTests {
    @Test(arguments: Engine.allCases) func weighingsCountForBodyWeightExercisesAndStayMine(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let ana = try api.signUp("ana@example.com").access
        let bo = try api.signUp("bo@example.com", name: "Bo").access

        let set = try api.call("PUT", "/v1/me/body/2026-11-01", json: ["measures": ["weight": 80, "waist": 84.5]], token: ana)
        #expect(try set.status == 200 && (set.json()["measures"] as? [String: Double]) == ["weight": 80, "waist": 84.5], "\(set.text)")
        #expect(try api.call("PUT", "/v1/me/body/2026-11-10", json: ["measures": ["weight": 78]], token: ana).status == 200)
        // Out of range, unknown, a day to come: refused, nothing written.
        #expect(try api.call("PUT", "/v1/me/body/2026-11-02", json: ["measures": ["weight": 4000]], token: ana).status == 400)
        #expect(try api.call("PUT", "/v1/me/body/2026-11-02", json: ["measures": ["shoeSize": 42]], token: ana).status == 400)
        #expect(try api.call("PUT", "/v1/me/body/2999-01-01", json: ["measures": ["weight": 70]], token: ana).status == 422)
        #expect(try api.call("PUT", "/v1/me/body/2026-13-40", json: ["measures": ["weight": 70]], token: ana).status == 400)
        #expect(try api.call("PUT", "/v1/me/body/2026-11-02", json: ["measures": [:], "remove": Array(repeating: "waist", count: 9)], token: ana).status == 400)
        let days = try api.call("GET", "/v1/me/body", token: ana).json()["items"] as? [[String: Any]] ?? []
        #expect(days.map { $0["day"] as? String } == ["2026-11-10", "2026-11-01"])
        #expect(try (api.call("GET", "/v1/me/body", token: bo).json()["items"] as? [Any])?.isEmpty == true, "another's log is not mine to see")
        #expect(try api.call("DELETE", "/v1/me/body/2026-11-10", token: bo).status == 404)
        // A measure removed, the rest of the day kept.
        let removed = try api.call("PUT", "/v1/me/body/2026-11-01", json: ["measures": [:], "remove": ["waist"]], token: ana)
        #expect(try removed.json()["measures"] as? [String: Double] == ["weight": 80])

        // Push-ups on the 5th count 80 kg a rep; on the 12th, 78 kg; a warm-up counts nothing.
        func workout(_ day: String, _ reps: Int) -> [String: Any] {
            ["startedAt": "\(day)T08:00:00Z", "exercises": [["exerciseId": "push-up", "sets": [["reps": 5, "type": "warmup"], ["reps": reps]]]]]
        }
        #expect(try api.call("POST", "/v1/workouts", json: workout("2026-11-05", 20), token: ana).status == 201)
        #expect(try api.call("POST", "/v1/workouts", json: workout("2026-11-12", 10), token: ana).status == 201)
        let progress = try api.call("GET", "/v1/training/progress?exercise=push-up", token: ana).json()
        let points = progress["points"] as? [[String: Any]] ?? []
        #expect(points.map { $0["volumeKg"] as? Double } == [1600, 780] && points.map { $0["sets"] as? Int } == [1, 1], "\(points)")
        #expect((progress["mostReps"] as? [[String: Any]])?.first?["reps"] as? Int == 20)

        #expect(try api.call("DELETE", "/v1/me/body/2026-11-10", token: ana).status == 204)
        #expect(try api.call("DELETE", "/v1/me/body/2026-11-10", token: ana).status == 404)
    }

    /// Progress photos: added for a day with their metadata gone, listed, served to the owner
    /// alone (another person and a signed photo link get nothing), deleted with their file, and
    /// gone with the account.
    @Test(arguments: Engine.allCases) func progressPhotosAreTheOwnersAlone(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let ana = try api.signUp("ana@example.com").access
        let bo = try api.signUp("bo@example.com", name: "Bo").access
        let photo = try CommunityTests.phonePhoto()
        let added = try CommunityTests.upload(running.port, token: ana, photo, path: "/v1/me/body/photos?day=2026-11-01")
        #expect(added.status == 201, "\(added.text)")
        let id = try #require(try added.json()["id"] as? String)
        #expect(try CommunityTests.upload(running.port, token: ana, photo, path: "/v1/me/body/photos?day=2999-01-01").status == 422)
        #expect(try CommunityTests.upload(running.port, token: ana, Data("not a picture".utf8), path: "/v1/me/body/photos?day=2026-11-02").status == 415)
        #expect(try (api.call("GET", "/v1/me/body/photos", token: ana).json()["items"] as? [[String: Any]])?.map { $0["day"] as? String } == ["2026-11-01"])

        let mine = try api.call("GET", "/v1/me/body/photos/\(id)/photo", token: ana)
        #expect(mine.status == 200 && mine.headers["content-type"] == "image/jpeg" && mine.headers["cache-control"] == "private, no-store")
        let tags = try CommunityTests.tags(mine.body)
        #expect(tags["GPSLatitude"] == nil && tags["Make"] == nil, "the metadata is gone")
        #expect(try api.call("GET", "/v1/me/body/photos/\(id)/photo", token: bo).status == 404, "another's photo is not there")
        #expect(try api.call("GET", "/v1/me/body/photos/\(id)/thumb").status == 401)
        #expect(try (api.call("GET", "/v1/me/body/photos", token: bo).json()["items"] as? [Any])?.isEmpty == true)
        #expect(try api.call("DELETE", "/v1/me/body/photos/\(id)", token: bo).status == 404)
        // The shared photo route answers no link for it: a signed link is needed, and none is ever made.
        let sha = try await running.app.context.database.read { c in try BodyStore.photos(user: try #require(try AccountStore.credentials(
            emailKey: EmailAddress("ana@example.com").key, c)?.account.id), limit: 10, c).first?.sha256 }
        let file = running.app.context.photos.path(try #require(sha), .display)
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(try api.call("GET", "/v1/photos/\(sha!)/photo").status == 401)

        #expect(try api.call("DELETE", "/v1/me/body/photos/\(id)", token: ana).status == 204)
        #expect(!FileManager.default.fileExists(atPath: file), "its file goes with it")
        #expect(try api.call("GET", "/v1/me/body/photos/\(id)/photo", token: ana).status == 404)
    }
}
