import COpenSSL
import Foundation
import YarukiAPI
import YarukiHTTP

/// Uploaded files, kept by their SHA-256 under `DATA_DIR/media/ab/cd/<sha>.<ext>`, so the same
/// video uploaded twice is stored once. Streamed uploads land in `DATA_DIR/uploads` first.
struct MediaFiles: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case mp4, mov, webm
        case m4a, weba, ogg, mp3, wav

        var contentType: String {
            switch self {
            case .mp4: "video/mp4"
            case .mov: "video/quicktime"
            case .webm: "video/webm"
            case .m4a: "audio/mp4"
            case .weba: "audio/webm"
            case .ogg: "audio/ogg"
            case .mp3: "audio/mpeg"
            case .wav: "audio/wav"
            }
        }
    }

    /// What an upload is for: proofs take videos, voice notes take audio.
    enum Purpose: Sendable {
        case video, audio

        var refusal: String {
            self == .video ? "Only MP4, MOV and WebM videos are accepted." : "Only M4A/AAC, WebM, Ogg, MP3 and WAV audio is accepted."
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
        // Part files and export folders of a crash are garbage: nothing can resume them.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? [] where name.hasSuffix(".part") {
            try? FileManager.default.removeItem(atPath: uploads + "/" + name)
        }
        tools = BlockingWork(name: "media", width: width, maxWaiting: 64)
    }

    /// The kind by the first bytes: ISO base media (`ftyp` at offset 4; QuickTime brand `qt  `),
    /// Matroska/EBML with the `webm` doc type, and for audio also Ogg, MP3 (ID3 tag or frame sync)
    /// and RIFF WAVE. The name and Content-Type the client sent count for nothing.
    static func sniff(_ head: [UInt8], for purpose: Purpose = .video) -> Kind? {
        let isoMedia = head.count >= 12 && Array(head[4..<8]) == Array("ftyp".utf8)
        let webm = head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) && String(decoding: head, as: UTF8.self).contains("webm")
        switch purpose {
        case .video:
            if isoMedia { return Array(head[8..<12]) == Array("qt  ".utf8) ? .mov : .mp4 }
            if head.count >= 8, ["moov", "mdat", "wide", "free"].contains(where: { Array(head[4..<8]) == Array($0.utf8) }) { return .mov }
            return webm ? .webm : nil
        case .audio:
            if isoMedia { return .m4a }
            if webm { return .weba }
            if head.starts(with: Array("OggS".utf8)) { return .ogg }
            if head.starts(with: Array("ID3".utf8)) || (head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0) { return .mp3 }
            if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WAVE".utf8) { return .wav }
            return nil
        }
    }

    func path(_ sha: String, _ kind: Kind) -> String {
        "\(root)/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha).\(kind.rawValue)"
    }

    func thumbnailPath(_ sha: String) -> String {
        "\(root)/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha).jpg"
    }

    /// Checks, hashes and files an upload (off the loops); 415 for anything but the purpose's kinds.
    func ingest(_ upload: BodyFile, as purpose: Purpose = .video) async throws -> Stored {
        let store = self
        return try await tools.run { try store.ingestBlocking(upload, purpose) }
    }

    private func ingestBlocking(_ upload: BodyFile, _ purpose: Purpose) throws -> Stored {
        guard let handle = FileHandle(forReadingAtPath: upload.path) else { throw HTTPError.badRequest("The upload is missing.") }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 64))
        guard upload.size > 0, let kind = MediaFiles.sniff(head, for: purpose) else {
            throw HTTPError(415, detail: purpose.refusal)
        }
        if purpose == .audio, hasPicture(upload.path) {
            throw HTTPError(415, detail: "This file has moving pictures; a voice note is audio only.")
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
            guard rename(upload.path, target) == 0 else { throw HTTPError(507, detail: "The server could not store the file.") }
        }
        return Stored(sha256: sha, kind: kind, size: upload.size, durationMs: probeDuration(target),
                      hasThumbnail: purpose == .video && makeThumbnail(target, sha))
    }

    private func probeDuration(_ file: String) -> Int? {
        guard let ffprobe, let result = ExternalTool.run([ffprobe, "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file],
                                                          timeout: 20),
              result.status == 0, let seconds = Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return Int((seconds * 1000).rounded())
    }

    /// True when ffprobe finds a video stream that is not just cover art (an M4A and an MP4
    /// start alike). Without ffprobe the first bytes decide alone.
    private func hasPicture(_ file: String) -> Bool {
        guard let ffprobe, let result = ExternalTool.run([ffprobe, "-v", "error", "-select_streams", "v", "-show_entries",
                                                          "stream=codec_type:stream_disposition=attached_pic", "-of", "csv=p=0", file],
                                                         timeout: 20), result.status == 0 else { return false }
        return result.output.split(separator: "\n").contains { $0.hasPrefix("video") && !$0.hasSuffix(",1") }
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
