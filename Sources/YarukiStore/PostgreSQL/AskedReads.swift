import Foundation

/// A read asked with `Database.readTogether(_:)`, from its asking to its answer.
protocol AskedReading: AnyObject {
    /// Sends its reads ahead and its work's statements with `queryLater`; throws what the work throws.
    func ask(_ c: SQLConnection) throws
    /// Hands its caller the value made from the answers, or their failure. Only the first of
    /// `answer` and `fail` counts.
    func answer()
    func fail(_ error: Error)
}

final class AskedRead<T>: AskedReading, @unchecked Sendable {
    private let ahead: [(ReadAhead, SQLStatement)]
    private let work: (SQLConnection) throws -> Later<T>
    private var continuation: CheckedContinuation<T, Error>?
    private var later: Later<T>?

    init(ahead: [(ReadAhead, SQLStatement)], work: @escaping (SQLConnection) throws -> Later<T>, continuation: CheckedContinuation<T, Error>) {
        self.ahead = ahead
        self.work = work
        self.continuation = continuation
    }

    func ask(_ c: SQLConnection) throws {
        try ReadAhead.send(ahead, on: c)
        later = try work(c)
    }

    func answer() {
        guard let later else { return fail(DatabaseError.unavailable("a read was answered before it was asked")) }
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(with: Result { try later.value() })
    }

    func fail(_ error: Error) {
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(throwing: error)
    }
}

/// The reads asked and waiting to go out, and the threads that send them: a thread that finds
/// several waiting takes them all at once. The threads are their own (not a dispatch queue's, which
/// here starts a second worker only long after the first blocks in a round trip); one idle for a
/// second ends, and the next read starts another.
final class AskedReads: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [AskedReading] = []
    private var threads = 0
    private var idle = 0
    private var closed = false
    private let most: Int
    private var counted = (rounds: 0, reads: 0)

    init(threads: Int) {
        most = max(1, threads)
    }

    /// Since start: how many times reads were taken to go out, and how many reads.
    var taken: (rounds: Int, reads: Int) { condition.withLock { counted } }

    /// Adds a read; true when the caller must start a thread to send (none is idle and fewer than
    /// the most are running). False and the read failed when closed.
    func add(_ read: AskedReading) -> Bool {
        condition.lock()
        if closed {
            condition.unlock()
            read.fail(DatabaseError.unavailable("the server is stopping"))
            return false
        }
        waiting.append(read)
        let start = idle == 0 && threads < most
        if start { threads += 1 } else { condition.signal() }
        condition.unlock()
        return start
    }

    /// The reads waiting, oldest first (at most `count`), once there are any; nil when none came
    /// for a second or the database closed: the thread then ends.
    func next(atMost count: Int) -> [AskedReading]? {
        condition.lock()
        defer { condition.unlock() }
        let until = Date().addingTimeInterval(1)
        while waiting.isEmpty && !closed {
            idle += 1
            let woken = condition.wait(until: until)
            idle -= 1
            if !woken && waiting.isEmpty { break }
        }
        guard !waiting.isEmpty else {
            threads -= 1
            return nil
        }
        let taken = Array(waiting.prefix(count))
        waiting.removeFirst(taken.count)
        counted.rounds += 1
        counted.reads += taken.count
        return taken
    }

    /// Takes no more reads; the threads end once what waits has gone out.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }
}
