import Foundation
import Testing
import YarukiClient
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

@Suite(.serialized) struct ClientAccountabilityTests {
    @Test func groupsQuotaUploadAndStandingsThroughTheSDK() async throws {
        let running = try await RunningApp(.sqlite)
        let url = URL(string: "http://127.0.0.1:\(running.port)")!
        let aki = YarukiClient(baseURL: url)
        let bo = YarukiClient(baseURL: url)
        let akiAccount = try await aki.signUp(email: "sdk-aki@example.com", password: "correct horse battery", displayName: "Aki")
        try await bo.signUp(email: "sdk-bo@example.com", password: "correct horse battery", displayName: "Bo")
        let group = try await aki.createGroup(name: "SDK crew")
        let joined = try await bo.joinGroup(code: group.inviteCode)
        #expect(joined.members.map(\.displayName) == ["Aki", "Bo"])
        #expect(try await bo.groups().map(\.id) == [group.id])
        #expect(try await aki.setQuota(days: 4).days == 4)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-proof-\(UUID().uuidString).mp4")
        try ProofTests.video.write(to: file)
        let proof = try await aki.uploadProof(file: file, recordedAt: Date(), exerciseId: "push-up")
        #expect(proof.size == ProofTests.video.count && proof.exerciseId == "push-up")
        let standings = try await bo.standings(group: group.id)
        let akiRow = try #require(standings.members.first { $0.id == akiAccount.id })
        #expect(akiRow.done == 1 && akiRow.quota == 3, "the new quota waits for next week")
        try await bo.leaveGroup(group.id)
        #expect(try await bo.groups().isEmpty)
        await #expect {
            _ = try await bo.standings(group: group.id)
        } throws: { error in
            guard case let .problem(problem) = error as? YarukiClientError else { return false }
            return problem.status == 404
        }
    }
}
