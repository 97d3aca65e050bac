import Synchronization

/// Work from concurrent requests done together: new workouts written in one transaction, with
/// one commit and a few statements for a whole group, where each alone would take a transaction,
/// its commit's flush and its own statements; accounts and kept replies' versions read in one
/// statement, where each would take a round trip and a statement of its own. An item waits only while groups are already
/// under way (at most `width` at once); whatever arrives meanwhile becomes the next group (at
/// most `limit`). A group begins after every item in it arrived, so what it reads is never older
/// than any of its requests.
///
/// The groups are run by the requests themselves, on their own tasks (no task of its own, which
/// would need the shared cooperative pool): a request that finds fewer than `width` running runs
/// groups until its own item is answered, then hands the turn to the first request still
/// waiting, which runs the next group and so on.
///
/// `together` does a group's work and answers each item, in order. If it throws (a write that
/// breaks a rule, a race with another writer, a deadlock PostgreSQL broke), nothing of the group
/// was kept: each item is then done `alone`, the way it would be without groups, and answers for
/// itself. So one bad item costs its group a second try, never another's answer.
final class WorkGroups<Item: Sendable, Answer: Sendable>: Sendable {
    typealias Together = @Sendable ([Item]) async throws -> [Answer]
    typealias Alone = @Sendable (Item) async throws -> Answer

    private struct Entry: Sendable {
        var item: Item
        var turn: Turn
        /// Asked to run the next groups (so not asked twice).
        var leads = false
    }

    private struct Queue: Sendable {
        var entries: [Entry] = []
        /// Requests running groups now.
        var running = 0
        var groups = 0, items = 0, alone = 0
    }

    private let queue = Mutex(Queue())
    let limit: Int
    let width: Int

    init(limit: Int = 64, width: Int = 2) {
        self.limit = max(1, limit)
        self.width = max(1, width)
    }

    /// Groups done together, the items they held and the items done alone after a group failed.
    var done: (groups: Int, items: Int, alone: Int) { queue.withLock { ($0.groups, $0.items, $0.alone) } }

    /// Does `item` in the next group; its answer, or its failure when done alone.
    func run(_ item: Item, together: Together, alone: @escaping Alone) async throws -> Answer {
        let turn = Turn()
        var leads = queue.withLock { queue -> Bool in
            let leads = queue.running < width
            if leads { queue.running += 1 }
            queue.entries.append(Entry(item: item, turn: turn, leads: leads))
            return leads
        }
        while true {
            if leads { await runGroups(until: turn, together, alone) }
            if let answer = turn.answer { return try answer.get() }
            leads = await turn.next()
        }
    }

    /// Runs groups until `turn` is answered, then hands the turn to the first request still
    /// waiting that is not running groups already (or, with none, stops).
    private func runGroups(until turn: Turn, _ together: Together, _ alone: @escaping Alone) async {
        while true {
            let group = queue.withLock { queue -> [Entry] in
                let taken = Array(queue.entries.prefix(limit))
                queue.entries.removeFirst(taken.count)
                if taken.isEmpty { queue.running -= 1 }
                return taken
            }
            guard !group.isEmpty else { return }
            await run(group, together, alone)
            guard turn.answer != nil else { continue }
            let next = queue.withLock { queue -> Turn? in
                guard let i = queue.entries.firstIndex(where: { !$0.leads }) else {
                    queue.running -= 1
                    return nil
                }
                queue.entries[i].leads = true
                return queue.entries[i].turn
            }
            next?.lead()
            return
        }
    }

    private func run(_ group: [Entry], _ together: Together, _ alone: @escaping Alone) async {
        do {
            let answers = try await together(group.map(\.item))
            guard answers.count == group.count else { throw WorkGroupsError.answers(group.count, answers.count) }
            queue.withLock { $0.groups += 1; $0.items += group.count }
            for (entry, answer) in zip(group, answers) { entry.turn.answer(.success(answer)) }
        } catch {
            queue.withLock { $0.alone += group.count }
            await withTaskGroup(of: Void.self) { tasks in
                for entry in group {
                    tasks.addTask {
                        do { entry.turn.answer(.success(try await alone(entry.item))) } catch { entry.turn.answer(.failure(error)) }
                    }
                }
            }
        }
    }

    /// One request's place: answered once, and perhaps asked before that to run groups.
    private final class Turn: Sendable {
        private struct State {
            var answer: Result<Answer, Error>?
            var leads = false
            var waiter: CheckedContinuation<Void, Never>?
        }

        private let state = Mutex(State())

        var answer: Result<Answer, Error>? { state.withLock { $0.answer } }

        func answer(_ result: Result<Answer, Error>) {
            state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.answer = result
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }

        func lead() {
            state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.leads = true
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }

        /// Waits until answered or asked to run groups; whether asked. Asked, it runs them even
        /// when answered meanwhile (another's group took its item): the turn was handed to it,
        /// and only it can hand it on or end it.
        func next() async -> Bool {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    guard state.answer == nil, !state.leads else { return true }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
            return state.withLock { state in
                defer { state.leads = false }
                return state.leads
            }
        }
    }
}

enum WorkGroupsError: Error, CustomStringConvertible {
    case answers(Int, Int)

    var description: String {
        switch self {
        case let .answers(items, answers): "a group of \(items) items was answered \(answers) times"
        }
    }
}
