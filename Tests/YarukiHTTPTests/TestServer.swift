import Foundation
@testable import YarukiHTTP

/// A server on a free port with the routes the tests need.
final class TestServer {
    let server: HTTPServer
    var port: Int { server.port }
    let closedStreams = Counter()
    let webRoot: String

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.lock(); value += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    /// The streams open on /room, for fan-out tests.
    final class Room: @unchecked Sendable {
        private let lock = NSLock()
        private var members: [EventStream] = []
        func add(_ stream: EventStream) { lock.lock(); members.append(stream); lock.unlock() }
        var streams: [EventStream] { lock.lock(); defer { lock.unlock() }; return members }
    }
    let room = Room()

    /// What the /produce route's producer got through: bytes written, and whether a write failed.
    final class Production: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = 0
        private var failed = false
        func wrote(_ n: Int) { lock.lock(); bytes += n; lock.unlock() }
        func fail() { lock.lock(); failed = true; lock.unlock() }
        var written: Int { lock.lock(); defer { lock.unlock() }; return bytes }
        var writeFailed: Bool { lock.lock(); defer { lock.unlock() }; return failed }
    }
    let production = Production()

    /// The byte at `offset` of a /produce body.
    static func pattern(_ offset: Int) -> UInt8 { UInt8(truncatingIfNeeded: offset &* 7 &+ offset / 251) }

    struct UploadReply: Encodable {
        var size: Int
        var onDisk: Int
        var memory: Int
        var path: String
    }

    struct Echo: Codable { var name: String; var reps: Int; var tags: [String]? }

    /// Where streamed uploads land (POST /upload and /keep), and where /keep moves them.
    let uploads: String
    let kept: String

    init(configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        var config = ServerConfiguration()
        let base = NSTemporaryDirectory() + "yaruki-uploads-\(UUID().uuidString)"
        uploads = base + "/incoming"
        kept = base + "/kept"
        try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        let incoming = uploads
        config.streamedBody = { method, path, _ in
            method == .post && (path == "/upload" || path == "/keep") ? StreamedBody(directory: incoming, maxBytes: 8 << 20) : nil
        }
        config.port = 0
        config.loops = 2
        config.accessLog = .none
        configure(&config)
        webRoot = NSTemporaryDirectory() + "yaruki-web-\(UUID().uuidString)"
        try TestServer.makeWebRoot(webRoot)
        var router = Router()
        router.get("/hello") { _ in try .json(["hello": "world"]) }
        router.get("/items/{id}") { request in try .json(["id": try request.parameter("id")]) }
        router.get("/items/special") { _ in try .json(["id": "literal"]) }
        router.delete("/items/{id}") { _ in .noContent() }
        router.post("/echo") { request in
            let echo = try request.decode(Echo.self)
            return try .json(echo, status: 201)
        }
        router.post("/size") { request in try .json(["bytes": request.body.count]) }
        router.post("/upload") { request in
            guard let file = request.bodyFile else { return try .json(["inMemory": request.body.count]) }
            let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
            return try .json(UploadReply(size: file.size, onDisk: data.count, memory: request.body.count, path: file.path))
        }
        let keep = kept
        router.post("/keep") { request in
            guard let file = request.bodyFile else { throw HTTPError.badRequest("no file") }
            let target = keep + "/" + UUID().uuidString
            guard rename(file.path, target) == 0 else { throw HTTPError.internal() }
            return try .json(["kept": target])
        }
        router.get("/slow") { request in
            let ms = Int(request.queryItem("ms") ?? "300") ?? 300
            try await Task.sleep(for: .milliseconds(ms))
            return try .json(["slept": ms])
        }
        router.get("/fail") { _ in throw CocoaError(.fileNoSuchFile) }
        let closed = closedStreams
        router.get("/events") { request in
            let count = Int(request.queryItem("count") ?? "3") ?? 3
            let size = Int(request.queryItem("size") ?? "10") ?? 10
            return .eventStream { stream in
                stream.onClose { closed.add() }
                let start = Int(stream.lastEventID ?? "0") ?? 0
                for i in (start + 1)...(start + count) {
                    stream.send(ServerSentEvent(id: String(i), event: "tick", data: String(repeating: "x", count: size)))
                }
            }
        }
        let production = self.production
        // A streamed body of `bytes` in `chunk`s, announced as `length` (none: chunked), failing after `fail` bytes.
        router.get("/produce") { request in
            let bytes = Int(request.queryItem("bytes") ?? "0") ?? 0
            let chunk = Int(request.queryItem("chunk") ?? "65536") ?? 65536
            let length = request.queryItem("length").flatMap(Int.init)
            let fail = request.queryItem("fail").flatMap(Int.init)
            let linger = request.queryItem("linger").flatMap(Double.init)
            return Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/octet-stream")]), body: .stream(length: length) { writer in
                var offset = 0
                while offset < bytes {
                    if let fail, offset >= fail { throw CocoaError(.fileReadUnknown) }
                    let piece = (offset..<min(bytes, offset + chunk)).map(TestServer.pattern)
                    do { try writer.write(piece) } catch { production.fail(); throw error }
                    offset += piece.count
                    production.wrote(piece.count)
                }
                // Every byte sent, the producer not yet returned: the client may already ask again.
                if let linger { Thread.sleep(forTimeInterval: linger) }
            })
        }
        let room = self.room
        router.get("/room") { _ in .eventStream { stream in room.add(stream) } }
        router.get("/flood") { _ in
            .eventStream { stream in
                stream.onClose { closed.add() }
                // Sends from another thread until the stream is dropped.
                Thread.detachNewThread {
                    var i = 0
                    while !stream.isClosed && i < 200_000 {
                        i += 1
                        stream.send(ServerSentEvent(id: String(i), data: String(repeating: "y", count: 4096)))
                        if i % 64 == 0 { usleep(1000) }
                    }
                }
            }
        }
        let files = try StaticFiles(root: webRoot)
        server = HTTPServer(configuration: config, handler: router.responder(fallback: files.handler))
        try server.start()
    }

    static func makeWebRoot(_ root: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/js", withIntermediateDirectories: true)
        try "<!doctype html><title>Yaruki</title>".write(toFile: root + "/index.html", atomically: true, encoding: .utf8)
        try "export const x = 1;\n".write(toFile: root + "/js/app.js", atomically: true, encoding: .utf8)
        try "body{}".write(toFile: root + "/style.css", atomically: true, encoding: .utf8)
        try Data((0..<1000).map { UInt8($0 % 251) }).write(to: URL(fileURLWithPath: root + "/data.bin"))
        try "secret".write(toFile: root + "/.env", atomically: true, encoding: .utf8)
        let outside = root + "-outside.txt"
        try "outside".write(toFile: outside, atomically: true, encoding: .utf8)
        try? fm.removeItem(atPath: root + "/link.txt")
        try fm.createSymbolicLink(atPath: root + "/link.txt", withDestinationPath: outside)
    }

    deinit {
        server.shutdown(grace: 1)
        try? FileManager.default.removeItem(atPath: webRoot)
        try? FileManager.default.removeItem(atPath: webRoot + "-outside.txt")
    }
}

