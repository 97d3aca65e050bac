import Foundation

/// Why a field of any input was refused; the server turns it into a 400 naming the field.
public struct FieldRuleError: Error, Equatable, Sendable {
    public let field: String
    public let message: String
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
