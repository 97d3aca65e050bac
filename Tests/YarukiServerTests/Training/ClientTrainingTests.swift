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
}
