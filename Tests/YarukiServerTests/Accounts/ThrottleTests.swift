import Foundation
import YarukiAPI
import Testing
import YarukiHTTP
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The same rules counted in one node's memory (SQLite) and in PostgreSQL, where two throttles
/// stand for two nodes: every attempt made through one counts on the other.
@Suite struct ThrottleTests {
    static func keys(_ account: String, _ address: String) -> [Throttle.Key] { AccountService.signInKeys(account, address) }

    /// Two nodes' throttles: one object counting in memory (its database only lends `allows` a
    /// connection), or two counting in one PostgreSQL database.
    static func nodes(_ engine: Engine, _ limits: [String: Throttle.Limit]) async throws -> (Throttle, Throttle, Database) {
        guard engine == .postgres else {
            let one = Throttle(limits: limits)
            return (one, one, try await freshDatabase(.sqlite))
        }
        let database = try PostgresDatabase(url: try await PostgresCluster.shared.freshDatabaseURL(migrated: true), poolSize: 2)
        return (Throttle(limits: limits, database: database), Throttle(limits: limits, database: database), database)
    }

    @Test(arguments: Engine.allCases)
    func oneAddressSprayingManyAccountsIsSlowedToo(engine: Engine) async throws {
        let (a, b, _) = try await Self.nodes(engine, ["pair": .init(count: 3, window: 60), "address": .init(count: 5, window: 60)])
        let start = Date(timeIntervalSince1970: 1_000_000)
        for i in 0..<5 {
            let keys = Self.keys("user\(i)", "10.0.0.1")
            try await a.check(keys, now: start, what: "No")
            await (i % 2 == 0 ? a : b).record(keys, now: start.addingTimeInterval(Double(i)))
        }
        // A sixth account from the same address is refused; from another address it is not.
        await #expect(throws: Refusal.self) { try await b.check(Self.keys("user9", "10.0.0.1"), now: start.addingTimeInterval(5), what: "No") }
        try await b.check(Self.keys("user9", "10.0.0.2"), now: start.addingTimeInterval(5), what: "No")
        // Retry-After counts down to when the oldest failure leaves the window.
        do {
            try await a.check([.init(kind: "address", value: "10.0.0.1")], now: start.addingTimeInterval(20), what: "Too many failed sign-ins")
            Issue.record("expected 429")
        } catch let refusal as Refusal {
            let problem = ErrorMapping.problem(refusal)
            #expect(problem.status == 429 && problem.headers["Retry-After"] == "40")
            #expect(problem.detail == "Too many failed sign-ins. Try again in 40 seconds.")
        }
        try await b.check([.init(kind: "address", value: "10.0.0.1")], now: start.addingTimeInterval(61), what: "No")
    }

    /// A stranger's guesses lock only the stranger's own address out of the account; past the
    /// account's ceiling (guessing from many addresses), everyone waits.
    @Test(arguments: Engine.allCases)
    func strangersDoNotLockTheOwnerOutUntilTheCeiling(engine: Engine) async throws {
        let (a, b, _) = try await Self.nodes(engine, ["pair": .init(count: 5, window: 900), "account": .init(count: 12, window: 900),
                                                    "address": .init(count: 30, window: 900)])
        let now = Date(timeIntervalSince1970: 1_000_000)
        for _ in 0..<5 { await a.record(Self.keys("owner@x", "203.0.113.9"), now: now) }
        await #expect(throws: Refusal.self) { try await b.check(Self.keys("owner@x", "203.0.113.9"), now: now, what: "No") }
        try await b.check(Self.keys("owner@x", "198.51.100.1"), now: now, what: "No")  // the owner, elsewhere
        for i in 0..<7 { await b.record(Self.keys("owner@x", "203.0.113.\(10 + i)"), now: now) }
        await #expect(throws: Refusal.self) { try await a.check(Self.keys("owner@x", "198.51.100.1"), now: now, what: "No") }
    }

    @Test(arguments: Engine.allCases)
    func takeCountsEveryRequestAndClearForgetsOneKey(engine: Engine) async throws {
        let (a, b, database) = try await Self.nodes(engine, ["signup": .init(count: 2, window: 3600), "pair": .init(count: 1, window: 60)])
        let now = Date()
        let key = Throttle.Key(kind: "signup", value: "ip")
        try await a.take([key], now: now, what: "No")
        try await b.take([key], now: now, what: "No")
        await #expect(throws: Refusal.self) { try await a.take([key], now: now, what: "No") }
        let allows = { (t: Throttle, keys: [Throttle.Key], at: Date) async throws -> Bool in
            try await database.read { c in try t.allows(keys, now: at, c) }
        }
        #expect(try await allows(b, [key], now) == false)
        #expect(try await allows(b, [key], now.addingTimeInterval(3600)))
        let pair = Throttle.Key(kind: "pair", value: "a ip")
        await a.record([pair], now: now)
        #expect(try await allows(b, [pair], now) == false)
        await b.clear(pair)
        #expect(try await allows(a, [pair], now))
    }
}
