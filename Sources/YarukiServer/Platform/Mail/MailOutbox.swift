import Foundation
import Synchronization
import YarukiHTTP
import YarukiStore

/// Where mail goes: an SMTP server, or without one a folder of .eml files (`DATA_DIR/mail`).
enum MailTransport: Sendable, Equatable {
    case smtp(SMTPServer)
    case folder(String)
}

/// Outgoing mail. An area queues a message inside its own transaction, so a mail exists exactly
/// when what it tells of does (a reset link is mailed only if its token was stored); every node
/// delivers what is due, a failed try waits longer each time, and a mail whose link has run out
/// is dropped instead of sent.
final class MailOutbox: Sendable {
    let from: MailAddress
    let transport: MailTransport
    private let database: Database
    private let clock: @Sendable () -> Date
    private let work = BlockingWork(name: "mail", width: 1, maxWaiting: 10_000)
    private let kicks: AsyncStream<Void>.Continuation
    private let stream: AsyncStream<Void>
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let executor = Mutex<(any TaskExecutor)?>(nil)

    /// Tries before a mail is given up (about three hours of waiting in all).
    static let maxAttempts = 8
    /// How long a node holds a claimed mail before another may try it.
    static let claimHold: TimeInterval = 120

    init(database: Database, from: MailAddress, transport: MailTransport, clock: @escaping @Sendable () -> Date) throws {
        self.database = database
        self.from = from
        self.transport = transport
        self.clock = clock
        (stream, kicks) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        if case let .folder(path) = transport {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
    }

    /// Queues `message` in the caller's transaction; call `kick()` once it has committed.
    func enqueue(_ message: MailMessage, user: UUID?, expiresAt: Date, _ c: SQLConnection) throws {
        let (id, now) = (UUID(), clock())
        let encoding: MailMessage.BodyEncoding = if case .folder = transport { .eightBit } else { .base64 }
        try MailOutboxStore.insert(id: id, user: user, recipient: message.to, message: message.rendered(from: from, date: now, id: id, encoding: encoding),
                                   at: now, expiresAt: expiresAt, c)
    }

    /// Wakes the delivery loop (mail just queued).
    func kick() { kicks.yield() }

    /// Delivers now and after every kick, and every `interval` seconds for retries and for mail
    /// another node queued; on `executor` (a server loop) when given.
    func start(on executor: (any TaskExecutor)?, interval: Double = 15) {
        self.executor.withLock { $0 = executor }
        let outbox = self
        let loop = Task(executorPreference: executor) {
            for await _ in outbox.stream { await outbox.deliverDue() }
        }
        let timer = Task(executorPreference: executor) {
            while !Task.isCancelled {
                outbox.kick()
                try? await Task.sleep(for: .seconds(interval))
            }
        }
        tasks.withLock { $0 += [loop, timer] }
    }

    /// Runs `work` after the request that asked for it has been answered (a reset link: the
    /// answer must not wait for, or time, the lookup), where the deliveries run.
    func later(_ work: @escaping @Sendable () async -> Void) {
        Task(executorPreference: executor.withLock { $0 }) { await work() }
    }

    func stop() {
        kicks.finish()
        for task in tasks.withLock({ list in defer { list = [] }; return list }) { task.cancel() }
    }

    /// Delivers every due mail once; returns how many went out.
    @discardableResult
    func deliverDue() async -> Int {
        var sent = 0
        while true {
            let now = clock()
            guard let batch = try? await database.transaction({ c in try MailOutboxStore.claimDue(at: now, hold: MailOutbox.claimHold, limit: 20, c) }),
                  !batch.isEmpty else { return sent }
            for entry in batch {
                if await deliver(entry) { sent += 1 }
            }
        }
    }

    private func deliver(_ entry: MailOutboxStore.Entry) async -> Bool {
        let now = clock()
        guard entry.expiresAt > now else {
            ServerLog.info("mail dropped: its link ran out before it could be delivered", ["mail": entry.id.uuidString.lowercased()])
            _ = try? await database.transaction { c in try MailOutboxStore.remove(entry.id, c) }
            return false
        }
        let (transport, sender) = (self.transport, from.address)
        do {
            try await work.run { try MailOutbox.hand(entry, over: transport, from: sender) }
            _ = try? await database.transaction { c in try MailOutboxStore.remove(entry.id, c) }
            return true
        } catch {
            let reason = String(describing: error)
            if entry.attempts >= MailOutbox.maxAttempts {
                ServerLog.error("mail given up", ["mail": entry.id.uuidString.lowercased(), "reason": reason, "attempts": String(entry.attempts)])
                _ = try? await database.transaction { c in try MailOutboxStore.remove(entry.id, c) }
            } else {
                let wait = min(30 * pow(2, Double(entry.attempts - 1)), 3600)
                ServerLog.error("mail not delivered; trying again", ["mail": entry.id.uuidString.lowercased(), "reason": reason,
                                                                      "in": "\(Int(wait)) s"])
                _ = try? await database.transaction { c in
                    try MailOutboxStore.postpone(entry.id, until: now.addingTimeInterval(wait), error: reason, c)
                }
            }
            return false
        }
    }

    private static func hand(_ entry: MailOutboxStore.Entry, over transport: MailTransport, from: String) throws {
        switch transport {
        case let .smtp(server):
            try server.send(entry.message, from: from, to: [entry.recipient])
        case let .folder(path):
            // Named by the time to the microsecond: in name order, mails are in the order they were delivered.
            let now = Date()
            let stamp = ISO8601DateFormatter.string(from: now, timeZone: .gmt, formatOptions: [.withYear, .withMonth, .withDay, .withTime])
            let micros = String(format: "%06d", Int(now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) * 1_000_000))
            let name = "\(path)/\(stamp).\(micros)-\(entry.id.uuidString.lowercased()).eml"
            let partial = name + ".part"
            guard FileManager.default.createFile(atPath: partial, contents: Data(entry.message.utf8), attributes: [.posixPermissions: 0o600]),
                  rename(partial, name) == 0 else {
                unlink(partial)
                throw SMTPServer.Failure(description: "cannot write \(name)")
            }
        }
    }
}
