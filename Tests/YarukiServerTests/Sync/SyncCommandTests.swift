import Foundation
import Testing
import YarukiAPI
import YarukiClient
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// `yaruki sync` with a folder as the device, and crashes: the device killed with SIGKILL after
/// its push was answered and before it kept the result, and the server killed during a push.
@Suite(.serialized) struct SyncCommandTests {
    static var binary: String { BinaryTests.binary }

    static func sync(_ port: Int, _ email: String, _ folder: String, environment extra: [String: String] = [:]) throws -> Command.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["YARUKI_PASSWORD"] = "correct horse battery"
        environment.merge(extra) { $1 }
        return try Command.run([binary, "sync", "--url", "http://127.0.0.1:\(port)", "--email", email, "--device", folder], environment: environment)
    }

    static func memoFile(_ folder: String, _ id: UUID, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/lifelog", withIntermediateDirectories: true)
        try Data(#"{"kind": "memo", "occurredAt": "2026-11-30T08:15:00+09:00", "text": "\#(text)"}"#.utf8)
            .write(to: URL(fileURLWithPath: "\(folder)/lifelog/\(id.uuidString).json"))
    }

    @Test func aFolderIsADeviceAndABackup() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("folder@example.com")
        let web = UUID().uuidString
        _ = try api.call("PUT", "/v1/lifelog/records/\(web)", json: ["kind": "memo", "occurredAt": "2026-11-30T08:15:00+09:00", "text": "from the browser"], token: token)
        let folder = NSTemporaryDirectory() + "yaruki-device-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var result = try Self.sync(running.port, "folder@example.com", folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("received lifelog/\(web.uppercased())"))
        #expect(result.output.contains("received 1"))
        let backup = try String(contentsOfFile: "\(folder)/lifelog/\(web.uppercased()).json", encoding: .utf8)
        #expect(backup.contains("from the browser"))
        // Written in the folder: sent; removed from it: deleted on the server.
        let written = UUID()
        try Self.memoFile(folder, written, "from the folder")
        try FileManager.default.removeItem(atPath: "\(folder)/lifelog/\(web.uppercased()).json")
        result = try Self.sync(running.port, "folder@example.com", folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("sent 2"))
        #expect(try api.call("GET", "/v1/lifelog/records/\(written.uuidString)", token: token).json()["text"] as? String == "from the folder")
        #expect(try api.call("GET", "/v1/lifelog/records/\(web)", token: token).status == 404)
        // The session was kept: no password needed the next time.
        var environment = ProcessInfo.processInfo.environment
        environment["YARUKI_PASSWORD"] = nil
        result = try Command.run([Self.binary, "sync", "--url", "http://127.0.0.1:\(running.port)", "--email", "folder@example.com", "--device", folder],
                                 environment: environment)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("sent 0, received 0"))
    }

    @Test func aDeviceKilledAfterItsPushWasAnsweredSendsAgainWithoutDuplicates() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("killed@example.com")
        let folder = NSTemporaryDirectory() + "yaruki-device-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ids = (0..<20).map { _ in UUID() }
        for (i, id) in ids.enumerated() { try Self.memoFile(folder, id, "memo \(i)") }
        var environment = ProcessInfo.processInfo.environment
        environment["YARUKI_PASSWORD"] = "correct horse battery"
        environment["YARUKI_SYNC_STOP_AFTER_PUSH"] = "1"
        let doomed = try Command.spawn([Self.binary, "sync", "--url", "http://127.0.0.1:\(running.port)", "--email", "killed@example.com", "--device", folder],
                                       environment: environment)
        #expect(doomed.readOutput(until: "pushed").contains("pushed"))
        doomed.signal(SIGKILL)
        _ = doomed.wait()
        // The server took all twenty; the device's file still says they are pending.
        let feed = try api.call("GET", "/v1/sync/lifelog/changes", token: token).json()["changes"] as? [[String: Any]] ?? []
        #expect(feed.count == 20)
        let result = try Self.sync(running.port, "killed@example.com", folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("sent 20"), "sent again under the same change ids")
        let after = try api.call("GET", "/v1/sync/lifelog/changes", token: token).json()["changes"] as? [[String: Any]] ?? []
        #expect(after.count == 20, "no duplicate")
        #expect(Set(after.compactMap { ($0["version"] as? Int) }) == Set(feed.compactMap { ($0["version"] as? Int) }), "nothing written twice")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/lifelog").filter { $0.hasSuffix(".json") }
        #expect(files.count == 20)
    }

    @Test func aServerKilledDuringAPushLosesNothingAndDuplicatesNothing() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let data = NSTemporaryDirectory() + "yaruki-killed-server-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let port = PostgresCluster.freePort()
        func start() throws -> Command.Child {
            let server = try Command.spawn([Self.binary, "serve", "--data-dir", data, "--port", String(port), "--access-log", "off"],
                                           captureOutput: true, captureError: true)
            for _ in 0..<200 where (try? request(port, "/healthz").status) != 200 { usleep(25_000) }
            return server
        }
        var server = try start()
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let owner = YarukiClient(baseURL: base)
        try await owner.signUp(email: "crash@example.com", password: "correct horse battery", displayName: "Mina")
        let device = YarukiClient(baseURL: base)
        try await device.signIn(email: "crash@example.com", password: "correct horse battery", device: "phone")
        let file = data + "-phone.sqlite"
        defer { try? FileManager.default.removeItem(atPath: file) }
        // Generous waits between retries: the server is down for a moment.
        let engine = try SyncEngine(client: device, path: file, device: "phone", batchSize: 500, backoff: [0.2, 0.5, 1, 2, 4, 8])
        let ids = (0..<500).map { _ in UUID() }
        for (i, id) in ids.enumerated() { try await engine.save("lifelog", id, fields: SyncEngineTests.memo("memo \(i)")) }
        let syncing = Task { try await engine.sync() }
        // Killed while the push is in flight (before, during or after its transaction: each must end the same).
        try await Task.sleep(for: .milliseconds(30))
        server.signal(SIGKILL)
        _ = server.wait()
        server = try start()
        defer { server.signal(SIGKILL); _ = server.wait() }
        _ = try await syncing.value
        #expect(try await engine.pendingCount() == 0)
        let reader = YarukiClient(baseURL: base)
        try await reader.signIn(email: "crash@example.com", password: "correct horse battery")
        var seen: [UUID] = []
        var since: String?
        repeat {
            let page = try await reader.syncChanges(zone: "lifelog", since: since, limit: 1000)
            seen += page.changes.map(\.id)
            since = page.token
            if !page.moreComing { break }
        } while true
        #expect(seen.count == 500 && Set(seen) == Set(ids), "every memo once")
        #expect(try await engine.records("lifelog").count == 500)
    }
}
