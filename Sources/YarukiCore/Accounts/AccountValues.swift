import Foundation

/// An email address as typed (trimmed) and the key it is compared by: Unicode NFC and
/// lower-cased, so "Ana@Example.com" and "ana@example.com " are one account.
public struct EmailAddress: Hashable, Sendable {
    public let value: String
    public let key: String

    public static let maxLength = 254

    public init(_ raw: String, field: String = "email") throws(FieldRuleError) {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !trimmed.isEmpty else { throw FieldRuleError(field: field, message: "is required") }
        guard trimmed.utf8.count <= EmailAddress.maxLength else {
            throw FieldRuleError(field: field, message: "is longer than \(EmailAddress.maxLength) bytes")
        }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last,
              (1...64).contains(local.utf8.count), domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."),
              !domain.contains(".."),
              !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0 == "<" || $0 == ">" })
        else { throw FieldRuleError(field: field, message: "is not an email address") }
        value = trimmed
        key = trimmed.lowercased()
    }
}

/// The name other people see: 1 to 50 characters, no control characters.
public struct DisplayName: Hashable, Sendable {
    public let value: String
    public static let maxLength = 50

    public init(_ raw: String, field: String = "displayName") throws(FieldRuleError) {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !trimmed.isEmpty else { throw FieldRuleError(field: field, message: "is required") }
        guard trimmed.count <= DisplayName.maxLength else {
            throw FieldRuleError(field: field, message: "is longer than \(DisplayName.maxLength) characters")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw FieldRuleError(field: field, message: "contains control characters")
        }
        value = trimmed
    }
}

/// Length rules for a new password (OWASP: at least 8, allow long passphrases, cap the size
/// so nobody makes the server hash megabytes).
public enum PasswordRule {
    public static let minCharacters = 8
    public static let maxBytes = 1024

    public static func check(_ password: String, field: String = "password") throws(FieldRuleError) {
        guard password.count >= minCharacters else {
            throw FieldRuleError(field: field, message: "must have at least \(minCharacters) characters")
        }
        guard password.utf8.count <= maxBytes else {
            throw FieldRuleError(field: field, message: "is longer than \(maxBytes) bytes")
        }
    }
}

public enum WeekStart: String, Codable, Sendable, CaseIterable {
    case monday, sunday
}

public enum Role: String, Codable, Sendable, CaseIterable, Comparable {
    case member, coach, admin

    public static func < (a: Role, b: Role) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The languages the apps speak.
public enum AppLanguage: String, Codable, Sendable, CaseIterable {
    case en, ja, ko

    /// The best match for a BCP 47 tag ("ja-JP" → ja), or nil.
    public init?(tag: String) {
        let primary = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        self.init(rawValue: primary)
    }

    /// A tag a person sent; anything but en, ja or ko (or an overlong tag) is refused.
    public static func parse(_ tag: String, field: String = "locale") throws(FieldRuleError) -> AppLanguage {
        guard tag.utf8.count <= 35, let language = AppLanguage(tag: tag) else {
            throw FieldRuleError(field: field, message: "must be one of en, ja, ko")
        }
        return language
    }
}

/// An IANA time zone the system knows ("Asia/Tokyo").
public struct TimeZoneName: Hashable, Sendable {
    public let value: String

    public init(_ raw: String, field: String = "timeZone") throws(FieldRuleError) {
        guard raw.utf8.count <= 64, TimeZone(identifier: raw) != nil else {
            throw FieldRuleError(field: field, message: "is not a known time zone")
        }
        value = raw
    }
}
