import Foundation
import Synchronization
import YarukiHTTP
import YarukiJSON
import YarukiStore

/// Where mail goes: an SMTP server, or without one a folder of .eml files (`DATA_DIR/mail`).
enum MailTransport: Sendable, Equatable {
    case smtp(SMTPServer)
    case folder(String)
}

/// Outgoing mail. An area queues a message inside its own transaction, so a mail exists exactly
/// when what it tells of does (a reset link is mailed only if its token was stored), with a job
/// that delivers it: whichever node's runner takes the job sends it, a failed try waits longer
/// each time (30 s, doubling), and a mail whose link has run out is dropped instead of sent.
final class MailOutbox: Sendable {
    let from: MailAddress
    let transport: MailTransport
    private let database: Database
    private let jobs: JobRunner
    private let clock: @Sendable () -> Date
    private let work = BlockingWork(name: "mail", width: 1, maxWaiting: 10_000)
    private let underWay = Mutex(0)

    static let job = "mail.deliver"
    /// Tries before a mail is given up (about two hours of waiting in all).
    static let maxAttempts = 8

    init(database: Database, jobs: JobRunner, from: MailAddress, transport: MailTransport, clock: @escaping @Sendable () -> Date) throws {
        self.database = database
        self.jobs = jobs
        self.from = from
        self.transport = transport
        self.clock = clock
        if case let .folder(path) = transport {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        jobs.register(MailOutbox.job, maxAttempts: MailOutbox.maxAttempts, lease: 120, firstRetry: 30) { [weak self] job in
            guard let self, let id = UUID(strict: job.payload) else { return }
            try await self.deliver(id, lastTry: job.attempt >= job.maxAttempts)
        }
    }

    /// Queues `message` in the caller's transaction; call `kick()` once it has committed.
    func enqueue(_ message: MailMessage, user: UUID?, expiresAt: Date, _ c: SQLConnection) throws {
        let (id, now) = (UUID.timeOrdered(), clock())
        let encoding: MailMessage.BodyEncoding = if case .folder = transport { .eightBit } else { .base64 }
        try MailOutboxStore.insert(id: id, user: user, recipient: message.to, message: message.rendered(from: from, date: now, id: id, encoding: encoding),
                                   at: now, expiresAt: expiresAt, c)
        try jobs.enqueue(MailOutbox.job, payload: id.lowercasedString, c)
    }

    /// Wakes the runners (mail just queued and committed).
    func kick() { jobs.nudge() }

    /// Runs `work` after the request that asked for it has been answered (a reset link: the
    /// answer must not wait for, or time, the lookup).
    func later(_ work: @escaping @Sendable () async -> Void) {
        underWay.withLock { $0 += 1 }
        Task.detached { [self] in
            await work()
            self.underWay.withLock { $0 -= 1 }
        }
    }

    /// How many pieces of work `later` holds that have not finished (none: every mail asked for
    /// so far is queued, or was refused).
    var laterWorkUnderWay: Int { underWay.withLock { $0 } }

    /// One try at one mail (the job's): sent and forgotten, dropped when its link ran out or on
    /// the last try, or thrown back to the runner to try again later.
    private func deliver(_ id: UUID, lastTry: Bool) async throws {
        guard let entry = try await database.read({ c in try MailOutboxStore.entry(id, c) }) else { return }
        guard entry.expiresAt > clock() else {
            ServerLog.info("mail dropped: its link ran out before it could be delivered", ["mail": id.lowercasedString])
            _ = try? await database.transaction { c in try MailOutboxStore.remove(id, c) }
            return
        }
        let (transport, sender) = (self.transport, from.address)
        do {
            try await work.run { try MailOutbox.hand(entry, over: transport, from: sender) }
        } catch {
            let reason = String(describing: error)
            ServerLog.error(lastTry ? "mail given up" : "mail not delivered; trying again", ["mail": id.lowercasedString, "reason": reason])
            _ = try? await database.transaction { c in
                if lastTry { try MailOutboxStore.remove(id, c) } else { try MailOutboxStore.failed(id, error: reason, c) }
            }
            throw error
        }
        _ = try? await database.transaction { c in try MailOutboxStore.remove(id, c) }
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
            let name = "\(path)/\(stamp).\(micros)-\(entry.id.lowercasedString).eml"
            let partial = name + ".part"
            guard FileManager.default.createFile(atPath: partial, contents: Data(entry.message.utf8), attributes: [.posixPermissions: 0o600]),
                  rename(partial, name) == 0 else {
                unlink(partial)
                throw SMTPServer.Failure(description: "cannot write \(name)")
            }
        }
    }
}
