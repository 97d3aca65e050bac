import Foundation
import YarukiHTTP
import YarukiStore

/// Links that let an `<img>`, `<video>` or `<audio>` element, which sends no bearer token, fetch
/// private media: signed by the server, valid until an expiry in the link.
extension AuthService {
    /// The end of the next hour: the same link for an hour, so browsers cache what it fetches.
    func hourlyLinkExpiry() -> Int { (Int(clock().timeIntervalSince1970) / 3600 + 2) * 3600 }

    /// The person a media request is for: by bearer token, or by a link signed for the owner
    /// `lookup` finds (nil: none) that has not expired. `expired` is the detail for a late link.
    func mediaOwner(_ request: Request, expired: String, lookup: @escaping @Sendable (SQLConnection) throws -> UUID?,
                    signature: (_ owner: UUID, _ expires: Int) -> String) async throws -> UUID {
        if request.headers["Authorization"] != nil { return try await authenticate(request).userID }
        guard let sig = request.queryItem("sig"), let expires = request.queryItem("expires").flatMap(Int.init) else {
            throw HTTPError.unauthorized()
        }
        guard Double(expires) >= clock().timeIntervalSince1970 else { throw HTTPError(401, slug: "link-expired", detail: expired) }
        // The owner is whoever the signature was made for; try the resource's owner.
        guard let owner = try await database.read(lookup),
              Crypto.constantTimeEqual(Data(sig.utf8), Data(signature(owner, expires).utf8)) else {
            throw HTTPError.unauthorized("This link is not valid.")
        }
        return owner
    }

    /// A signed link to a photo copy (posts and the lifelog both hand these out).
    func photoLink(_ sha: String, _ copy: PhotoStore.Copy) -> String {
        let expires = hourlyLinkExpiry()
        return "/v1/photos/\(sha)/\(copy.rawValue)?expires=\(expires)&sig=\(photoSignature(sha, copy, expires))"
    }

    func photoSignature(_ sha: String, _ copy: PhotoStore.Copy, _ expires: Int) -> String {
        linkSignature("photo", "\(sha)|\(copy.rawValue)|\(expires)")
    }
}
