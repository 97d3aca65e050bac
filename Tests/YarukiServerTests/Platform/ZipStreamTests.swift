import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// The export's zip, written front to back, as another implementation of the format reads it.
@Suite struct ZipStreamTests {
    static func files() throws -> [ZipStream.Entry] {
        let folder = NSTemporaryDirectory() + "yaruki-zip-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let contents: [(String, Data)] = [
            ("export/empty.json", Data()), ("export/one.txt", Data("x".utf8)),
            ("export/写真/사진 1.jpg", Data((0..<150_000).map { UInt8(truncatingIfNeeded: $0 * 31 + $0 / 7) })),
            ("export/records.json", Data(#"[{"text": "Fresh berries"}]"#.utf8)),
        ]
        return try contents.enumerated().map { i, item in
            let path = folder + "/\(i)"
            try item.1.write(to: URL(fileURLWithPath: path))
            return ZipStream.Entry(name: item.0, source: path, size: item.1.count)
        }
    }

    static func written(_ zip: ZipStream) throws -> (String, Int) {
        let path = NSTemporaryDirectory() + "yaruki-zip-\(UUID().uuidString).zip"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        var written = 0
        try zip.write { bytes in
            written += bytes.count
            try handle.write(contentsOf: Data(bytes))
        }
        try handle.close()
        return (path, written)
    }

    @Test(arguments: [0xFFFF_FFFF, 1000])
    func anotherReaderFindsEveryEntryWhole(limit: Int) throws {
        let entries = try Self.files()
        let archive = ZipStream(entries: entries, modified: Date(timeIntervalSince1970: 1_764_500_000), limit: limit)
        let (path, written) = try Self.written(archive)
        defer { unlink(path) }
        #expect(written == archive.length, "the length told before the first byte is the length sent")
        let listing = try ZipListing.read(path)
        #expect(listing.bad == nil)
        #expect(listing.entries.map(\.name) == entries.map(\.name))
        for (entry, found) in zip(entries, listing.entries) {
            let data = try Data(contentsOf: URL(fileURLWithPath: entry.source))
            #expect(found.size == data.count)
            #expect(found.sha256 == Crypto.hex(Crypto.sha256(data)))
        }
        // With the limit lowered, entries and offsets past it take ZIP64 fields (as past 4 GB).
        #expect(listing.entries.contains { $0.zip64 } == (limit == 1000))
        #expect(listing.object("export/records.json") != nil)
    }

    @Test func aFileThatChangedFailsTheArchive() throws {
        var entries = try Self.files()
        entries[2].size += 10  // the file is shorter than planned
        #expect(throws: ZipError.self) { try Self.written(ZipStream(entries: entries, modified: Date())) }
    }
}
