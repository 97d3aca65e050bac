import Foundation

/// One connection per node that `LISTEN`s on a channel, on a thread of its own. It reconnects by
/// itself (backing off to two seconds while PostgreSQL is away) and, after each connect, first
/// calls `connected` with the connection (to catch up on what was missed while it was down),
/// then `received` with each batch of notification payloads as they come; `failed` hears why a
/// connection was lost. A connection that has
/// been quiet for `probeAfter` seconds is checked with `SELECT 1`, so a peer gone without a word
/// is noticed too.
public final class PostgresListener: @unchecked Sendable {
    private let url: String
    private let target: String
    private let channel: String
    private let connected: @Sendable (SQLConnection) throws -> Void
    private let received: @Sendable ([String], SQLConnection) throws -> Void
    private let failed: @Sendable (String) -> Void
    private let lock = NSLock()
    private var running = false
    private var up = false
    private var connects = 0
    private let finished = DispatchSemaphore(value: 0)
    var probeAfter: Double = 15

    init(url: String, target: String, channel: String, connected: @escaping @Sendable (SQLConnection) throws -> Void,
         received: @escaping @Sendable ([String], SQLConnection) throws -> Void, failed: @escaping @Sendable (String) -> Void) {
        (self.url, self.target, self.channel, self.connected, self.received, self.failed) = (url, target, channel, connected, received, failed)
    }

    /// Listening now.
    public var isConnected: Bool { lock.withLock { up } }
    /// How many times it has connected (1 after the first; more after reconnects).
    public var connectCount: Int { lock.withLock { connects } }

    public func start() {
        lock.withLock { running = true }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "yaruki.listen"
        thread.start()
    }

    /// Stops listening and waits (at most a few seconds) for the thread to end.
    public func stop() {
        let was = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        if was { _ = finished.wait(timeout: .now() + 5) }
    }

    private var isRunning: Bool { lock.withLock { running } }

    private func run() {
        var pause = 0.1
        while isRunning {
            do {
                let connection = try PostgresConnection(url: url, target: target)
                try connection.execute("LISTEN \(channel)", [])
                try connected(connection)
                lock.withLock {
                    up = true
                    connects += 1
                }
                pause = 0.1
                var quiet = 0.0
                while isRunning {
                    guard let payloads = connection.notifications(waiting: 0.5) else { break }
                    if payloads.isEmpty {
                        quiet += 0.5
                        if quiet >= probeAfter {
                            try connection.execute("SELECT 1", [])
                            quiet = 0
                        }
                        continue
                    }
                    quiet = 0
                    try received(payloads, connection)
                    // What the handler sent without waiting (`queryLater`) goes out now, as at a read's end.
                    try connection.flush()
                }
            } catch {
                if isRunning { failed("\(error)") }
            }
            lock.withLock { up = false }
            guard isRunning else { break }
            Thread.sleep(forTimeInterval: pause)
            pause = min(2, pause * 2)
        }
    }
}
