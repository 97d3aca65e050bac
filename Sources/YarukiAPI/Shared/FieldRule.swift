import Foundation
import YarukiCore

/// What a field accepts beyond its type, as the document says it (JSON Schema's words): the
/// server's own checks answer 400 outside these bounds, and the fuzzer in `make test` holds the
/// two to each other. Written beside the type, from the same constants the checks use.
public struct FieldRule: Sendable, Equatable {
    public var minLength: Int?
    public var maxLength: Int?
    /// An ECMA-262 regular expression the value must match somewhere (anchor it for the whole value).
    public var pattern: String?
    public var format: String?
    public var minimum: Double?
    public var maximum: Double?
    /// A number that is a whole multiple of this (RPE in halves: 0.5).
    public var multipleOf: Double?
    public var oneOf: [String]?
    public var minItems: Int?
    public var maxItems: Int?
    public var uniqueItems: Bool?
    /// For the rules of an array's items (`photoIds`: each a uuid), or a map's values.
    public var items: [FieldRule]?
    /// Keys a map must hold.
    public var requiredKeys: [String]?
    /// The only keys a map may hold.
    public var allowedKeys: [String]?

    public init(minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, format: String? = nil, minimum: Double? = nil,
                maximum: Double? = nil, multipleOf: Double? = nil, oneOf: [String]? = nil, minItems: Int? = nil, maxItems: Int? = nil, uniqueItems: Bool? = nil,
                items: [FieldRule]? = nil, requiredKeys: [String]? = nil, allowedKeys: [String]? = nil) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.format = format
        self.minimum = minimum
        self.maximum = maximum
        self.multipleOf = multipleOf
        self.oneOf = oneOf
        self.minItems = minItems
        self.maxItems = maxItems
        self.uniqueItems = uniqueItems
        self.items = items
        self.requiredKeys = requiredKeys
        self.allowedKeys = allowedKeys
    }

    /// One line of at most `max` characters (`TextRule`): no control characters, and when
    /// `required` something besides spaces.
    public static func line(max: Int, required: Bool = true) -> FieldRule {
        FieldRule(minLength: required ? 1 : nil, maxLength: max, pattern: TextRule.linePattern(required: required))
    }

    /// Paragraphs of at most `max` characters: tabs and line breaks allowed.
    public static func paragraph(max: Int, required: Bool = false) -> FieldRule {
        FieldRule(minLength: required ? 1 : nil, maxLength: max, pattern: TextRule.paragraphPattern(required: required))
    }

    public static func number(_ range: ClosedRange<Double>) -> FieldRule { FieldRule(minimum: range.lowerBound, maximum: range.upperBound) }
    public static func integer(_ range: ClosedRange<Int>) -> FieldRule { FieldRule(minimum: Double(range.lowerBound), maximum: Double(range.upperBound)) }
    public static func words(_ values: [String]) -> FieldRule { FieldRule(oneOf: values) }
    public static func matching(_ pattern: String, max: Int? = nil) -> FieldRule { FieldRule(maxLength: max, pattern: pattern) }
    /// An array of `count` items, each under `item`.
    public static func list(_ count: ClosedRange<Int>, _ item: FieldRule? = nil) -> FieldRule {
        FieldRule(minItems: count.lowerBound > 0 ? count.lowerBound : nil, maxItems: count.upperBound, items: item.map { [$0] })
    }

    /// Combines two rules (the later one's bounds win where both say something).
    public func and(_ other: FieldRule) -> FieldRule {
        FieldRule(minLength: other.minLength ?? minLength, maxLength: other.maxLength ?? maxLength, pattern: other.pattern ?? pattern,
                  format: other.format ?? format, minimum: other.minimum ?? minimum, maximum: other.maximum ?? maximum,
                  multipleOf: other.multipleOf ?? multipleOf, oneOf: other.oneOf ?? oneOf, minItems: other.minItems ?? minItems, maxItems: other.maxItems ?? maxItems,
                  uniqueItems: other.uniqueItems ?? uniqueItems, items: other.items ?? items, requiredKeys: other.requiredKeys ?? requiredKeys,
                  allowedKeys: other.allowedKeys ?? allowedKeys)
    }
}

extension FieldRule {
    /// An address as `EmailAddress` takes it.
    public static let email = FieldRule(maxLength: EmailAddress.maxLength, pattern: EmailAddress.pattern)
    /// A password as `PasswordRule` takes it.
    public static let password = FieldRule(minLength: PasswordRule.minCharacters, maxLength: PasswordRule.maxCharacters)
    public static let displayName = FieldRule.line(max: DisplayName.maxLength)
    /// A zone name like Asia/Tokyo, one of those the server knows.
    public static let timeZone = FieldRule.words(TimeZoneName.known.sorted())
    /// en, ja or ko, or a tag that starts with one (ja-JP).
    public static let language = FieldRule(maxLength: 35, pattern: AppLanguage.tagPattern)
    /// A day, YYYY-MM-DD, from 1900 to 2999.
    public static let day = FieldRule(pattern: PersonalCalendar.dayPattern, format: "date")
    public static let device = FieldRule.line(max: 100, required: false)
    /// A device's own token, as the server handed it out: 43 URL-safe characters.
    public static let deviceToken = FieldRule(pattern: "^[A-Za-z0-9_-]{43}$")
    /// A password given to be checked (any text; it is capped because it is hashed).
    public static let givenPassword = FieldRule(maxLength: PasswordRule.maxGiven)
    /// The token of a mailed link: 16 to 128 URL-safe characters.
    public static let mailedToken = FieldRule(pattern: "^[A-Za-z0-9_-]{16,128}$")
    /// An OpenID Connect ID token, at most 16 KiB.
    public static let idToken = FieldRule(maxLength: 16 * 1024)
    public static let nonce = FieldRule(maxLength: 256)
    /// A name in each of the app's languages, keyed en, ja and ko: one line each.
    public static func languageNames(max: Int, all: Bool) -> FieldRule {
        let languages = AppLanguage.allCases.map(\.rawValue)
        return FieldRule(items: [.line(max: max)], requiredKeys: all ? languages : nil, allowedKeys: languages)
    }
}

/// Field rules of a request body, by property name.
public protocol RuledModel {
    static var rules: [String: FieldRule] { get }
}
