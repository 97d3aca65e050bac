import COpenSSL
import Foundation
import YarukiHTTP

/// Uploaded files, kept by their SHA-256 under `DATA_DIR/media/ab/cd/<sha>.<ext>`, so the same
/// video uploaded twice is stored once. Streamed uploads land in `DATA_DIR/uploads` first.
struct MediaStore: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case mp4, mov, webm

        var contentType: String {
            switch self {
            case .mp4: "video/mp4"
            case .mov: "video/quicktime"
            case .webm: "video/webm"
            }
        }
    }

    struct Stored: Sendable, Equatable {
        var sha256: String
        var kind: Kind
        var size: Int
        var durationMs: Int?
        var hasThumbnail: Bool
    }

    let root: String
    let uploads: String
    let tools: BlockingWork
    /// Found once: a missing tool leaves duration and thumbnail empty, never fails an upload.
    let ffprobe = ExternalTool.find("ffprobe")
    let ffmpeg = ExternalTool.find("ffmpeg")

    init(dataDirectory: String, width: Int) throws {
        root = dataDirectory + "/media"
        uploads = dataDirectory + "/uploads"
        for directory in [root, uploads] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        // Part files of a crash are garbage: nothing can resume them.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? [] where name.hasSuffix(".part") {
            unlink(uploads + "/" + name)
        }
        tools = BlockingWork(name: "media", width: width, maxWaiting: 64)
    }

    /// The kind by the first bytes: ISO base media (`ftyp` at offset 4; QuickTime brand `qt  `) or
    /// Matroska/EBML with the `webm` doc type. The name and Content-Type the client sent count for nothing.
    static func sniff(_ head: [UInt8]) -> Kind? {
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            return Array(head[8..<12]) == Array("qt  ".utf8) ? .mov : .mp4
        }
        if head.count >= 8, ["moov", "mdat", "wide", "free"].contains(where: { Array(head[4..<8]) == Array($0.utf8) }) { return .mov }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {  // EBML; WebM says so in its DocType
            return String(decoding: head, as: UTF8.self).contains("webm") ? .webm : nil
        }
        return nil
    }

    func path(_ sha: String, _ kind: Kind) -> String {
        "\(root)/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha).\(kind.rawValue)"
    }

    func thumbnailPath(_ sha: String) -> String {
        "\(root)/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha).jpg"
    }

    /// Checks, hashes and files an upload (off the loops); 415 for anything but MP4, MOV or WebM.
    func ingest(_ upload: BodyFile) async throws -> Stored {
        let store = self
        return try await tools.run { try store.ingestBlocking(upload) }
    }

    private func ingestBlocking(_ upload: BodyFile) throws -> Stored {
        guard let handle = FileHandle(forReadingAtPath: upload.path) else { throw HTTPError.badRequest("The upload is missing.") }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 64))
        guard upload.size > 0, let kind = MediaStore.sniff(head) else {
            throw HTTPError(415, detail: "Only MP4, MOV and WebM videos are accepted.")
        }
        try handle.seek(toOffset: 0)
        guard let context = EVP_MD_CTX_new() else { throw HTTPError.internal() }
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        while true {
            let chunk = handle.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            chunk.withUnsafeBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        }
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        let sha = digest.map { String(format: "%02x", $0) }.joined()
        let target = path(sha, kind)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: target) {
            unlink(upload.path)
        } else {
            guard rename(upload.path, target) == 0 else { throw HTTPError(507, detail: "The server could not store the video.") }
        }
        return Stored(sha256: sha, kind: kind, size: upload.size, durationMs: probeDuration(target), hasThumbnail: makeThumbnail(target, sha))
    }

    private func probeDuration(_ file: String) -> Int? {
        guard let ffprobe, let result = ExternalTool.run([ffprobe, "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file],
                                                          timeout: 20),
              result.status == 0, let seconds = Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return Int((seconds * 1000).rounded())
    }

    private func makeThumbnail(_ file: String, _ sha: String) -> Bool {
        let target = thumbnailPath(sha)
        if FileManager.default.fileExists(atPath: target) { return true }
        guard let ffmpeg else { return false }
        let temporary = target + ".tmp.jpg"
        let result = ExternalTool.run([ffmpeg, "-v", "error", "-y", "-i", file, "-frames:v", "1", "-vf", "scale=320:-2", "-q:v", "4", temporary],
                                      timeout: 30)
        guard result?.status == 0, rename(temporary, target) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes a video and its thumbnail (when nothing refers to them any more).
    func remove(_ sha: String, _ kind: Kind) {
        unlink(path(sha, kind))
        unlink(thumbnailPath(sha))
    }
}
