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
        link(path, expires: (Int(clock().timeIntervalSince1970) / 3600 + 2) * 3600)
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
