import Foundation
import YarukiAPI
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// Blocks, reports and what a deletion takes with it, on both engines: the community's safety
/// tools hold wherever the data lives.
@Suite(.serialized) struct ModerationTests {
    static func count(_ running: RunningApp, _ sql: String) async throws -> Int {
        try await running.app.database.read { c in try c.queryOne(sql)?.int("n") ?? -1 }
    }

    static func items(_ reply: RawClient.Reply) throws -> [[String: Any]] { try reply.json()["items"] as? [[String: Any]] ?? [] }

    /// An admin made with the operator's tool, signed in: their access token.
    static func admin(_ running: RunningApp, _ email: String) async throws -> String {
        try await AccountAdmin.create(running.app.database, email: email, displayName: "Admin", password: "admin password 1", role: .admin)
        return try #require(try API(running).signIn(email, password: "admin password 1").string("accessToken"))
    }

    /// A block works both ways and reaches every corner: posts, comments, likes, routines and
    /// notifications; only the two people are affected; it is listed, and lifted.
    @Test(arguments: Engine.allCases)
    func aBlockReachesEveryCornerForTheTwoOnly(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (aki, _, akiID) = try api.signUp("aki-block@example.com", name: "Aki")
        let (bo, _, boID) = try api.signUp("bo-block@example.com", name: "Bo")
        let (cy, _, _) = try api.signUp("cy-block@example.com", name: "Cy")

        // Not an id, oneself, no such person: each refused, nothing stored.
        #expect(try api.call("PUT", "/v1/blocks/nonsense", token: aki).status == 404)
        #expect(try api.call("PUT", "/v1/blocks/\(akiID)", token: aki).status == 422)
        #expect(try api.call("PUT", "/v1/blocks/\(UUID().uuidString)", token: aki).status == 404)
        #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM blocks") == 0)

        let post = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Morning run"], token: aki).string("id"))
        let routine = try #require(try api.call("POST", "/v1/routines", json: RoutineTests.legs, token: bo).string("id"))
        let comment = try #require(try api.call("POST", "/v1/posts/\(post)/comments", json: ["body": "Nice pace"], token: bo).string("id"))
        #expect(try api.call("PUT", "/v1/posts/\(post)/like", token: bo).status == 200)
        #expect(try api.call("GET", "/v1/notifications", token: aki).json()["unread"] as? Int == 2)

        // Aki blocks Bo (twice is no change).
        #expect(try api.call("PUT", "/v1/blocks/\(boID)", token: aki).status == 204)
        #expect(try api.call("PUT", "/v1/blocks/\(boID)", token: aki).status == 204)
        let listed = try Self.items(try api.call("GET", "/v1/blocks", token: aki))
        #expect(listed.count == 1 && listed.first?["displayName"] as? String == "Bo" && listed.first?["since"] is String)
        #expect(try Self.items(try api.call("GET", "/v1/blocks", token: bo)).isEmpty, "Bo's own list names nobody")

        // Aki: Bo's comment, notifications and routine are gone from view.
        #expect(try Self.items(try api.call("GET", "/v1/posts/\(post)/comments", token: aki)).isEmpty)
        let notes = try api.call("GET", "/v1/notifications", token: aki).json()
        #expect(notes["unread"] as? Int == 0 && (notes["items"] as? [Any])?.isEmpty == true)
        #expect(try api.call("GET", "/v1/routines/\(routine)", token: aki).status == 404)
        #expect(try Self.items(try api.call("GET", "/v1/routines", token: aki)).allSatisfy { $0["id"] as? String != routine })
        #expect(try api.call("PUT", "/v1/routines/\(routine)/like", token: aki).status == 404)
        // Bo: Aki's post cannot be seen, liked, commented on or reported, and Aki's reply never notifies him.
        #expect(try api.call("GET", "/v1/posts/\(post)", token: bo).status == 404)
        #expect(try api.call("PUT", "/v1/posts/\(post)/like", token: bo).status == 404)
        #expect(try api.call("DELETE", "/v1/posts/\(post)/like", token: bo).status == 404)
        #expect(try api.call("POST", "/v1/posts/\(post)/comments", json: ["body": "hello?"], token: bo).status == 404)
        #expect(try api.call("GET", "/v1/posts/\(post)/comments", token: bo).status == 404)
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": post], token: bo).status == 404)
        #expect(try Self.items(try api.call("GET", "/v1/posts?board=talk", token: bo)).isEmpty)

        // Cy, outside it, sees everything as it was.
        let seen = try api.call("GET", "/v1/posts/\(post)", token: cy).json()
        #expect(seen["likeCount"] as? Int == 1 && seen["commentCount"] as? Int == 1)
        #expect(try Self.items(try api.call("GET", "/v1/posts/\(post)/comments", token: cy)).map { $0["id"] as? String } == [comment])
        #expect(try api.call("GET", "/v1/routines/\(routine)", token: cy).status == 200)

        // Lifted: each sees the other again (unblocking someone not blocked changes nothing).
        #expect(try api.call("DELETE", "/v1/blocks/\(boID)", token: aki).status == 204)
        #expect(try api.call("DELETE", "/v1/blocks/\(boID)", token: aki).status == 204)
        #expect(try api.call("DELETE", "/v1/blocks/\(akiID)", token: bo).status == 204)
        #expect(try Self.items(try api.call("GET", "/v1/blocks", token: aki)).isEmpty)
        #expect(try api.call("GET", "/v1/posts/\(post)", token: bo).status == 200)
        #expect(try Self.items(try api.call("GET", "/v1/posts/\(post)/comments", token: aki)).count == 1)
        #expect(try api.call("GET", "/v1/routines/\(routine)", token: aki).status == 200)
    }

    /// Moderation on both engines: reports hide at the threshold, only admins see the queue and
    /// decide; a restore clears the reports, so hiding again needs the threshold again; a target
    /// that goes (by an admin, its author or its author's account) takes its reports with it.
    @Test(arguments: Engine.allCases)
    func reportsHideUntilDecidedAndGoWithWhatTheyReport(engine: Engine) async throws {
        let running = try await RunningApp(engine, arguments: ["--report-threshold", "2"])
        let api = API(running)
        let (aki, _, _) = try api.signUp("aki-mod@example.com", name: "Aki")
        let (bo, _, _) = try api.signUp("bo-mod@example.com", name: "Bo")
        let (cy, _, _) = try api.signUp("cy-mod@example.com", name: "Cy")
        let (dee, _, _) = try api.signUp("dee-mod@example.com", name: "Dee")
        let admin = try await ModerationTests.admin(running, "admin-mod@example.com")
        let post = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Cheap pills"], token: aki).string("id"))
        func queue() throws -> [[String: Any]] { try Self.items(try api.call("GET", "/v1/admin/reports", token: admin)) }

        // Bad reports: a long reason, an unknown kind, nothing there.
        let long = try api.call("POST", "/v1/reports", json: ["kind": "post", "id": post, "reason": String(repeating: "x", count: 501)], token: bo)
        #expect(long.status == 400 && TrainingTests.fields(long) == ["reason"])
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "comment", "id": post], token: bo).status == 404, "a post's id is no comment")
        #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM reports") == 0)

        // Two people hide it; restored, the reports are cleared: one more report does not hide it again.
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": post, "reason": "spam"], token: bo).json()["hidden"] as? Bool == false)
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": post], token: cy).json()["hidden"] as? Bool == true)
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": post], token: dee).status == 404, "hidden: nothing to report")
        for token in [aki, bo] { #expect(try api.call("GET", "/v1/admin/reports", token: token).status == 404) }
        for token in [aki, bo] { #expect(try api.call("POST", "/v1/admin/reports/post/\(post)", json: ["decision": "restore"], token: token).status == 404) }
        #expect(try queue().first?["hidden"] as? Bool == true)
        #expect(try api.call("POST", "/v1/admin/reports/poem/\(post)", json: ["decision": "restore"], token: admin).status == 404)
        #expect(try api.call("POST", "/v1/admin/reports/post/\(UUID().uuidString)", json: ["decision": "restore"], token: admin).status == 404)
        #expect(try api.call("POST", "/v1/admin/reports/post/\(post)", json: ["decision": "restore"], token: admin).status == 204)
        #expect(try queue().isEmpty)
        #expect(try api.call("POST", "/v1/reports", json: ["kind": "post", "id": post], token: dee).json()["hidden"] as? Bool == false)
        #expect(try api.call("GET", "/v1/posts/\(post)", token: bo).status == 200)

        // Its author deletes it: its reports, and those of the comments under it, go too.
        let comment = try #require(try api.call("POST", "/v1/posts/\(post)/comments", json: ["body": "buy now"], token: bo).string("id"))
        _ = try api.call("POST", "/v1/reports", json: ["kind": "comment", "id": comment], token: cy)
        #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM reports") == 2)
        #expect(try api.call("DELETE", "/v1/posts/\(post)", token: aki).status == 204)
        #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM reports") == 0, "no report outlives what it reported")
        #expect(try queue().isEmpty)

        // A comment's author deletes it: its reports go.
        let second = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Run club?"], token: aki).string("id"))
        let rude = try #require(try api.call("POST", "/v1/posts/\(second)/comments", json: ["body": "rude"], token: bo).string("id"))
        _ = try api.call("POST", "/v1/reports", json: ["kind": "comment", "id": rude], token: aki)
        #expect(try api.call("DELETE", "/v1/comments/\(rude)", token: bo).status == 204)
        #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM reports") == 0)

        // An account deleted: the reports of its posts and comments go, and the reports it filed.
        let third = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Spam again"], token: bo).string("id"))
        let fourth = try #require(try api.call("POST", "/v1/posts/\(second)/comments", json: ["body": "spam"], token: bo).string("id"))
        _ = try api.call("POST", "/v1/reports", json: ["kind": "post", "id": third], token: cy)
        _ = try api.call("POST", "/v1/reports", json: ["kind": "comment", "id": fourth], token: cy)
        _ = try api.call("POST", "/v1/reports", json: ["kind": "post", "id": second], token: bo)
        #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM reports") == 3)
        #expect(try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: bo).status == 200)
        #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM reports") == 0)
        #expect(try queue().isEmpty)
        #expect(try api.call("GET", "/v1/posts/\(second)", token: cy).json()["commentCount"] as? Int == 0)
    }

    /// An admin's other decisions: warn tells the author in their inbox (the post stays); hide
    /// hides at once, below the threshold; ban ends the author's sessions, refuses every way in
    /// and deletes the comment; lifted, they sign in again. Admins are not banned.
    @Test(arguments: Engine.allCases)
    func anAdminWarnsHidesAndBans(engine: Engine) async throws {
        let running = try await RunningApp(engine, arguments: ["--report-threshold", "3"])
        let api = API(running)
        let (aki, _, _) = try api.signUp("aki-ban@example.com", name: "Aki")
        let (bo, _, boID) = try api.signUp("bo-ban@example.com", name: "Bo")
        let admin = try await ModerationTests.admin(running, "admin-ban@example.com")
        let adminID = try #require(try api.call("GET", "/v1/me", token: admin).string("id"))
        let post = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Leg day"], token: aki).string("id"))
        let comment = try #require(try api.call("POST", "/v1/posts/\(post)/comments", json: ["body": "buy followers"], token: bo).string("id"))
        _ = try api.call("POST", "/v1/reports", json: ["kind": "comment", "id": comment, "reason": "spam"], token: aki)
        func decide(_ decision: String) throws -> Int {
            try api.call("POST", "/v1/admin/reports/comment/\(comment)", json: ["decision": decision], token: admin).status
        }
        #expect(try decide("shout") == 400)

        // Warn: Bo is told, about the post the comment is on; the comment stays.
        #expect(try decide("warn") == 204)
        let told = try Self.items(try api.call("GET", "/v1/notifications", token: bo))
        #expect(told.first?["kind"] as? String == "moderationWarning" && told.first?["postId"] as? String == post)
        #expect(try Self.items(try api.call("GET", "/v1/posts/\(post)/comments", token: aki)).count == 1)

        // Hide: one report is under the threshold of three, hidden all the same; still queued.
        #expect(try decide("hide") == 204)
        #expect(try Self.items(try api.call("GET", "/v1/posts/\(post)/comments", token: aki)).isEmpty)
        let queued = try Self.items(try api.call("GET", "/v1/admin/reports", token: admin))
        #expect(queued.first?["hidden"] as? Bool == true && queued.first?["authorBanned"] as? Bool == false)

        // Ban: Bo's session ends at once, no way in is left open, the comment is gone.
        #expect(try decide("ban") == 204)
        #expect(try api.call("GET", "/v1/me", token: bo).status == 401)
        let refused = try api.call("POST", "/v1/auth/login", json: ["email": "bo-ban@example.com", "password": "correct horse battery", "device": "x"])
        #expect(refused.status == 403 && refused.text.contains("suspended"))
        #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM comments") == 0)
        #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = '\(boID.lowercased())' AND revoked_at IS NULL") == 0)
        #expect(try Self.items(try api.call("GET", "/v1/admin/reports", token: admin)).isEmpty)

        // Only admins ban and lift; an admin is not banned (their role changes first).
        #expect(try api.call("PUT", "/v1/admin/users/\(boID)/ban", token: aki).status == 404)
        #expect(try api.call("PUT", "/v1/admin/users/\(adminID)/ban", token: admin).status == 409)
        #expect(try api.call("DELETE", "/v1/admin/users/\(UUID().uuidString)/ban", token: admin).status == 404)
        #expect(try api.call("DELETE", "/v1/admin/users/\(boID)/ban", token: admin).status == 204)
        #expect(try api.signIn("bo-ban@example.com").status == 200)
        // Banned straight from the people page, then lifted again.
        #expect(try api.call("PUT", "/v1/admin/users/\(boID)/ban", token: admin).status == 204)
        #expect(try api.signIn("bo-ban@example.com").status == 403)
    }

    /// A post deleted takes everything that hangs on it: comments, likes, the notifications they
    /// made, its photos (files too, when nothing else uses them).
    @Test(arguments: Engine.allCases)
    func aDeletedPostTakesWhatHangsOnIt(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (aki, _, _) = try api.signUp("aki-gone@example.com", name: "Aki")
        let (bo, _, _) = try api.signUp("bo-gone@example.com", name: "Bo")
        let photo = try CommunityTests.upload(running.port, token: aki, try CommunityTests.phonePhoto()).json()
        let photoID = try #require(photo["id"] as? String)
        let url = try #require(photo["url"] as? String)
        let post = try #require(try api.call("POST", "/v1/posts", json: ["board": "done", "body": "Legs", "photoIds": [photoID]], token: aki).string("id"))
        _ = try api.call("POST", "/v1/posts/\(post)/comments", json: ["body": "Strong"], token: bo)
        _ = try api.call("PUT", "/v1/posts/\(post)/like", token: bo)
        #expect(try api.call("GET", "/v1/notifications", token: aki).json()["unread"] as? Int == 2)
        #expect(try request(running.port, "GET", url).status == 200)

        #expect(try api.call("DELETE", "/v1/posts/\(post)", token: bo).status == 404, "not Bo's to delete")
        #expect(try api.call("DELETE", "/v1/posts/\(post)", token: aki).status == 204)
        #expect(try api.call("DELETE", "/v1/posts/\(post)", token: aki).status == 404, "gone")
        for table in ["posts", "comments", "post_likes", "photos", "inbox"] {
            #expect(try await Self.count(running, "SELECT COUNT(*) AS n FROM \(table)") == 0, "\(table)")
        }
        #expect(try api.call("GET", "/v1/notifications", token: aki).json()["unread"] as? Int == 0)
        #expect(try request(running.port, "GET", url).status == 404, "the photo's file is gone")
    }
}
