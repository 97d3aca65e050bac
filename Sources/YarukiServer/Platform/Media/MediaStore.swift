import Foundation
import YarukiAPI
import YarukiHTTP

/// Where kept media live, by key (`ab/cd/<sha256>.<ext>`): written once, read many times, removed
/// when nothing refers to them any more. Keys are content hashes, so writing a key twice writes
/// the same bytes and two nodes never write one object in halves.
///
/// `SharedFolder` keeps them in the data folder that every node mounts (NFS or a volume). An
/// S3-compatible store implements the same five calls: `keep` is a PUT Object of the finished
/// file, `serve` a redirect to a pre-signed GET (the store answers Range and ETag itself),
/// `localPath` a GET into a scratch file for what needs a path (ffmpeg, the export zip), and
/// `remove` a DELETE.
protocol MediaStore: Sendable {
    func has(_ key: String) -> Bool
    /// Moves the finished local file `file` in under `key`; when the key is already there (the
    /// same bytes), the file is removed instead. Throws 507 when nothing could be kept.
    func keep(_ file: String, as key: String) throws
    /// A reply that serves the object, with ETag and Range.
    func serve(_ key: String, contentType: String, cacheControl: String, for request: Request) throws -> Response
    /// A path on this machine holding the object's bytes.
    func localPath(_ key: String) -> String
    func remove(_ key: String)
}

/// Media in a folder every node shares (`DATA_DIR/media`). Files arrive under a temporary name
/// on the same file system (`DATA_DIR/uploads`) and are renamed into place, so a reader never
/// sees half of one.
struct SharedFolder: MediaStore {
    let root: String

    func localPath(_ key: String) -> String { root + "/" + key }

    func has(_ key: String) -> Bool { FileManager.default.fileExists(atPath: localPath(key)) }

    func keep(_ file: String, as key: String) throws {
        let target = localPath(key)
        if FileManager.default.fileExists(atPath: target) {
            unlink(file)
            return
        }
        try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard rename(file, target) == 0 else {
            unlink(file)
            throw Refusal(.cannotStore, "The server could not store the file.")
        }
    }

    func serve(_ key: String, contentType: String, cacheControl: String, for request: Request) throws -> Response {
        try StaticFiles.file(at: localPath(key), contentType: contentType, cacheControl: cacheControl, for: request)
    }

    func remove(_ key: String) { unlink(localPath(key)) }
}

/// A stored file a handler answers with: the service decides which file and who may have it,
/// the route table serves it (ranges, validators) for the request.
struct FileReply: ReplyConvertible {
    let store: any MediaStore
    let key: String
    let contentType: String
    let cacheControl: String

    func response(to request: Request) throws -> Response {
        try store.serve(key, contentType: contentType, cacheControl: cacheControl, for: request)
    }

    static var replyType: (any APIModel.Type)? { nil }
}
