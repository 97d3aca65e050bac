import Foundation

/// Connections that block while they work, lent out one at a time on worker threads
/// so the event loops never wait on them.
final class BlockingPool<Connection: AnyObject>: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: [Connection] = []
    private var opened = 0
    private var waiting = 0
    private var closed = false
    private let capacity: Int
    private let make: () throws -> Connection
    private let queue: DispatchQueue

    init(name: String, capacity: Int, make: @escaping () throws -> Connection) {
        self.capacity = capacity
        self.make = make
        self.queue = DispatchQueue(label: "yaruki.\(name)", attributes: .concurrent)
    }

    /// Takes an idle connection without waiting, or nil.
    func tryCheckout() -> Connection? {
        condition.lock()
        defer { condition.unlock() }
        return closed ? nil : idle.popLast()
    }

    func checkout() throws -> Connection {
        condition.lock()
        while true {
            if closed {
                condition.unlock()
                throw DatabaseError.unavailable("the server is stopping")
            }
            if let connection = idle.popLast() {
                condition.unlock()
                return connection
            }
            if opened < capacity {
                opened += 1
                condition.unlock()
                do {
                    return try make()
                } catch {
                    condition.lock()
                    opened -= 1
                    condition.signal()
                    condition.unlock()
                    throw error
                }
            }
            waiting += 1
            condition.wait()
            waiting -= 1
        }
    }

    func checkin(_ connection: Connection) {
        condition.lock()
        idle.append(connection)
        if closed { condition.broadcast() } else { condition.signal() }
        condition.unlock()
    }

    /// Takes no more checkouts, waits up to `seconds` for those out to come back, and hands
    /// over every idle connection (to be closed by dropping them).
    func shutDown(waiting seconds: Double) -> [Connection] {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        let deadline = Date().addingTimeInterval(seconds)
        while opened > idle.count, condition.wait(until: deadline) {}
        let all = idle
        idle.removeAll()
        opened -= all.count
        return all
    }

    /// A broken connection is dropped; the next checkout opens a new one.
    func discard(_ connection: Connection) {
        condition.lock()
        opened -= 1
        if closed { condition.broadcast() } else { condition.signal() }
        condition.unlock()
    }

    func run<T>(_ work: @escaping () throws -> T) async throws -> T {
        let work = HandedOver(work)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try work.value() })
            }
        }
    }

    var statistics: PoolStatistics {
        condition.lock()
        defer { condition.unlock() }
        return PoolStatistics(open: opened, inUse: opened - idle.count, waiting: waiting)
    }

    /// Runs `body` on each idle connection while none can be lent out.
    func forEachIdle(_ body: (Connection) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        for connection in idle { body(connection) }
    }

    func drainIdle() -> [Connection] {
        condition.lock()
        defer { condition.unlock() }
        let all = idle
        idle.removeAll()
        opened -= all.count
        return all
    }
}
