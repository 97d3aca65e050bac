import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// Records the server names get time-ordered ids (version 7), so each lands at the end of the
/// indexes keyed by it: a workout of random ids (version 4) made each write dirty a random leaf
/// of four indexes, and writes ran at 5,300–5,600 a second against 9,000–9,800.
@Suite struct ServerNamedIDTests {
    @Test(arguments: Engine.allCases) func workoutsPostsAndAccountsGetIdsInTheOrderTheyWereMade(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let ana = try api.signUp("ana@example.com").access
        let before = Date()
        var ids: [String] = []
        for day in 1...3 {
            let body: [String: Any] = ["startedAt": "2026-11-0\(day)T08:00:00Z",
                                       "exercises": [["exerciseId": "push-up", "sets": [["reps": 10]]]]]
            ids.append(try #require(try api.call("POST", "/v1/workouts", json: body, token: ana).string("id")))
            try await Task.sleep(for: .milliseconds(2))
        }
        ids.append(try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Morning run"], token: ana).string("id")))
        ids.append(try #require(try api.call("GET", "/v1/me", token: ana).string("id")))  // the account, made before the rest
        let made = ids.map { UUID(uuidString: $0) }
        for id in made {
            let u = try #require(id).uuid
            #expect(u.6 >> 4 == 7, "version 7: \(String(describing: id))")
            let ms = [u.0, u.1, u.2, u.3, u.4, u.5].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let at = Date(timeIntervalSince1970: Double(ms) / 1000)
            #expect(abs(at.timeIntervalSince(before)) < 60, "made now: \(at)")
        }
        let workoutsAndPost = Array(ids[0..<4]).map { $0.uppercased() }
        #expect(workoutsAndPost.sorted() == workoutsAndPost, "in the order they were made")
    }
}
