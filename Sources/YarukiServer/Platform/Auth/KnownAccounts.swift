import Foundation
import YarukiCore

/// Each person's account as this node last read it: what a reply can be made with while the
/// account is read again in the same round trip (`RequestScope.guessingAccount`). Only a guess,
/// always checked, so it may be old; but none is kept past `maxAge` (as a kept reply), so a
/// person's account does not stay in a node's memory long after they stop asking, or after it
/// was deleted through another node. Bounded like the session cache.
final class KnownAccounts: @unchecked Sendable {
    private let lock = NSLock()
    private var accounts: [UUID: (account: Account, read: Date)] = [:]
    /// When those older than `maxAge` were last let go.
    private var swept = Date.distantPast
    let capacity: Int
    let maxAge: TimeInterval

    init(capacity: Int = 100_000, maxAge: TimeInterval = 60) {
        self.capacity = capacity
        self.maxAge = maxAge
    }

    func guess(_ user: UUID, now: Date) -> Account? {
        lock.withLock {
            guard let known = accounts[user], fresh(known.read, now) else { return nil }
            return known.account
        }
    }

    func remember(_ account: Account, now: Date) {
        lock.withLock {
            if !fresh(swept, now) {
                accounts = accounts.filter { fresh($0.value.read, now) }
                swept = now
            }
            if accounts.count >= capacity, accounts[account.id] == nil { accounts.removeAll(keepingCapacity: true) }
            accounts[account.id] = (account, now)
        }
    }

    func forget(_ user: UUID) {
        _ = lock.withLock { accounts.removeValue(forKey: user) }
    }

    /// How many are kept now.
    var count: Int { lock.withLock { accounts.count } }

    private func fresh(_ read: Date, _ now: Date) -> Bool { now >= read && now.timeIntervalSince(read) < maxAge }
}
