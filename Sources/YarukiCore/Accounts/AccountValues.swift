import Foundation

/// An email address as typed (spaces around it dropped) and the key it is compared by: Unicode
/// NFC and lower-cased, so "Ana@Example.com" and " ana@example.com " are one account.
public struct EmailAddress: Hashable, Sendable {
    public let value: String
    public let key: String

    /// Characters (Unicode scalars).
    public static let maxLength = 254

    /// The rule as a regular expression, for the API document: a local part of 1 to 64
    /// characters, @, a domain of dot-separated labels (two at least); no spaces, control
    /// characters, angle brackets or second @ anywhere.
    public static let pattern: String = {
        let not = "\(TextRule.spaceClass)\(TextRule.controlClass)<>@"
        let space = "[\(TextRule.spaceClass)]*"
        return "^\(space)[^\(not)]{1,64}@[^\(not).]+(\\.[^\(not).]+)+\(space)$"
    }()

    public init(_ raw: String, field: String = "email") throws(FieldRuleError) {
        guard raw.unicodeScalars.count <= EmailAddress.maxLength else {
            throw FieldRuleError(field: field, message: "is longer than \(EmailAddress.maxLength) characters")
        }
        let raw = TextRule.trim(raw)
        guard !raw.isEmpty else { throw FieldRuleError(field: field, message: "is required") }
        // By scalars, as the pattern reads it (a combining mark after @ must not hide the @).
        let parts = raw.unicodeScalars.split(separator: "@", omittingEmptySubsequences: false)
        let labels = parts.count == 2 ? parts[1].split(separator: ".", omittingEmptySubsequences: false) : []
        guard parts.count == 2, (1...64).contains(parts[0].count), labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }),
              !raw.unicodeScalars.contains(where: { TextRule.spaces.contains($0.value) || $0 == "<" || $0 == ">" }),
              !TextRule.hasControl(raw)
        else { throw FieldRuleError(field: field, message: "is not an email address") }
        let text = raw.precomposedStringWithCanonicalMapping
        value = text
        key = text.lowercased()
    }
}

/// The name other people see: 1 to 50 characters, no control characters.
public struct DisplayName: Hashable, Sendable {
    public let value: String
    public static let maxLength = 50

    /// A name as shown to others: bidirectional controls are dropped (they would reorder the
    /// text beside it), then the usual line rules apply.
    public init(_ raw: String, field: String = "displayName") throws(FieldRuleError) {
        let plain = TextRule.withoutBidiControls(raw)
        if let error = TextRule.check(plain, field: field, max: DisplayName.maxLength, required: true).first { throw error }
        value = TextRule.normalize(plain)
    }
}

/// Length rules for a new password (OWASP: at least 8, allow long passphrases, cap the size
/// so nobody makes the server hash megabytes).
public enum PasswordRule {
    /// Counted in Unicode scalars, as the API document counts characters.
    public static let minCharacters = 8
    public static let maxCharacters = 256
    /// What a password given to be checked (signing in, confirming) may have at most: it goes
    /// through argon2, so its size is capped; one set under the old byte limit still fits.
    public static let maxGiven = 1024

    public static func check(_ password: String, field: String = "password") throws(FieldRuleError) {
        guard password.unicodeScalars.count >= minCharacters else {
            throw FieldRuleError(field: field, message: "must have at least \(minCharacters) characters")
        }
        guard password.unicodeScalars.count <= maxCharacters else {
            throw FieldRuleError(field: field, message: "is longer than \(maxCharacters) characters")
        }
    }

    /// A password given to be checked: any text, at most `maxGiven` characters.
    public static func checkGiven(_ password: String, field: String = "password") throws(FieldRuleError) {
        guard password.unicodeScalars.count <= maxGiven else {
            throw FieldRuleError(field: field, message: "is longer than \(maxGiven) characters")
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
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard tag.utf8.count <= 35, let first = parts.first, let language = AppLanguage(rawValue: String(first)),
              parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { throw FieldRuleError(field: field, message: "must be one of en, ja, ko (a tag like ja-JP is taken too)") }
        return language
    }

    /// What `parse` takes, for the API document.
    public static let tagPattern = "^(en|ja|ko)(-[A-Za-z0-9]{1,8})*$"
}

/// An IANA time zone the system knows ("Asia/Tokyo").
public struct TimeZoneName: Hashable, Sendable {
    public let value: String

    public init(_ raw: String, field: String = "timeZone") throws(FieldRuleError) {
        guard TimeZoneName.known.contains(raw) else {
            throw FieldRuleError(field: field, message: "is not a known time zone")
        }
        value = raw
    }

    /// Every name taken, as the API document lists them: the system's zone database (its
    /// current names, the old ones browsers still report, and the Etc/ zones) and Foundation's own list.
    public static let known: Set<String> = {
        var names = Set(TimeZone.knownTimeZoneIdentifiers)
        names.formUnion(["UTC", "GMT"])
        let root = "/usr/share/zoneinfo/"
        if let walker = FileManager.default.enumerator(atPath: root) {
            while let path = walker.nextObject() as? String {
                if path.hasPrefix("posix") || path.hasPrefix("right") { walker.skipDescendants(); continue }
                guard path.first?.isUppercase == true, !path.contains("."), path.utf8.count <= 64,
                      (walker.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory else { continue }
                names.insert(path)
            }
        }
        return names.filter { TimeZone(identifier: $0) != nil }
    }()
}
