import Foundation
@_exported import YarukiAPI
import YarukiJSON
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A problem response from the server (RFC 9457), as the app sees it.
public struct Problem: Error, Codable, Sendable, Equatable {
    public struct FieldError: Codable, Sendable, Equatable {
        public let field: String
        public let message: String
    }
    public let type: String
    public let title: String
    public let status: Int
    public let detail: String?
    public let errors: [FieldError]?
}

public enum YarukiClientError: Error, Equatable {
    case problem(Problem)
    /// The server answered with something that is not the API's JSON.
    case unexpectedResponse(status: Int)
    /// The call needs a signed-in person and there is none (never signed in, signed out, or the
    /// session ended on the server): show the sign-in screen.
    case signedOut
    /// The call was not sent: what it was given cannot make a request (the reason says why).
    case invalid(String)
}

/// The Swift SDK for Yaruki's API. Each area adds its calls in an extension. Copies share one
/// sign-in state, so any number of tasks may use the client at once.
public struct YarukiClient: Sendable {
    public let baseURL: URL
    let session: URLSession
    let transport: any ClientTransport
    let auth: AuthSession

    /// `transport` carries each request and reply (`session` by default; the event stream and file
    /// uploads always use `session`). `tokenStore` keeps the refresh token between launches (a
    /// Keychain store on Apple platforms, `FileTokenStore` on Linux); without one the session lasts
    /// as long as the process. `clock` is what an access token's expiry is measured against (tests step it).
    public init(baseURL: URL, session: URLSession = .shared, transport: (any ClientTransport)? = nil,
                tokenStore: TokenStore = MemoryTokenStore(), clock: @escaping @Sendable () -> Date = { Date() }) {
        self.baseURL = baseURL
        self.session = session
        self.transport = transport ?? URLSessionTransport(session: session)
        self.auth = AuthSession(store: tokenStore, clock: clock)
    }

    public func meta() async throws -> ServerMeta { try await get("/v1/meta") }
    public func health() async throws -> Health { try await get("/healthz") }

    public func get<T: Decodable>(_ path: String) async throws -> T {
        try await send(URLRequest(url: url(path)))
    }

    func url(_ path: String) -> URL {
        URL(string: path, relativeTo: baseURL)?.absoluteURL ?? baseURL.appendingPathComponent(path)
    }

    public func send<T: Decodable>(_ request: URLRequest) async throws -> T {
        let (data, status) = try await exchange(request)
        return try YarukiClient.decode(data, status: status)
    }

    func exchange(_ request: URLRequest) async throws -> (Data, Int) {
        let (data, status) = try await transport.exchange(request)
        guard (200..<300).contains(status) else {
            if let problem = try? YarukiClient.decoder.decode(Problem.self, from: data) { throw YarukiClientError.problem(problem) }
            throw YarukiClientError.unexpectedResponse(status: status)
        }
        return (data, status)
    }

    static func decode<T: Decodable>(_ data: Data, status: Int) throws -> T {
        // 204 No Content, for calls that expect nothing back.
        if data.isEmpty, let nothing = Empty() as? T { return nothing }
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw YarukiClientError.unexpectedResponse(status: status)
        }
    }

    static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }()

    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .iso8601
        return e
    }()

    /// A body's JSON: written by the type's own writer where it has one (every API type: made at
    /// build time, with no `Encoder` walk; a first sync's pushes spent half their time in it).
    static func json(_ body: some Encodable) throws -> Data {
        guard let writable = body as? any JSONWritable else { return try encoder.encode(body) }
        var writer = JSONWriter(capacity: 4096)
        try writable.writeJSON(to: &writer)
        return writer.data
    }

    /// A JSON request to `path`.
    func request(_ method: String, _ path: String, body: (some Encodable)? = Optional<Empty>.none) throws -> URLRequest {
        var request = URLRequest(url: url(path))
        request.httpMethod = method
        if let body {
            request.httpBody = try YarukiClient.json(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    struct Empty: Codable {}
}
