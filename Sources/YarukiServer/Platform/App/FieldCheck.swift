import YarukiCore
import YarukiHTTP

/// Collects every field a request gets wrong, so one answer names them all. What is wrong
/// decides the status, as the API document promises: a field outside its own rules (type,
/// length, pattern, range) is a 400; a field that names something that does not exist (or is
/// not yours) a 404; fields each valid that do not fit together (from after to, a done post
/// without a photo) a 422. The first that applies wins, and the problem lists every error.
struct FieldCheck {
    typealias Kind = FieldRuleError.Kind

    private(set) var errors: [FieldRuleError] = []
    private var worst: Kind?

    init(_ errors: [FieldRuleError] = []) {
        self.errors = errors
        worst = errors.map(\.kind).min()
    }

    /// The value `make` parses, or nil with its error noted.
    mutating func attempt<T>(_ make: () throws(FieldRuleError) -> T) -> T? {
        do { return try make() } catch {
            note(error)
            return nil
        }
    }

    /// `make` applied to `value` when there is one (an optional field), with its error noted.
    mutating func attempt<V, T>(_ value: V?, _ make: (V) throws(FieldRuleError) -> T) -> T? {
        guard let value else { return nil }
        return attempt { () throws(FieldRuleError) in try make(value) }
    }

    /// A field outside its own rules.
    mutating func fail(_ field: String, _ message: String) { note(FieldRuleError(field: field, message: message)) }

    /// A field that names something that does not exist, or is not the caller's.
    mutating func missing(_ field: String, _ message: String) { note(.missing(field, message)) }

    /// A field valid alone that does not fit with the others.
    mutating func conflict(_ field: String, _ message: String) { note(.conflict(field, message)) }

    mutating func note(_ error: FieldRuleError) {
        errors.append(error)
        worst = min(worst ?? error.kind, error.kind)
    }

    mutating func note(_ list: [FieldRuleError]) { for error in list { note(error) } }

    /// Throws the problem that names every field noted (the first 50 of them).
    func done() throws {
        guard let worst, !errors.isEmpty else { return }
        let detail = errors.count == 1 ? "The field '\(errors[0].field)' \(errors[0].message)." : "\(errors.count) fields are not valid."
        let reason: Refusal.Reason = switch worst {
        case .invalid: .malformed
        case .missing: .notFound
        case .conflicting: .unprocessable
        }
        throw Refusal(reason, detail, fields: errors.prefix(50).map { .init(field: $0.field, message: $0.message) })
    }
}
