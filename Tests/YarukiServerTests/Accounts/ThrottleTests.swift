import Foundation
import YarukiAPI
import Testing
import YarukiHTTP
@testable import YarukiServer

@Suite struct ThrottleTests {
    @Test func oneAddressSprayingManyAccountsIsSlowedToo() throws {
        let throttle = LoginThrottle(limits: ["account": .init(failures: 3, window: 60), "address": .init(failures: 5, window: 60)])
        let start = Date(timeIntervalSince1970: 0)
        for i in 0..<5 {
            let keys = [(kind: "account", value: "user\(i)"), (kind: "address", value: "10.0.0.1")]
            try throttle.check(keys, now: start)
            throttle.recordFailure(keys, now: start.addingTimeInterval(Double(i)))
        }
        // A sixth account from the same address is refused; from another address it is not.
        #expect(throws: HTTPError.self) { try throttle.check([(kind: "account", value: "user9"), (kind: "address", value: "10.0.0.1")], now: start.addingTimeInterval(5)) }
        try throttle.check([(kind: "account", value: "user9"), (kind: "address", value: "10.0.0.2")], now: start.addingTimeInterval(5))
        // Retry-After counts down to when the oldest failure leaves the window.
        do {
            try throttle.check([(kind: "address", value: "10.0.0.1")], now: start.addingTimeInterval(20))
            Issue.record("expected 429")
        } catch let error as HTTPError {
            #expect(error.status == 429 && error.headers["Retry-After"] == "40")
        }
        try throttle.check([(kind: "address", value: "10.0.0.1")], now: start.addingTimeInterval(61))
    }

    @Test func successClearsTheAccountButNotTheAddress() throws {
        let throttle = LoginThrottle(limits: ["account": .init(failures: 2, window: 60), "address": .init(failures: 3, window: 60)])
        let now = Date()
        let keys = [(kind: "account", value: "a"), (kind: "address", value: "ip")]
        throttle.recordFailure(keys, now: now)
        throttle.recordFailure(keys, now: now)
        #expect(throws: HTTPError.self) { try throttle.check([(kind: "account", value: "a")], now: now) }
        throttle.clear(kind: "account", value: "a")
        try throttle.check([(kind: "account", value: "a")], now: now)
        throttle.recordFailure([(kind: "address", value: "ip")], now: now)
        #expect(throws: HTTPError.self) { try throttle.check([(kind: "address", value: "ip")], now: now) }
    }
}
