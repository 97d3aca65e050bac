import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// What is done through a link mailed to an address: confirming it, moving the account to a new
/// one, resetting a forgotten password, and signing in without the password.
final class EmailService: Sendable {
    let accounts: AccountService
    var context: AppContext { accounts.context }
    var database: Database { context.database }
    var links: AccountLinks { accounts.links }

    init(accounts: AccountService) {
        self.accounts = accounts
    }

    // MARK: confirming an address

    /// Mails a new link confirming the signed-in account's address (the old ones stop working).
    func resendVerification(_ principal: Principal) async throws -> PendingEmail {
        let account = try await principal.account()
        guard !account.emailVerified else { throw Refusal.conflict("Your email address is confirmed already.") }
        try await accounts.requests.take([.init(kind: "mail-account", value: account.id.uuidString)], now: context.now, what: "Too many mails were sent to you")
        let now = context.now
        try await database.transaction { [links] c in try links.mailVerification(to: account, at: now, c) }
        context.mail.kick()
        return PendingEmail(email: account.email, expiresAt: now.addingTimeInterval(AccountLinks.verifyLifetime))
    }

    /// Opens a mailed link that confirms an address: the account's own, or the new one it then takes.
    func confirm(_ token: String) async throws -> ConfirmedEmail {
        let now = context.now
        let hash = Crypto.tokenHash(token)
        let (confirmed, user) = try await database.transaction { c -> (ConfirmedEmail, UUID) in
            let record = try EmailService.usable(hash, [.verifyEmail, .changeEmail], now, c)
            guard let account = try AccountStore.account(id: record.userID, c), let email = try? EmailAddress(record.email) else {
                throw EmailService.linkError(.notFound, "No such link.")
            }
            switch record.purpose {
            case .changeEmail:
                do {
                    try AccountStore.setEmail(account.id, email, verifiedAt: now, c)
                } catch DatabaseError.uniqueViolation {
                    throw Refusal.conflict("Another account uses \(email.value) now, so this account keeps \(account.email).")
                }
                // Links sent to the old address mean nothing now.
                try AccountStore.spendTokens(of: account.id, [.verifyEmail, .changeEmail, .resetPassword], at: now, c)
                return (ConfirmedEmail(email: email.value, changed: true), account.id)
            default:
                guard try AccountStore.markEmailVerified(account.id, email: email, at: now, c) else {
                    throw EmailService.linkError(.gone, "This link is for \(email.value), which this account no longer uses.")
                }
                try AccountStore.spendTokens(of: account.id, [.verifyEmail], at: now, c)
                return (ConfirmedEmail(email: email.value, changed: false), account.id)
            }
        }
        await context.replies.invalidate(AccountService.tags(user))
        return confirmed
    }

    // MARK: a new address

    /// Mails a link to the new address (the change happens when it is opened) and tells the
    /// old address. Needs the current password: a session alone does not move the account.
    func requestChange(_ principal: Principal, to newEmail: EmailAddress, password: String) async throws -> PendingEmail {
        let account = try await principal.account()
        guard account.hasPassword else {
            throw Refusal(.forbidden, code: "password-needed", "Set a password first; changing the email needs it.",
                          fields: [.init(field: "password", message: "is not set for this account")])
        }
        try await accounts.confirmPassword(principal, password, field: "password")
        guard newEmail.key != account.email.lowercased() else {
            throw Refusal.malformed("This is your address already.", fields: [.init(field: "email", message: "is your address already")])
        }
        try await accounts.requests.take([.init(kind: "mail-account", value: account.id.uuidString)], now: context.now, what: "Too many mails were sent to you")
        let now = context.now
        let links = self.links
        let mail = context.mail
        let expiresAt = try await database.transaction { c -> Date in
            if try AccountStore.credentials(emailKey: newEmail.key, c) != nil {
                throw Refusal(.conflict, "Another account uses this address.", fields: [.init(field: "email", message: "is already registered")])
            }
            let (link, expiresAt) = try links.issue(.changeEmail, for: account.id, email: newEmail.value, at: now, c)
            try mail.enqueue(AccountMail.message(.changeEmail, to: newEmail.value, language: account.locale,
                                                 .init(name: account.displayName, link: link, hours: Int(AccountLinks.changeLifetime / 3600))),
                             user: account.id, expiresAt: expiresAt, c)
            try mail.enqueue(AccountMail.message(.changeNotice, to: account.email, language: account.locale,
                                                 .init(name: account.displayName, link: links.page("account"), newEmail: newEmail.value)),
                             user: account.id, expiresAt: expiresAt, c)
            return expiresAt
        }
        mail.kick()
        return PendingEmail(email: newEmail.value, expiresAt: expiresAt)
    }

    // MARK: a forgotten password

    static let resetAccepted = MailAccepted(message: "If an account uses this address, a link to reset its password is on its way. It works for 30 minutes.")
    static let signInAccepted = MailAccepted(message: "If an account uses this address, a sign-in link is on its way. It works once, for 15 minutes.")

    /// Mails a reset link if an account has the address. The answer is the same either way and is
    /// given before the lookup, so neither its words nor its timing tell whether one exists.
    func forgot(_ email: EmailAddress, network: String) async throws -> MailAccepted {
        try await mailLink(.resetPassword, kind: .reset, to: email, network: network, lifetime: AccountLinks.resetLifetime)
        return EmailService.resetAccepted
    }

    /// Mails a link that signs in without the password: the owner's way in while sign-ins with a
    /// password are held back after strangers' guesses (or on a new device). Answered like `forgot`.
    func mailSignInLink(_ email: EmailAddress, network: String) async throws -> MailAccepted {
        try await mailLink(.signIn, kind: .signInLink, to: email, network: network, lifetime: AccountLinks.signInLifetime)
        return EmailService.signInAccepted
    }

    /// Queues a link of `purpose` to the account with the address, if any, after the answer. Links
    /// asked for from one network are limited (10 an hour, all kinds), and one mailbox gets at most
    /// five mails an hour whoever asks: past that a request is dropped without a word.
    private func mailLink(_ purpose: AccountStore.TokenPurpose, kind: AccountMail.Kind, to email: EmailAddress, network: String,
                          lifetime: TimeInterval) async throws {
        let now = context.now
        try await accounts.requests.take([.init(kind: "reset-address", value: network)], now: now, what: "Too many mailed links were asked for from your network")
        let (links, mail, database, requests) = (self.links, context.mail, self.database, accounts.requests)
        mail.later {
            do {
                let queued = try await database.transaction { c -> Bool in
                    guard let found = try AccountStore.credentials(emailKey: email.key, c) else { return false }
                    let account = found.account
                    let key = Throttle.Key(kind: "mail-account", value: account.id.uuidString)
                    guard try requests.allows([key], now: now, c) else { return false }
                    try requests.record([key], now: now, c)
                    let (link, expiresAt) = try links.issue(purpose, for: account.id, email: account.email, at: now, c)
                    try mail.enqueue(AccountMail.message(kind, to: account.email, language: account.locale,
                                                         .init(name: account.displayName, link: link, minutes: Int(lifetime / 60))),
                                     user: account.id, expiresAt: expiresAt, c)
                    return true
                }
                if queued { mail.kick() }
            } catch {
                ServerLog.error("a mailed link could not be made", ["purpose": purpose.rawValue, "reason": String(describing: error)])
            }
        }
    }

    /// Signs in with a mailed link (once, within 15 minutes): a new session, the address counts
    /// as confirmed (the mailbox proved it), and the device and network become the owner's, so
    /// the next sign-ins with the password from here are not held back by strangers' guesses.
    func signIn(link token: String, device: String, place: SignInPlace) async throws -> (Account, IssuedTokens) {
        let hash = Crypto.tokenHash(token)
        let now = context.now
        let accounts = self.accounts
        let (account, tokens) = try await database.transaction { c -> (Account, IssuedTokens) in
            let record = try EmailService.usable(hash, [.signIn], now, c)
            guard let account = try AccountStore.account(id: record.userID, c) else { throw EmailService.linkError(.notFound, "No such link.") }
            guard try AccountStore.spendTokens(of: account.id, [.signIn], at: now, c) > 0 else {
                throw EmailService.linkError(.gone, "This link was used already, or a newer one replaced it.")
            }
            if let email = try? EmailAddress(record.email) { _ = try AccountStore.markEmailVerified(account.id, email: email, at: now, c) }
            var tokens = try accounts.startSession(for: account, device: device, at: now, c)
            tokens.deviceToken = try accounts.recognize(account.id, place, at: now, c)
            return (try AccountStore.account(id: account.id, c) ?? account, tokens)
        }
        await context.replies.invalidate(AccountService.tags(account.id))
        await accounts.signIns.clear(AccountService.signInKeys(account.email.lowercased(), place.network)[0])
        return (account, tokens)
    }

    /// Sets a new password from a mailed link (once, within 30 minutes): every session ends, the
    /// address counts as confirmed (the mailbox proved it), the failed sign-ins are forgotten.
    func reset(_ token: String, newPassword: String) async throws -> Int {
        let hash = Crypto.tokenHash(token)
        _ = try await database.read { [context] c in try EmailService.usable(hash, [.resetPassword], context.now, c) }
        let passwordHash = try await accounts.hash(newPassword)
        let now = context.now
        let (links, mail) = (self.links, context.mail)
        let (account, signedOut) = try await database.transaction { c -> (Account, Int) in
            let record = try EmailService.usable(hash, [.resetPassword], now, c)
            guard let account = try AccountStore.account(id: record.userID, c) else { throw EmailService.linkError(.notFound, "No such link.") }
            // Spent here, under the row's lock: of two requests with one link, only one gets past.
            guard try AccountStore.spendTokens(of: account.id, [.resetPassword], at: now, c) > 0 else {
                throw EmailService.linkError(.gone, "This link was used already, or a newer one replaced it.")
            }
            try AccountStore.setPasswordHash(account.id, passwordHash, at: now, c)
            if let email = try? EmailAddress(record.email) { _ = try AccountStore.markEmailVerified(account.id, email: email, at: now, c) }
            let signedOut = try AccountStore.revokeAll(of: account.id, except: nil, reason: "password reset", at: now, c)
            // Whoever knew the old password may have signed in somewhere: no device is the owner's until it signs in again.
            try SignInTrustStore.forget(account.id, c)
            try mail.enqueue(AccountMail.message(.resetDone, to: account.email, language: account.locale,
                                                 .init(name: account.displayName, link: links.page("forgot-password"))),
                             user: account.id, expiresAt: now.addingTimeInterval(86_400), c)
            return (account, signedOut)
        }
        mail.kick()
        await context.replies.invalidate(AccountService.tags(account.id))
        context.authenticator.sessions.forget(user: account.id)
        await accounts.signIns.clear(.init(kind: "account", value: account.email.lowercased()))
        return signedOut
    }

    // MARK: tokens

    /// The link's record when it may be used now: 404 when unknown, 410 when used or expired.
    private static func usable(_ hash: String, _ purposes: [AccountStore.TokenPurpose], _ now: Date,
                               _ c: SQLConnection) throws -> AccountStore.TokenRecord {
        guard let record = try AccountStore.token(hash: hash, c), purposes.contains(record.purpose) else {
            throw linkError(.notFound, "No such link. Open the newest one you were sent, or ask for a new one.")
        }
        guard record.usedAt == nil else { throw linkError(.gone, "This link was used already, or a newer one replaced it.") }
        guard record.expiresAt > now else { throw linkError(.gone, "This link has expired. Ask for a new one.") }
        return record
    }

    private static func linkError(_ reason: Refusal.Reason, _ detail: String) -> Refusal {
        Refusal(reason, code: reason == .gone ? "link-expired" : "link-invalid", detail, fields: [.init(field: "token", message: detail)])
    }
}
