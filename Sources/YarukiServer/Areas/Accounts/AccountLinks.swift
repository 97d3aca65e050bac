import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// Single-use links mailed to an address, made inside the transaction of what they are for:
/// the token is random (32 bytes), only its SHA-256 is stored, and the mail that carries it is
/// queued in the same transaction.
struct AccountLinks: Sendable {
    let context: AppContext

    static let verifyLifetime: TimeInterval = 72 * 3600
    static let changeLifetime: TimeInterval = 24 * 3600
    static let resetLifetime: TimeInterval = 30 * 60
    static let signInLifetime: TimeInterval = 15 * 60

    /// A new link of `purpose` for `email`; links of the same purpose made before stop working.
    func issue(_ purpose: AccountStore.TokenPurpose, for user: UUID, email: String, at now: Date,
               _ c: SQLConnection) throws -> (link: String, expiresAt: Date) {
        let lifetime: TimeInterval = switch purpose {
        case .verifyEmail: AccountLinks.verifyLifetime
        case .changeEmail: AccountLinks.changeLifetime
        case .resetPassword: AccountLinks.resetLifetime
        case .signIn: AccountLinks.signInLifetime
        }
        try AccountStore.spendTokens(of: user, [purpose], at: now, c)
        try AccountStore.pruneTokens(before: now.addingTimeInterval(-7 * 86_400), c)
        let token = Crypto.randomToken(32)
        let expiresAt = now.addingTimeInterval(lifetime)
        try AccountStore.insertToken(hash: Crypto.tokenHash(token), user: user, purpose: purpose, email: email, at: now, expiresAt: expiresAt, c)
        let page = switch purpose {
        case .resetPassword: "reset-password"
        case .signIn: "signin-link"
        case .verifyEmail, .changeEmail: "confirm-email"
        }
        return ("\(context.publicURL)/#/\(page)?token=\(token)", expiresAt)
    }

    /// Queues the mail confirming the account's address.
    func mailVerification(to account: Account, at now: Date, _ c: SQLConnection) throws {
        let (link, expiresAt) = try issue(.verifyEmail, for: account.id, email: account.email, at: now, c)
        try context.mail.enqueue(AccountMail.message(.verify, to: account.email, language: account.locale,
                                                     .init(name: account.displayName, link: link, hours: Int(AccountLinks.verifyLifetime / 3600))),
                                 user: account.id, expiresAt: expiresAt, c)
    }

    /// A page of the app, for mails that point at it.
    func page(_ name: String) -> String { "\(context.publicURL)/#/\(name)" }
}
