import Foundation
import YarukiAPI
import YarukiHTTP

/// One person's export as it is gathered: JSON documents written to a private folder as they
/// are made (a lifelog of years is written page by page, never held whole), and the person's own
/// files listed where they already are. The zip is then streamed from both.
final class ExportFolder: @unchecked Sendable {
    struct Entry: Sendable, Equatable {
        /// The path inside the archive.
        var name: String
        /// Where its bytes are.
        var source: String
        var size: Int
    }

    let root: String
    private let prefix: String
    private let lock: NSLock
    private let box: Box

    final class Box: @unchecked Sendable { var entries: [Entry] = [] }

    /// A new folder under `parent`, named `export-….part` so that a crash leaves only something
    /// the next start removes.
    init(parent: String) throws {
        root = parent + "/export-\(UUID().uuidString).part"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        prefix = ""
        lock = NSLock()
        box = Box()
    }

    private init(_ parent: ExportFolder, prefix: String) {
        root = parent.root
        self.prefix = parent.prefix + prefix + "/"
        lock = parent.lock
        box = parent.box
    }

    /// The same export, its names under `name/`: one area's folder.
    func folder(_ name: String) -> ExportFolder { ExportFolder(self, prefix: name) }

    var entries: [Entry] { lock.withLock { box.entries } }

    /// A JSON document, written at once.
    func write<T: Encodable>(_ name: String, _ value: T) throws {
        let data = try ExportFolder.encoder.encode(value)
        let path = newPath()
        guard FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw Refusal(.cannotStore, "The server could not write the export.")
        }
        add(Entry(name: prefix + name, source: path, size: data.count))
    }

    /// A JSON array written element by element as `produce` emits them.
    func writeArray<T: Encodable>(_ name: String, of _: T.Type,
                                  _ produce: (_ emit: (T) throws -> Void) async throws -> Void) async throws {
        let path = newPath()
        guard FileManager.default.createFile(atPath: path, contents: Data("[".utf8), attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: path) else { throw Refusal(.cannotStore, "The server could not write the export.") }
        defer { try? handle.close() }
        try handle.seekToEnd()
        var size = 1, first = true
        try await produce { item in
            var data = try ExportFolder.encoder.encode(item)
            if !first { data.insert(UInt8(ascii: ","), at: 0) }
            first = false
            try handle.write(contentsOf: data)
            size += data.count
        }
        try handle.write(contentsOf: Data("]".utf8))
        add(Entry(name: prefix + name, source: path, size: size + 1))
    }

    /// A text file written piece by piece as `produce` emits them (a lifelog's GPX).
    func writeText(_ name: String, _ produce: (_ emit: (String) async throws -> Void) async throws -> Void) async throws {
        let path = root + "/" + UUID().uuidString + ".txt"
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: path) else { throw Refusal(.cannotStore, "The server could not write the export.") }
        defer { try? handle.close() }
        var size = 0
        try await produce { text in
            let data = Data(text.utf8)
            try handle.write(contentsOf: data)
            size += data.count
        }
        add(Entry(name: prefix + name, source: path, size: size))
    }

    /// One of the person's files, sent from where it is kept. A file that is gone is left out.
    func addFile(_ name: String, from path: String) {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { return }
        add(Entry(name: prefix + name, source: path, size: size))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func add(_ entry: Entry) { lock.withLock { box.entries.append(entry) } }

    private func newPath() -> String { root + "/" + UUID().uuidString + ".json" }

    /// The API's JSON, pretty-printed: a person reads their export.
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.withoutEscapingSlashes, .sortedKeys, .prettyPrinted]
        e.dateEncodingStrategy = .iso8601
        return e
    }()
}
