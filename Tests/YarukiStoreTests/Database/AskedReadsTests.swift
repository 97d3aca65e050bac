import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiStore

/// Reads asked together (`Database.readTogether(_:)`): on PostgreSQL the reads of concurrent
/// requests share a round trip, and each still gets its own answer, its own failure, and its
/// reads ahead.
@Suite struct AskedReadsTests {
    /// Two hundred reads at once, each asking for a number of its own and a row of a real table
    /// by it: each gets its own. On PostgreSQL, asked while every thread that sends them is busy
    /// (with a slow read each), they go out together: a few round trips for the two hundred.
    @Test(arguments: Engine.allCases)
    func readsAskedAtOnceEachGetTheirOwnAnswer(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        try await db.transaction { c in
            try c.execute("CREATE TABLE numbers (n INTEGER PRIMARY KEY, word TEXT NOT NULL)", [])
            for n in 0..<200 { try c.execute("INSERT INTO numbers (n, word) VALUES (?, ?)", n, "word \(n)") }
        }
        var slow: [Task<Bool, Error>] = []
        if engine == .postgres {
            let start = db.statistics().askedRounds
            for i in 0..<PostgresDatabase.askingThreads {
                slow.append(Task { try await db.readTogether { c in try c.queryLater("SELECT true AS slept FROM pg_sleep(0.5)").map { try $0[0].bool("slept") } } })
                // Taken before the next is asked: one a thread.
                #expect(await eventuallyAsync { db.statistics().askedRounds - start == i + 1 }, "a thread took slow read \(i)")
            }
        }
        let before = db.statistics()
        let answers = try await withThrowingTaskGroup(of: (Int, Int, String).self) { group in
            for n in 0..<200 {
                group.addTask {
                    try await db.readTogether { c in
                        let doubled = try c.queryLater("SELECT ? * 2 AS n", n)
                        let word = try c.queryLater("SELECT word FROM numbers WHERE n = ?", n)
                        return Later { (n, try doubled.value()[0].int("n"), try word.value()[0].string("word")) }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 200)
        for (n, doubled, word) in answers {
            #expect(doubled == n * 2 && word == "word \(n)", "read \(n) got \(doubled), \(word)")
        }
        if engine == .postgres {
            let after = db.statistics()
            let (rounds, reads) = (after.askedRounds - before.askedRounds, after.askedReads - before.askedReads)
            #expect(reads == 200)
            #expect(rounds <= 8, "200 reads asked at once went out in \(rounds) round trips")
            for read in slow { #expect(try await read.value) }
        }
    }

    /// Reads sent together on one connection, in the order asked: one whose work waited for an
    /// answer while it was asked is asked again alone; one whose statement fails fails with that
    /// statement's error; one asked after it (PostgreSQL ran none of its statements) is asked
    /// again and answered; one whose work throws fails with what it threw; a read ahead is
    /// answered with the read that took it.
    @Test func readsSentTogetherEachFailOrAreAnsweredAlone() async throws {
        let db = try PostgresDatabase(url: PostgresCluster.shared.url, poolSize: 1)
        defer { db.close() }
        let connection = try PostgresConnection(url: PostgresCluster.shared.url, target: "test")
        struct Refused: Error {}
        let ahead = ReadAhead(SQLStatement(sql: "SELECT 'ahead' AS said", parameters: []), on: db)
        let works: [(ahead: [(ReadAhead, SQLStatement)], work: (SQLConnection) throws -> Later<Int>)] = [
            ([], { c in try c.queryLater("SELECT 1 AS n").map { try $0[0].int("n") } }),
            ([], { c in
                let n = try c.query("SELECT 2 AS n")[0].int("n")
                return Later { n }
            }),
            ([], { c in try c.queryLater("SELECT 1 / (? + 0) AS n", 0).map { try $0[0].int("n") } }),
            ([(ahead, SQLStatement(sql: "SELECT 'ahead' AS said", parameters: []))], { c in try c.queryLater("SELECT 4 AS n").map { try $0[0].int("n") } }),
            ([], { _ in throw Refused() }),
            ([], { c in try c.queryLater("SELECT 6 AS n").map { try $0[0].int("n") } }),
        ]
        // Each task makes its read (the continuation its caller waits on) and hands it over here.
        final class Asked: @unchecked Sendable {
            let lock = NSLock()
            var reads: [AskedReading] = []
            let works: [(ahead: [(ReadAhead, SQLStatement)], work: (SQLConnection) throws -> Later<Int>)]
            init(_ works: [(ahead: [(ReadAhead, SQLStatement)], work: (SQLConnection) throws -> Later<Int>)]) { self.works = works }
            func add(_ i: Int, _ continuation: CheckedContinuation<Int, Error>) {
                lock.withLock { reads.append(AskedRead(ahead: works[i].ahead, work: works[i].work, continuation: continuation)) }
            }
            var count: Int { lock.withLock { reads.count } }
        }
        let asked = Asked(works)
        var answers: [Task<Int, Error>] = []
        for i in works.indices {
            answers.append(Task {
                try await withCheckedThrowingContinuation { continuation in asked.add(i, continuation) }
            })
            // In order: each is in before the next is made.
            #expect(await eventuallyAsync { asked.count == i + 1 })
        }
        connection.answer(asked.reads)
        #expect(try await answers[0].value == 1)
        #expect(try await answers[1].value == 2)
        await #expect(throws: DatabaseError.self) { try await answers[2].value }
        do {
            _ = try await answers[2].value
        } catch {
            #expect("\(error)".contains("division by zero"), "\(error)")
        }
        #expect(try await answers[3].value == 4)
        #expect(try ahead.rows()?.first?.string("said") == "ahead")
        await #expect(throws: Refused.self) { try await answers[4].value }
        #expect(try await answers[5].value == 6)
        // The connection is left as it was: a read of its own goes as before.
        #expect(try connection.query("SELECT 7 AS n", [])[0].int("n") == 7)
    }

    /// A read ahead set around the work goes out with the asked read and is answered by it.
    @Test func aReadAheadGoesWithTheReadAsked() async throws {
        let db = try PostgresDatabase(url: PostgresCluster.shared.url, poolSize: 2)
        defer { db.close() }
        let ahead = ReadAhead(SQLStatement(sql: "SELECT 'first' AS said", parameters: []), on: db)
        let n = try await ReadAhead.$current.withValue(ahead) {
            try await db.readTogether { c in try c.queryLater("SELECT 8 AS n").map { try $0[0].int("n") } }
        }
        #expect(n == 8)
        #expect(try ahead.rows()?.first?.string("said") == "first")
    }
}
