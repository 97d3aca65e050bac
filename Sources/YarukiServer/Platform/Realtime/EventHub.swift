import Foundation
import YarukiAPI
import YarukiHTTP

/// Each person's own event stream (`GET /v1/events`): what changed that their screens show.
/// Events carry increasing ids; the last 100 per person are kept, so a client that reconnects
/// with `Last-Event-ID` gets what it missed. One process's hub; several nodes will relay
/// through PostgreSQL LISTEN/NOTIFY.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [UUID: [ObjectIdentifier: EventStream]] = [:]
    private var recent: [UUID: [ServerSentEvent]] = [:]
    private var counter: UInt64 = 0
    static let kept = 100

    /// Starts sending to `stream`; replays what came after `lastEventID`.
    func attach(_ stream: EventStream, for user: UUID) {
        let missed: [ServerSentEvent] = lock.withLock {
            streams[user, default: [:]][ObjectIdentifier(stream)] = stream
            guard let last = stream.lastEventID.flatMap(UInt64.init) else { return [] }
            return (recent[user] ?? []).filter { (UInt64($0.id) ?? 0) > last }
        }
        stream.onClose { [weak self, weak stream] in
            guard let self, let stream else { return }
            _ = self.lock.withLock { self.streams[user]?.removeValue(forKey: ObjectIdentifier(stream)) }
        }
        for event in missed { stream.send(event) }
        stream.send(ServerSentEvent(id: lock.withLock { String(counter) }, event: "ready", data: "{}"))
    }

    /// Sends `event` (its name and JSON data) to every open stream of each of `users`.
    func publish(_ name: String, _ data: some Encodable, to users: [UUID]) {
        guard let json = try? JSONBytes.encode(data) else { return }
        let text = String(decoding: json, as: UTF8.self)
        let targets: [(ServerSentEvent, [EventStream])] = lock.withLock {
            users.map { user in
                counter += 1
                let event = ServerSentEvent(id: String(counter), event: name, data: text)
                recent[user, default: []].append(event)
                if recent[user]!.count > EventHub.kept { recent[user]!.removeFirst(recent[user]!.count - EventHub.kept) }
                return (event, Array(streams[user]?.values ?? [:].values))
            }
        }
        for (event, streams) in targets { for stream in streams { stream.send(event) } }
    }

    var openStreams: Int { lock.withLock { streams.values.reduce(0) { $0 + $1.count } } }
}
