import CLibEvent
import Foundation

/// One client connection, owned by one loop and touched only on that loop's thread.
/// It parses requests itself (head, fixed or chunked body) so every limit and timeout
/// answers with a problem response, then hands the request to a task on the same loop.
final class Connection {
    enum Phase { case idle, head, body, chunkSize, chunkData, chunkEnd, trailers, handling, streaming, sendingBody, closing }

    unowned let owner: LoopState
    private var bev: OpaquePointer?
    private var readEvent: OpaquePointer?
    private var reading = false
    private let fd: Int32
    private let input = InputBuffer()
    let remoteAddress: String
    private(set) var phase: Phase = .idle
    private var head: RequestHead?
    private var remaining = 0
    private var body = Data()
    /// Bytes of body received so far, and the limit that applies to this request.
    private var bodyCount = 0
    private var bodyLimit = 0
    /// The 413 when the body passes `bodyLimit` (a streamed upload may say why).
    private var tooLarge: HTTPError?
    /// A streamed body being written, and one handed to a handler (removed after its response).
    private var upload: (fd: Int32, path: String)?
    private var uploadedPath: String?
    private var keepAlive = true
    /// The HTTP/1.x minor version of the request being answered.
    private var minorVersion = 1
    private var peerClosed = false
    private(set) var closed = false
    /// When this connection's current wait ends (monotonic ns; 0: none). The loop's sweep checks
    /// it, so setting one per request is a store, not a timer change in libevent.
    private(set) var deadline: UInt64 = 0
    private var stream: EventStream?
    /// A streamed body being sent: its framing, what is still owed, and a producer waiting for the client to catch up.
    private var outgoing: (chunked: Bool, remaining: Int?, waiting: ((Bool) -> Void)?)?
    private var requestStart: UInt64 = 0
    /// Handlers may finish synchronously inside `process` (Task.immediate); the loop already
    /// running picks up the next pipelined request, so nesting never grows with the input.
    private var processing = false
    private var config: ServerConfiguration { owner.server.configuration }

    init(owner: LoopState, fd: Int32, remoteAddress: String) {
        self.owner = owner
        self.fd = fd
        self.remoteAddress = remoteAddress
        // Reads are ours (one recv per readiness, no ioctl); the bufferevent keeps what the
        // socket does not take at once, files included, with a write timeout.
        bev = bufferevent_socket_new(owner.loop.base, fd, Int32(BEV_OPT_CLOSE_ON_FREE.rawValue))
        let me = Unmanaged.passUnretained(self).toOpaque()
        bufferevent_setcb(bev, nil, { _, ctx in
            Unmanaged<Connection>.fromOpaque(ctx!).takeUnretainedValue().flushed()
        }, { _, _, ctx in
            Unmanaged<Connection>.fromOpaque(ctx!).takeUnretainedValue().close()
        }, me)
        var writeTimeout = timeval(tv_sec: Int(owner.server.configuration.writeTimeout), tv_usec: 0)
        bufferevent_set_timeouts(bev, nil, &writeTimeout)
        bufferevent_disable(bev, Int16(EV_READ))
        bufferevent_enable(bev, Int16(EV_WRITE))
        readEvent = event_new(owner.loop.base, fd, Int16(EV_READ | EV_PERSIST), { _, _, ctx in
            let connection = Unmanaged<Connection>.fromOpaque(ctx!).takeUnretainedValue()
            connection.owner.loop.runInline { connection.readable() }
        }, me)
        resumeReading()
        // Nothing sent yet: the head's time, not the keep-alive's (an idle socket is a slot lost).
        expire(after: min(config.headTimeout, config.keepAliveTimeout))
    }

    // MARK: reading

    private func resumeReading() {
        guard !reading, !closed, let readEvent else { return }
        reading = true
        event_add(readEvent, nil)
    }

    private func pauseReading() {
        guard reading, let readEvent else { return }
        reading = false
        event_del(readEvent)
    }

    private func readable() {
        switch input.read(from: fd) {
        case .data:
            process()
        case .wouldBlock:
            return
        case .closed:
            pauseReading()  // the end of input stays readable; stop hearing about it
            if phase == .handling {
                peerClosed = true  // half-closed: still answer, then close
            } else {
                close()
            }
        case .failed:
            close()
        }
    }

    private func process() {
        guard !processing else { return }
        processing = true
        defer { processing = false }
        while !closed {
            let available = input.count
            switch phase {
            case .handling, .sendingBody, .closing:
                // What comes meanwhile is the next request (a client that has a whole body asks
                // again before the producer has returned): kept for when this exchange ends.
                if available > config.maxHeaderBytes { pauseReading() }
                return
            case .streaming:
                input.consume(available)  // a stream is the connection's last exchange
                return
            case .idle:
                guard skipLeadingNewlines() else { return }
                phase = .head
                requestStart = DispatchTime.now().uptimeNanoseconds
                expire(after: config.headTimeout)
            case .head:
                guard let end = input.endOfHead(limit: config.maxHeaderBytes) else {
                    if input.hasBareLineFeed(limit: config.maxHeaderBytes) {
                        fail(400, "Lines of a request end with CR LF; a bare LF is not accepted.")
                    } else if available >= config.maxHeaderBytes {
                        fail(431, "The request headers are larger than \(config.maxHeaderBytes) bytes.")
                    }
                    return
                }
                let length = end + 4
                let parsed: RequestHead
                do {
                    parsed = try RequestHead.parse(UnsafeRawBufferPointer(rebasing: input.bytes[0..<length]))
                } catch {
                    fail(error.status, error.detail)
                    return
                }
                input.consume(length)
                head = parsed
                let framing: RequestHead.Framing
                do { framing = try parsed.framing() } catch {
                    fail(error.status, error.detail)
                    return
                }
                let streamed = framing == .none ? nil : config.streamedBody?(parsed.method, Request.split(parsed.target).path, parsed.headers)
                bodyLimit = streamed?.maxBytes ?? config.maxBodyBytes
                tooLarge = streamed?.tooLarge
                bodyCount = 0
                if case let .length(n) = framing, n > bodyLimit {
                    fail(tooLarge ?? HTTPError(413, detail: "The request body is larger than the limit of \(bodyLimit) bytes."))
                    return
                }
                if let streamed, !openUpload(in: streamed.directory) { return }
                switch framing {
                case .none:
                    dispatch()
                case let .length(n):
                    remaining = n
                    body = upload == nil ? Data(capacity: n) : Data()
                    phase = .body
                    sendContinueIfAsked(parsed)
                    expire(after: config.bodyIdleTimeout)
                case .chunked:
                    body = Data()
                    phase = .chunkSize
                    sendContinueIfAsked(parsed)
                    expire(after: config.bodyIdleTimeout)
                }
            case .body, .chunkData:
                guard available > 0 else { return }
                let take = min(available, remaining)
                if let upload {
                    guard writeAll(upload.fd, input.bytes.baseAddress!, take) else {
                        fail(507, "The server could not store the upload.")
                        return
                    }
                    input.consume(take)
                } else {
                    _ = input.move(take, into: &body)
                }
                remaining -= take
                bodyCount += take
                expire(after: config.bodyIdleTimeout)
                if remaining > 0 { return }
                if phase == .body { dispatch() } else { phase = .chunkEnd }
            case .chunkEnd:
                guard available >= 2 else { return }
                guard input.bytes[0] == 13, input.bytes[1] == 10 else {
                    fail(400, "A chunk is not followed by CRLF.")
                    return
                }
                input.consume(2)
                phase = .chunkSize
            case .chunkSize:
                guard let line = readLine() else { return }
                let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
                guard !sizeText.isEmpty, sizeText.count <= 15, let size = Int(sizeText.trimmingCharacters(in: " \t"), radix: 16),
                      size >= 0 else {
                    fail(400, "A chunk size is not a hexadecimal number.")
                    return
                }
                if size == 0 {
                    phase = .trailers
                } else if bodyCount + size > bodyLimit {
                    fail(tooLarge ?? HTTPError(413, detail: "The request body is larger than the limit of \(bodyLimit) bytes."))
                    return
                } else {
                    remaining = size
                    phase = .chunkData
                }
            case .trailers:
                guard let line = readLine() else { return }
                if line.isEmpty { dispatch() }
            }
        }
    }

    /// A CRLF-terminated line, or nil while it is incomplete (an overlong or bare-LF one fails the request).
    private func readLine() -> String? {
        guard let lf = input.firstLineFeed() else {
            if input.count > 4096 { fail(400, "A chunk line is too long.") }
            return nil
        }
        guard lf > 0, input.bytes[lf - 1] == 13, lf <= 4096 else {
            fail(400, lf > 4096 ? "A chunk line is too long." : "A chunk line does not end with CRLF.")
            return nil
        }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: input.bytes[0..<(lf - 1)]), as: UTF8.self)
        input.consume(lf + 1)
        return line
    }

    private func skipLeadingNewlines() -> Bool {
        while !input.isEmpty {
            let c = input.bytes[0]
            if c == 13 || c == 10 { input.consume(1) } else { return true }
        }
        return false
    }

    /// A new file for a streamed body: created exclusively, readable by the server only.
    private func openUpload(in directory: String) -> Bool {
        let path = directory + "/upload-" + UUID().lowercasedString + ".part"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            fail(507, "The server could not store the upload.")
            return false
        }
        upload = (fd, path)
        return true
    }

    private func writeAll(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let n = Glibc.write(fd, bytes + offset, count - offset)
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return false }
        }
        return true
    }

    /// A body still arriving that will not be handed over (refused, cut off, connection gone).
    private func dropPartialUpload() {
        if let upload {
            Glibc.close(upload.fd)
            unlink(upload.path)
            self.upload = nil
        }
    }

    /// Leaves no upload behind: the one arriving and the one a handler held.
    private func discardUpload() {
        dropPartialUpload()
        if let uploadedPath {
            unlink(uploadedPath)
            self.uploadedPath = nil
        }
    }

    private func sendContinueIfAsked(_ head: RequestHead) {
        guard head.minorVersion == 1, head.headers["Expect"]?.lowercased() == "100-continue" else { return }
        write("HTTP/1.1 100 Continue\r\n\r\n")
    }

    // MARK: handling

    private func dispatch() {
        guard let head else { return }
        phase = .handling
        deadline = 0
        keepAlive = head.wantsKeepAlive
        minorVersion = head.minorVersion
        var request = Request(method: head.method, target: head.target, headers: head.headers, body: body,
                              remoteAddress: remoteAddress, requestID: owner.requestID(head.headers["X-Request-Id"]))
        if let upload {
            Glibc.close(upload.fd)
            request.bodyFile = BodyFile(path: upload.path, size: bodyCount)
            uploadedPath = upload.path
            self.upload = nil
        }
        body = Data()
        self.head = nil
        let server = owner.server
        let (loop, connection) = (owner.loop, LoopBound(self))
        // Runs in place until the handler first suspends: most requests never leave this call.
        Task.immediate(executorPreference: loop) {
            let response = await server.respond(to: request)
            if loop.inLoop {
                connection.value.complete(request, response)
            } else {
                loop.execute { connection.value.complete(request, response) }
            }
        }
    }

    private func complete(_ request: Request, _ response: Response) {
        discardUpload()  // the handler has moved the file if it wanted it
        var response = response
        var fileDescriptor: Int32 = -1
        if case let .file(path, _, _) = response.body {
            fileDescriptor = open(path, O_RDONLY | O_CLOEXEC)
            if fileDescriptor < 0 { response = .problem(.notFound("The file is gone.")) }
        }
        owner.record(request: request, status: response.status, start: requestStart, bytes: response.contentLength)
        guard !closed else {
            if fileDescriptor >= 0 { Glibc.close(fileDescriptor) }
            return
        }
        if peerClosed || owner.draining { keepAlive = false }
        let isHead = request.method == .head

        if case let .eventStream(start) = response.body, !isHead, response.status == 200 {
            startStream(request, response, start)
            return
        }
        if case let .stream(length, produce) = response.body, !isHead {
            startBody(request, response, length: length, produce)
            return
        }
        let contentLength: Int? = switch response.body {
        case .empty: response.status == 204 || response.status == 304 ? nil : 0
        case let .data(data): data.count
        case let .file(_, _, length): length
        case .eventStream: 0
        case let .stream(length, _): length ?? 0
        }
        let bytes = owner.scratch
        bytes.clear()
        writeHead(into: bytes, status: response.status, headers: response.headers, contentLength: contentLength,
                  requestID: request.requestID)
        if !isHead, case let .data(data) = response.body { bytes.append(data) }
        transmit(bytes.bytes)
        if !isHead, case let .file(_, offset, length) = response.body, fileDescriptor >= 0, let bev,
           let output = bufferevent_get_output(bev) {
            if length == 0 || evbuffer_add_file(output, fileDescriptor, Int64(offset), Int64(length)) != 0 {
                Glibc.close(fileDescriptor)
            }
            fileDescriptor = -1
        }
        if fileDescriptor >= 0 { Glibc.close(fileDescriptor) }
        finishExchange()
    }

    private func finishExchange() {
        guard bev != nil else { return }
        if keepAlive {
            phase = .idle
            expire(after: config.keepAliveTimeout)
            resumeReading()
            process()
        } else {
            phase = .closing
            pauseReading()
            flushed()
        }
    }

    /// The status line and headers; Content-Length, Date, X-Request-Id and Connection are the
    /// server's to write, so a handler's own copies of them are dropped.
    private func writeHead(into bytes: ByteBuffer, status: Int, headers: HTTPHeaders, contentLength: Int?,
                           requestID: String?) {
        bytes.write("HTTP/1.1 " as StaticString)
        bytes.write(status)
        bytes.append(32)
        bytes.write(HTTPStatus.reason(status))
        bytes.write("\r\n" as StaticString)
        for (name, value) in headers where !Connection.isServerOwned(name) {
            bytes.writeHeader(name, value)
        }
        owner.server.defaultHeaders.write(into: bytes, unlessIn: headers)
        if let contentLength {
            bytes.write("Content-Length: " as StaticString)
            bytes.write(contentLength)
            bytes.write("\r\n" as StaticString)
        }
        bytes.write("Date: " as StaticString)
        bytes.write(owner.httpDate())
        bytes.write("\r\n" as StaticString)
        if let requestID {
            bytes.write("X-Request-Id: " as StaticString)
            bytes.write(requestID)
            bytes.write("\r\n" as StaticString)
        }
        if !keepAlive { bytes.write("Connection: close\r\n" as StaticString) }
        bytes.write("\r\n" as StaticString)
    }

    private static func isServerOwned(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: name.caseInsensitiveEquals("Date")
        case 10: name.caseInsensitiveEquals("Connection")
        case 12: name.caseInsensitiveEquals("X-Request-Id")
        case 14: name.caseInsensitiveEquals("Content-Length")
        default: false
        }
    }

    /// Sends at once when nothing is queued before it (no EPOLLOUT round trip per response);
    /// whatever the socket does not take goes to the bufferevent, which finishes the job.
    private func transmit(_ raw: UnsafeRawBufferPointer) {
        guard let bev, let output = bufferevent_get_output(bev), raw.count > 0 else { return }
        var offset = 0
        if evbuffer_get_length(output) == 0 {
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    break  // EAGAIN, or an error the bufferevent will report when it tries
                }
            }
        }
        if offset < raw.count { evbuffer_add(output, raw.baseAddress! + offset, raw.count - offset) }
    }

    private func write(_ text: String) {
        guard let bev else { return }
        var text = text
        text.withUTF8 { _ = evbuffer_add(bufferevent_get_output(bev), $0.baseAddress, $0.count) }
    }

    /// Answers with a problem and closes: the rest of the input cannot be trusted.
    private func fail(_ status: Int, _ detail: String) { fail(HTTPError(status, detail: detail)) }

    private func fail(_ problem: HTTPError) {
        guard !closed else { return }
        let status = problem.status
        discardUpload()
        keepAlive = false
        deadline = 0
        let headers = HTTPHeaders([("Content-Type", "application/problem+json")])
        let data = problem.encodedBody()
        let request = Request(method: head?.method ?? HTTPMethod(rawValue: "-"), target: head?.target ?? "-",
                              remoteAddress: remoteAddress, requestID: owner.requestID(nil))
        owner.record(request: request, status: status, start: requestStart == 0 ? DispatchTime.now().uptimeNanoseconds : requestStart,
                     bytes: data.count)
        let bytes = owner.scratch
        bytes.clear()
        writeHead(into: bytes, status: status, headers: headers, contentLength: data.count, requestID: request.requestID)
        bytes.append(data)
        transmit(bytes.bytes)
        finishExchange()
    }

    // MARK: streaming

    private func startStream(_ request: Request, _ response: Response, _ start: @Sendable (EventStream) -> Void) {
        let chunked = minorVersion == 1
        keepAlive = false  // the stream is the connection's last exchange
        var headers = response.headers
        headers.set("X-Accel-Buffering", "no")
        if chunked { headers.set("Transfer-Encoding", "chunked") }
        let bytes = owner.scratch
        bytes.clear()
        writeHead(into: bytes, status: 200, headers: headers, contentLength: nil, requestID: request.requestID)
        transmit(bytes.bytes)
        phase = .streaming
        let stream = EventStream(loop: owner.loop, connection: self, chunked: chunked,
                                 lastEventID: request.headers["Last-Event-ID"])
        self.stream = stream
        owner.streamOpened()
        stream.startKeepAlive(every: config.sseKeepAlive)
        start(stream)
    }

    /// Writes an event of the open stream, at once when nothing is queued before it; a client
    /// that lets too much pile up is dropped.
    func writeStream(_ event: StreamBytes) {
        guard let bev, phase == .streaming, let output = bufferevent_get_output(bev) else { return }
        let bytes = stream?.chunked == true ? event.chunked : event.plain
        if evbuffer_get_length(output) + bytes.count > config.sseMaxBufferedBytes {
            close()
            return
        }
        bytes.withUnsafeBytes { transmit($0) }
    }

    func endStream() {
        guard phase == .streaming else { return }
        if stream?.chunked == true { write("0\r\n\r\n") }
        finishExchange()
    }

    // MARK: streamed bodies

    /// Sends the head, then runs the producer on a thread of its own; its writes come back here.
    private func startBody(_ request: Request, _ response: Response, length: Int?,
                           _ produce: @escaping @Sendable (BodyWriter) throws -> Void) {
        let chunked = length == nil && minorVersion == 1
        if length == nil && !chunked { keepAlive = false }  // HTTP/1.0: the body ends with the connection
        var headers = response.headers
        if chunked { headers.set("Transfer-Encoding", "chunked") }
        let bytes = owner.scratch
        bytes.clear()
        writeHead(into: bytes, status: response.status, headers: headers, contentLength: length, requestID: request.requestID)
        transmit(bytes.bytes)
        phase = .sendingBody
        outgoing = (chunked, length, nil)
        if let bev { bufferevent_setwatermark(bev, Int16(EV_WRITE), BodyWriter.lowWater, 0) }
        let writer = BodyWriter(loop: owner.loop, connection: self)
        let (loop, connection) = (owner.loop, LoopBound(self))
        let thread = Thread {
            let outcome: Result<Void, Error>
            do { outcome = .success(try produce(writer)) } catch { outcome = .failure(error) }
            loop.execute { connection.value.endBody(outcome) }
        }
        thread.name = "yaruki.body"
        thread.start()
    }

    /// Queues a piece of the body; the producer goes on at once, or once the client has read
    /// most of what waits.
    func writeBody(_ bytes: [UInt8], then resume: @escaping (Bool) -> Void) {
        guard phase == .sendingBody, let bev, var state = outgoing, let output = bufferevent_get_output(bev) else {
            resume(false)
            return
        }
        if let remaining = state.remaining {
            guard bytes.count <= remaining else {
                resume(false)
                close()  // more than the announced length: the body cannot be trusted
                return
            }
            state.remaining = remaining - bytes.count
        }
        if state.chunked { write(String(bytes.count, radix: 16) + "\r\n") }
        bytes.withUnsafeBytes { transmit($0) }
        if state.chunked { write("\r\n") }
        if evbuffer_get_length(output) > BodyWriter.highWater {
            state.waiting = resume
        } else {
            resume(true)
        }
        outgoing = state
    }

    private func endBody(_ outcome: Result<Void, Error>) {
        guard phase == .sendingBody, let state = outgoing, let bev, !closed else { return }
        outgoing = nil
        bufferevent_setwatermark(bev, Int16(EV_WRITE), 0, 0)
        // A failed producer, or a body shorter than announced: the client must see it cut off.
        guard case .success = outcome, state.remaining ?? 0 == 0 else {
            close()
            return
        }
        if state.chunked { write("0\r\n\r\n") }
        finishExchange()
    }

    // MARK: events

    private func flushed() {
        if phase == .sendingBody, let waiting = outgoing?.waiting {
            outgoing?.waiting = nil
            waiting(true)
            return
        }
        guard phase == .closing, let bev else { return }
        if evbuffer_get_length(bufferevent_get_output(bev)) == 0 { close() }
    }

    private func expire(after seconds: Double) {
        deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(seconds * 1_000_000_000)
    }

    /// Called by the loop's sweep once `deadline` has passed.
    func timedOut() {
        deadline = 0
        switch phase {
        case .idle:
            close()
        case .head, .body, .chunkSize, .chunkData, .chunkEnd, .trailers:
            fail(408, "The request was not received in time.")
        case .handling, .streaming, .sendingBody, .closing:
            break
        }
    }

    /// Server shutdown: idle connections go now, the rest after their current exchange.
    func drain() {
        switch phase {
        case .idle: close()
        case .streaming: stream?.close()
        default: break
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        deadline = 0
        // A body still arriving is dropped; one a handler holds is removed when it answers.
        dropPartialUpload()
        if let readEvent {
            event_free(readEvent)
            self.readEvent = nil
            reading = false
        }
        if let bev {
            bufferevent_free(bev)
            self.bev = nil
        }
        if let stream {
            self.stream = nil
            owner.streamClosed()
            stream.connectionClosed()
        }
        if let waiting = outgoing?.waiting { waiting(false) }
        outgoing = nil
        owner.remove(self)
    }
}

extension Response {
    var contentLength: Int {
        switch body {
        case .empty, .eventStream: 0
        case let .data(d): d.count
        case let .file(_, _, length): length
        case let .stream(length, _): length ?? 0
        }
    }
}
