import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the SDK sends one request and takes its whole reply, whatever the status. URLSession by
/// default; on Linux, where FoundationNetworking's URLSession costs a syncing device more than its
/// own work, an app hands the client `CurlTransport` from the `YarukiClientCurl` library, so this
/// library stays Foundation only and builds wherever Foundation does.
public protocol ClientTransport: Sendable {
    /// The reply's body and status. Network trouble is a `URLError` (the sync engine retries those);
    /// a cancelled task ends with `CancellationError` or `URLError(.cancelled)`.
    func exchange(_ request: URLRequest) async throws -> (Data, Int)
}

/// The platform's URLSession.
public struct URLSessionTransport: ClientTransport {
    public let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func exchange(_ request: URLRequest) async throws -> (Data, Int) {
        let (data, response) = try await session.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}
