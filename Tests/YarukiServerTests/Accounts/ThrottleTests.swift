import Foundation
import YarukiAPI
import Testing
import YarukiHTTP
@testable import YarukiServer

@Suite struct ThrottleTests {
    static func keys(_ account: String, _ address: String) -> [Throttle.Key] { AccountService.signInKeys(account, address) }

    @Test func oneAddressSprayingManyAccountsIsSlowedToo() throws {
        let throttle = Throttle(limits: ["pair": .init(count: 3, window: 60), "address": .init(count: 5, window: 60)])
        let start = Date(timeIntervalSince1970: 0)
        for i in 0..<5 {
            let keys = Self.keys("user\(i)", "10.0.0.1")
            try throttle.check(keys, now: start, what: "No")
            throttle.record(keys, now: start.addingTimeInterval(Double(i)))
        }
        // A sixth account from the same address is refused; from another address it is not.
        #expect(throws: HTTPError.self) { try throttle.check(Self.keys("user9", "10.0.0.1"), now: start.addingTimeInterval(5), what: "No") }
        try throttle.check(Self.keys("user9", "10.0.0.2"), now: start.addingTimeInterval(5), what: "No")
        // Retry-After counts down to when the oldest failure leaves the window.
        do {
            try throttle.check([.init(kind: "address", value: "10.0.0.1")], now: start.addingTimeInterval(20), what: "Too many failed sign-ins")
            Issue.record("expected 429")
        } catch let error as HTTPError {
            #expect(error.status == 429 && error.headers["Retry-After"] == "40")
            #expect(error.detail == "Too many failed sign-ins. Try again in 40 seconds.")
        }
        try throttle.check([.init(kind: "address", value: "10.0.0.1")], now: start.addingTimeInterval(61), what: "No")
    }

    /// A stranger's guesses lock only the stranger's own address out of the account; past the
    /// account's ceiling (guessing from many addresses), everyone waits.
    @Test func strangersDoNotLockTheOwnerOutUntilTheCeiling() throws {
        let throttle = Throttle(limits: ["pair": .init(count: 5, window: 900), "account": .init(count: 12, window: 900),
                                         "address": .init(count: 30, window: 900)])
        let now = Date(timeIntervalSince1970: 0)
        for _ in 0..<5 { throttle.record(Self.keys("owner@x", "203.0.113.9"), now: now) }
        #expect(throws: HTTPError.self) { try throttle.check(Self.keys("owner@x", "203.0.113.9"), now: now, what: "No") }
        try throttle.check(Self.keys("owner@x", "198.51.100.1"), now: now, what: "No")  // the owner, elsewhere
        for i in 0..<7 { throttle.record(Self.keys("owner@x", "203.0.113.\(10 + i)"), now: now) }
        #expect(throws: HTTPError.self) { try throttle.check(Self.keys("owner@x", "198.51.100.1"), now: now, what: "No") }
    }

    @Test func takeCountsEveryRequestAndClearForgetsOneKey() throws {
        let throttle = Throttle(limits: ["signup": .init(count: 2, window: 3600), "pair": .init(count: 1, window: 60)])
        let now = Date()
        let key = Throttle.Key(kind: "signup", value: "ip")
        try throttle.take([key], now: now, what: "No")
        try throttle.take([key], now: now, what: "No")
        #expect(throws: HTTPError.self) { try throttle.take([key], now: now, what: "No") }
        #expect(!throttle.allows([key], now: now))
        #expect(throttle.allows([key], now: now.addingTimeInterval(3600)))
        let pair = Throttle.Key(kind: "pair", value: "a ip")
        throttle.record([pair], now: now)
        #expect(!throttle.allows([pair], now: now))
        throttle.clear(pair)
        #expect(throttle.allows([pair], now: now))
    }
}
