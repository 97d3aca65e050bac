import YarukiCore
import YarukiHTTP
import YarukiStore

/// Errors of the layers below, as the problems a client sees.
enum ErrorMapping {
    static func problem(for error: Error) -> HTTPError? {
        switch error {
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
}
