import Foundation
import YarukiAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import YarukiClient
import YarukiCore
import Synchronization
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
        // This week is Aki's first: 3 prorated to the days that were left of it (whatever today is).
        let mine = try await aki.quota()
        #expect(mine.firstWeek && mine.nextWeek == 4 && mine.thisWeek <= 3)
        #expect(akiRow.done == 1 && akiRow.quota == mine.thisWeek, "the new quota waits for next week")
        try await bo.leaveGroup(group.id)
        #expect(try await bo.groups().isEmpty)
        await #expect {
            _ = try await bo.standings(group: group.id)
        } throws: { error in
            guard case let .problem(problem) = error as? YarukiClientError else { return false }
            return problem.status == 404
        }
    }

    @Test func uploadProgressQuotaCalendarAndFeedThroughTheSDK() async throws {
        let running = try await RunningApp(.sqlite)
        let url = URL(string: "http://127.0.0.1:\(running.port)")!
        let client = YarukiClient(baseURL: url)
        try await client.signUp(email: "sdk-cal@example.com", password: "correct horse battery", displayName: "Cal")
        // A larger file so progress has steps to report.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-big-\(UUID().uuidString).mp4")
        try (ProofTests.video + Data(count: 6 << 20)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let seen = Mutex<[Double]>([])
        let proof = try await client.uploadProof(file: file, recordedAt: Date()) { share in seen.withLock { $0.append(share) } }
        let shares = seen.withLock { $0 }
        #expect(shares.count >= 2 && shares.last == 1, "some progress before the end: \(shares)")
        #expect(zip(shares, shares.dropFirst()).allSatisfy { $0 < $1 }, "progress only grows: \(shares)")
        #expect(proof.size == ProofTests.video.count + (6 << 20))

        let quota = try await client.quota()
        #expect(quota.week.done == 1 && quota.week.days == [proof.recordedDay] && quota.thisWeek == 3)
        let month = try await client.calendar(month: String(proof.recordedDay.prefix(7)))
        #expect(month.days.first { $0.date == proof.recordedDay }?.proofs == 1)
        let day = try await client.calendar(day: proof.recordedDay)
        #expect(day.proofs.map(\.id) == [proof.id])

        #expect(try await client.calendarFeed().active == false)
        let feed = try await client.makeCalendarFeed()
        #expect(feed.absoluteString.hasPrefix(url.absoluteString) && feed.pathExtension == "ics")
        let (ics, _) = try await URLSession.shared.data(from: feed)
        #expect(String(decoding: ics, as: UTF8.self).contains("DTSTART;VALUE=DATE:\(proof.recordedDay.replacingOccurrences(of: "-", with: ""))"))
        try await client.turnOffCalendarFeed()
        #expect(try await client.calendarFeed().active == false)
    }

    @Test func theEventStreamResumesAfterTheConnectionDrops() async throws {
        let running = try await RunningApp(.sqlite)
        let proxy = try TCPProxy(to: running.port)
        defer { proxy.stop() }
        let direct = URL(string: "http://127.0.0.1:\(running.port)")!
        let watcher = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!)
        let mover = YarukiClient(baseURL: direct)
        try await watcher.signUp(email: "sdk-watch@example.com", password: "correct horse battery", displayName: "Wat")
        try await mover.signUp(email: "sdk-move@example.com", password: "correct horse battery", displayName: "Mo")
        let group = try await watcher.createGroup(name: "Streamers")
        _ = try await mover.joinGroup(code: group.inviteCode)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-ev-\(UUID().uuidString).mp4")
        try ProofTests.video.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        var events = watcher.events().makeAsyncIterator()
        #expect(try await events.next()?.name == "ready")
        try await mover.uploadProof(file: file, recordedAt: Date())
        let first = try #require(try await events.next())
        struct Change: Decodable { var group: UUID }
        let change = try first.decode(Change.self)
        #expect(first.name == "standings" && change.group == group.id)
        let feed = try #require(try await events.next())
        #expect(try feed.name == "crew" && feed.decode(Change.self).group == group.id, "the proof is in the crew's feed too")
        let told = try #require(try await watcher.crewFeed(group: group.id).items.first)
        #expect(told.kind == .proof && told.by?.displayName == "Mo" && told.proof != nil && told.proof?.thumbnailUrl == nil, "\(told)")

        // The network drops; what happens meanwhile arrives after the reconnect (Last-Event-ID).
        proxy.dropAll()
        try await mover.setQuota(days: 5)
        var after: [ServerEvent] = []
        while after.count < 2, let next = try await events.next() { after.append(next) }
        #expect(after.map(\.name).sorted() == ["ready", "standings"])
        let missed = try #require(after.first { $0.name == "standings" })
        #expect(Int(missed.id ?? "") ?? 0 > Int(first.id ?? "") ?? 0)
    }

    @Test func theEventParserHandlesSplitLinesAndEveryLineEnding() {
        var parser = ServerEventParser()
        let text = Array("id: 7\r\nevent: standings\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\n: keep-alive\n\nid: 8\rdata: x\r\r".utf8)
        var events: [ServerEvent] = []
        for byte in text { events += parser.feed([byte]) }  // one byte at a time: every split point
        #expect(events == [ServerEvent(id: "7", name: "standings", data: "{\"a\":\n1}"), ServerEvent(id: "8", name: "message", data: "x")])
        #expect(parser.lastEventID == "8")
    }
}
