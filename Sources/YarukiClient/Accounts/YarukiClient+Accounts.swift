import Foundation
import YarukiAPI
import YarukiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension YarukiClient {
    /// Makes an account and signs in; the refresh token goes to the token store.
    @discardableResult
    public func signUp(email: String, password: String, displayName: String, timeZone: TimeZone = .current,
                       locale: AppLanguage = .en, weekStart: WeekStart = .monday, device: String? = nil) async throws -> Account {
        try await start(request("POST", "/v1/auth/signup", body: SignUpBody(
            email: email, password: password, displayName: displayName, timeZone: timeZone.ianaName, locale: locale.rawValue,
            weekStart: weekStart, device: device, deviceToken: await auth.currentDeviceToken)))
    }

    /// Signs in with the password, sending this device's token: a device the person signed in
    /// from before gets in even while strangers' guesses hold others back.
    @discardableResult
    public func signIn(email: String, password: String, device: String? = nil) async throws -> Account {
        try await start(request("POST", "/v1/auth/login", body: SignInBody(email: email, password: password, device: device,
                                                                            deviceToken: await auth.currentDeviceToken)))
    }

    /// Asks for a link that signs in without the password (mailed if an account has the address).
    public func mailSignInLink(email: String) async throws {
        let _: MailAccepted = try await send(request("POST", "/v1/auth/link", body: ForgotPasswordBody(email: email)))
    }

    /// Signs in with the token of a mailed sign-in link (once).
    @discardableResult
    public func signIn(linkToken: String, device: String? = nil) async throws -> Account {
        try await start(request("POST", "/v1/auth/link/finish", body: SignInLinkBody(token: linkToken, device: device,
                                                                                      deviceToken: await auth.currentDeviceToken)))
    }

    /// Sign in with Apple or Google: `nonce` is the raw value the app generated for the
    /// provider's sign-in request.
    @discardableResult
    public func signInWithIDToken(provider: IdentityProviderName, idToken: String, nonce: String?, device: String? = nil,
                                  timeZone: TimeZone = .current, locale: AppLanguage? = nil) async throws -> Account {
        try await start(request("POST", "/v1/auth/oidc", body: IdentityBody(
            provider: provider, idToken: idToken, nonce: nonce, timeZone: timeZone.ianaName, locale: locale?.rawValue, device: device)))
    }

    private func start(_ request: URLRequest) async throws -> Account {
        let (data, status) = try await exchange(request)
        let reply: SessionTokens = try YarukiClient.decode(data, status: status)
        guard let user = reply.user else { throw YarukiClientError.unexpectedResponse(status: status) }
        try await auth.adopt(access: reply.accessToken, expiresIn: reply.expiresIn, refresh: reply.refreshToken, user: user.id, device: reply.deviceToken)
        return user
    }

    /// Signs this device out on the server and forgets its tokens (locally even when offline).
    public func signOut() async throws {
        let token = await auth.currentRefreshToken
        await auth.clear()
        guard let token else { return }
        var request = try request("POST", "/v1/auth/logout", body: RefreshBody(refreshToken: token))
        request.timeoutInterval = 10
        _ = try await transport.exchange(request)
    }

    /// Auto-login at app start: the stored refresh token buys a fresh session. Nil when there is
    /// none or the server ended it (the store is then cleared); throws on network trouble, so an
    /// offline start keeps the stored session for later.
    public func restoreSession() async throws -> Account? {
        guard await auth.hasSession else { return nil }
        do {
            _ = try await auth.renew(after: nil, using: refresher)
            return try await me()
        } catch YarukiClientError.signedOut {
            return nil
        }
    }

    public var isSignedIn: Bool {
        get async { await auth.hasSession }
    }

    /// How many refreshes this client has made.
    public var refreshCount: Int {
        get async { await auth.refreshCount }
    }

    public func me() async throws -> Account { try await authorized(request("GET", "/v1/me")) }

    // MARK: mailed links

    /// Asks for a link to reset the password; the answer is the same whether or not an account has the address.
    public func forgotPassword(email: String) async throws -> MailAccepted {
        try await send(request("POST", "/v1/auth/password/forgot", body: ForgotPasswordBody(email: email)))
    }

    /// Sets a new password with the token of a mailed link; every session ends, this client's too.
    @discardableResult
    public func resetPassword(token: String, newPassword: String) async throws -> SignedOutSessions {
        let reply: SignedOutSessions = try await send(request("POST", "/v1/auth/password/reset",
                                                              body: ResetPasswordBody(token: token, newPassword: newPassword)))
        await auth.clear()
        return reply
    }

    /// Opens a mailed link that confirms an address (signed in or not).
    public func confirmEmail(token: String) async throws -> ConfirmedEmail {
        try await send(request("POST", "/v1/auth/email/confirm", body: MailedToken(token: token)))
    }

    /// Starts moving the account to `email`: the password confirms it, a link goes to the new address.
    public func changeEmail(to email: String, password: String) async throws -> PendingEmail {
        try await authorized(request("POST", "/v1/me/email", body: EmailChangeBody(email: email, password: password)))
    }

    /// Links Sign in with Apple or Google to the signed-in account; every other session ends.
    public func linkIdentity(provider: IdentityProviderName, idToken: String, nonce: String?) async throws -> LinkedIdentity {
        try await authorized(request("POST", "/v1/me/identities", body: LinkIdentityBody(provider: provider, idToken: idToken, nonce: nonce)))
    }

    public func sessions() async throws -> [SessionInfo] {
        let items: Items<SessionInfo> = try await authorized(request("GET", "/v1/sessions"))
        return items.items
    }

    /// Sends `request` with the access token; a 401 for an expired or unknown token triggers one
    /// shared refresh and a single retry.
    public func authorized<T: Decodable>(_ request: URLRequest) async throws -> T {
        try await withAccessToken { token in try await send(with(request, token)) }
    }

    /// Runs `attempt` with the access token, and once more with a renewed one when it fails with 401.
    func withAccessToken<T>(_ attempt: (String) async throws -> T) async throws -> T {
        let token = try await auth.token(using: refresher)
        do {
            return try await attempt(token)
        } catch let YarukiClientError.problem(problem) where problem.status == 401 {
            let renewed = try await auth.renew(after: token, using: refresher)
            do {
                return try await attempt(renewed)
            } catch let YarukiClientError.problem(again) where again.status == 401 {
                await auth.clear()
                throw YarukiClientError.signedOut
            }
        }
    }

    func with(_ request: URLRequest, _ token: String) -> URLRequest {
        var copy = request
        copy.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return copy
    }

    var refresher: @Sendable (String) async throws -> AuthSession.RefreshResult {
        let client = self
        return { token in
            let reply: SessionTokens = try await client.send(client.request("POST", "/v1/auth/refresh", body: RefreshBody(refreshToken: token)))
            return AuthSession.RefreshResult(accessToken: reply.accessToken, expiresIn: reply.expiresIn, refreshToken: reply.refreshToken)
        }
    }
}
