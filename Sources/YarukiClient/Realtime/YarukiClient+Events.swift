import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One Server-Sent Event from `/v1/events`.
public struct ServerEvent: Sendable, Equatable {
    public var id: String?
    /// `ready`, `standings`, … (`message` when the server names none).
    public var name: String
    public var data: String

    public init(id: String?, name: String, data: String) {
        self.id = id
        self.name = name
        self.data = data
    }

    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try YarukiClient.decoder.decode(T.self, from: Data(data.utf8))
    }
}

/// The `text/event-stream` format (WHATWG HTML §9.2.6), fed bytes as they arrive: lines end in
/// LF, CR or CRLF, even split across chunks; `data:` lines join with LF; a blank line dispatches.
public struct ServerEventParser: Sendable {
    private var line: [UInt8] = []
    private var lastWasCR = false
    private var name = ""
    private var data: [String] = []
    private var hasData = false
    /// The last id seen, which a reconnect sends as `Last-Event-ID`.
    public private(set) var lastEventID: String?
    private var id: String?

    public init() {}

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerEvent] {
        var events: [ServerEvent] = []
        for byte in bytes {
            if byte == 0x0A, lastWasCR { lastWasCR = false; continue }  // the LF of a CRLF
            lastWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                if let event = take(String(decoding: line, as: UTF8.self)) { events.append(event) }
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
        }
        return events
    }

    private mutating func take(_ line: String) -> ServerEvent? {
        if line.isEmpty {
            defer { name = ""; data = []; hasData = false }
            guard hasData else { return nil }
            return ServerEvent(id: id, name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))
        }
        if line.hasPrefix(":") { return nil }
        let field: Substring, value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            let rest = line[line.index(after: colon)...]
            value = rest.hasPrefix(" ") ? rest.dropFirst() : rest
        } else {
            field = line[...]
            value = ""
        }
        switch field {
        case "event": name = String(value)
        case "data": data.append(String(value)); hasData = true
        case "id" where !value.contains("\0"): id = String(value); lastEventID = id
        default: break
        }
        return nil
    }
}

extension YarukiClient {
    /// My event stream, for as long as the caller iterates: standings changes in my groups and
    /// more as areas add them. A dropped connection is reopened (waiting 1 s, doubling to 30 s)
    /// with `Last-Event-ID`, so events sent meanwhile still arrive (the server keeps the last
    /// 100); an expired access token is renewed. It ends with `signedOut` when the session is
    /// over, and when the iterating task is cancelled.
    public func events(lastEventID: String? = nil) -> AsyncThrowingStream<ServerEvent, Error> {
        let client = self
        return reopening(from: lastEventID, renewOn401: true, request: { token, resumeFrom in
            var request = URLRequest(url: client.url("/v1/events"))
            if let resumeFrom { request.setValue(resumeFrom, forHTTPHeaderField: "Last-Event-ID") }
            return client.with(request, token ?? "")
        }, healthy: { $0.name == "ready" }, transform: { event in [event] })
    }

    /// An event stream that outlives its connections, for as long as the caller iterates. A
    /// connection that drops or cannot be made is tried again after a pause (1 s, doubling to
    /// 30 s, back to 1 s once an event says the stream is `healthy`) from the last event id
    /// seen; a 401 renews the access token (when the stream uses one); another 4xx ends it
    /// with `unexpectedResponse`. Each event becomes zero or more elements.
    func reopening<Element: Sendable>(from lastEventID: String?, renewOn401: Bool,
                                      request: @escaping @Sendable (_ token: String?, _ lastEventID: String?) async throws -> URLRequest,
                                      healthy: @escaping @Sendable (ServerEvent) -> Bool,
                                      transform: @escaping @Sendable (ServerEvent) throws -> [Element]) -> AsyncThrowingStream<Element, Error> {
        let client = self
        return AsyncThrowingStream { continuation in
            let worker = Task {
                var resumeFrom = lastEventID
                var failures = 0
                while !Task.isCancelled {
                    do {
                        let token = renewOn401 ? try await client.auth.token(using: client.refresher) : nil
                        var made = try await request(token, resumeFrom)
                        made.setValue("text/event-stream", forHTTPHeaderField: "Accept")
                        made.timeoutInterval = 3600
                        var broken: Error?
                        let outcome = try await EventConnection.run(made) { event in
                            guard broken == nil else { return }
                            if event.id != nil { resumeFrom = event.id }
                            if healthy(event) { failures = 0 }
                            do {
                                for element in try transform(event) { continuation.yield(element) }
                            } catch {
                                broken = error
                            }
                        }
                        if let broken { throw broken }
                        if outcome == 401, renewOn401, let token {
                            _ = try await client.auth.renew(after: token, using: client.refresher)
                            continue
                        }
                        if (400..<500).contains(outcome) && outcome != 408 && outcome != 429 {
                            throw YarukiClientError.unexpectedResponse(status: outcome)
                        }
                    } catch is CancellationError {
                        break
                    } catch let error as YarukiClientError {
                        continuation.finish(throwing: error)
                        return
                    } catch {
                        // A network failure, or an event that made no sense: try again after a pause.
                    }
                    failures += 1
                    try? await Task.sleep(nanoseconds: UInt64(min(30, 1 << min(failures - 1, 5))) * 1_000_000_000)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in worker.cancel() }
        }
    }
}

/// One connection of the stream, on a session of its own so its bytes arrive as they come.
/// Returns the HTTP status when the connection ends (or was refused).
final class EventConnection: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var parser = ServerEventParser()
    private var status = 0
    private let onEvent: (ServerEvent) -> Void
    private var finish: ((Result<Int, Error>) -> Void)?

    private init(onEvent: @escaping (ServerEvent) -> Void) {
        self.onEvent = onEvent
    }

    static func run(_ request: URLRequest, onEvent: @escaping (ServerEvent) -> Void) async throws -> Int {
        let connection = EventConnection(onEvent: onEvent)
        let session = URLSession(configuration: .ephemeral, delegate: connection, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                connection.lock.withLock { connection.finish = { continuation.resume(with: $0) } }
                let task = session.dataTask(with: request)
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let code = (response as? HTTPURLResponse)?.statusCode ?? 0
        lock.withLock { status = code }
        completionHandler(code == 200 ? .allow : .cancel)
        if code != 200 { end(.success(code)) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let events = lock.withLock { parser.feed(data) }
        for event in events { onEvent(event) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let code = lock.withLock { status }
        if let error, (error as NSError).code == NSURLErrorCancelled, code == 0 {
            end(.failure(CancellationError()))
        } else if let error, code == 0 {
            end(.failure(error))
        } else {
            end(.success(code))
        }
    }

    private func end(_ result: Result<Int, Error>) {
        let finish = lock.withLock { () -> ((Result<Int, Error>) -> Void)? in
            defer { self.finish = nil }
            return self.finish
        }
        finish?(result)
    }
}
