public typealias Handler = nonisolated(nonsending) @Sendable (Request) async throws -> Response

public struct Route: Sendable {
    public let method: HTTPMethod
    /// `/v1/things/{id}`
    public let pattern: String
    /// Whether the path holds a secret (logs then write the pattern, not the path).
    public let secretPath: Bool
    let handler: Handler
}

/// Method + path pattern → handler. Literal segments win over `{parameters}`;
/// a path that exists with another method answers 405 with `Allow`.
public struct Router: Sendable {
    final class Node: @unchecked Sendable {
        var literals: [String: Node] = [:]
        var parameter: (name: String, node: Node)?
        var routes: [HTTPMethod: Route] = [:]
    }

    private let root = Node()
    /// Routes without parameters by their exact path: most requests match with one lookup.
    private var exact: [String: [HTTPMethod: Route]] = [:]
    public private(set) var routes: [Route] = []

    public init() {}

    public mutating func on(_ method: HTTPMethod, _ pattern: String, secretPath: Bool = false, _ handler: @escaping Handler) {
        var node = root
        for segment in Router.patternSegments(pattern) {
            if segment.hasPrefix("{") && segment.hasSuffix("}") {
                let name = String(segment.dropFirst().dropLast())
                if let existing = node.parameter {
                    precondition(existing.name == name, "route \(pattern): parameter {\(name)} clashes with {\(existing.name)}")
                    node = existing.node
                } else {
                    let next = Node()
                    node.parameter = (name, next)
                    node = next
                }
            } else {
                if let next = node.literals[segment] {
                    node = next
                } else {
                    let next = Node()
                    node.literals[segment] = next
                    node = next
                }
            }
        }
        precondition(node.routes[method] == nil, "route \(method) \(pattern) is declared twice")
        let route = Route(method: method, pattern: pattern, secretPath: secretPath, handler: handler)
        node.routes[method] = route
        routes.append(route)
        if !pattern.contains("{") { exact[pattern, default: [:]][method] = route }
    }

    public mutating func get(_ p: String, _ h: @escaping Handler) { on(.get, p, h) }
    public mutating func post(_ p: String, _ h: @escaping Handler) { on(.post, p, h) }
    public mutating func put(_ p: String, _ h: @escaping Handler) { on(.put, p, h) }
    public mutating func patch(_ p: String, _ h: @escaping Handler) { on(.patch, p, h) }
    public mutating func delete(_ p: String, _ h: @escaping Handler) { on(.delete, p, h) }

    public enum Match {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allow: [HTTPMethod])
        case notFound
    }

    /// The path names one route: the most literal that matches it (literal segments are tried
    /// before parameters, so `/groups/join` shadows `/groups/{id}`). Its methods answer; any
    /// other method is a 405 that lists them (a `DELETE /groups/join` never reaches
    /// `DELETE /groups/{id}` with the id "join").
    public func match(method: HTTPMethod, path: String) -> Match {
        if let methods = exact[path], let route = methods[method] ?? (method == .head ? methods[.get] : nil) {
            return .found(route, parameters: [:])
        }
        var candidates: [(Node, [String: String])] = []
        Router.collect(root, Router.segments(path)[...], [:], &candidates)
        guard let named = candidates.first else { return .notFound }
        if let route = named.0.routes[method] ?? (method == .head ? named.0.routes[.get] : nil) {
            return .found(route, parameters: named.1)
        }
        var allow = Set(named.0.routes.keys)
        if allow.contains(.get) { allow.insert(.head) }
        allow.insert(.options)
        return .methodNotAllowed(allow: allow.sorted { $0.rawValue < $1.rawValue })
    }

    private static func collect(_ node: Node, _ rest: ArraySlice<Substring>, _ parameters: [String: String],
                                _ out: inout [(Node, [String: String])]) {
        guard let segment = rest.first else {
            if !node.routes.isEmpty { out.append((node, parameters)) }
            return
        }
        if let literal = node.literals[String(segment)] {
            collect(literal, rest.dropFirst(), parameters, &out)
        }
        if let (name, next) = node.parameter, !segment.isEmpty, let value = PercentDecoding.decode(String(segment)) {
            var parameters = parameters
            parameters[name] = value
            collect(next, rest.dropFirst(), parameters, &out)
        }
    }

    static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 }
    }

    static func patternSegments(_ pattern: String) -> [String] {
        segments(pattern).map(String.init)
    }
}

extension Router {
    /// Routes a request; a path no route knows goes to `fallback` for GET and HEAD (static files).
    public func responder(fallback: Handler? = nil) -> Handler {
        let router = self
        return { request in
            switch router.match(method: request.method, path: request.path) {
            case let .found(route, parameters):
                request.route = route.pattern
                if route.secretPath { request.pathIsSecret = true }
                if parameters.isEmpty { return try await route.handler(request) }
                var request = request
                request.parameters = parameters
                return try await route.handler(request)
            case let .methodNotAllowed(allow) where request.method == .options:
                request.route = "OPTIONS"
                var reply = Response.noContent()
                reply.headers.add("Allow", allow.map(\.rawValue).joined(separator: ", "))
                return reply
            case let .methodNotAllowed(allow):
                throw HTTPError.methodNotAllowed(allow: allow)
            case .notFound:
                if let fallback, request.method == .get || request.method == .head {
                    return try await fallback(request)
                }
                throw HTTPError.notFound("No route matches \(request.method) \(request.path).")
            }
        }
    }
}

extension Router {
    /// `{name}` segments of a pattern, in order.
    public static func parameterNames(_ pattern: String) -> [String] {
        patternSegments(pattern).filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
    }
}
