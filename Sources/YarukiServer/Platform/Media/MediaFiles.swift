import COpenSSL
import Foundation
import YarukiAPI
import YarukiHTTP
import YarukiStore

/// Uploaded files, kept by their SHA-256 in the media store (`ab/cd/<sha>.<ext>`; today the
/// shared folder `DATA_DIR/media`), so the same video uploaded twice is stored once. Streamed
/// uploads land in `DATA_DIR/uploads` first.
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
        /// When the file says it was recorded (its camera's tag), if it says.
        var recordedAt: Date? = nil

        /// Its row, whichever area keeps the file.
        var row: MediaRow {
            MediaRow(sha256: sha256, kind: kind.rawValue, size: size, durationMs: durationMs, hasThumbnail: hasThumbnail)
        }
    }

    let store: any MediaStore
    let uploads: String
    let tools: BlockingWork
    /// Found once. With ffprobe an upload must really be what it claims (see `MediaProbe`), and
    /// with ffmpeg a video's first frame must decode; without them the first bytes decide alone,
    /// and duration and thumbnail stay empty.
    let ffprobe = ExternalTool.find("ffprobe")
    let ffmpeg = ExternalTool.find("ffmpeg")

    init(dataDirectory: String, width: Int) throws {
        let root = dataDirectory + "/media"
        store = SharedFolder(root: root)
        uploads = dataDirectory + "/uploads"
        for directory in [root, uploads] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        // Part files of a crash are garbage: nothing can resume them. Only old ones: with several
        // nodes on one shared folder, a fresh one is another node's upload still arriving.
        MediaFiles.removeFiles(in: uploads, changedBefore: Date().addingTimeInterval(-3600)) { $0.hasSuffix(".part") }
        tools = BlockingWork(name: "media", width: width, maxWaiting: 64)
    }

    /// Removes what `directory` holds that was last changed before `before` (and whose name
    /// `matching` accepts): start-up clean-up that leaves alone what another node on the same
    /// shared folder is writing now.
    static func removeFiles(in directory: String, changedBefore before: Date, matching: (String) -> Bool = { _ in true }) {
        let files = FileManager.default
        for name in (try? files.contentsOfDirectory(atPath: directory)) ?? [] where matching(name) {
            let path = directory + "/" + name
            if let changed = (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date, changed < before {
                try? files.removeItem(atPath: path)
            }
        }
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

    /// The store's key of a file: `ab/cd/<sha>.<ext>`.
    static func key(_ sha: String, _ ext: String) -> String {
        "\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha).\(ext)"
    }

    /// A video's thumbnail: `ab/cd/<sha>.jpg`.
    static func thumbnailKey(_ sha: String) -> String { key(sha, "jpg") }

    /// A path on this machine with the file's bytes (the export zip reads it).
    func path(_ sha: String, _ kind: Kind) -> String {
        store.localPath(MediaFiles.key(sha, kind.rawValue))
    }

    /// The file of a video or voice note, for a handler to answer with.
    func file(_ sha: String, _ kind: Kind, cacheControl: String) -> FileReply {
        FileReply(store: store, key: MediaFiles.key(sha, kind.rawValue), contentType: kind.contentType, cacheControl: cacheControl)
    }

    /// A video's thumbnail, for a handler to answer with.
    func thumbnail(_ sha: String, cacheControl: String) -> FileReply {
        FileReply(store: store, key: MediaFiles.thumbnailKey(sha), contentType: "image/jpeg", cacheControl: cacheControl)
    }

    /// Checks, hashes and files an upload (off the loops); 415 for anything but the purpose's kinds.
    func ingest(_ upload: BodyFile, as purpose: Purpose = .video) async throws -> Stored {
        let store = self
        return try await tools.run { try store.ingestBlocking(upload, purpose) }
    }

    private func ingestBlocking(_ upload: BodyFile, _ purpose: Purpose) throws -> Stored {
        guard let handle = FileHandle(forReadingAtPath: upload.path) else { throw Refusal.malformed("The upload is missing.") }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 64))
        guard upload.size > 0, let kind = MediaFiles.sniff(head, for: purpose) else {
            throw Refusal(.unsupportedMedia, purpose.refusal)
        }
        // With ffprobe the bytes after the header count too: a `ftyp` box and then anything is no video.
        var probe: MediaProbe?
        if let ffprobe {
            probe = MediaProbe.read(upload.path, ffprobe: ffprobe)
            guard let probe else { throw Refusal(.unsupportedMedia, "This file cannot be read as \(purpose == .video ? "a video" : "audio"); it may be damaged.") }
            if let refusal = probe.refusal(for: purpose) { throw Refusal(.unsupportedMedia, refusal) }
        }
        try handle.seek(toOffset: 0)
        let sha = try MediaFiles.sha256(handle)
        // A proof's first frame is decoded into its thumbnail before the file is kept: one that
        // does not decode is refused, and nothing of it stays.
        let hasThumbnail = try purpose == .video && makeThumbnail(upload.path, sha)
        try store.keep(upload.path, as: MediaFiles.key(sha, kind.rawValue))
        return Stored(sha256: sha, kind: kind, size: upload.size, durationMs: probe?.seconds.map { Int(($0 * 1000).rounded()) },
                      hasThumbnail: hasThumbnail, recordedAt: probe?.recordedAt)
    }

    private static func sha256(_ handle: FileHandle) throws -> String {
        guard let context = EVP_MD_CTX_new() else { throw Refusal.bug() }
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
        return Crypto.hex(Data(digest))
    }

    /// The first frame as a 320-pixel JPEG beside the video: true when made or already there,
    /// false without ffmpeg; throws 415 when ffmpeg cannot decode a frame.
    private func makeThumbnail(_ file: String, _ sha: String) throws -> Bool {
        let key = MediaFiles.thumbnailKey(sha)
        if store.has(key) { return true }
        guard let ffmpeg else { return false }
        let temporary = uploads + "/\(UUID().uuidString).thumbnail.jpg"
        let result = ExternalTool.run([ffmpeg, "-v", "error", "-y", "-i", file, "-frames:v", "1", "-vf", "scale=320:-2", "-q:v", "4", temporary],
                                      timeout: 30)
        defer { unlink(temporary) }
        guard let result else { return false }  // out of time: no verdict on the file, no thumbnail
        let made = (try? FileManager.default.attributesOfItem(atPath: temporary))?[.size] as? Int ?? 0
        guard result.status == 0, made > 0 else {
            throw Refusal(.unsupportedMedia, "This video's pictures cannot be decoded; it may be damaged.")
        }
        try store.keep(temporary, as: key)
        return true
    }

    /// Removes a video and its thumbnail (when nothing refers to them any more).
    func remove(_ sha: String, _ kind: Kind) {
        store.remove(MediaFiles.key(sha, kind.rawValue))
        store.remove(MediaFiles.thumbnailKey(sha))
    }
}
