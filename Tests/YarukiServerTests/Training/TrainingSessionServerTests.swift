import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// The training session on the server: started from a routine with last time's sets, kept
/// across devices with versions, finished into a workout with its personal records.
@Suite struct TrainingSessionServerTests {
    static func decode(_ reply: RawClient.Reply) throws -> TrainingSession {
        try JSONCoding.decoder.decode(TrainingSession.self, from: Data(reply.body))
    }

    static func json(_ session: TrainingSession) throws -> Any {
        try JSONSerialization.jsonObject(with: try JSONCoding.encoder.encode(session))
    }

    /// A rest starting schedules its end's push to the person's devices, in their language and
    /// naming the next set; the set resumed early, the rest lengthened, the session finished or the
    /// kind kept in the app take it back or move it. Saved twice, one push waits, not two.
    @Test(arguments: Engine.allCases)
    func aRestsEndIsPushedOnTimeAndTakenBackWhenTheSetResumesEarly(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-12-04T10:00:00Z", strategy: .iso8601))
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (token, _, _) = try api.signUp("rest-\(UUID().uuidString.prefix(6))@example.com", extra: ["locale": "ja"])
        for device in ["phone", "watch"] {
            #expect(try api.call("POST", "/v1/me/push-subscriptions", json: ["endpoint": "https://fcm.googleapis.com/fcm/send/rest-\(device)",
                                                                             "keys": ["p256dh": PushKeys.example.p256dh, "auth": PushKeys.example.auth]],
                                 token: token).status == 201)
        }
        let waiting = {
            try await running.app.database.read { c in
                try c.query("SELECT payload, run_at FROM jobs WHERE kind = 'push' AND state = 'queued' ORDER BY unique_key", [])
            }
        }
        var session = try Self.decode(try api.call("POST", "/v1/training/session", json: ["defaultRest": 90], token: token))
        session.send(.addExercise("squat", restSeconds: 120, lastTime: Array(repeating: WorkoutSet(reps: 5, weightKg: 60), count: 3)), at: clock.now)
        var version = 1
        func save() throws {
            let reply = try api.call("PUT", "/v1/training/session", json: try Self.json(session), token: token, headers: ["If-Match": "\"v\(version)\""])
            #expect(reply.status == 200, "\(reply.text)")
            version += 1
        }
        try save()
        #expect(try await waiting().isEmpty, "no rest, nothing waits")

        // The first set done at 10:00:30: its 120 s rest ends at 10:02:30, told to both devices.
        session.send(.toggleSet(exercise: 0, set: 0), at: clock.now.addingTimeInterval(30))
        try save()
        try save()  // the same state saved again
        var jobs = try await waiting()
        #expect(jobs.count == 2, "one push per device")
        #expect(try jobs.allSatisfy { try $0.date("run_at") == Date("2026-12-04T10:02:30Z", strategy: .iso8601) })
        let payload = try JSONSerialization.jsonObject(with: Data(try jobs[0].string("payload").utf8)) as? [String: Any]
        let message = payload?["message"] as? [String: Any]
        #expect(message?["body"] as? String == "休憩終了。次はスクワットの2セット目", "\(String(describing: message))")
        #expect(message?["tag"] as? String == "restEnd" && message?["url"] as? String == "/#/session")
        #expect(payload?["urgency"] as? String == "high" && payload?["ttl"] as? Int == 60)

        // Thirty seconds more: the push moves to 10:03:00.
        session.send(.adjustRest(30), at: clock.now.addingTimeInterval(40))
        try save()
        jobs = try await waiting()
        #expect(jobs.count == 2)
        #expect(try jobs.allSatisfy { try $0.date("run_at") == Date("2026-12-04T10:03:00Z", strategy: .iso8601) })

        // The set resumed early: nothing is pushed.
        session.send(.skipRest, at: clock.now.addingTimeInterval(60))
        try save()
        #expect(try await waiting().isEmpty)

        // Kept in the app, a rest pushes nothing; pushed again, the next rest does, and finishing takes it back.
        #expect(try api.call("PUT", "/v1/me/notification-settings", json: ["kinds": [["kind": "restEnd", "mode": "app"]]], token: token).status == 200)
        session.send(.toggleSet(exercise: 0, set: 1), at: clock.now.addingTimeInterval(120))
        try save()
        #expect(try await waiting().isEmpty)
        #expect(try api.call("PUT", "/v1/me/notification-settings", json: ["kinds": [["kind": "restEnd", "mode": "push"]]], token: token).status == 200)
        session.send(.adjustRest(10), at: clock.now.addingTimeInterval(125))
        try save()
        #expect(try await waiting().count == 2)
        #expect(try api.call("POST", "/v1/training/session/finish", token: token).status == 200)
        #expect(try await waiting().isEmpty, "finished: no rest left to end")
    }

    @Test(arguments: Engine.allCases)
    func aRoutineSessionGoesFromStartToRecords(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, _) = try api.signUp("lifter-\(UUID().uuidString.prefix(6))@example.com")
        // Last week: squats 5 × 80, 5 × 80.
        let lastWeek = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-7 * 86_400))
        #expect(try api.call("POST", "/v1/workouts", json: ["startedAt": lastWeek, "notes": "Leg day", "exercises": [
            ["exerciseId": "squat", "sets": [["reps": 5, "weightKg": 80], ["reps": 5, "weightKg": 80]]]]], token: token).status == 201)
        let routine = try api.call("POST", "/v1/routines", json: ["title": "Leg day", "public": false, "items": [
            ["exerciseId": "squat", "sets": 3, "reps": 5, "restSeconds": 120], ["exerciseId": "plank", "sets": 2, "seconds": 45, "restSeconds": 30]]],
                                   token: token)
        #expect(routine.status == 201, "\(routine.text)")
        let routineID = try #require(routine.string("id"))

        let started = try api.call("POST", "/v1/training/session", json: ["routineId": routineID], token: token)
        #expect(started.status == 201 && started.headers["etag"] == "\"v1\"", "\(started.text)")
        var session = try Self.decode(started)
        #expect(session.title == "Leg day" && session.exercises.map(\.exerciseId) == ["squat", "plank"])
        // Last time's 80 kg beside each squat set (the third takes the last one's), the plank the routine's 45 s.
        #expect(session.exercises[0].sets.map(\.weightKg) == [80, 80, 80] && session.exercises[0].sets[0].previous?.reps == 5)
        #expect(session.exercises[0].sets[2].previous == nil && session.exercises[0].restSeconds == 120)
        #expect(session.exercises[1].sets.map(\.seconds) == [45, 45])
        #expect(try api.call("POST", "/v1/training/session", json: [:], token: token).status == 409)

        // The phone does two sets, the second heavier, and saves as it goes.
        let t = session.startedAt
        session.send(.toggleSet(exercise: 0, set: 0), at: t.addingTimeInterval(60))
        session.send(.skipRest, at: t.addingTimeInterval(150))
        session.send(.setValues(exercise: 0, set: 1, reps: 6, seconds: nil, weightKg: 80), at: t.addingTimeInterval(155))
        session.send(.toggleSet(exercise: 0, set: 1), at: t.addingTimeInterval(200))
        let saved = try api.call("PUT", "/v1/training/session", json: try Self.json(session), token: token, headers: ["If-Match": "\"v1\""])
        #expect(saved.status == 200 && saved.headers["etag"] == "\"v2\"", "\(saved.text)")
        // A device that still holds v1 is told, and loses nothing.
        #expect(try api.call("PUT", "/v1/training/session", json: try Self.json(session), token: token, headers: ["If-Match": "\"v1\""]).status == 412)
        // Reloaded: the same session, in its rest.
        let reloaded = try Self.decode(try api.call("GET", "/v1/training/session", token: token))
        #expect(reloaded.phase == .rest && reloaded.exercises[0].sets.filter(\.done).count == 2 && reloaded.id == session.id)

        let finished = try api.call("POST", "/v1/training/session/finish", token: token)
        #expect(finished.status == 200, "\(finished.text)")
        let body = try finished.json()
        let summary = try #require(body["summary"] as? [String: Any])
        #expect(summary["volumeKg"] as? Double == 880 && summary["sets"] as? Int == 2)
        let records = try #require(summary["records"] as? [[String: Any]])
        #expect(records.contains { $0["kind"] as? String == "mostReps" && $0["value"] as? Double == 6 && $0["previous"] as? Double == 5 })
        #expect(records.contains { $0["kind"] as? String == "estimatedOneRepMax" && $0["value"] as? Double == 96 })
        #expect(!records.contains { $0["kind"] as? String == "heaviest" }, "80 kg equals last week's")
        #expect((summary["previous"] as? [String: Any])?["volumeKg"] as? Double == 800)
        // The workout is in the log, and the session is over.
        let log = try api.call("GET", "/v1/workouts", token: token).json()["items"] as? [[String: Any]]
        #expect(log?.count == 2 && log?.first?["id"] as? String == session.id.uuidString)
        #expect(try api.call("GET", "/v1/training/session", token: token).status == 404)

        // The training page's charts: the squat on two days, its records; this week and last with a session each.
        let progress = try api.call("GET", "/v1/training/progress?exercise=squat", token: token).json()
        let points = try #require(progress["points"] as? [[String: Any]])
        #expect(points.count == 2 && points.last?["estimatedOneRepMaxKg"] as? Double == 96 && points.last?["volumeKg"] as? Double == 880)
        #expect(progress["heaviestKg"] as? Double == 80 && (progress["mostReps"] as? [[String: Any]])?.first?["reps"] as? Int == 6)
        #expect(try api.call("GET", "/v1/training/progress?exercise=moonwalk", token: token).status == 404)
        #expect(try api.call("GET", "/v1/training/progress", token: token).status == 400)
        let weeks = try #require(try api.call("GET", "/v1/training/weeks?count=3", token: token).json()["items"] as? [[String: Any]])
        #expect(weeks.count == 3 && weeks.map { $0["sessions"] as? Int ?? -1 }.reduce(0, +) == 2 && weeks.last?["sessions"] as? Int == 1)
        #expect(try api.call("GET", "/v1/training/weeks?count=0", token: token).status == 400)

        // Repeat the last workout: its exercises and sets, pre-filled.
        let again = try Self.decode(try api.call("POST", "/v1/training/session", json: ["repeatLast": true], token: token))
        #expect(again.exercises.map(\.exerciseId) == ["squat"] && again.exercises[0].sets.map(\.reps) == [5, 6])
        #expect(try api.call("DELETE", "/v1/training/session", token: token).status == 204)
        #expect(try api.call("DELETE", "/v1/training/session", token: token).status == 404)
    }

    @Test func badSessionsAreRefusedAndOthersRoutinesStayPrivate() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("one-\(UUID().uuidString.prefix(6))@example.com")
        let (other, _, _) = try api.signUp("two-\(UUID().uuidString.prefix(6))@example.com")
        let privateRoutine = try api.call("POST", "/v1/routines", json: ["title": "Mine", "public": false, "items": [
            ["exerciseId": "squat", "sets": 3, "reps": 5, "restSeconds": 60]]], token: other)
        let id = try #require(privateRoutine.string("id"))
        #expect(try api.call("POST", "/v1/training/session", json: ["routineId": id], token: token).status == 404)
        #expect(try api.call("POST", "/v1/training/session", json: ["repeatLast": true], token: token).status == 404, "nothing to repeat")
        #expect(try api.call("POST", "/v1/training/session", json: ["defaultRest": 99_999], token: token).status == 400)
        #expect(try api.call("PUT", "/v1/training/session", json: try Self.json(TrainingSession.example), token: token).status == 404, "none under way")

        let session = try Self.decode(try api.call("POST", "/v1/training/session", json: ["title": "Empty"], token: token))
        #expect(session.exercises.isEmpty)
        var wrong = try #require(try Self.json(session) as? [String: Any])
        wrong["exercises"] = [["exerciseId": "moonwalk", "sets": [["done": false, "reps": 5]]]]
        #expect(try api.call("PUT", "/v1/training/session", json: wrong, token: token).status == 404)
        wrong["exercises"] = [["exerciseId": "squat", "sets": [["done": false, "reps": -5]]]]
        let negative = try api.call("PUT", "/v1/training/session", json: wrong, token: token)
        #expect(negative.status == 400 && negative.text.contains("exercises[0].sets[0].reps"))
        wrong["exercises"] = [["exerciseId": "squat", "sets": []]]
        #expect(try api.call("PUT", "/v1/training/session", json: wrong, token: token).status == 400)
        // Another session's state is not this one's.
        #expect(try api.call("PUT", "/v1/training/session", json: try Self.json(TrainingSession(startedAt: Date())), token: token).status == 409)
        // Nothing done: nothing to log.
        #expect(try api.call("POST", "/v1/training/session/finish", token: token).status == 422)
        #expect(try api.call("GET", "/v1/training/session", token: token).status == 200, "a refused finish keeps the session")
        // Someone else sees none of it.
        #expect(try api.call("GET", "/v1/training/session", token: other).status == 404)
    }

    /// kg or lb per person: kept on the account, weights stay in kg.
    @Test(arguments: Engine.allCases)
    func theWeightUnitIsThePersons(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, _) = try api.signUp("unit-\(UUID().uuidString.prefix(6))@example.com")
        #expect(try api.call("GET", "/v1/me", token: token).string("weightUnit") == "kg")
        let changed = try api.call("PATCH", "/v1/me", json: ["weightUnit": "lb"], token: token)
        #expect(changed.status == 200 && changed.string("weightUnit") == "lb")
        #expect(try api.call("GET", "/v1/me", token: token).string("weightUnit") == "lb")
        #expect(try api.call("PATCH", "/v1/me", json: ["weightUnit": "stone"], token: token).status == 400)
        // 60 kg logged before the switch: the next session pre-fills 130 lb, what a bar carries,
        // and still shows the 60 kg really lifted as last time's.
        let yesterday = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-86_400))
        #expect(try api.call("POST", "/v1/workouts", json: ["startedAt": yesterday, "exercises": [
            ["exerciseId": "squat", "sets": [["reps": 5, "weightKg": 60]]]]], token: token).status == 201)
        let session = try Self.decode(try api.call("POST", "/v1/training/session", json: ["repeatLast": true], token: token))
        let set = try #require(session.exercises.first?.sets.first)
        #expect(abs(WeightUnit.lb.shown(try #require(set.weightKg)) - 130) < 1e-6 && set.previous?.weightKg == 60)
    }
}
