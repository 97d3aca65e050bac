import Foundation
import YarukiAPI
import YarukiHTTP

/// CPU-heavy or blocking work (argon2, later media tools) off the event loops, on at most
/// `width` threads; past `maxWaiting` queued jobs it answers 503 instead of queueing without end.
final class BlockingWork: @unchecked Sendable {
    private let queue: DispatchQueue
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var waiting = 0
    private let maxWaiting: Int

    init(name: String, width: Int, maxWaiting: Int) {
        queue = DispatchQueue(label: "yaruki.\(name)", attributes: .concurrent)
        slots = DispatchSemaphore(value: max(1, width))
        self.maxWaiting = maxWaiting
    }

    private func admit() -> Bool {
        lock.withLock {
            guard waiting < maxWaiting else { return false }
            waiting += 1
            return true
        }
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard admit() else {
            throw Refusal(.unavailable, "The server is busy. Try again in a moment.", retryAfter: 2)
        }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { [self] in
                slots.wait()
                lock.withLock { waiting -= 1 }
                defer { slots.signal() }
                continuation.resume(with: Result { try work() })
            }
        }
    }

    /// From inside `run`'s work (a dispatch thread, never one of Swift's own): waits for async
    /// work, such as a transaction that lands what the blocking reader has read so far.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Task {
            do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        guard let result = box.result else { throw Refusal.bug() }
        return try result.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        var result: Result<T, Error>?
    }
}
