import Foundation

/// The body of a streamed response (`Response.Body.stream`), written by its producer on a thread
/// of its own (it may block on file reads without holding up a loop or the task pool). `write`
/// hands bytes to the connection's loop and returns at once while little is waiting; past
/// `highWater` bytes it blocks until the client has taken most of them, so a slow reader slows
/// the producer instead of growing memory. It throws once the client is gone.
public final class BodyWriter: @unchecked Sendable {
    static let highWater = 256 << 10
    static let lowWater = 64 << 10

    public struct Gone: Error {}

    private let loop: EventLoop
    private weak var connection: Connection?

    init(loop: EventLoop, connection: Connection) {
        self.loop = loop
        self.connection = connection
    }

    public func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        loop.execute { [weak self] in
            guard let connection = self?.connection else {
                outcome.failed = true
                done.signal()
                return
            }
            connection.writeBody(bytes) { ok in
                outcome.failed = !ok
                done.signal()
            }
        }
        done.wait()
        if outcome.failed { throw Gone() }
    }

    public func write(_ data: Data) throws { try write([UInt8](data)) }

    /// Set on the loop before the semaphore is signalled, read by the producer after.
    private final class Outcome: @unchecked Sendable { var failed = false }
}
