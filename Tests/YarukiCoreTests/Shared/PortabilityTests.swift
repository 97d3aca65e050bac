import Foundation
import Testing

/// YarukiCore, YarukiAPI and YarukiClient must build for iOS and watchOS too: Foundation only
/// (and the system's SQLite for the sync engine's file, in one file of the SDK). libcurl's transport
/// for Linux apps is a library of its own (YarukiClientCurl), outside the SDK.
@Suite struct PortabilityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["YarukiCore", "YarukiAPI", "YarukiClient"])
    func importsOnlyFoundation(target: String) throws {
        let folder = Self.root.appendingPathComponent("Sources/\(target)")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty)
        // The SDK shares the domain's values and the API's types (with their JSON writers, Foundation only); all build wherever Foundation does.
        let allowed: Set<String> = ["Foundation", "FoundationNetworking", "YarukiJSON", "YarukiCore", "YarukiAPI"]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                      words[..<i].allSatisfy({ $0.hasPrefix("@") || ["public", "internal"].contains($0) }) else { continue }
                let module = String(words[i + 1])
                let sqlite = target == "YarukiClient" && file == "Sync/LocalDatabase.swift" && ["SQLite3", "CSQLite"].contains(module)
                #expect(allowed.contains(module) || sqlite, "\(target)/\(file) imports \(module)")
            }
        }
    }

    @Test func versionIsSemantic() {
        let parts = YarukiVersionProbe.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }
}
