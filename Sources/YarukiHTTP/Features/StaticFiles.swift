import Foundation

/// Serves a folder: MIME types, ETag revalidation, byte ranges, and no way out of the folder
/// (dot segments, encoded or not, hidden files and symlinks that point outside answer 404).
public struct StaticFiles: Sendable {
    public let root: String

    public init(root: String) throws {
        guard let real = StaticFiles.realPath(root) else {
            throw ServerError.bind("the web folder '\(root)' does not exist")
        }
        self.root = real
    }

    public var handler: Handler {
        let files = self
        return { request in try files.serve(request) }
    }

    public func serve(_ request: Request) throws -> Response {
        guard let decoded = PercentDecoding.decode(request.path), !decoded.contains("\0") else {
            throw HTTPError.notFound()
        }
        let segments = decoded.split(separator: "/")
        guard !segments.contains(where: { $0.hasPrefix(".") || $0.contains("\\") }) else { throw HTTPError.notFound() }
        var relative = segments.joined(separator: "/")
        if decoded.hasSuffix("/") || relative.isEmpty { relative += relative.isEmpty ? "index.html" : "/index.html" }
        guard let path = StaticFiles.realPath(root + "/" + relative), path.hasPrefix(root + "/") else {
            throw HTTPError.notFound("No file at \(request.path).")
        }
        return try StaticFiles.file(at: path, contentType: StaticFiles.mimeType(for: path), cacheControl: "no-cache", for: request)
    }

    /// A file as the answer to `request`: ETag and If-None-Match, Range and If-Range (206/416).
    /// The static folder and media playback both answer through here.
    public static func file(at path: String, contentType: String, cacheControl: String, for request: Request) throws -> Response {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw HTTPError.notFound("No file at \(request.path).")
        }
        let size = Int(info.st_size)
        let modifiedNanos = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        let etag = "\"\(String(size, radix: 16))-\(String(modifiedNanos, radix: 16))\""
        var headers = HTTPHeaders([
            ("Content-Type", contentType),
            ("ETag", etag),
            ("Cache-Control", cacheControl),
            ("Accept-Ranges", "bytes"),
        ])
        if ETag.matches(request.headers["If-None-Match"], etag) {
            return Response(status: 304, headers: headers)
        }
        if let range = request.headers["Range"], request.headers["If-Range"].map({ $0 == etag }) ?? true {
            switch ByteRange.parse(range, size: size) {
            case let .satisfiable(lower, upper):
                headers.add("Content-Range", "bytes \(lower)-\(upper)/\(size)")
                return Response(status: 206, headers: headers, body: .file(path: path, offset: lower, length: upper - lower + 1))
            case .unsatisfiable:
                var problem = HTTPError(416, detail: "The file has \(size) bytes; the range \(range) is outside it.")
                problem.headers["Content-Range"] = "bytes */\(size)"
                throw problem
            case .ignored:
                break
            }
        }
        return Response(status: 200, headers: headers, body: .file(path: path, offset: 0, length: size))
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static let mimeTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "webmanifest": "application/manifest+json", "map": "application/json",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "ico": "image/x-icon", "avif": "image/avif",
        "txt": "text/plain; charset=utf-8", "xml": "application/xml", "wasm": "application/wasm",
        "woff2": "font/woff2", "woff": "font/woff", "ttf": "font/ttf",
        "mp4": "video/mp4", "webm": "video/webm", "mov": "video/quicktime",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "ogg": "audio/ogg", "wav": "audio/wav", "pdf": "application/pdf",
    ]

    public static func mimeType(for path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return mimeTypes[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}

/// One `bytes=` range (RFC 9110 §14.1.2). Several ranges are answered with the whole file.
public enum ByteRange: Equatable {
    case satisfiable(lower: Int, upper: Int)
    case unsatisfiable
    case ignored

    public static func parse(_ header: String, size: Int) -> ByteRange {
        let value = header.trimmingCharacters(in: " \t")
        guard value.lowercased().hasPrefix("bytes=") else { return .ignored }
        let spec = value.dropFirst(6).trimmingCharacters(in: " \t")
        guard !spec.contains(",") else { return .ignored }
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " \t") }
        guard parts.count == 2 else { return .ignored }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix >= 0 else { return .ignored }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(lower: max(0, size - suffix), upper: size - 1)
        }
        guard let lower = Int(parts[0]), lower >= 0 else { return .ignored }
        let upper: Int
        if parts[1].isEmpty {
            upper = size - 1
        } else {
            guard let u = Int(parts[1]), u >= lower else { return .ignored }
            upper = min(u, size - 1)
        }
        guard lower < size else { return .unsatisfiable }
        return .satisfiable(lower: lower, upper: upper)
    }
}
