import Foundation
import YarukiCore

/// `POST /v1/auth/signup`.
public struct SignUpBody: APIModel, RuledModel {
    public var email: String
    public var password: String
    public var displayName: String
    public var timeZone: String?
    public var locale: String?
    public var weekStart: WeekStart?
    public var device: String?
    /// The browser asks for the refresh token as an HttpOnly cookie instead of in the reply.
    public var useCookie: Bool?
    /// This device's own token (`SessionTokens.deviceToken` of an earlier sign-in), when it has one.
    public var deviceToken: String?

    public init(email: String, password: String, displayName: String, timeZone: String? = nil, locale: String? = nil,
                weekStart: WeekStart? = nil, device: String? = nil, useCookie: Bool? = nil, deviceToken: String? = nil) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.timeZone = timeZone
        self.locale = locale
        self.weekStart = weekStart
        self.device = device
        self.useCookie = useCookie
        self.deviceToken = deviceToken
    }

    public static let rules: [String: FieldRule] = ["email": .email, "password": .password, "displayName": .displayName,
                                                    "timeZone": .timeZone, "locale": .language, "device": .device, "deviceToken": .deviceToken]

    public static let example = SignUpBody(email: "mina@yaruki.example", password: "correct horse battery", displayName: "Mina",
                                           timeZone: "Asia/Tokyo", locale: "ja", weekStart: .monday, device: "iPhone", useCookie: false,
                                           deviceToken: Example.deviceToken)
}

/// `POST /v1/auth/login`.
public struct SignInBody: APIModel, RuledModel {
    public var email: String
    public var password: String
    public var device: String?
    public var useCookie: Bool?
    /// This device's own token from an earlier sign-in: the owner's device is let in while
    /// strangers guessing the password are held back (the browser sends it as a cookie instead).
    public var deviceToken: String?

    public init(email: String, password: String, device: String? = nil, useCookie: Bool? = nil, deviceToken: String? = nil) {
        self.email = email
        self.password = password
        self.device = device
        self.useCookie = useCookie
        self.deviceToken = deviceToken
    }

    public static let rules: [String: FieldRule] = ["email": .email, "password": .givenPassword, "device": .device, "deviceToken": .deviceToken]

    public static let example = SignInBody(email: "mina@yaruki.example", password: "correct horse battery", device: "iPhone", useCookie: false,
                                           deviceToken: Example.deviceToken)
}

/// `POST /v1/auth/oidc`: Sign in with Apple or Google.
public struct IdentityBody: APIModel, RuledModel {
    public var provider: IdentityProviderName
    public var idToken: String
    /// The raw nonce the app sent to the provider.
    public var nonce: String?
    public var displayName: String?
    public var timeZone: String?
    public var locale: String?
    public var device: String?
    public var useCookie: Bool?

    public init(provider: IdentityProviderName, idToken: String, nonce: String? = nil, displayName: String? = nil, timeZone: String? = nil,
                locale: String? = nil, device: String? = nil, useCookie: Bool? = nil) {
        self.provider = provider
        self.idToken = idToken
        self.nonce = nonce
        self.displayName = displayName
        self.timeZone = timeZone
        self.locale = locale
        self.device = device
        self.useCookie = useCookie
    }

    public static let rules: [String: FieldRule] = ["idToken": .idToken, "nonce": .nonce, "displayName": .displayName, "timeZone": .timeZone,
                                                    "locale": .language, "device": .device]

    public static let example = IdentityBody(provider: .apple, idToken: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln", nonce: "n-0S6_WzA2Mj",
                                             displayName: "Mina", timeZone: "Asia/Tokyo", locale: "ja", device: "iPhone", useCookie: false)
}

/// `POST /v1/auth/refresh` and `/logout`: the refresh token in the body, or (the browser) in its cookie.
public struct RefreshBody: APIModel {
    public var refreshToken: String?
    public var useCookie: Bool?

    public init(refreshToken: String? = nil, useCookie: Bool? = nil) {
        self.refreshToken = refreshToken
        self.useCookie = useCookie
    }

    public static let example = RefreshBody(refreshToken: "q9XzT0d4qk0m3Zq1f2bQYV8h3m6c7r1u0p5s9w2e4t8", useCookie: false)
}

/// What a sign-in, sign-up or refresh hands back.
public struct SessionTokens: APIModel {
    /// The account, on sign-in and sign-up (not on a refresh).
    public var user: Account?
    public var accessToken: String
    public var tokenType: String
    /// Seconds the access token lasts.
    public var expiresIn: Int
    /// Left out when the browser asked for the cookie instead.
    public var refreshToken: String?
    /// This device's token, to send with later sign-ins (`deviceToken`): it tells the owner's
    /// attempts from a stranger's. Left out when the browser asked for cookies.
    public var deviceToken: String?

    public init(user: Account?, accessToken: String, tokenType: String = "Bearer", expiresIn: Int, refreshToken: String?, deviceToken: String? = nil) {
        self.user = user
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.deviceToken = deviceToken
    }

    public static let example = SessionTokens(user: Account.example, accessToken: "eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCJ9.e30.c2ln",
                                              expiresIn: 900, refreshToken: "q9XzT0d4qk0m3Zq1f2bQYV8h3m6c7r1u0p5s9w2e4t8",
                                              deviceToken: Example.deviceToken)
}

/// `PATCH /v1/me`: only the fields sent change (the email changes through `POST /v1/me/email`).
public struct ProfileBody: APIModel, RuledModel {
    public var displayName: String?
    public var timeZone: String?
    public var locale: String?
    public var weekStart: WeekStart?
    public var weightUnit: WeightUnit?

    public init(displayName: String? = nil, timeZone: String? = nil, locale: String? = nil, weekStart: WeekStart? = nil, weightUnit: WeightUnit? = nil) {
        self.displayName = displayName
        self.timeZone = timeZone
        self.locale = locale
        self.weekStart = weekStart
        self.weightUnit = weightUnit
    }

    public static let rules: [String: FieldRule] = ["displayName": .displayName, "timeZone": .timeZone, "locale": .language]

    public static let example = ProfileBody(displayName: "Mina", timeZone: "Asia/Tokyo", locale: "ja",
                                            weekStart: .sunday, weightUnit: .kg)
}

/// `POST /v1/me/password`.
public struct PasswordBody: APIModel, RuledModel {
    /// Required when the account has a password.
    public var currentPassword: String?
    public var newPassword: String

    public init(currentPassword: String?, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }

    public static let rules: [String: FieldRule] = ["currentPassword": .givenPassword, "newPassword": .password]

    public static let example = PasswordBody(currentPassword: "correct horse battery", newPassword: "a longer sentence is better")
}

/// `DELETE /v1/me`: the password again (when the account has one).
public struct PasswordConfirmation: APIModel, RuledModel {
    public var password: String?

    public init(password: String?) { self.password = password }

    public static let rules: [String: FieldRule] = ["password": .givenPassword]

    public static let example = PasswordConfirmation(password: "correct horse battery")
}

/// How many other sessions were signed out.
public struct SignedOutSessions: APIModel, Equatable {
    public var signedOutSessions: Int

    public init(_ count: Int) { signedOutSessions = count }

    public static let example = SignedOutSessions(2)
}

/// What deleting an account removed, by kind.
public struct DeletedAccount: APIModel {
    public var deleted: [String: Int]
    public var message: String

    public init(deleted: [String: Int], message: String) {
        self.deleted = deleted
        self.message = message
    }

    public static let example = DeletedAccount(deleted: ["account": 1, "workouts": 12, "proofs": 3],
                                               message: "Your account and everything in it were deleted. This cannot be undone.")
}

/// `PATCH /v1/admin/users/{id}`.
public struct RoleBody: APIModel {
    public var role: Role

    public init(role: Role) { self.role = role }

    public static let example = RoleBody(role: .coach)
}

/// A public key (RFC 7517): ours sign access tokens (EC P-256); Apple's and Google's sign ID tokens (RSA or EC).
public struct JSONWebKey: APIModel, Equatable {
    public var kty: String
    public var kid: String?
    public var alg: String?
    public var use: String?
    /// RSA: modulus and exponent.
    public var n: String?
    public var e: String?
    /// EC: curve and point.
    public var crv: String?
    public var x: String?
    public var y: String?

    public init(kty: String, kid: String? = nil, alg: String? = nil, use: String? = nil, n: String? = nil, e: String? = nil,
                crv: String? = nil, x: String? = nil, y: String? = nil) {
        self.kty = kty
        self.kid = kid
        self.alg = alg
        self.use = use
        self.n = n
        self.e = e
        self.crv = crv
        self.x = x
        self.y = y
    }

    public static let example = JSONWebKey(kty: "EC", kid: "2026-11-30-a1b2", alg: "ES256", use: "sig", crv: "P-256",
                                           x: "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", y: "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0")
}

/// `GET /.well-known/jwks.json`, and a provider's keys.
public struct JSONWebKeySet: APIModel, Equatable {
    public var keys: [JSONWebKey]

    public init(keys: [JSONWebKey]) { self.keys = keys }

    public static let example = JSONWebKeySet(keys: [JSONWebKey.example])
}

/// `GET /v1/me/storage`: what my uploads take on the server, by kind, and my quota.
public struct StorageUsage: APIModel, Equatable {
    public var usedBytes: Int64
    /// Nil when the server sets no quota.
    public var quotaBytes: Int64?
    public var videoBytes: Int64
    public var photoBytes: Int64
    public var voiceBytes: Int64
    /// Apple Health exports waiting to be read.
    public var importBytes: Int64

    public init(usedBytes: Int64, quotaBytes: Int64?, videoBytes: Int64, photoBytes: Int64, voiceBytes: Int64, importBytes: Int64) {
        self.usedBytes = usedBytes
        self.quotaBytes = quotaBytes
        self.videoBytes = videoBytes
        self.photoBytes = photoBytes
        self.voiceBytes = voiceBytes
        self.importBytes = importBytes
    }

    public static let example = StorageUsage(usedBytes: 734_003_200, quotaBytes: 5_000_000_000, videoBytes: 650_000_000, photoBytes: 64_003_200,
                                             voiceBytes: 20_000_000, importBytes: 0)
}
