import Foundation

/// A person's account as the apps see it.
public struct Account: Codable, Equatable, Sendable {
    public var id: UUID
    public var email: String
    public var displayName: String
    public var timeZone: String
    public var locale: AppLanguage
    public var weekStart: WeekStart
    public var role: Role
    /// False for accounts made through Sign in with Apple or Google that never set a password.
    public var hasPassword: Bool
    /// True once a link mailed to `email` was opened (or Apple or Google vouched for it). Until
    /// then nothing links to the account by its address.
    public var emailVerified: Bool
    public var createdAt: Date
    /// kg or lb: how weights are shown to the person (they are stored in kg).
    public var weightUnit: WeightUnit

    public init(id: UUID, email: String, displayName: String, timeZone: String, locale: AppLanguage, weekStart: WeekStart,
                role: Role, hasPassword: Bool, emailVerified: Bool, createdAt: Date, weightUnit: WeightUnit = .kg) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.timeZone = timeZone
        self.locale = locale
        self.weekStart = weekStart
        self.role = role
        self.hasPassword = hasPassword
        self.emailVerified = emailVerified
        self.createdAt = createdAt
        self.weightUnit = weightUnit
    }

    enum CodingKeys: String, CodingKey {
        case id, email, displayName, timeZone, locale, weekStart, role, hasPassword, emailVerified, createdAt, weightUnit
    }

    /// An account from a server before the weight unit existed reads as kg.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        email = try c.decode(String.self, forKey: .email)
        displayName = try c.decode(String.self, forKey: .displayName)
        timeZone = try c.decode(String.self, forKey: .timeZone)
        locale = try c.decode(AppLanguage.self, forKey: .locale)
        weekStart = try c.decode(WeekStart.self, forKey: .weekStart)
        role = try c.decode(Role.self, forKey: .role)
        hasPassword = try c.decode(Bool.self, forKey: .hasPassword)
        emailVerified = try c.decode(Bool.self, forKey: .emailVerified)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        weightUnit = try c.decodeIfPresent(WeightUnit.self, forKey: .weightUnit) ?? .kg
    }
}

/// One signed-in device: a family of refresh tokens.
public struct SessionInfo: Codable, Equatable, Sendable {
    public var id: UUID
    public var device: String
    public var createdAt: Date
    public var lastUsedAt: Date
    /// True for the session the request itself was made with.
    public var current: Bool

    public init(id: UUID, device: String, createdAt: Date, lastUsedAt: Date, current: Bool) {
        self.id = id
        self.device = device
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.current = current
    }
}
