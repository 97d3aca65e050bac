import YarukiCore
import YarukiHTTP

/// Collects every field a request gets wrong, so one 400 names them all.
struct FieldCheck {
    private(set) var errors: [FieldRuleError] = []

    init(_ errors: [FieldRuleError] = []) { self.errors = errors }

    /// The value `make` parses, or nil with its error noted.
    mutating func attempt<T>(_ make: () throws(FieldRuleError) -> T) -> T? {
        do { return try make() } catch {
            errors.append(error)
            return nil
        }
    }

    /// `make` applied to `value` when there is one (an optional field), with its error noted.
    mutating func attempt<V, T>(_ value: V?, _ make: (V) throws(FieldRuleError) -> T) -> T? {
        guard let value else { return nil }
        return attempt { () throws(FieldRuleError) in try make(value) }
    }

    mutating func fail(_ field: String, _ message: String) {
        errors.append(FieldRuleError(field: field, message: message))
    }

    /// Throws the 400 that names every field noted (the first 50 of them).
    func done() throws {
        guard !errors.isEmpty else { return }
        let detail = errors.count == 1 ? "The field '\(errors[0].field)' \(errors[0].message)." : "\(errors.count) fields are not valid."
        throw HTTPError.badRequest(detail, errors: errors.prefix(50).map { .init(field: $0.field, message: $0.message) })
    }
}
