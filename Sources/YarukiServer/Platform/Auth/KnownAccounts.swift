import Foundation
import YarukiCore
import YarukiStore

/// Each person's account as this node last read it. With several nodes it is only a guess that
/// a reply can be made with while the account is read again in the same round trip
/// (`RequestScope.guessingAccount`). On one node, which sees every write, it also holds how the
/// account's kept-reply tag stood before that read (`ReplyCache.Stamp`): while the tag has not
/// changed since, every write to the account having bumped it, the account is still the one in
/// the database and needs no read (`trusted`). None is kept past `maxAge` (as a kept reply), so
/// a person's account does not stay in a node's memory long after they stop asking, or after it
/// was deleted through another node. Bounded like the session cache.
final class KnownAccounts: @unchecked Sendable {
    private struct Known {
        var account: Account
        var read: Date
        var stamp: ReplyCache.Stamp?
    }

    private let lock = NSLock()
    private var accounts: [UUID: Known] = [:]
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

    /// The account as last read, when it was read with a stamp that still `stands`.
    func trusted(_ user: UUID, now: Date, stands: (ReplyCache.Stamp) -> Bool) -> Account? {
        guard let known = lock.withLock({ accounts[user] }), fresh(known.read, now), let stamp = known.stamp, stands(stamp) else { return nil }
        return known.account
    }

    /// `account` as read at `now`; `stamp`, taken before that read, when this node sees every write.
    func remember(_ account: Account, now: Date, stamp: ReplyCache.Stamp? = nil) {
        lock.withLock {
            if !fresh(swept, now) {
                accounts = accounts.filter { fresh($0.value.read, now) }
                swept = now
            }
            if accounts.count >= capacity, accounts[account.id] == nil { accounts.removeAll(keepingCapacity: true) }
            accounts[account.id] = Known(account: account, read: now, stamp: stamp)
        }
    }

    func forget(_ user: UUID) {
        _ = lock.withLock { accounts.removeValue(forKey: user) }
    }

    /// Accounts read for requests at once: one statement for all of those that ask while reads are
    /// under way (at most two at once), each sent after every request in it asked.
    private let reads = WorkGroups<UUID, Account?>(limit: 256, width: 2)

    /// `user`'s account read from `database` now, with those of the other requests that ask
    /// meanwhile: on PostgreSQL, where every node writes and each request reads, a read's round
    /// trip and statement are shared instead of taken once per request. Never an account read
    /// before this was asked.
    func read(_ user: UUID, from database: Database) async throws -> Account? {
        try await reads.run(user, together: { users in
            let found = try await database.read { c in try AccountStore.accounts(ids: Array(Set(users)), c) }
            return users.map { found[$0] }
        }, alone: { user in
            try await database.read { c in try AccountStore.account(id: user, c) }
        })
    }

    /// Reads done together since start: groups, the accounts asked in them, those read alone.
    var readTogether: (groups: Int, items: Int, alone: Int) { reads.done }

    /// How many are kept now.
    var count: Int { lock.withLock { accounts.count } }

    private func fresh(_ read: Date, _ now: Date) -> Bool { now >= read && now.timeIntervalSince(read) < maxAge }
}
