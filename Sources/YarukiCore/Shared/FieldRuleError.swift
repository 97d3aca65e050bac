import Foundation

/// Why a field of any input was refused, and how: the server answers 400 for a field outside its
/// own rules, 404 for one that names something that does not exist (or is not the person's),
/// 422 for fields each valid that do not fit together.
public struct FieldRuleError: Error, Equatable, Sendable {
    public enum Kind: Int, Sendable, Comparable {
        case invalid, missing, conflicting

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public let field: String
    public let message: String
    public let kind: Kind

    public init(field: String, message: String, kind: Kind = .invalid) {
        self.field = field
        self.message = message
        self.kind = kind
    }

    public static func missing(_ field: String, _ message: String) -> FieldRuleError { FieldRuleError(field: field, message: message, kind: .missing) }
    public static func conflict(_ field: String, _ message: String) -> FieldRuleError {
        FieldRuleError(field: field, message: message, kind: .conflicting)
    }
}
