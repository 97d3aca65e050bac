import Foundation
import Testing
import YarukiTestSupport

/// The shape the code keeps as it grows: SQL only in YarukiStore, route tables and handlers short,
/// and no area's routes calling another's.
@Suite struct LayoutTests {
    static func sources(_ folder: String) -> [(path: String, text: String)] {
        let root = repositoryRoot + "/Sources/" + folder
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        return files.sorted().compactMap { file in
            (try? String(contentsOfFile: root + "/" + file, encoding: .utf8)).map { (folder + "/" + file, $0) }
        }
    }

    /// (The SDK's sync engine keeps its own file: its SQL lives in SyncLocalStore alone.)
    @Test func sqlLivesInTheStoreOnly() throws {
        let statement = try Regex(#"\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX)|ALTER\s+TABLE)"#)
        let checked = ["YarukiServer", "YarukiHTTP", "YarukiCore", "YarukiAPI", "YarukiClient", "yaruki"].flatMap(Self.sources)
            .filter { $0.path != "YarukiClient/Sync/SyncLocalStore.swift" }
        #expect(checked.count > 100)
        for (path, text) in checked {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(statement) {
                Issue.record("\(path):\(number + 1) holds SQL: \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }

    /// Each function of a route file (its `add(to:)` table and its handlers) within 40 lines.
    @Test func routeTablesAndHandlersStayShort() throws {
        let files = Self.sources("YarukiServer").filter { $0.path.hasSuffix("Routes.swift") }
        #expect(files.count >= 12)
        for (path, text) in files {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (start, line) in lines.enumerated() where line.hasPrefix("    func ") || line.hasPrefix("    static func ") {
                guard !line.hasSuffix("}") else { continue }  // one line
                let end = lines[start...].firstIndex { $0 == "    }" } ?? lines.count
                let length = end - start + 1
                #expect(length <= 40, "\(path):\(start + 1) is \(length) lines: \(line.trimmingCharacters(in: .whitespaces).prefix(60))")
            }
        }
    }

    @Test func routesDoNotUseOtherRoutes() throws {
        for (path, text) in Self.sources("YarukiServer") where path.hasSuffix("Routes.swift") {
            let own = (path as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
            let others = try Regex(#"\b[A-Z]\w*Routes\b"#)
            for match in text.matches(of: others) where String(text[match.range]) != own {
                Issue.record("\(path) uses \(text[match.range])")
            }
        }
    }
}
