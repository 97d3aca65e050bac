import Foundation
import Synchronization
import Testing
@testable import YarukiServer

/// Writes from requests at once are written together, each answered its own, never more groups
/// at once than allowed, and a group that fails has its writes written alone, each answering for
/// itself.
@Suite(.timeLimit(.minutes(1))) struct WorkGroupsTests {
    /// What `together` saw: the groups, and the most written at once.
    final class Seen: Sendable {
        let groups = Mutex<[[Int]]>([])
        let now = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let alone = Mutex<[Int]>([])

        func together(_ items: [Int], failing: Int? = nil) async throws -> [String] {
            let at = now.add(1, ordering: .relaxed).newValue
            _ = most.max(at, ordering: .relaxed)
            defer { now.subtract(1, ordering: .relaxed) }
            groups.withLock { $0.append(items) }
            // Long enough for the others to queue behind it.
            try await Task.sleep(for: .milliseconds(5))
            if let failing, items.contains(failing) { throw Failure.bad(failing) }
            return items.map { "together \($0)" }
        }

        func alone(_ item: Int, failing: Int? = nil) async throws -> String {
            alone.withLock { $0.append(item) }
            if item == failing { throw Failure.bad(item) }
            return "alone \(item)"
        }
    }

    enum Failure: Error, Equatable { case bad(Int) }

    @Test(arguments: [1, 2])
    func writesAtOnceAreWrittenTogetherEachAnsweredItsOwn(width: Int) async throws {
        let groups = WorkGroups<Int, String>(limit: 8, width: width)
        let seen = Seen()
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { tasks in
            for i in 0..<200 {
                tasks.addTask {
                    (i, try await groups.run(i, together: { try await seen.together($0) }, alone: { try await seen.alone($0) }))
                }
            }
            var answers: [Int: String] = [:]
            for try await (i, answer) in tasks { answers[i] = answer }
            return answers
        }
        #expect(answers.count == 200)
        #expect(answers.allSatisfy { $0.value == "together \($0.key)" })
        let written = seen.groups.withLock { $0 }
        #expect(written.flatMap { $0 }.sorted() == Array(0..<200), "each written once")
        #expect(written.allSatisfy { $0.count <= 8 })
        #expect(written.count < 100, "written together: \(written.count) groups for 200")
        #expect(seen.most.load(ordering: .relaxed) <= width)
        #expect(seen.alone.withLock { $0 }.isEmpty)
        #expect(groups.done == (written.count, 200, 0))
    }

    @Test func aGroupThatFailsIsWrittenAloneAndOnlyTheBadWriteFails() async throws {
        let groups = WorkGroups<Int, String>(limit: 64, width: 1)
        let seen = Seen()
        let results = await withTaskGroup(of: (Int, Result<String, Failure>).self) { tasks in
            for i in 0..<40 {
                tasks.addTask {
                    do {
                        return (i, .success(try await groups.run(i, together: { try await seen.together($0, failing: 17) },
                                                                   alone: { try await seen.alone($0, failing: 17) })))
                    } catch let failure as Failure {
                        return (i, .failure(failure))
                    } catch {
                        return (i, .failure(.bad(-1)))
                    }
                }
            }
            var results: [Int: Result<String, Failure>] = [:]
            for await (i, result) in tasks { results[i] = result }
            return results
        }
        #expect(results.count == 40)
        #expect(results[17] == .failure(.bad(17)))
        let failedGroup = Set(try #require(seen.groups.withLock { $0 }.first { $0.contains(17) }))
        #expect(Set(seen.alone.withLock { $0 }) == failedGroup, "only the failed group's writes are written again")
        for (i, result) in results where i != 17 {
            #expect(result == .success(failedGroup.contains(i) ? "alone \(i)" : "together \(i)"))
        }
        #expect(groups.done.alone == failedGroup.count)
    }

    /// Writes that come one after another, none waiting for another, are each a group of one
    /// and leave nobody writing: the next write is not kept waiting for a turn nobody hands on.
    @Test func writesOneAfterAnotherAreEachWrittenAtOnce() async throws {
        let groups = WorkGroups<Int, String>(limit: 8, width: 1)
        let seen = Seen()
        for i in 0..<20 {
            #expect(try await groups.run(i, together: { try await seen.together($0) }, alone: { try await seen.alone($0) }) == "together \(i)")
        }
        #expect(seen.groups.withLock { $0 } == (0..<20).map { [$0] })
    }
}
