import Foundation
import YarukiAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sync protocol's two calls; `SyncEngine` is what apps use.
extension YarukiClient {
    /// Changes in a zone after `since` (nil: a first sync), at most `limit`.
    public func syncChanges(zone: String, since: String?, limit: Int = 500) async throws -> SyncChanges {
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "limit", value: String(limit))] + (since.map { [URLQueryItem(name: "since", value: $0)] } ?? [])
        return try await authorized(request("GET", "/v1/sync/\(zone)/changes?" + (components.percentEncodedQuery ?? "")))
    }

    public func syncPush(zone: String, _ push: SyncPush) async throws -> SyncPushReply {
        try await sending(zone: zone, push).reply
    }

    /// The push's reply and how many bytes its body took (encoded once, for both).
    func sending(zone: String, _ push: SyncPush) async throws -> (reply: SyncPushReply, bytes: Int) {
        let made = try request("POST", "/v1/sync/\(zone)/push", body: push)
        return (try await authorized(made), made.httpBody?.count ?? 0)
    }
}
