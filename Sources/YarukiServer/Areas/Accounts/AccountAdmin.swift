import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// Accounts made by the operator (`yaruki user create`) and by the demo seed, without HTTP.
public enum AccountAdmin {
    public enum Failure: Error, CustomStringConvertible {
        case invalid(FieldRuleError)
        case exists(String)

        public var description: String {
            switch self {
            case let .invalid(e): "\(e.field) \(e.message)"
            case let .exists(email): "an account with the email \(email) already exists"
            }
        }
    }

    /// Creates an account; with `ifMissing`, an existing one with that email is returned unchanged.
    @discardableResult
    public static func create(_ database: Database, email: String, displayName: String, password: String, role: Role,
                              timeZone: String = "UTC", locale: AppLanguage = .en, weekStart: WeekStart = .monday,
                              ifMissing: Bool = false, now: Date = Date(), hasher: PasswordHasher = PasswordHasher()) async throws -> Account {
        let address: EmailAddress, name: DisplayName, zone: TimeZoneName
        do {
            address = try EmailAddress(email)
            name = try DisplayName(displayName)
            zone = try TimeZoneName(timeZone)
            try PasswordRule.check(password)
        } catch {
            throw Failure.invalid(error)
        }
        if ifMissing, let existing = try await database.read({ c in try AccountStore.credentials(emailKey: address.key, c) }) {
            return existing.account
        }
        let hash = try hasher.hash(password)
        // The operator made it (or the demo did) and vouches for the address: no link is mailed.
        let new = AccountStore.NewAccount(email: address, displayName: name, passwordHash: hash, timeZone: zone.value,
                                          locale: locale, weekStart: weekStart, role: role, emailVerified: true)
        do {
            return try await database.transaction { c in try AccountStore.insert(new, at: now, c) }
        } catch DatabaseError.uniqueViolation {
            throw Failure.exists(address.value)
        }
    }

    /// A password for an account the operator made without giving one.
    public static func generatedPassword() -> String {
        Crypto.randomToken(15)
    }
}
