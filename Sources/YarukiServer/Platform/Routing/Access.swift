import Foundation
import YarukiCore
import YarukiAPI
import YarukiHTTP

/// How a route may be called, as the OpenAPI document names it (`components.securitySchemes`).
enum SecurityScheme: String, Sendable, CaseIterable {
    /// `Authorization: Bearer <access token>`.
    case bearer
    /// `?access_token=` for an EventSource, which cannot send headers (RFC 6750 §2.3).
    case accessTokenQuery
    /// `Authorization: Bearer yk_…`: a machine's API key.
    case apiKey
    /// `?expires=&sig=`: a link the server signed for one path, for `<img>`, `<video>` and `<audio>`.
    case signedLink
    /// `?token=`: a wall screen link's secret (a board's, or a playlist's with `?playlist=`).
    case boardToken

    var definition: JSONValue {
        switch self {
        case .bearer: ["type": "http", "scheme": "bearer", "bearerFormat": "JWT"]
        case .accessTokenQuery: ["type": "apiKey", "in": "query", "name": "access_token"]
        case .apiKey: ["type": "http", "scheme": "bearer", "bearerFormat": "yk_ API key", "description": "An API key an admin made"]
        case .signedLink: ["type": "apiKey", "in": "query", "name": "sig", "description": "With expires=, as the server gave the link"]
        case .boardToken: ["type": "apiKey", "in": "query", "name": "token", "description": "A wall link's secret: a board's, or a playlist's (then with playlist=ID)"]
        }
    }
}

/// Who may call a group of routes. It authenticates each request once, before the handler, and
/// hands the handler its caller as a typed value: a handler for signed-in people cannot run
/// without a `Principal`. Its security schemes are what the document says of every route in it.
struct Access<Caller: Sendable>: Sendable {
    var security: [SecurityScheme]
    /// Who else is answered 404, as if the route were not there (an admin route to a member): the
    /// document says so of every route in the group.
    var hiddenFrom: String? = nil
    var resolve: nonisolated(nonsending) @Sendable (Request) async throws -> Caller

    /// Whether its replies are made for one person (a token or a signed-in session): those are
    /// never kept by a shared cache. A machine's API key and a wall link are not a person.
    var isPersonal: Bool { security.contains(.bearer) || security.contains(.accessTokenQuery) }
}

/// A request for private media: by its owner's access token, or by a link the server signed
/// for this very path (an `<img>`, `<video>` or `<audio>` sends no token).
enum MediaCaller: Sendable {
    case owner(Principal)
    case link

    /// The person the handler must restrict to, or nil for a signed link (the server gave that
    /// link to the owner only, for this one path).
    var restrictedTo: UUID? {
        if case let .owner(principal) = self { return principal.userID }
        return nil
    }
}
