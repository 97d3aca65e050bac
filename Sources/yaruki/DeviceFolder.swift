import Foundation
import YarukiAPI
import YarukiClient
import YarukiClientCurl
import YarukiCore
import YarukiJSON

/// `yaruki sync`: a folder as a device. Its records are JSON files, one per record
/// (`lifelog/<id>.json`, `workouts/…`, `routines/…`); a file written or changed there is sent as
/// a change, a file removed is sent as a delete, and after the sync every record the server holds
/// is written back, so the folder is also a plain backup. The engine's state (`.sync.sqlite`) and
/// the session (`.session`, mode 0600) live beside them.
struct DeviceFolder {
    let url: URL
    let email: String
    let directory: String
    let name: String
    /// For the crash tests: after a push is answered, say so and wait to be killed.
    let stopAfterPush: Bool

    struct Outcome {
        var report: SyncEngine.Report
        var changes: [SyncEngine.Change]
        var written: Int
    }

    func run(password: @escaping () -> String?) async throws -> Outcome {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let client = YarukiClient(baseURL: url, transport: CurlTransport.shared, tokenStore: FileTokenStore(path: directory + "/.session"))
        if !FileManager.default.fileExists(atPath: directory + "/.session") {
            guard let password = password() else { throw YarukiClientError.invalid("no saved session in \(directory): give the password (--password-stdin or YARUKI_PASSWORD)") }
            try await client.signIn(email: email, password: password, device: name)
        }
        let stop = stopAfterPush
        let afterPush: (@Sendable () throws -> Void)? = stop ? { @Sendable in
            print("pushed", terminator: "\n")
            fflush(nil)  // every output stream: Glibc's stdout is a global strict checking refuses
            while true { sleep(60) }
        } : nil
        let engine = try SyncEngine(client: client, path: directory + "/.sync.sqlite", device: name, afterPush: afterPush)
        let collected = Task { () -> [SyncEngine.Change] in
            var all: [SyncEngine.Change] = []
            for await change in engine.changes { all.append(change) }
            return all
        }
        let manifest = readManifest()
        try await readFiles(into: engine, manifest: manifest)
        let report = try await engine.sync()
        let written = try await writeFiles(from: engine)
        // The engine's stream ends when the engine goes; give it the changes it has, then stop listening.
        try await Task.sleep(for: .milliseconds(50))
        collected.cancel()
        return Outcome(report: report, changes: await collected.value, written: written)
    }

    private var manifestPath: String { directory + "/.manifest.json" }

    /// The ids written at the last run, per zone: only those count as removed when their file is gone.
    private func readManifest() -> [String: Set<String>] {
        guard let data = FileManager.default.contents(atPath: manifestPath),
              let decoded = try? JSONDecoder().decode([String: [String]].self, from: data) else { return [:] }
        return decoded.mapValues(Set.init)
    }

    private func readFiles(into engine: SyncEngine, manifest: [String: Set<String>]) async throws {
        for zone in SyncZoneName.zones {
            let folder = directory + "/" + zone
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            var present = Set<String>()
            for file in files where file.hasSuffix(".json") {
                let stem = String(file.dropLast(5))
                guard let id = UUID(strict: stem) else { continue }
                present.insert(id.uuidString)
                guard let data = FileManager.default.contents(atPath: folder + "/" + file),
                      case let .object(fields) = try JSONDecoder().decode(JSONValue.self, from: data) else {
                    throw YarukiClientError.invalid("\(zone)/\(file) is not a JSON object")
                }
                if try await engine.record(zone, id) != fields { try await engine.save(zone, id, fields: fields) }
            }
            for gone in manifest[zone, default: []].subtracting(present) {
                if let id = UUID(strict: gone), try await engine.record(zone, id) != nil { try await engine.delete(zone, id) }
            }
        }
    }

    private func writeFiles(from engine: SyncEngine) async throws -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var manifest: [String: [String]] = [:]
        var written = 0
        for zone in SyncZoneName.zones {
            let folder = directory + "/" + zone
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let records = try await engine.records(zone)
            for (id, fields) in records {
                let path = "\(folder)/\(id.uuidString).json"
                let data = try encoder.encode(JSONValue.object(fields))
                if FileManager.default.contents(atPath: path) != data {
                    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
                    written += 1
                }
            }
            let keep = Set(records.keys.map { "\($0.uuidString).json" })
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where file.hasSuffix(".json") && !keep.contains(file) {
                try FileManager.default.removeItem(atPath: folder + "/" + file)
            }
            manifest[zone] = records.keys.map(\.uuidString).sorted()
        }
        try JSONEncoder().encode(manifest).write(to: URL(fileURLWithPath: manifestPath), options: .atomic)
        return written
    }
}
