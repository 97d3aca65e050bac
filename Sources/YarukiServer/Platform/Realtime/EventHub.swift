import Foundation
import YarukiAPI
import YarukiHTTP
import YarukiJSON
import YarukiStore

/// Each person's own event stream (`GET /v1/events`): what changed that their screens show.
/// Events travel through the `EventBus` (topic `user`), so a stream on any node hears what was
/// written through every node; their ids are the bus log's, so a client that reconnects to any
/// node with `Last-Event-ID` is sent what it missed (up to `replayLimit` events of the last day).
final class EventHub: @unchecked Sendable {
    /// A stream; while it is being sent what it missed, the live events that came meanwhile; and
    /// the newest logged id it was sent from the log, which a live event does not repeat (the log
    /// can hold an event this node has yet to hear: the catch-up sends it, then the bus delivers it).
    private final class Attached {
        let stream: EventStream
        var held: [ServerSentEvent]?
        var sentFromLog: Int64 = 0
        init(_ stream: EventStream, catchingUp: Bool) {
            self.stream = stream
            held = catchingUp ? [] : nil
        }
    }

    static let topic = "user"
    static let replayLimit = 200
    private let lock = NSLock()
    private var streams: [UUID: [ObjectIdentifier: Attached]] = [:]
    let bus: EventBus

    init(bus: EventBus) {
        self.bus = bus
        bus.subscribe(EventHub.topic) { [weak self] entry in self?.deliver(entry) }
    }

    /// Starts sending to `stream`: first what came after its `Last-Event-ID`, then `ready`, then live events.
    func attach(_ stream: EventStream, for user: UUID) async {
        let last = stream.lastEventID.flatMap(Int64.init)
        let attached = Attached(stream, catchingUp: last != nil)
        lock.withLock { streams[user, default: [:]][ObjectIdentifier(stream)] = attached }
        stream.onClose { [weak self, weak stream] in
            guard let self, let stream else { return }
            _ = self.lock.withLock { self.streams[user]?.removeValue(forKey: ObjectIdentifier(stream)) }
        }
        var sentUpTo = last ?? 0
        if let last {
            let missed = ((try? await bus.since(last, topic: EventHub.topic, limit: EventHub.replayLimit * 20)) ?? [])
                .filter { EventHub.audience($0.audience).contains(user) }.suffix(EventHub.replayLimit)
            for entry in missed { stream.send(EventHub.event(entry)) }
            sentUpTo = missed.last?.id ?? last
            // Live events that came meanwhile, after what the log gave, in order; from here on they
            // go straight out, but none the log already gave. Sent under the lock (sending only
            // queues bytes), so no live event overtakes them.
            lock.withLock {
                for event in attached.held ?? [] {
                    // A passing event (no id) was not in the log: it goes out as it came.
                    let id = event.id.flatMap { Int64($0) }
                    if let id, id <= sentUpTo { continue }
                    stream.send(event)
                    sentUpTo = id ?? sentUpTo
                }
                attached.held = nil
                attached.sentFromLog = sentUpTo
            }
        }
        stream.send(ServerSentEvent(id: String(max(sentUpTo, await bus.currentID())), event: "ready", data: "{}"))
    }

    /// Sends `event` (its name and JSON data) to every open stream of each of `users`, on every node.
    /// `kept`: logged, so a stream that reconnects with `Last-Event-ID` is sent it again; a passing
    /// event (a hint that something moved, which a reconnecting client asks for anyway) is only
    /// sent to the streams open now, and carries no id.
    func publish(_ name: String, _ data: some JSONWritable, to users: [UUID], kept: Bool = true) {
        guard !users.isEmpty, let json = try? JSONBytes.encode(data) else { return }
        bus.publish(EventHub.topic, name: name, audience: users.map { $0.lowercasedString }.joined(separator: ","),
                    data: String(decoding: json, as: UTF8.self), kept: kept, personal: true)
    }

    /// What a passing `name` event to `user`'s streams is told between nodes as, before its JSON
    /// data: for a statement that completes its data in the database.
    func notificationHead(_ name: String, to user: UUID) -> String {
        EventLogStore.notificationHead(topic: EventHub.topic, name: name, audience: user.lowercasedString)
    }

    private func deliver(_ entry: EventLogStore.Entry) {
        let event = EventHub.event(entry)
        let targets: [EventStream] = lock.withLock {
            EventHub.audience(entry.audience).flatMap { user in
                (streams[user]?.values ?? [:].values).compactMap { attached in
                    guard attached.held == nil else {
                        attached.held!.append(event)
                        return nil
                    }
                    return entry.id > 0 && entry.id <= attached.sentFromLog ? nil : attached.stream
                }
            }
        }
        for stream in targets { stream.send(event) }
    }

    private static func event(_ entry: EventLogStore.Entry) -> ServerSentEvent {
        ServerSentEvent(id: entry.id > 0 ? String(entry.id) : nil, event: entry.name, data: entry.data)
    }

    private static func audience(_ text: String) -> [UUID] {
        text.split(separator: ",").compactMap { UUID(strict: String($0)) }
    }

    var openStreams: Int { lock.withLock { streams.values.reduce(0) { $0 + $1.count } } }
}
