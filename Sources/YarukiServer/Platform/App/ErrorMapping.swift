import YarukiCore
import YarukiHTTP
import YarukiStore

/// Errors of the layers below, as the problems a client sees: the one place a service's
/// refusal gets its HTTP status.
enum ErrorMapping {
    static func problem(for error: Error) -> HTTPError? {
        switch error {
        case let problem as HTTPError:
            return problem
        case let refusal as Refusal:
            return problem(refusal)
        case let error as FieldRuleError:
            let status = switch error.kind {
            case .invalid: 400
            case .missing: 404
            case .conflicting: 422
            }
            return HTTPError(status, detail: "The field '\(error.field)' \(error.message).", errors: [.init(field: error.field, message: error.message)])
        case let error as DatabaseError:
            switch error {
            case .unavailable:
                return HTTPError(503, detail: "The database cannot be reached right now. Try again shortly.",
                                 headers: ["Retry-After": "5"])
            case .uniqueViolation:
                return .conflict("That already exists.")
            default:
                return nil
            }
        case is CancellationError:
            return HTTPError(503, detail: "The server is shutting down.")
        default:
            return nil
        }
    }

    static func status(of reason: Refusal.Reason) -> Int {
        switch reason {
        case .malformed: 400
        case .unauthenticated: 401
        case .forbidden: 403
        case .notFound: 404
        case .conflict: 409
        case .gone: 410
        case .stale: 412
        case .tooLarge: 413
        case .unsupportedMedia: 415
        case .unprocessable: 422
        case .tooMany: 429
        case .bug: 500
        case .badUpstream: 502
        case .unavailable: 503
        case .cannotStore: 507
        }
    }

    static func problem(_ refusal: Refusal) -> HTTPError {
        var headers: [String: String] = [:]
        if let wait = refusal.retryAfter { headers["Retry-After"] = String(wait) }
        if refusal.challenge { headers["WWW-Authenticate"] = "Bearer" }
        var problem = HTTPError(status(of: refusal.reason), slug: refusal.code, title: refusal.code == "validation" ? "Validation failed" : nil,
                                detail: refusal.detail, errors: refusal.fields?.map { .init(field: $0.field, message: $0.message) }, headers: headers)
        problem.extensions = refusal.extensions
        return problem
    }
}
