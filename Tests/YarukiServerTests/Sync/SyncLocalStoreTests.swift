import Foundation
import Testing
import YarukiCore
@testable import YarukiClient

/// The engine's file on its own: which changes go in the next batch while one is still in flight.
@Suite struct SyncLocalStoreTests {
    @Test func theNextBatchStartsPastTheOneInFlightAndLeavesOutItsRecords() throws {
        let folder = NSTemporaryDirectory() + "yaruki-local-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try SyncLocalStore(path: folder + "/phone.sqlite")
        let start = Date(timeIntervalSince1970: 1_764_000_000.123_456)
        // Five changes; two share a time (the id orders them).
        let ids = (0..<5).map { _ in UUID() }
        let times = [0.0, 1, 1, 20, 30].map { start.addingTimeInterval($0) }
        for (id, time) in zip(ids, times) { try store.change("lifelog", id, fields: ["text": .string(id.uuidString)], changeID: "c-\(id)", at: time) }
        let inOrder = zip(ids, times).sorted { ($0.1, $0.0.uuidString) < ($1.1, $1.0.uuidString) }.map(\.0)

        let first = try store.nextBatch("lifelog", limit: 2)
        #expect(first.map(\.id) == Array(inOrder[0..<2]))
        // The first batch's first record changes again while its reply is still on the way.
        try store.change("lifelog", first[0].id, fields: ["text": "edited"], changeID: "c-edited", at: start.addingTimeInterval(10))
        let second = try store.nextBatch("lifelog", limit: 2, after: first)
        #expect(second.map(\.id) == Array(inOrder[2..<4]), "past the first batch, without its edited record")
        // Past the second batch's last change: the edit (made at a time before it) waits for the
        // next push, which starts from the oldest change again.
        let third = try store.nextBatch("lifelog", limit: 2, after: second)
        #expect(third.map(\.id) == [inOrder[4]])
        #expect(try store.nextBatch("lifelog", limit: 2, after: third).isEmpty)
        // Nothing was lost on the way: a batch from the start has them all, the edit as made.
        let again = try store.nextBatch("lifelog", limit: 10)
        #expect(Set(again.map(\.id)) == Set(ids))
        let edited = again.first { $0.id == first[0].id }
        #expect(edited?.changeID == "c-edited" && edited?.fields?["text"] == "edited")
    }
}
