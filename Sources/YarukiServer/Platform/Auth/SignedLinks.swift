import Foundation
import YarukiAPI
import YarukiHTTP

/// Links that let an `<img>`, `<video>` or `<audio>` element, which sends no bearer token, fetch
/// private media: the server signs the path and an expiry (`?expires=&sig=`), handing the link
/// only to whoever may see what it names. One key for every such link, derived from the server
/// secret; a link for one path fits no other.
struct LinkSigner: Sendable {
    private let key: Data
    let clock: @Sendable () -> Date
    private let hourly = HourlyLinks()

    /// The hour's links already signed, by what they name: a board page signs two per photo, the
    /// same ones for every viewer all hour, and an HMAC per link was an eighth of a page made each
    /// time (then writing each link's path to look it up, 2.5%; then looking up a photo's two
    /// links one at a time, hashing its 64-character name twice, 2%).
    private final class HourlyLinks: @unchecked Sendable {
        let lock = NSLock()
        var expires = 0
        var links: [HourlyKey: Pair] = [:]
        static let most = 100_000
    }

    /// What an hourly entry names: a path (form 0), or a name (a photo's hash) with its pair of
    /// links in one form or another, looked up without writing a path.
    struct HourlyKey: Hashable, Sendable {
        let name: String
        let form: UInt8
    }

    /// One entry's links: a path's own (and no second), or a pair.
    private struct Pair {
        let first: String
        let second: String
    }

    init(secret: Data, clock: @escaping @Sendable () -> Date) {
        key = Crypto.hmacSHA256(key: secret, Data("yaruki media links".utf8))
        self.clock = clock
    }

    /// `path` signed until `expires` (seconds since 1970).
    func link(_ path: String, expires: Int) -> String {
        "\(path)?expires=\(expires)&sig=\(signature(path, expires))"
    }

    /// Signed for `lifetime` seconds from now.
    func link(_ path: String, lifetime: TimeInterval) -> String {
        link(path, expires: Int(clock().timeIntervalSince1970 + lifetime))
    }

    /// Signed until the end of the next hour: the same link for an hour, so browsers cache what it fetches.
    func hourlyLink(_ path: String) -> String {
        hourly(HourlyKey(name: path, form: 0)) { Pair(first: link(path, expires: $0), second: "") }.first
    }

    /// The hourly links of `paths()` (a photo's copy and its thumbnail) for what `key` names, in
    /// one look-up; the paths are written only when the hour has no links for it yet. `key`'s
    /// form must not be 0 (a path's own).
    func hourlyLinks(_ key: HourlyKey, paths: () -> (String, String)) -> (String, String) {
        precondition(key.form != 0, "form 0 names a path's own link")
        let pair = hourly(key) { expires in
            let (a, b) = paths()
            return Pair(first: link(a, expires: expires), second: link(b, expires: expires))
        }
        return (pair.first, pair.second)
    }

    /// The hour's entry for `key`, made (given the hour's end) when it has none yet.
    private func hourly(_ key: HourlyKey, make: (Int) -> Pair) -> Pair {
        let expires = (Int(clock().timeIntervalSince1970) / 3600 + 2) * 3600
        let kept = hourly.lock.withLock { hourly.expires == expires ? hourly.links[key] : nil }
        if let kept { return kept }
        let made = make(expires)
        hourly.lock.withLock {
            if hourly.expires != expires || hourly.links.count >= HourlyLinks.most {
                hourly.expires = expires
                hourly.links.removeAll(keepingCapacity: true)
            }
            hourly.links[key] = made
        }
        return made
    }

    private func signature(_ path: String, _ expires: Int) -> String {
        Base64URL.encode(Crypto.hmacSHA256(key: key, Data("\(path)|\(expires)".utf8)))
    }

    /// Checks the request's signed link: 401 when it is missing, forged or for another path,
    /// `link-expired` when its time is over.
    func verify(_ request: Request) throws {
        guard let sig = request.queryItem("sig"), let expires = request.queryItem("expires").flatMap(Int.init) else {
            throw HTTPError.unauthorized()
        }
        guard Crypto.constantTimeEqual(Data(sig.utf8), Data(signature(request.path, expires).utf8)) else {
            throw HTTPError.unauthorized("This link is not valid.")
        }
        guard Double(expires) >= clock().timeIntervalSince1970 else {
            throw HTTPError(401, slug: "link-expired", detail: "This link has expired. Load the page again for a fresh one.")
        }
    }
}
