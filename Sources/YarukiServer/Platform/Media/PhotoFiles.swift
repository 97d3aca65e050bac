import COpenSSL
import CVips
import YarukiCore
import Foundation
import YarukiAPI
import YarukiHTTP

/// Photos (community posts now, the lifelog later). Typed by their first bytes (JPEG, PNG, WebP,
/// HEIC), turned upright by their EXIF orientation, and kept only as re-encoded copies with no
/// metadata at all: a display copy (at most 1600 px a side) and a thumbnail (400 px). The
/// original, which may carry the person's home coordinates, is never kept. Copies are stored by
/// the SHA-256 of the display copy in the media store, beside the videos.
struct PhotoFiles: Sendable {
    enum Kind: String, Sendable {
        case jpeg, png, webp, heic
    }

    struct Stored: Sendable, Equatable {
        var sha256: String
        var width: Int
        var height: Int
        var size: Int
    }

    enum Copy: String, Sendable, CaseIterable {
        case display = "photo", thumbnail = "thumb"

        var box: Int { self == .display ? 1600 : 400 }
        /// The copy's key in the media store.
        func key(_ sha: String) -> String { MediaFiles.key(sha, rawValue + ".jpg") }
        var quality: Int32 { self == .display ? 82 : 76 }
    }

    /// A decoded image this large would take hundreds of MB: refused before decoding.
    static let maxPixels = 50_000_000

    let media: MediaFiles

    private static let vipsReady: Bool = yaruki_vips_init() == 0

    static func sniff(_ head: [UInt8]) -> Kind? {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8),
           ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(String(decoding: head[8..<12], as: UTF8.self)) {
            return .heic
        }
        return nil
    }

    /// A path on this machine with the copy's bytes (the export zip reads it).
    func path(_ sha: String, _ copy: Copy) -> String {
        media.store.localPath(copy.key(sha))
    }

    /// A photo copy, for a handler to answer with.
    func file(_ sha: String, _ copy: Copy, cacheControl: String) -> FileReply {
        FileReply(store: media.store, key: copy.key(sha), contentType: "image/jpeg", cacheControl: cacheControl)
    }

    /// Checks and converts an upload (off the loops); 415 for anything but the four kinds, 400 for
    /// an image that does not decode or is too large. The upload file is always removed.
    func ingest(_ upload: BodyFile) async throws -> Stored {
        let store = self
        return try await media.tools.run {
            defer { unlink(upload.path) }
            return try store.ingestBlocking(upload)
        }
    }

    private func ingestBlocking(_ upload: BodyFile) throws -> Stored {
        guard let handle = FileHandle(forReadingAtPath: upload.path) else { throw Refusal.malformed("The upload is missing.") }
        let head = [UInt8](handle.readData(ofLength: 32))
        try? handle.close()
        guard upload.size > 0, PhotoFiles.sniff(head) != nil else {
            throw Refusal(.unsupportedMedia, "Only JPEG, PNG, WebP and HEIC photos are accepted.")
        }
        guard PhotoFiles.vipsReady else { throw Refusal(.unavailable, "Photo processing is not available on this server.") }
        var width: Int32 = 0, height: Int32 = 0
        guard yaruki_vips_header(upload.path, &width, &height) == 0 else { throw undecodable() }
        guard Int(width) * Int(height) <= PhotoFiles.maxPixels else {
            throw Refusal.malformed("The photo has more than \(PhotoFiles.maxPixels / 1_000_000) megapixels.",
                                    fields: [.init(field: "body", message: "has too many pixels")])
        }
        let display = try encode(upload.path, .display)
        let thumbnail = try encode(upload.path, .thumbnail)
        let sha = Crypto.hex(Crypto.sha256(display.bytes))
        try keep(display.bytes, Copy.display.key(sha))
        try keep(thumbnail.bytes, Copy.thumbnail.key(sha))
        return Stored(sha256: sha, width: display.width, height: display.height, size: display.bytes.count)
    }

    /// When and where the photo at `path` was taken: read from the container's own framing
    /// (JPEG, PNG, WebP), else from the EXIF block libvips finds (HEIC, the iPhone's default).
    static func metadata(_ path: String) -> PhotoMetadata? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let head = [UInt8](handle.readData(ofLength: 1 << 20))
        try? handle.close()
        if let found = PhotoMetadata.read(head) { return found }
        guard vipsReady, sniff(Array(head.prefix(32))) == .heic else { return nil }
        var out: UnsafeMutableRawPointer?
        var length = 0
        guard yaruki_vips_exif(path, &out, &length) == 0, let out else {
            yaruki_vips_error_clear()
            return nil
        }
        defer { g_free(out) }
        return PhotoMetadata.read(exifBlock: [UInt8](UnsafeRawBufferPointer(start: out, count: length)))
    }

    private func undecodable() -> Refusal {
        let reason = String(cString: yaruki_vips_error()).split(separator: "\n").first.map(String.init) ?? ""
        yaruki_vips_error_clear()
        return Refusal.malformed("The photo could not be read\(reason.isEmpty ? "" : ": \(reason)").",
                                 fields: [.init(field: "body", message: "is not a readable image")])
    }

    private func encode(_ file: String, _ copy: Copy) throws -> (bytes: Data, width: Int, height: Int) {
        var out: UnsafeMutableRawPointer?
        var length = 0
        var width: Int32 = 0, height: Int32 = 0
        guard yaruki_vips_jpeg(file, Int32(copy.box), copy.quality, &out, &length, &width, &height) == 0, let out else { throw undecodable() }
        defer { g_free(out) }
        return (Data(bytes: out, count: length), Int(width), Int(height))
    }

    private func keep(_ bytes: Data, _ key: String) throws {
        if media.store.has(key) { return }
        let temporary = media.uploads + "/\(UUID().uuidString).photo.jpg"
        guard FileManager.default.createFile(atPath: temporary, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
            throw Refusal(.cannotStore, "The server could not store the photo.")
        }
        try media.store.keep(temporary, as: key)
    }

    /// Removes both copies (when no photo row refers to them any more).
    func remove(_ sha: String) {
        for copy in Copy.allCases { media.store.remove(copy.key(sha)) }
    }
}
