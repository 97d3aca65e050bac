import Foundation
import Testing
import YarukiClient
import YarukiCore
import Synchronization
import YarukiTestSupport
@testable import YarukiServer

/// Health through the SDK: a phone's and a watch's reports, a range, goals, and an export
/// uploaded with progress and followed to the end.
@Suite(.serialized) struct ClientHealthTests {
    @Test func reportsRangesGoalsAndAnImport() async throws {
        let running = try await RunningApp(.sqlite, clock: TestClock(HealthTests.noon))
        let hana = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        try await hana.signUp(email: "sdk-hana@example.com", password: "correct horse battery", displayName: "Hana",
                              timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        // What an iOS app's statistics query gives, as doubles.
        let watch = HealthDayReport(day: "2026-11-29", source: "Hana's Apple Watch", steps: 8411.6, distanceMeters: 6120.4, activeEnergyKcal: 431.2,
                                    standMinutes: 183.7, standHours: 11, exerciseMinutes: 33.6)
        var day = try await hana.reportHealthDay(watch)
        #expect(day.steps == 8412 && day.standMinutes == 184 && day.exerciseMinutes == 34 && day.sources == ["Hana's Apple Watch"])
        day = try await hana.reportHealthDay(HealthDayReport(day: "2026-11-29", source: "Hana's iPhone", steps: 9000, distanceMeters: nil,
                                                             activeEnergyKcal: nil, standMinutes: nil, standHours: nil, exerciseMinutes: nil))
        #expect(day.steps == 9000 && day.activeEnergyKcal == 431.2)
        await #expect(throws: YarukiClientError.self) { try await hana.reportHealthDay(HealthDayReport(date: nil, source: "x")) }

        let backfill = (1...1500).map { HealthDayReport(date: DayNumber.day(DayNumber.of("2022-01-01")! + $0), source: "Hana's iPhone", steps: $0) }
        #expect(try await hana.reportHealthDays(backfill) == 1500)
        let range = try await hana.healthDays(from: "2026-11-28", to: "2026-11-30")
        #expect(range.days.map(\.date) == ["2026-11-28", "2026-11-29", "2026-11-30"])
        #expect(range.days[2].steps == 0 && range.today == "2026-11-30")

        try await hana.setHealthGoals(HealthGoals(steps: 9000, activeEnergyKcal: 400, standHours: 10))
        #expect(try await hana.healthGoals().steps == 9000)
        #expect(try await hana.healthDays(from: "2026-11-29", to: "2026-11-29").days[0].met)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-export-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        try HealthExportFile.zip(file.path, [("apple_health_export/export.xml", Data(HealthImportTests.mixed.text.utf8))])
        // Listening first: the import's last event says when it is over.
        var events = hana.events().makeAsyncIterator()
        while let event = try await events.next(), event.name != "ready" {}
        let shares = Mutex<[Double]>([])
        let started = try await hana.importAppleHealth(file: file) { share in shares.withLock { $0.append(share) } }
        #expect(shares.withLock { $0.last } == 1)
        var ended: HealthImport?
        while ended == nil, let event = try await events.next() {
            if event.name == "health-import", let job = try? event.decode(HealthImport.self), job.id == started.id, job.state != .running { ended = job }
        }
        #expect(ended?.state == .done)
        let state = try await hana.healthImport(started.id)
        #expect(state.state == .done && state.days == 1 && state.fileName == file.lastPathComponent)
        #expect(try await hana.healthDays(from: "2026-11-20", to: "2026-11-20").days[0].steps == 950)
    }
}
