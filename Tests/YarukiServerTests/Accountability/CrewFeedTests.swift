import Foundation
import YarukiAPI
import YarukiCore
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// The crew's feed: what members did, newest first by keyset, told live; privacy decided by the
/// API (a proof's thumbnail only in its owner's feed, a break without its reason, records of one's
/// own exercises kept, pushes and muted cheers left out); withdrawn with what it tells of, and
/// taken along by a member who leaves.
@Suite(.serialized) struct CrewFeedTests {
    @Test(arguments: Engine.allCases)
    func theFeedTellsWhatTheCrewDidAndOnlyWhatEachMayKnow(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-11-10T09:00:00+09:00", strategy: .iso8601))  // a Tuesday in Tokyo
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        var aki = try api.signUp("aki-crew@example.com", name: "Aki").access
        var bo = try api.signUp("bo-crew@example.com", name: "Bo").access
        var cy = try api.signUp("cy-crew@example.com", name: "Cy", extra: ["timeZone": "America/Los_Angeles"]).access
        /// The clock moved on, and everyone signed in again (an access token lives minutes).
        func advance(_ seconds: TimeInterval) throws {
            clock.advance(seconds)
            (aki, bo, cy) = (try #require(try api.signIn("aki-crew@example.com").string("accessToken")),
                             try #require(try api.signIn("bo-crew@example.com").string("accessToken")),
                             try #require(try api.signIn("cy-crew@example.com").string("accessToken")))
        }
        let stranger = try api.signUp("stranger-crew@example.com").access
        func id(_ token: String) throws -> String { try #require(try api.call("GET", "/v1/me", token: token).string("id")) }
        let (akiID, boID, cyID) = (try id(aki), try id(bo), try id(cy))
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: aki).string("inviteCode"))
        let group = try #require(try api.call("POST", "/v1/groups/join", json: ["code": code], token: bo).string("id"))
        _ = try api.call("POST", "/v1/groups/join", json: ["code": code], token: cy)
        func feed(_ token: String, _ query: String = "") throws -> [[String: Any]] {
            let reply = try api.call("GET", "/v1/groups/\(group)/feed\(query)", token: token)
            #expect(reply.status == 200, "\(reply.text)")
            return try reply.json()["items"] as? [[String: Any]] ?? []
        }
        func kinds(_ token: String) throws -> [String] { try feed(token).map { $0["kind"] as? String ?? "?" } }
        #expect(try feed(aki).isEmpty)
        #expect(try api.call("GET", "/v1/groups/\(group)/feed", token: stranger).status == 404)
        #expect(try api.call("GET", "/v1/groups/\(group)/feed?cursor=yesterday", token: aki).status == 400)
        #expect(try api.call("GET", "/v1/groups/\(group)/feed?limit=0", token: aki).status == 400)
        let events = try await HealthTests.events(running.port, token: bo)

        // Aki's proof: Aki's own feed shows its thumbnail; Bo's says only that it was recorded.
        let proof = try ProofTests.upload(running.port, token: aki, ProofTests.distinct())
        #expect(proof.status == 201, "\(proof.text)")
        let proofID = try #require(proof.string("id"))
        _ = try await events.waitFor("event: crew")
        let own = try #require(try feed(aki).first)
        let ownProof = own["proof"] as? [String: Any]
        #expect(own["kind"] as? String == "proof" && (own["by"] as? [String: Any])?["id"] as? String == akiID)
        #expect(ownProof?["proofId"] as? String == proofID && ownProof?["day"] as? String == "2026-11-10" && ownProof?["backdated"] as? Bool == false)
        let thumbnail = try #require(ownProof?["thumbnailUrl"] as? String, "\(own)")
        #expect(try request(running.port, "GET", thumbnail).status == 200)
        let seen = try #require(try feed(bo).first)
        #expect((seen["proof"] as? [String: Any])?["proofId"] as? String == proofID && (seen["proof"] as? [String: Any])?["thumbnailUrl"] == nil,
                "a groupmate never gets a proof's picture: \(seen)")
        #expect(try api.call("GET", "/v1/proofs/\(proofID)/thumbnail", token: bo).status == 404)

        // Bo finishes a session: its time, sets, volume and records, except those of his own exercise.
        let mine = try api.call("POST", "/v1/me/exercises", json: ["names": ["en": "Sled push"], "kind": "weightReps"], token: bo)
        let sled = try #require(try mine.json()["id"] as? String, "\(mine.text)")
        try advance(3600)
        let started = try api.call("POST", "/v1/training/session", json: ["title": "Leg day"], token: bo)
        #expect(started.status == 201, "\(started.text)")
        var session = try TrainingSessionServerTests.decode(started)
        session.send(.addExercise("squat", restSeconds: 0, lastTime: [WorkoutSet(reps: 5, weightKg: 100)]), at: clock.now)
        session.send(.addExercise(sled, restSeconds: 0, lastTime: [WorkoutSet(reps: 8, weightKg: 80)]), at: clock.now)
        session.send(.toggleSet(exercise: 0, set: 0), at: clock.now.addingTimeInterval(60))
        session.send(.toggleSet(exercise: 1, set: 0), at: clock.now.addingTimeInterval(120))
        try advance(1800)
        let finished = try api.call("POST", "/v1/training/session/finish", json: try TrainingSessionServerTests.json(session), token: bo)
        #expect(finished.status == 200, "\(finished.text)")
        let workoutID = try #require((try finished.json()["workout"] as? [String: Any])?["id"] as? String)
        let finishedAgain = try api.call("POST", "/v1/training/session/finish", json: try TrainingSessionServerTests.json(session), token: bo)
        #expect(finishedAgain.status == 200 || finishedAgain.status == 404, "\(finishedAgain.text)")
        let told = try #require(try feed(cy).first)
        let part = try #require(told["session"] as? [String: Any], "\(told)")
        #expect(told["kind"] as? String == "session" && (told["by"] as? [String: Any])?["displayName"] as? String == "Bo")
        #expect(part["workoutId"] as? String == workoutID && part["title"] as? String == "Leg day" && part["sets"] as? Int == 2)
        #expect(part["volumeKg"] as? Double == 1140 && (part["durationSeconds"] as? Int ?? 0) > 0, "\(part)")
        let records = part["records"] as? [[String: Any]] ?? []
        #expect(!records.isEmpty && records.allSatisfy { $0["exerciseId"] as? String == "squat" }, "the sled is Bo's own: \(records)")
        #expect(!told.description.contains(sled))
        #expect(try kinds(aki).filter { $0 == "session" }.count == 1, "finished twice, told once")

        // A cheer is the crew's to see; a push stays between two; a muted cheer is not in its receiver's feed.
        try advance(60)
        #expect(try api.call("POST", "/v1/groups/\(group)/members/\(cyID)/cheers", json: ["kind": "nudge"], token: aki).status == 201)
        #expect(try api.call("PUT", "/v1/me/mutes/\(akiID)", token: bo).status == 204)
        #expect(try api.call("POST", "/v1/groups/\(group)/members/\(boID)/cheers", json: ["kind": "cheer"], token: aki).status == 201)
        let cheer = try #require(try feed(cy).first)
        #expect(cheer["kind"] as? String == "cheer" && (cheer["to"] as? [String: Any])?["id"] as? String == boID, "\(cheer)")
        #expect(try kinds(cy) == ["cheer", "session", "proof"], "no push in the feed")
        #expect(try kinds(bo) == ["session", "proof"], "Bo muted Aki: her cheer is not in his feed")

        // Cy proposes a challenge of 4 proofs: proposed, half way and done, each told once.
        try advance(60)
        let challenge = try api.call("POST", "/v1/groups/\(group)/challenges", json: ["metric": "proofs", "goal": 4], token: cy)
        #expect(challenge.status == 201, "\(challenge.text)")
        let challengeID = try #require(challenge.string("id"))
        for token in [aki, bo] { #expect(try api.call("POST", "/v1/challenges/\(challengeID)/join", token: token).status == 200) }
        func milestones() throws -> [String] {
            try feed(aki).compactMap { ($0["challenge"] as? [String: Any])?["milestone"] as? String }
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(try milestones() == ["proposed"], "Aki's proof from before counts, but 1 of 4 is not half way")
        #expect(try feed(aki).first { $0["kind"] as? String == "challenge" }.map { ($0["by"] as? [String: Any])?["id"] as? String } == cyID)
        try advance(60)
        for token in [bo, cy] { #expect(try ProofTests.upload(running.port, token: token, ProofTests.distinct()).status == 201) }
        #expect(await eventuallyAsync(timeout: 30) { (try? milestones()) == ["halfway", "proposed"] })
        try advance(60)
        #expect(try ProofTests.upload(running.port, token: aki, ProofTests.distinct()).status == 201)
        #expect(await eventuallyAsync(timeout: 30) { (try? milestones()) == ["done", "halfway", "proposed"] },
                "\((try? feed(aki).map { "\($0["kind"] ?? "") \(($0["challenge"] as? [String: Any])?["milestone"] ?? "") \($0["at"] ?? "")" }) ?? [])")
        try await Task.sleep(nanoseconds: 300_000_000)  // later recounts add none
        #expect(try milestones() == ["done", "halfway", "proposed"], "each milestone once")
        let done = try #require(try feed(bo).first { ($0["challenge"] as? [String: Any])?["milestone"] as? String == "done" })
        #expect(done["by"] == nil && (done["challenge"] as? [String: Any])?["goal"] as? Int == 4 && (done["challenge"] as? [String: Any])?["metric"] as? String == "proofs")

        // Cy takes a break: the crew sees its weeks, not its reason.
        try advance(60)
        let taken = try api.call("POST", "/v1/me/pauses", json: ["weeks": 1, "reason": "planned"], token: cy)
        #expect(taken.status == 201, "\(taken.text)")
        let pause = try #require(try feed(aki).first)
        #expect(pause["kind"] as? String == "pause" && (pause["pause"] as? [String: Any])?["until"] as? String == taken.string("until"))
        #expect(!(try api.call("GET", "/v1/groups/\(group)/feed", token: aki).text.contains("planned")), "a break's reason is its taker's")

        // Keyset pages of two walk the whole feed newest first, nothing twice, nothing skipped.
        let whole = try feed(aki, "?limit=50")
        var walked: [[String: Any]] = []
        var cursor: String?
        repeat {
            let page = try api.call("GET", "/v1/groups/\(group)/feed?limit=2\(cursor.map { "&cursor=\($0)" } ?? "")", token: aki).json()
            walked += page["items"] as? [[String: Any]] ?? []
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        #expect(walked.map { $0["id"] as? String } == whole.map { $0["id"] as? String } && whole.count == 10, "\(whole.count)")
        let times = whole.compactMap { $0["at"] as? String }
        #expect(times == times.sorted(by: >), "newest first")

        // Withdrawn with what they tell of: the proof deleted, the break called off, the workout deleted.
        #expect(try api.call("DELETE", "/v1/proofs/\(proofID)", token: aki).status == 204)
        #expect(try api.call("DELETE", "/v1/me/pauses/\(try #require(taken.string("id")))", token: cy).status == 204)
        #expect(try api.call("DELETE", "/v1/workouts/\(workoutID)", token: bo).status == 204)
        let left = try feed(cy, "?limit=50")
        #expect(!left.contains { ($0["proof"] as? [String: Any])?["proofId"] as? String == proofID || $0["kind"] as? String == "pause" || $0["kind"] as? String == "session" })
        #expect(left.count == 7, "\(left.map { $0["kind"] ?? "" })")

        // Cy leaves: her proof, her challenge's proposal and her part go with her; the group's own milestones stay.
        #expect(try api.call("POST", "/v1/groups/\(group)/leave", token: cy).status == 204)
        #expect(try api.call("GET", "/v1/groups/\(group)/feed", token: cy).status == 404)
        let after = try feed(aki, "?limit=50")
        #expect(!after.contains { ($0["by"] as? [String: Any])?["id"] as? String == cyID }, "\(after)")
        #expect(after.compactMap { ($0["challenge"] as? [String: Any])?["milestone"] as? String } == ["done", "halfway"])
    }
}
