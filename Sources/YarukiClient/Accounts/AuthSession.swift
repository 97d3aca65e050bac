import Foundation

/// The signed-in state one client shares across all its tasks: the access token in memory,
/// the refresh token in the app's `TokenStore`, and at most one refresh in flight. A hundred
/// calls that find their token expired at once wait for the same refresh.
actor AuthSession {
    let store: TokenStore
    private var accessToken: String?
    private var accessExpiry: Date = .distantPast
    private var refreshToken: String?
    private var userID: UUID?
    /// This device's token from the server (sent with every sign-in; kept after signing out).
    private(set) var deviceToken: String?
    private var loaded = false
    private var inFlight: Task<String, Error>?
    /// How many refreshes this client has asked for (for tests and diagnostics).
    private(set) var refreshCount = 0

    /// What the token's expiry is measured against (tests step it).
    let clock: @Sendable () -> Date

    init(store: TokenStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    private func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        if let stored = try? store.load() {
            refreshToken = stored.refreshToken.isEmpty ? nil : stored.refreshToken
            userID = stored.userID
            deviceToken = stored.deviceToken
        }
    }

    /// The device's token to send with a sign-in.
    var currentDeviceToken: String? {
        loadIfNeeded()
        return deviceToken
    }

    var hasSession: Bool {
        loadIfNeeded()
        return refreshToken != nil
    }

    func adopt(access: String, expiresIn: Int, refresh: String?, user: UUID?, device: String? = nil) throws {
        loadIfNeeded()
        accessToken = access
        // A margin so a token is never sent in its last seconds.
        accessExpiry = clock().addingTimeInterval(TimeInterval(expiresIn) - 30)
        if let refresh { refreshToken = refresh }
        if let user { userID = user }
        if let device { deviceToken = device }
        if let token = refreshToken { try store.save(StoredSession(refreshToken: token, userID: userID, deviceToken: deviceToken)) }
    }

    func clear() {
        loadIfNeeded()
        accessToken = nil
        accessExpiry = .distantPast
        refreshToken = nil
        userID = nil
        inFlight?.cancel()
        inFlight = nil
        try? store.save(deviceToken.map { StoredSession(refreshToken: "", userID: nil, deviceToken: $0) })
    }

    var currentRefreshToken: String? {
        loadIfNeeded()
        return refreshToken
    }

    /// A token to send now: the one held while it is fresh, else the result of a refresh.
    func token(using refresh: @escaping @Sendable (String) async throws -> RefreshResult) async throws -> String {
        loadIfNeeded()
        if let accessToken, clock() < accessExpiry { return accessToken }
        return try await renew(after: accessToken, using: refresh)
    }

    /// Refreshes unless another caller already replaced `failed`; joins a refresh in flight.
    func renew(after failed: String?, using refresh: @escaping @Sendable (String) async throws -> RefreshResult) async throws -> String {
        loadIfNeeded()
        if let accessToken, accessToken != failed, clock() < accessExpiry { return accessToken }
        if let inFlight { return try await inFlight.value }
        guard let token = refreshToken else { throw YarukiClientError.signedOut }
        refreshCount += 1
        let task = Task<String, Error> {
            let result = try await refresh(token)
            try self.adopt(access: result.accessToken, expiresIn: result.expiresIn, refresh: result.refreshToken, user: nil)
            return result.accessToken
        }
        inFlight = task
        defer { inFlight = nil }
        do {
            return try await task.value
        } catch let YarukiClientError.problem(problem) where problem.status == 401 {
            clear()  // the session ended on the server: the app shows sign-in
            throw YarukiClientError.signedOut
        }
    }

    struct RefreshResult: Sendable {
        var accessToken: String
        var expiresIn: Int
        var refreshToken: String?
    }
}
