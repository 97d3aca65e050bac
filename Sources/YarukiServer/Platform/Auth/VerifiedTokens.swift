import Foundation

/// Access tokens that verified, remembered by their exact text until they expire, so a signed-in
/// request costs a dictionary lookup instead of an ES256 verification (about 10,900 a second per
/// core here) and a JSON parse. Only a token whose signature, type, issuer and times all held is
/// ever stored, so a flood of forged or malformed tokens cannot grow or churn it: each of those
/// still pays its verification and is refused. The session behind a token is still checked on
/// every request (`SessionCache`), so signing out ends it at once as before.
///
/// Bounded: two generations of at most `capacity / 2` each; when the newer fills, the older is
/// dropped and the newer takes its place. A token in use moves to the newer generation when it is
/// read, so only tokens unused for a whole generation are forgotten (and verify again when seen).
final class VerifiedTokens: @unchecked Sendable {
    struct Claims: Sendable, Equatable {
        var user: UUID
        var session: UUID
        /// Seconds since 1970, with the leeway already added.
        var expires: Double
        var notBefore: Double
    }

    let capacity: Int
    private let lock = NSLock()
    private var newer: [String: Claims] = [:]
    private var older: [String: Claims] = [:]
    private var hitCount = 0
    private var missCount = 0

    init(capacity: Int = 65_536) {
        self.capacity = max(2, capacity)
    }

    var count: Int { lock.withLock { newer.count + older.count } }
    /// Lookups answered from memory, and ones that were not (the token was then verified, or refused).
    var hits: Int { lock.withLock { hitCount } }
    var misses: Int { lock.withLock { missCount } }

    /// The claims of `token` when it verified before and `now` is within its times.
    func claims(_ token: String, now: Date) -> Claims? {
        let t = now.timeIntervalSince1970
        return lock.withLock {
            if let found = newer[token] {
                guard t <= found.expires, t >= found.notBefore else { newer[token] = nil; missCount += 1; return nil }
                hitCount += 1
                return found
            }
            guard let found = older.removeValue(forKey: token), t <= found.expires, t >= found.notBefore else { missCount += 1; return nil }
            insert(token, found)
            hitCount += 1
            return found
        }
    }

    func store(_ token: String, _ claims: Claims) {
        lock.withLock { insert(token, claims) }
    }

    private func insert(_ token: String, _ claims: Claims) {
        if newer.count >= capacity / 2 {
            older = newer
            newer = [:]
            newer.reserveCapacity(capacity / 2)
        }
        newer[token] = claims
    }
}
