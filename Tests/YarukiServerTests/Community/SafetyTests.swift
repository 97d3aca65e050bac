import Foundation
import YarukiAPI
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// Reports hide what enough people flag until an admin decides; notifications tell me what
/// happened to my things, also over my event stream.
@Suite(.serialized) struct SafetyTests {
    @Test(arguments: Engine.allCases)
    func enoughReportsHideAPostUntilAnAdminDecides(engine: Engine) async throws {
        let running = try await RunningApp(engine, arguments: ["--report-threshold", "2"])
        let api = API(running)
        let (aki, _, _) = try api.signUp("aki-report@example.com", name: "Aki")
        let (bo, _, _) = try api.signUp("bo-report@example.com", name: "Bo")
        let (cy, _, _) = try api.signUp("cy-report@example.com", name: "Cy")
        let (dee, _, _) = try api.signUp("dee-report@example.com", name: "Dee")
        let admin = try await ModerationTests.admin(running, "admin-report@example.com")
        let id = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Buy my pills"], token: aki).string("id"))
        let comment = try #require(try api.call("POST", "/v1/posts/\(id)/comments", json: ["body": "spam spam"], token: dee).string("id"))
        func visible(_ token: String) throws -> Bool {
            (try api.call("GET", "/v1/posts?board=talk", token: token).json()["items"] as? [[String: Any]] ?? []).contains { $0["id"] as? String == id }
        }
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": id], token: aki).status == 422, "not one's own")
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "poem", "id": id], token: bo).status == 400)
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": UUID().uuidString], token: bo).status == 404)
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": id, "reason": "spam"], token: bo).json()["hidden"] as? Bool == false)
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": id, "reason": "spam"], token: bo).json()["hidden"] as? Bool == false,
                "the same person twice counts once")
        #expect(try visible(dee))
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": id], token: cy).json()["hidden"] as? Bool == true)
        #expect(try !visible(dee) && !visible(aki))
        #expect(try api.call("GET", "/v1/posts/\(id)", token: dee).status == 404)
        #expect(try api.call("GET", "/v1/posts/\(id)", token: aki).status == 200, "its author still sees it")

        // Admins only: to anyone else the moderation paths do not exist.
        #expect(try api.call("GET", "/v1/admin/reports", token: bo).status == 404)
        let queue = try #require(try api.call("GET", "/v1/admin/reports", token: admin).json()["items"] as? [[String: Any]])
        #expect(queue.first?["id"] as? String == id.uppercased() && queue.first?["hidden"] as? Bool == true && queue.first?["reports"] as? Int == 2)
        #expect((queue.first?["reasons"] as? [String]) == ["spam"])
        #expect(try api.call("POST", "/v1/admin/reports/post/\(id)", json: ["decision": "shrug"], token: admin).status == 400)
        #expect(try api.call("POST", "/v1/admin/reports/post/\(id)", json: ["decision": "restore"], token: admin).status == 204)
        #expect(try visible(dee))
        #expect((try api.call("GET", "/v1/admin/reports", token: admin).json()["items"] as? [Any])?.isEmpty == true)

        // A comment too; an admin's delete removes it for good.
        _ = try api.call("POST", "/v1/reports", json: ["kind": "comment", "id": comment], token: bo)
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "comment", "id": comment], token: cy).json()["hidden"] as? Bool == true)
        #expect((try api.call("GET", "/v1/posts/\(id)/comments", token: aki).json()["items"] as? [Any])?.isEmpty == true)
        #expect(try api.call("POST", "/v1/admin/reports/comment/\(comment)", json: ["decision": "delete"], token: admin).status == 204)
        #expect(try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM comments")?.int("n") } == 0)
        #expect(try api.call("POST", "/v1/admin/reports/post/\(id)", json: ["decision": "delete"], token: admin).status == 204)
        #expect(try api.call("GET", "/v1/posts/\(id)", token: aki).status == 404)
    }

    @Test(arguments: Engine.allCases)
    func notificationsForCommentsLikesAndSavesArriveLive(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (aki, _, _) = try api.signUp("aki-note@example.com", name: "Aki")
        let (bo, _, _) = try api.signUp("bo-note@example.com", name: "Bo")
        let post = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "First run in a month"], token: aki).string("id"))
        let routine = try #require(try api.call("POST", "/v1/routines", json: RoutineTests.legs, token: aki).string("id"))
        let stream = try RawClient(port: running.port, timeout: 30)
        stream.send("GET /v1/events?access_token=\(aki) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        _ = try await stream.waitFor("event: ready")

        // One's own actions notify nobody.
        _ = try api.call("PUT", "/v1/posts/\(post)/like", token: aki)
        _ = try api.call("POST", "/v1/posts/\(post)/comments", json: ["body": "note to self"], token: aki)
        #expect(try api.call("GET", "/v1/notifications", token: aki).json()["unread"] as? Int == 0)

        _ = try api.call("POST", "/v1/posts/\(post)/comments", json: ["body": "Welcome back!"], token: bo)
        #expect(try await stream.waitFor("\"unread\":1").contains("event: notification"))
        _ = try api.call("PUT", "/v1/posts/\(post)/like", token: bo)
        _ = try api.call("PUT", "/v1/posts/\(post)/like", token: bo)  // again: no second notification
        _ = try api.call("PUT", "/v1/routines/\(routine)/like", token: bo)
        _ = try await stream.waitFor("\"unread\":3")
        let page = try api.call("GET", "/v1/notifications", token: aki).json()
        let items = try #require(page["items"] as? [[String: Any]])
        #expect(page["unread"] as? Int == 3 && items.map { $0["kind"] as? String } == ["save", "like", "comment"])
        #expect((items[0]["actor"] as? [String: Any])?["displayName"] as? String == "Bo" && items[0]["routineId"] as? String == routine.uppercased())
        // Taking a like back takes its notification too.
        _ = try api.call("DELETE", "/v1/posts/\(post)/like", token: bo)
        #expect(try api.call("GET", "/v1/notifications", token: aki).json()["unread"] as? Int == 2)
        #expect(try api.call("POST", "/v1/notifications/read", token: aki).json()["unread"] as? Int == 0)
        let after = try api.call("GET", "/v1/notifications", token: aki).json()
        #expect(after["unread"] as? Int == 0 && (after["items"] as? [[String: Any]])?.allSatisfy { $0["read"] as? Bool == true } == true)
        #expect(try api.call("GET", "/v1/notifications", token: bo).json()["unread"] as? Int == 0)
    }
}
