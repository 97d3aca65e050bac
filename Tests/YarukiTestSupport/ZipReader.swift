import Foundation

/// A zip file as Python's `zipfile` (an implementation of the format that is not ours) reads it:
/// its integrity checked (`testzip`: every CRC), each entry's name, size and SHA-256, and the
/// text of its JSON entries.
public struct ZipListing: Decodable, Sendable {
    public struct Entry: Decodable, Sendable {
        public var name: String
        public var size: Int
        public var sha256: String
        public var zip64: Bool
    }

    public var entries: [Entry]
    /// The first entry whose CRC did not match, if any.
    public var bad: String?
    /// JSON and GPX entries' contents by name.
    public var json: [String: String]

    public var names: Set<String> { Set(entries.map(\.name)) }

    public static func read(_ path: String) throws -> ZipListing {
        let script = """
            import hashlib, json, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            bad = z.testzip()
            entries, texts = [], {}
            for info in z.infolist():
                data = z.read(info)
                entries.append({"name": info.filename, "size": info.file_size, "sha256": hashlib.sha256(data).hexdigest(),
                                "zip64": info.file_size >= 0xFFFFFFFF or info.header_offset >= 0xFFFFFFFF or b"\\x01\\x00" in info.extra[:2]})
                if info.filename.endswith((".json", ".gpx")): texts[info.filename] = data.decode("utf-8")
            print(json.dumps({"entries": entries, "bad": bad, "json": texts}))
            """
        let result = try Command.run(["/usr/bin/env", "python3", "-c", script, path])
        guard result.status == 0 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "zipfile could not read \(path)"]) }
        return try JSONDecoder().decode(ZipListing.self, from: Data(result.output.utf8))
    }

    /// A JSON entry parsed.
    public func object(_ name: String) -> Any? {
        json[name].flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
    }
}
