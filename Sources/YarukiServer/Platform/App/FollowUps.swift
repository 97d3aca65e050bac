import Foundation
import Synchronization

/// Work a write leaves to run after its reply has gone: a challenge recount, a push queued, a
/// group's streaks kept, what a start found cut off. Each runs on a task of its own and is counted
/// while it runs, so that a stop waits for it before the database closes (`Application.stop`).
/// Before, a stop closed the database under it: a push queued after a like could be lost with
/// the process, and a write landing after the close's checkpoint went back into the WAL.
final class FollowUps: Sendable {
    private let running = Mutex(0)

    /// Runs `work` on a task of its own, counted until it ends.
    func start(_ work: @escaping @Sendable () async -> Void) {
        running.withLock { $0 += 1 }
        Task {
            await work()
            self.running.withLock { $0 -= 1 }
        }
    }

    /// How many are running now.
    var count: Int { running.withLock { $0 } }

    /// Waits until none is running (work started by a running one included), at most `seconds`.
    /// True when none is.
    @discardableResult
    func finish(waiting seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while count > 0 {
            guard Date() < deadline else { return false }
            usleep(2_000)
        }
        return true
    }
}
