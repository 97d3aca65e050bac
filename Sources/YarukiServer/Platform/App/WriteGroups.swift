import Synchronization

/// Writes from concurrent requests made together: one transaction, one commit and a few
/// statements for a whole group, where each alone would take a transaction, its commit's flush
/// and its own statements. A write waits only while groups are already being written (at most
/// `width` at once); whatever arrives meanwhile becomes the next group (at most `limit`).
///
/// The groups are written by the requests themselves, on their own tasks (no task of its own,
/// which would need the shared cooperative pool): a request that finds fewer than `width`
/// writing writes groups until its own item is answered, then hands the turn to the first
/// request still waiting, which writes the next group and so on.
///
/// `together` writes a group and answers each item, in order. If it throws (a write that breaks
/// a rule, a race with another writer, a deadlock PostgreSQL broke), nothing of the group was
/// kept: each item is then written `alone`, the way it would be without groups, and answers
/// for itself. So one bad write costs its group a second try, never another's write.
final class WriteGroups<Item: Sendable, Answer: Sendable>: Sendable {
    typealias Together = @Sendable ([Item]) async throws -> [Answer]
    typealias Alone = @Sendable (Item) async throws -> Answer

    private struct Entry: Sendable {
        var item: Item
        var turn: Turn
        /// Asked to write the next groups (so not asked twice).
        var leads = false
    }

    private struct Queue: Sendable {
        var entries: [Entry] = []
        /// Requests writing groups now.
        var writing = 0
        var groups = 0, items = 0, alone = 0
    }

    private let queue = Mutex(Queue())
    let limit: Int
    let width: Int

    init(limit: Int = 64, width: Int = 2) {
        self.limit = max(1, limit)
        self.width = max(1, width)
    }

    /// Groups written together, the items they held and the items written alone after a group failed.
    var written: (groups: Int, items: Int, alone: Int) { queue.withLock { ($0.groups, $0.items, $0.alone) } }

    /// Writes `item` in the next group; its answer, or its failure when written alone.
    func write(_ item: Item, together: Together, alone: @escaping Alone) async throws -> Answer {
        let turn = Turn()
        var leads = queue.withLock { queue -> Bool in
            let leads = queue.writing < width
            if leads { queue.writing += 1 }
            queue.entries.append(Entry(item: item, turn: turn, leads: leads))
            return leads
        }
        while true {
            if leads { await writeGroups(until: turn, together, alone) }
            if let answer = turn.answer { return try answer.get() }
            leads = await turn.next()
        }
    }

    /// Writes groups until `turn` is answered, then hands the writing to the first request still
    /// waiting that is not writing already (or, with none, stops).
    private func writeGroups(until turn: Turn, _ together: Together, _ alone: @escaping Alone) async {
        while true {
            let group = queue.withLock { queue -> [Entry] in
                let taken = Array(queue.entries.prefix(limit))
                queue.entries.removeFirst(taken.count)
                if taken.isEmpty { queue.writing -= 1 }
                return taken
            }
            guard !group.isEmpty else { return }
            await write(group, together, alone)
            guard turn.answer != nil else { continue }
            let next = queue.withLock { queue -> Turn? in
                guard let i = queue.entries.firstIndex(where: { !$0.leads }) else {
                    queue.writing -= 1
                    return nil
                }
                queue.entries[i].leads = true
                return queue.entries[i].turn
            }
            next?.lead()
            return
        }
    }

    private func write(_ group: [Entry], _ together: Together, _ alone: @escaping Alone) async {
        do {
            let answers = try await together(group.map(\.item))
            guard answers.count == group.count else { throw WriteGroupsError.answers(group.count, answers.count) }
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

    /// One request's place: answered once, and perhaps asked before that to write groups.
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

        /// Waits until answered or asked to write; whether asked to write. Asked, it writes even
        /// when answered meanwhile (another's group took its item): the turn to write was handed
        /// to it, and only it can hand it on or end it.
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

enum WriteGroupsError: Error, CustomStringConvertible {
    case answers(Int, Int)

    var description: String {
        switch self {
        case let .answers(items, answers): "a group of \(items) writes was answered \(answers) times"
        }
    }
}
