/// Wraps a handler; composed outermost first.
public protocol Middleware: Sendable {
    func respond(to request: Request, next: Handler) async throws -> Response
}

extension Array where Element == any Middleware {
    public func wrap(_ handler: @escaping Handler) -> Handler {
        reversed().reduce(handler) { next, middleware in
            { request in try await middleware.respond(to: request, next: next) }
        }
    }
}

/// Headers every response should carry.
public struct SecurityHeaders: Middleware {
    public init() {}
    public func respond(to request: Request, next: Handler) async throws -> Response {
        var response = try await next(request)
        response.headers.add("X-Content-Type-Options", "nosniff")
        response.headers.add("Referrer-Policy", "same-origin")
        return response
    }
}
