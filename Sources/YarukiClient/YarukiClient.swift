import Foundation
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
}

/// The Swift SDK for Yaruki's API. Each area adds its calls in an extension.
public struct YarukiClient: Sendable {
    public let baseURL: URL
    let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public struct Meta: Codable, Sendable, Equatable {
        public let name: String
        public let version: String
        public let languages: [String]
        public let database: String
    }

    public struct Health: Codable, Sendable, Equatable {
        public let status: String
        public let database: String
    }

    public func meta() async throws -> Meta { try await get("/v1/meta") }
    public func health() async throws -> Health { try await get("/healthz") }

    public func get<T: Decodable>(_ path: String) async throws -> T {
        try await send(URLRequest(url: baseURL.appendingPathComponent(path)))
    }

    public func send<T: Decodable>(_ request: URLRequest) async throws -> T {
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard (200..<300).contains(status) else {
            if let problem = try? decoder.decode(Problem.self, from: data) { throw YarukiClientError.problem(problem) }
            throw YarukiClientError.unexpectedResponse(status: status)
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw YarukiClientError.unexpectedResponse(status: status)
        }
    }
}
