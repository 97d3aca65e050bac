import Foundation
import Testing
import YarukiAPI
import YarukiClient
import YarukiClientCurl
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// Devices as `SyncEngine`s with files of their own, against a real server: offline edits that
/// meet, deletes against edits, one record made twice, skewed clocks, crashes at the worst moment,
/// and random interleavings that must all end where the server is.
@Suite struct SyncEngineTests {
    final class Devices {
        let running: RunningApp
        let folder: String
        let email: String
        var base: URL { URL(string: "http://127.0.0.1:\(running.port)")! }

        init(_ engine: Engine = .sqlite, clock: TestClock? = nil, arguments: [String] = []) async throws {
            running = try await RunningApp(engine, clock: clock, arguments: arguments)
            folder = NSTemporaryDirectory() + "yaruki-devices-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            email = "devices-\(UUID().uuidString.prefix(8))@example.com"
            let owner = YarukiClient(baseURL: base, transport: CurlTransport.shared)
            try await owner.signUp(email: email, password: "correct horse battery", displayName: "Mina")
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// A device: its own session and its own file (the same name again is the same device after a restart).
        func device(_ name: String, clock: @escaping @Sendable () -> Date = { Date() }, batchSize: Int = 200, pageSize: Int = 500,
                    afterPush: (@Sendable () throws -> Void)? = nil) async throws -> SyncEngine {
            let client = YarukiClient(baseURL: base, transport: CurlTransport.shared)
            try await client.signIn(email: email, password: "correct horse battery", device: name)
            return try SyncEngine(client: client, path: "\(folder)/\(name).sqlite", device: name, clock: clock, batchSize: batchSize,
                                  pageSize: pageSize, backoff: [0.05, 0.1], afterPush: afterPush)
        }

        /// What the server holds in a zone, through its own API.
        func server(_ zone: String) async throws -> [UUID: String] {
            let client = YarukiClient(baseURL: base, transport: CurlTransport.shared)
            try await client.signIn(email: email, password: "correct horse battery")
            var found: [UUID: String] = [:]
            var since: String?
            repeat {
                let page = try await client.syncChanges(zone: zone, since: since, limit: 1000)
                for change in page.changes where !change.deleted {
                    if case let .object(fields)? = change.record, case let .string(text)? = fields["text"] { found[change.id] = text }
                }
                since = page.token
                if !page.moreComing { break }
            } while true
            return found
        }
    }

    static func memo(_ text: String) -> [String: JSONValue] {
        ["kind": "memo", "occurredAt": "2026-11-30T08:15:00+09:00", "text": .string(text)]
    }

    static func checkin(_ text: String, at place: String) -> [String: JSONValue] {
        ["kind": "checkin", "occurredAt": "2026-11-30T08:15:00+09:00", "text": .string(text), "place": .string(place),
         "position": ["latitude": .number(60.17), "longitude": .number(24.94)]]
    }

    static func texts(_ engine: SyncEngine, _ zone: String = "lifelog") async throws -> [UUID: String] {
        try await engine.records(zone).compactMapValues { if case let .string(text)? = $0["text"] { text } else { nil } }
    }

    @Test(arguments: Engine.allCases)
    func offlineEditsOnTwoDevicesEndIdentical(engine: Engine) async throws {
        let d = try await Devices(engine)
        let phone = try await d.device("phone")
        let watch = try await d.device("watch")
        let shared = UUID()
        try await phone.save("lifelog", shared, fields: Self.checkin("written on the phone", at: "Home"))
        try await phone.sync()
        try await watch.sync()
        #expect(try await Self.texts(watch)[shared] == "written on the phone")
        // Both offline: each writes its own records and edits the shared one's different fields.
        let (a, b) = (UUID(), UUID())
        try await phone.save("lifelog", a, fields: Self.memo("plane memo"))
        try await watch.save("lifelog", b, fields: Self.memo("watch check"))
        var onPhone = try #require(try await phone.record("lifelog", shared))
        onPhone["text"] = "edited on the plane"
        try await phone.save("lifelog", shared, fields: onPhone)
        var onWatch = try #require(try await watch.record("lifelog", shared))
        onWatch["place"] = "Gym"
        try await watch.save("lifelog", shared, fields: onWatch)
        #expect(try await phone.pendingCount() == 2)
        // Online again, in any order: one merge, then every device and the server agree.
        try await watch.sync()
        try await phone.sync()
        try await watch.sync()
        let server = try await d.server("lifelog")
        #expect(try await Self.texts(phone) == server)
        #expect(try await Self.texts(watch) == server)
        #expect(server[shared] == "edited on the plane" && server[a] == "plane memo" && server[b] == "watch check")
        // Field-wise: the watch's place and the phone's text both survived (one check-in, two fields changed apart).
        #expect(try await watch.record("lifelog", shared)?["place"] == "Gym")
        #expect(try await phone.record("lifelog", shared)?["place"] == "Gym")
        #expect(try await phone.pendingCount() == 0)
        #expect(try await watch.pendingCount() == 0)
    }

    @Test(arguments: Engine.allCases)
    func aDeviceDoesNotPullItsOwnRecordsBackUnlessAnotherChangedTheZone(engine: Engine) async throws {
        let d = try await Devices(engine)
        let phone = try await d.device("phone", batchSize: 2)
        let ids = (0..<5).map { _ in UUID() }
        for (i, id) in ids.enumerated() { try await phone.save("lifelog", id, fields: Self.memo("offline \(i)")) }
        // Three pushes, each told it leaves the phone up to date: nothing comes back.
        var report = try await phone.sync()
        #expect(report.sent == 5 && report.pulled == 0)
        // Another device changes the zone: the phone's next push is not told so, and it pulls.
        let watch = try await d.device("watch")
        try await watch.sync()
        #expect(try await Self.texts(watch).count == 5)
        let fromWatch = UUID()
        try await watch.save("lifelog", fromWatch, fields: Self.memo("from the watch"))
        try await watch.sync()
        try await phone.save("lifelog", ids[0], fields: Self.memo("edited on the phone"))
        report = try await phone.sync()
        #expect(report.sent == 1 && report.received == 1 && report.pulled == 2)
        #expect(try await Self.texts(phone)[fromWatch] == "from the watch")
        // Up to date again: the next edit alone comes back as nothing.
        try await phone.save("lifelog", ids[1], fields: Self.memo("edited again"))
        report = try await phone.sync()
        #expect(report.sent == 1 && report.pulled == 0)
        let server = try await d.server("lifelog")
        #expect(try await Self.texts(phone) == server)
        try await watch.sync()
        #expect(try await Self.texts(watch) == server)
    }

    @Test func anEditAgainstADeleteAndOneRecordMadeTwice() async throws {
        let d = try await Devices()
        let clock = TestClock()
        let phone = try await d.device("phone", clock: { clock.now })
        let watch = try await d.device("watch", clock: { clock.now })
        let id = UUID()
        try await phone.save("lifelog", id, fields: Self.memo("to be argued over"))
        try await phone.sync()
        try await watch.sync()
        // The watch deletes; later the phone edits its stale copy: the later change (the edit) wins.
        try await watch.delete("lifelog", id)
        clock.advance(60)
        var edited = try #require(try await phone.record("lifelog", id))
        edited["text"] = "kept by the later edit"
        try await phone.save("lifelog", id, fields: edited)
        try await watch.sync()
        try await phone.sync()
        try await watch.sync()
        #expect(try await d.server("lifelog")[id] == "kept by the later edit")
        #expect(try await Self.texts(watch)[id] == "kept by the later edit")
        // The other way round: an edit, then a later delete: the delete sticks.
        var again = try #require(try await watch.record("lifelog", id))
        again["text"] = "edited first"
        try await watch.save("lifelog", id, fields: again)
        clock.advance(60)
        try await phone.delete("lifelog", id)
        try await watch.sync()
        try await phone.sync()
        try await watch.sync()
        #expect(try await d.server("lifelog")[id] == nil)
        #expect(try await watch.record("lifelog", id) == nil)
        #expect(try await phone.record("lifelog", id) == nil)

        // The same record made on both (an id both derived from the same thing): one record, merged.
        let twice = UUID()
        try await phone.save("lifelog", twice, fields: Self.checkin("made on the phone", at: "Home"))
        clock.advance(5)
        try await watch.save("lifelog", twice, fields: Self.checkin("made on the watch", at: "Gym"))
        try await phone.sync()
        try await watch.sync()
        try await phone.sync()
        let server = try await d.server("lifelog")
        #expect(server[twice] == "made on the watch", "the later writer's text")
        #expect(try await phone.record("lifelog", twice)?["place"] == "Gym")
        #expect(try await Self.texts(phone) == server)
        #expect(try await Self.texts(watch) == server)
    }

    @Test func skewedClocksStillConvergeAndTheClockThatSaysLaterWins() async throws {
        let d = try await Devices()
        // The watch's clock runs an hour fast; the phone's is right.
        let phone = try await d.device("phone")
        let watch = try await d.device("watch", clock: { Date().addingTimeInterval(3600) })
        let id = UUID()
        try await phone.save("lifelog", id, fields: Self.memo("start"))
        try await phone.sync()
        try await watch.sync()
        // The watch edits first in real time, the phone a moment later: by the clocks, the watch is later.
        var w = try #require(try await watch.record("lifelog", id))
        w["text"] = "watch (clock fast)"
        try await watch.save("lifelog", id, fields: w)
        try await Task.sleep(for: .milliseconds(20))
        var p = try #require(try await phone.record("lifelog", id))
        p["text"] = "phone (clock right)"
        try await phone.save("lifelog", id, fields: p)
        try await phone.sync()
        try await watch.sync()
        try await phone.sync()
        let server = try await d.server("lifelog")
        #expect(server[id] == "watch (clock fast)", "last writer wins as the devices' clocks say; the server keeps the time each device gave")
        #expect(try await Self.texts(phone) == server)
        #expect(try await Self.texts(watch) == server)
    }

    /// Pages overlap too (the next is asked for before the last is applied): a pull of many pages,
    /// first whole and then of edits and deletions, leaves the device as the server is.
    @Test(arguments: Engine.allCases)
    func aPullOfManyPagesLeavesTheDeviceAsTheServerIs(engine: Engine) async throws {
        let d = try await Devices(engine)
        let phone = try await d.device("phone")
        let ids = (0..<25).map { _ in UUID() }
        for (i, id) in ids.enumerated() { try await phone.save("lifelog", id, fields: Self.memo("memo \(i)")) }
        for id in ids.prefix(3) { try await phone.delete("lifelog", id) }
        try await phone.sync()
        let watch = try await d.device("watch", pageSize: 4)
        var report = try await watch.sync()
        #expect(report.received == 22 && report.pulled == 22, "six pages of live records, no tombstones")
        #expect(try await Self.texts(watch) == (try await d.server("lifelog")))
        // Edits and deletions since, over several pages again.
        for id in ids[3..<9] { try await phone.save("lifelog", id, fields: Self.memo("edited \(id.uuidString.prefix(4))")) }
        for id in ids[20..<25] { try await phone.delete("lifelog", id) }
        try await phone.sync()
        report = try await watch.sync()
        #expect(report.pulled == 11 && report.received == 11)
        let server = try await d.server("lifelog")
        #expect(server.count == 17)
        #expect(try await Self.texts(watch) == server)
        #expect(try await watch.record("lifelog", ids[24]) == nil)
        #expect(try await watch.version("lifelog", ids[3]) > 0)
    }

    /// Batches overlap (the next is sent before the last reply is kept): records edited while
    /// theirs are on the way still go against the version their reply kept, never as a conflict
    /// with the device itself, and every edit reaches the server.
    @Test(arguments: Engine.allCases)
    func editsMadeWhileBatchesAreInFlightGoOutWithoutConflicts(engine: Engine) async throws {
        let d = try await Devices(engine)
        let phone = try await d.device("phone", batchSize: 3)
        let ids = (0..<30).map { _ in UUID() }
        for (i, id) in ids.enumerated() { try await phone.save("lifelog", id, fields: Self.memo("memo \(i)")) }
        let syncing = Task { try await phone.sync() }
        for round in 0..<30 {
            try await phone.save("lifelog", ids[round % 6], fields: Self.memo("edit \(round)"))
            await Task.yield()
        }
        let first = try await syncing.value
        let second = try await phone.sync()
        #expect(first.merged == 0 && second.merged == 0 && first.rejected == 0 && second.rejected == 0)
        #expect(try await phone.pendingCount() == 0)
        let server = try await d.server("lifelog")
        #expect(server.count == 30)
        for (round, id) in ids.prefix(6).enumerated() { #expect(server[id] == "edit \(24 + round)") }
        #expect(try await Self.texts(phone) == server)
    }

    @Test func anEngineKilledBetweenSendingAPushAndKeepingItsResultLosesNothingAndDuplicatesNothing() async throws {
        let d = try await Devices()
        struct Killed: Error {}
        let ids = (0..<30).map { _ in UUID() }
        do {
            let doomed = try await d.device("phone", afterPush: { throw Killed() })
            for (i, id) in ids.enumerated() { try await doomed.save("lifelog", id, fields: Self.memo("memo \(i)")) }
            await #expect(throws: Killed.self) { try await doomed.sync() }
        }
        // The server has them; the device does not know yet. Restarted from its file, it sends them again.
        #expect(try await d.server("lifelog").count == 30)
        let restarted = try await d.device("phone")
        #expect(try await restarted.pendingCount() == 30)
        let report = try await restarted.sync()
        #expect(report.sent == 30)
        #expect(try await restarted.pendingCount() == 0)
        let server = try await d.server("lifelog")
        #expect(server.count == 30, "no duplicate")
        #expect(try await Self.texts(restarted) == server)
        #expect(try await d.running.app.database.read { c in try SyncStore.latest(user: try #require(try AccountStore.credentials(emailKey: try EmailAddress(d.email).key, c)?.account.id), c) } == 30,
                "each memo written once")
    }

    @Test func aDeviceAwayLongerThanTheTombstonesResyncsFromTheStart() async throws {
        let clock = TestClock()
        let d = try await Devices(clock: clock, arguments: ["--sync-tombstone-days", "7"])
        let phone = try await d.device("phone")
        let watch = try await d.device("watch")
        let (keep, drop) = (UUID(), UUID())
        try await phone.save("lifelog", keep, fields: Self.memo("kept"))
        try await phone.save("lifelog", drop, fields: Self.memo("deleted while the watch was away"))
        try await phone.sync()
        try await watch.sync()
        try await phone.delete("lifelog", drop)
        try await phone.sync()
        clock.advance(8 * 86_400)
        #expect(try await d.running.app.areas.sync.purge() == 1)
        // Its tokens are now older than what the server remembers: a full resync, and the deleted memo goes.
        let rested = try await d.device("watch")
        let report = try await rested.sync()
        #expect(report.resynced)
        #expect(try await Self.texts(rested) == [keep: "kept"])
    }

    @Test func whatChangedArrivesAsAnAsyncSequence() async throws {
        let d = try await Devices()
        let phone = try await d.device("phone")
        let watch = try await d.device("watch")
        let id = UUID()
        try await phone.save("lifelog", id, fields: Self.memo("hello"))
        try await phone.sync()
        try await watch.sync()
        var iterator = watch.changes.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == SyncEngine.Change(kind: .received, zone: "lifelog", id: id))
        var saved = phone.changes.makeAsyncIterator()
        #expect(await saved.next() == SyncEngine.Change(kind: .saved, zone: "lifelog", id: id))
    }
}

/// Random interleavings of writes, edits, deletes, syncs and restarts on three devices, from fixed
/// seeds: once every device has synced twice more, all of them hold exactly what the server holds.
@Suite struct SyncConvergenceTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func randomInterleavingsOnThreeDevicesConverge(seed: UInt64) async throws {
        let d = try await SyncEngineTests.Devices()
        var random = SeededRandom(seed: seed)
        func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let names = ["phone", "watch", "tablet"]
        var devices: [SyncEngine] = []
        for name in names { devices.append(try await d.device(name)) }
        var known: [UUID] = []
        for step in 0..<60 {
            let i = roll(devices.count)
            let device = devices[i]
            switch roll(10) {
            case 0..<3:
                let id = UUID()
                known.append(id)
                try await device.save("lifelog", id, fields: SyncEngineTests.memo("\(names[i]) wrote \(step)"))
            case 3..<6:
                guard !known.isEmpty else { continue }
                let id = known[roll(known.count)]
                var fields = try await device.record("lifelog", id) ?? SyncEngineTests.memo("")
                fields["text"] = .string("\(names[i]) edited \(step)")
                try await device.save("lifelog", id, fields: fields)
            case 6:
                guard !known.isEmpty else { continue }
                try await device.delete("lifelog", known[roll(known.count)])
            case 7..<9:
                try await device.sync()
            default:
                // A restart: the same device from its file, with a new session.
                devices[i] = try await d.device(names[i])
            }
        }
        for _ in 0..<2 { for device in devices { try await device.sync() } }
        let server = try await d.server("lifelog")
        for (name, device) in zip(names, devices) {
            #expect(try await SyncEngineTests.texts(device) == server, "\(name) after seed \(seed)")
            #expect(try await device.pendingCount() == 0, "\(name) has nothing left to send")
        }
    }
}
