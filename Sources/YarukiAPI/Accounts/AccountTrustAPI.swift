import Foundation
import YarukiCore

/// `POST /v1/me/email`: a new address, confirmed by the current password; it becomes the
/// account's only when the link mailed to it is opened.
public struct EmailChangeBody: APIModel, RuledModel {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }

    public static let rules: [String: FieldRule] = ["email": .email, "password": .givenPassword]

    public static let example = EmailChangeBody(email: "mina.new@yaruki.example", password: "correct horse battery")
}

/// An address waiting for its link to be opened.
public struct PendingEmail: APIModel, Equatable {
    public var email: String
    /// When the mailed link stops working.
    public var expiresAt: Date

    public init(email: String, expiresAt: Date) {
        self.email = email
        self.expiresAt = expiresAt
    }

    public static let example = PendingEmail(email: "mina.new@yaruki.example", expiresAt: Example.instant)
}

/// `POST /v1/auth/email/confirm`: the token from a mailed link.
public struct MailedToken: APIModel, RuledModel {
    public var token: String

    public init(token: String) { self.token = token }

    public static let rules: [String: FieldRule] = ["token": .mailedToken]

    public static let example = MailedToken(token: "p4JqL0vYw2cX8mN1aZ5rT7uE3iO9sD6fG0hK2jB4nM8")
}

/// An address a link confirmed: the account's own (`changed` false) or its new one.
public struct ConfirmedEmail: APIModel, Equatable {
    public var email: String
    public var changed: Bool

    public init(email: String, changed: Bool) {
        self.email = email
        self.changed = changed
    }

    public static let example = ConfirmedEmail(email: "mina@yaruki.example", changed: false)
}

/// `POST /v1/auth/password/forgot`.
public struct ForgotPasswordBody: APIModel, RuledModel {
    public var email: String

    public init(email: String) { self.email = email }

    public static let rules: [String: FieldRule] = ["email": .email]

    public static let example = ForgotPasswordBody(email: "mina@yaruki.example")
}

/// `POST /v1/auth/link/finish`: a mailed sign-in link's token, and how to sign in with it.
public struct SignInLinkBody: APIModel, RuledModel {
    public var token: String
    public var device: String?
    public var useCookie: Bool?
    public var deviceToken: String?

    public init(token: String, device: String? = nil, useCookie: Bool? = nil, deviceToken: String? = nil) {
        self.token = token
        self.device = device
        self.useCookie = useCookie
        self.deviceToken = deviceToken
    }

    public static let rules: [String: FieldRule] = ["token": .mailedToken, "device": .device, "deviceToken": .deviceToken]

    public static let example = SignInLinkBody(token: "p4JqL0vYw2cX8mN1aZ5rT7uE3iO9sD6fG0hK2jB4nM8", device: "iPhone", useCookie: false,
                                               deviceToken: Example.deviceToken)
}

/// The same answer whether or not an account has the address.
public struct MailAccepted: APIModel, Equatable {
    public var message: String

    public init(message: String) { self.message = message }

    public static let example = MailAccepted(message: "If an account uses this address, a link to reset its password is on its way. It works for 30 minutes.")
}

/// `POST /v1/auth/password/reset`: the mailed token and the new password.
public struct ResetPasswordBody: APIModel, RuledModel {
    public var token: String
    public var newPassword: String

    public init(token: String, newPassword: String) {
        self.token = token
        self.newPassword = newPassword
    }

    public static let rules: [String: FieldRule] = ["token": .mailedToken, "newPassword": .password]

    public static let example = ResetPasswordBody(token: "p4JqL0vYw2cX8mN1aZ5rT7uE3iO9sD6fG0hK2jB4nM8", newPassword: "a longer sentence is better")
}

/// `POST /v1/me/identities`: link Sign in with Apple or Google to the signed-in account.
public struct LinkIdentityBody: APIModel, RuledModel {
    public var provider: IdentityProviderName
    public var idToken: String
    /// The raw nonce the app sent to the provider.
    public var nonce: String?

    public init(provider: IdentityProviderName, idToken: String, nonce: String? = nil) {
        self.provider = provider
        self.idToken = idToken
        self.nonce = nonce
    }

    public static let rules: [String: FieldRule] = ["idToken": .idToken, "nonce": .nonce]

    public static let example = LinkIdentityBody(provider: .google, idToken: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln", nonce: "n-0S6_WzA2Mj")
}

/// A provider linked to the account; every other session was signed out.
public struct LinkedIdentity: APIModel, Equatable {
    public var provider: IdentityProviderName
    public var email: String?
    public var signedOutSessions: Int

    public init(provider: IdentityProviderName, email: String?, signedOutSessions: Int) {
        self.provider = provider
        self.email = email
        self.signedOutSessions = signedOutSessions
    }

    public static let example = LinkedIdentity(provider: .google, email: "mina@yaruki.example", signedOutSessions: 1)
}

/// The sign-in providers a server may enable.
public enum IdentityProviderName: String, Codable, Sendable, CaseIterable, APIEnumeration {
    case apple, google
}

/// `POST /v1/auth/web/{provider}/start`: where to send the browser, and the binding that only
/// this browser holds: the sign-in finishes with it, so a link from someone else's attempt
/// cannot sign anyone in.
public struct WebSignInStart: APIModel, Equatable {
    public var provider: IdentityProviderName
    public var authorizeURL: String
    public var binding: String
    public var expiresIn: Int

    public init(provider: IdentityProviderName, authorizeURL: String, binding: String, expiresIn: Int) {
        self.provider = provider
        self.authorizeURL = authorizeURL
        self.binding = binding
        self.expiresIn = expiresIn
    }

    public static let example = WebSignInStart(provider: .google, authorizeURL: "https://accounts.google.com/o/oauth2/v2/auth?response_type=code",
                                               binding: "b9Zk1yT3mQ0rX6cN2vL8pA4sD7fG5hJ1kW0eR3tY6uI", expiresIn: 600)
}

/// `POST /v1/auth/web/finish`: the browser's binding, once the provider sent the person back.
public struct WebSignInFinishBody: APIModel, RuledModel {
    public var binding: String
    public var timeZone: String?
    public var locale: String?
    public var device: String?
    public var useCookie: Bool?

    public init(binding: String, timeZone: String? = nil, locale: String? = nil, device: String? = nil, useCookie: Bool? = nil) {
        self.binding = binding
        self.timeZone = timeZone
        self.locale = locale
        self.device = device
        self.useCookie = useCookie
    }

    public static let rules: [String: FieldRule] = ["binding": .mailedToken, "timeZone": .timeZone, "locale": .language, "device": .device]

    public static let example = WebSignInFinishBody(binding: "b9Zk1yT3mQ0rX6cN2vL8pA4sD7fG5hJ1kW0eR3tY6uI", timeZone: "Asia/Seoul", locale: "ko",
                                                    device: "Chrome on Android", useCookie: true)
}
