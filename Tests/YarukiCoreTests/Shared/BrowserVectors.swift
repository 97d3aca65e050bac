import Foundation

/// Test vectors the browser's twins of Core types replay (`web/tests/vectors/NAME`). A test
/// encodes what Swift computes; a file that differs is rewritten, and the test fails so the
/// change is committed with the code that made it.
enum BrowserVectors {
    /// Whether the committed file already held exactly `value`, written pretty with sorted keys
    /// (dates as ISO 8601) and a final newline.
    static func isUpToDate(_ value: some Encodable, file name: String) throws -> Bool {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("web/tests/vectors/\(name)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let fresh = try encoder.encode(value) + Data("\n".utf8)
        let committed = try? Data(contentsOf: file)
        if committed != fresh {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fresh.write(to: file)
        }
        return committed == fresh
    }
}
