import Foundation

/// The body of a streamed response (`Response.stream`), written by a producer on any thread.
/// `write` queues bytes on the connection's loop and returns at once while little is waiting;
/// past `highWater` bytes it waits until the client has taken most of them, so a slow reader
/// slows the producer instead of growing memory. It throws once the client is gone.
public final class BodyWriter: @unchecked Sendable {
    static let highWater = 256 << 10
    static let lowWater = 64 << 10

    private let loop: EventLoop
    private weak var connection: Connection?
    private let lock = NSLock()
    private var written = 0

    init(loop: EventLoop, connection: Connection) {
        self.loop = loop
        self.connection = connection
    }

    /// Bytes handed over so far.
    public var count: Int { lock.withLock { written } }

    public func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        lock.withLock { written += bytes.count }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            loop.execute { [weak self] in
                guard let connection = self?.connection else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                connection.writeBody(bytes, then: continuation)
            }
        }
    }

    public func write(_ data: Data) async throws { try await write([UInt8](data)) }
}
