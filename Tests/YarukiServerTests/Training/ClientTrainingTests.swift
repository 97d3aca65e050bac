import Foundation
import YarukiAPI
import Testing
import YarukiClient
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

@Suite struct ClientTrainingTests {
    @Test func aTimerSessionIsSavedListedAndDeletedThroughTheSDK() async throws {
        let running = try await RunningApp(.sqlite)
        let client = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        let catalog = try await client.exercises()
        #expect(catalog.contains { $0.id == "squat" && $0.names["ko"] == "스쿼트" })
        try await client.signUp(email: "sdk-train@example.com", password: "correct horse battery", displayName: "Sam")

        var machine = RepRestMachine(restPreset: 90)
        let start = Date().addingTimeInterval(-600)
        for (i, reps) in [12, 10, 8].enumerated() {
            for _ in 0..<reps { machine.send(.increment, at: start + Double(i) * 120) }
            machine.send(.main, at: start + Double(i) * 120 + 30)
            machine.send(.main, at: start + Double(i) * 120 + 100)
        }
        let saved = try await client.save(machine, exerciseId: "squat", notes: "legs")
        #expect(saved.exercises.first?.sets.map(\.reps) == [12, 10, 8])
        #expect(saved.exercises.first?.sets.map(\.restSeconds) == [90, 90, 90])
        // Logging the same workout again (a retry) does not make a second one.
        try await client.log(saved)
        let page = try await client.workouts()
        #expect(page.items.map(\.id) == [saved.id])
        #expect(try await client.workout(id: saved.id).notes == "legs")

        let stranger = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        try await stranger.signUp(email: "stranger@example.com", password: "correct horse battery", displayName: "X")
        await #expect {
            _ = try await stranger.workout(id: saved.id)
        } throws: { error in
            guard case let .problem(problem) = error as? YarukiClientError else { return false }
            return problem.status == 404
        }
        try await client.deleteWorkout(id: saved.id)
        #expect(try await client.workouts().items.isEmpty)
    }

    /// A training session through the SDK: started empty, carried on by the Core machine,
    /// saved, read back as another device would, finished with its records.
    @Test func aTrainingSessionThroughTheSDK() async throws {
        let running = try await RunningApp(.sqlite)
        let phone = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        try await phone.signUp(email: "sdk-session@example.com", password: "correct horse battery", displayName: "Sky")
        #expect(try await phone.currentSession() == nil)
        var session = try await phone.startSession(title: "Pull day", defaultRest: 60)
        let start = Date()
        session.send(.addExercise("deadlift", restSeconds: 120, lastTime: [WorkoutSet(reps: 5, weightKg: 100)]), at: start)
        session.send(.toggleSet(exercise: 0, set: 0), at: start.addingTimeInterval(30))
        try await phone.saveSession(session)
        // The watch signs in and finds the same session, in its rest.
        let watch = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        try await watch.signIn(email: "sdk-session@example.com", password: "correct horse battery")
        let found = try #require(try await watch.currentSession())
        #expect(found.id == session.id && found.phase == .rest && found.exercises[0].sets[0].done)
        let finished = try await watch.finishSession()
        #expect(finished.workout.exercises.first?.sets.first?.weightKg == 100 && finished.summary.volumeKg == 500)
        #expect(finished.summary.records.contains { $0.kind == .heaviest && $0.value == 100 && $0.previous == nil })
        #expect(try await phone.currentSession() == nil)
        #expect(try await phone.progress(exercise: "deadlift").heaviestKg == 100)
    }
}
