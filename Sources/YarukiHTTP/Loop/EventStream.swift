import Foundation

public struct ServerSentEvent: Sendable, Equatable {
    /// nil: the event has no id of its own (it is not logged), and the client's last one stands.
    public var id: String?
    public var event: String?
    public var data: String
    public var retry: Int?

    public init(id: String?, event: String? = nil, data: String, retry: Int? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }

    /// The wire form; newlines in `id` and `event` are dropped so a value cannot end the event early.
    public var encoded: [UInt8] {
        func field(_ s: String) -> String { s.filter { $0 != "\n" && $0 != "\r" } }
        var text = ""
        if let id { text += "id: \(field(id))\n" }
        if let event { text += "event: \(field(event))\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line.hasSuffix("\r") ? line.dropLast() : line)\n"
        }
        text += "\n"
        return Array(text.utf8)
    }
}

/// An event's bytes in both framings (plain, and as an HTTP/1.1 chunk), made once however many
/// streams it goes to.
public struct StreamBytes: Sendable {
    let plain: [UInt8]
    let chunked: [UInt8]

    public init(_ bytes: [UInt8]) {
        plain = bytes
        chunked = Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + [13, 10]
    }
}

/// An open Server-Sent Events response. `send` and `close` may be called from any thread;
/// the bytes are written on the connection's loop.
public final class EventStream: @unchecked Sendable {
    public let lastEventID: String?
    let chunked: Bool
    private let loop: EventLoop
    private weak var connection: Connection?
    private var keepAlive: LoopTimer?
    private let lock = NSLock()
    private var closed = false
    private var closeHandlers: [@Sendable () -> Void] = []

    init(loop: EventLoop, connection: Connection, chunked: Bool, lastEventID: String?) {
        self.loop = loop
        self.connection = connection
        self.chunked = chunked
        self.lastEventID = lastEventID
    }

    public var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }

    /// Runs once the stream has ended, whoever ended it (client, server, shutdown, slow client).
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        if closed {
            lock.unlock()
            handler()
            return
        }
        closeHandlers.append(handler)
        lock.unlock()
    }

    public func send(_ event: ServerSentEvent) {
        send(encoded: event.encoded)
    }

    /// An event already in its wire form (`ServerSentEvent.encoded`).
    public func send(encoded bytes: [UInt8]) {
        let event = StreamBytes(bytes)
        onLoop { $0.writeStream(event) }
    }

    /// The same event to many streams, encoded once and with one hop to each event loop
    /// (rather than one per stream): how a board's update reaches thousands of screens. Each
    /// loop writes it a slice at a time, in the order the events came, going back to its other
    /// sockets between slices: a request on the same loop does not wait for ten thousand writes.
    public static func send(encoded bytes: [UInt8], to streams: some Sequence<EventStream>) {
        let event = StreamBytes(bytes)
        var byLoop: [ObjectIdentifier: (loop: EventLoop, streams: [EventStream])] = [:]
        for stream in streams { byLoop[ObjectIdentifier(stream.loop), default: (stream.loop, [])].streams.append(stream) }
        for (_, group) in byLoop {
            let (loop, streams) = group
            loop.execute { loop.fanOut.add(streams, event) }
        }
    }

    func write(_ event: StreamBytes) { connection?.writeStream(event) }

    public func comment(_ text: String) {
        let event = StreamBytes(Array(": \(text.filter { $0 != "\n" && $0 != "\r" })\n\n".utf8))
        onLoop { $0.writeStream(event) }
    }

    public func close() {
        onLoop { $0.endStream() }
    }

    func startKeepAlive(every seconds: Double) {
        let timer = LoopTimer(loop: loop, repeating: true) { [weak self] in self?.comment("keep-alive") }
        timer.arm(seconds)
        keepAlive = timer
    }

    /// Called by the connection on its loop when it is gone.
    func connectionClosed() {
        keepAlive?.cancel()
        keepAlive = nil
        connection = nil
        lock.lock()
        closed = true
        let handlers = closeHandlers
        closeHandlers = []
        lock.unlock()
        for handler in handlers { handler() }
    }

    private func onLoop(_ work: @escaping (Connection) -> Void) {
        if loop.inLoop {
            if let connection { work(connection) }
        } else {
            loop.execute { [weak self] in
                if let connection = self?.connection { work(connection) }
            }
        }
    }
}

/// A loop's fan-outs still being written, oldest first, a slice of streams per turn of the loop.
/// Used on the loop's thread only.
final class FanOutQueue {
    static let slice = 1024
    private let loop: EventLoop
    private var pending: [(streams: [EventStream], event: StreamBytes, next: Int)] = []
    private var timer: LoopTimer?

    init(loop: EventLoop) { self.loop = loop }

    func add(_ streams: [EventStream], _ event: StreamBytes) {
        pending.append((streams, event, 0))
        if pending.count == 1 { pump() }
    }

    private func pump() {
        var budget = FanOutQueue.slice
        while budget > 0, !pending.isEmpty {
            let (streams, event, next) = pending[0]
            let end = min(streams.count, next + budget)
            for i in next..<end { streams[i].write(event) }
            budget -= end - next
            if end == streams.count { pending.removeFirst() } else { pending[0].next = end }
        }
        guard !pending.isEmpty else { return }
        // The rest after the loop has seen to its sockets: a timer due at once fires after the
        // I/O that is ready.
        if timer == nil { timer = LoopTimer(loop: loop) { [unowned self] in self.pump() } }
        timer?.arm(0)
    }
}
