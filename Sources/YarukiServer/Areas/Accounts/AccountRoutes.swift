import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Sign-up, sign-in, refresh and sign-out, the account itself (`/v1/me`), its sessions and its export.
struct AccountRoutes: RouteCollection {
    let accounts: AccountService
    let export: AccountExport

    func add(to routes: RouteTable) {
        let anyone = routes.open(tag: "auth")
        anyone.post("/v1/auth/signup", Doc("Create an account and sign in", [201: "Signed up", 400: "A field is missing or not valid",
                                                                              409: "The email is already registered", 429: "Too many tries"]), signUp)
        anyone.post("/v1/auth/login", Doc("Sign in with email and password", [200: "Signed in", 400: "A field is missing",
                                                                              401: "Wrong email or password", 429: "Too many failed tries; see Retry-After"]),
                    signIn)
        // Sign in with Apple or Google exists only where an operator turned it on.
        let providers = !accounts.identityVerifiers.isEmpty
        if providers {
            anyone.post("/v1/auth/oidc", Doc("Sign in with Apple or Google (an ID token)", [200: "Signed in", 201: "Signed up", 400: "A field is not valid",
                                                                                            401: "The ID token was refused", 404: "This provider is not enabled here",
                                                                                            409: "The email belongs to an account that must sign in with its password first"]),
                        identity)
        }
        anyone.post("/v1/auth/refresh", Doc("Trade a refresh token (in the body, or the browser's cookie) for new tokens (rotation)",
                                            [200: "New tokens", 401: "No refresh token, or one spent, revoked or unknown"],
                                            reply: SessionTokens.self, optionalBody: RefreshBody.self), refresh)
        anyone.post("/v1/auth/logout", Doc("Sign out this session: by its refresh token (body or cookie) or its access token",
                                           [204: "Signed out (also when the token was already spent)", 401: "No token"],
                                           optionalBody: RefreshBody.self), signOut)
        anyone.get("/.well-known/jwks.json", Doc("Public keys that sign access tokens"), keys)
        addAccount(to: routes, providers: providers)
    }

    private func addAccount(to routes: RouteTable, providers: Bool) {
        let me = routes.signedIn(tag: "account")
        me.get("/v1/me", Doc("The signed-in account", [200: "The account", 401: "Not signed in"]), account)
        me.patch("/v1/me", Doc("Change name, time zone, language or week start (the email changes through POST /v1/me/email)",
                               [200: "The changed account", 400: "A field is not valid"]), update)
        me.delete("/v1/me", Doc("Delete the account and everything in it", [200: "What was deleted", 400: "The password is missing",
                                                                            403: "The password is not right",
                                                                            429: "Too many wrong passwords: wait and try again"],
                                reply: DeletedAccount.self, optionalBody: PasswordConfirmation.self), delete)
        me.post("/v1/me/password", Doc("Change the password; signs out every other session", [200: "Changed", 400: "The new password is not valid",
                                                                                             403: "The current password is not right",
                                                                                             429: "Too many wrong passwords: wait and try again"]),
                changePassword)
        me.get("/v1/me/storage", Doc("What my videos, photos, voice notes and pending imports take on the server, and my quota"), storage)
        me.get("/v1/me/export", Doc("Everything of mine as a zip: JSON per area and my photos, videos and voice notes",
                                    [200: "The archive, streamed (Content-Length says its size)"], produces: "application/zip"), exportAll)
        if providers {
            me.post("/v1/me/identities", Doc("Link Sign in with Apple or Google to this account; every other session is signed out",
                                             [200: "Linked", 400: "A field is not valid", 401: "The ID token was refused", 404: "This provider is not enabled here",
                                              409: "The provider's account is linked to another Yaruki account"]), link)
        }
        me.get("/v1/sessions", Doc("Signed-in devices, most recently used first"), sessions)
        me.delete("/v1/sessions/{id}", Doc("Sign out one device", [204: "Signed out", 404: "No such session of yours"]), revoke)
        me.post("/v1/sessions/revoke-others", Doc("Sign out every other device", [200: "How many were signed out"]), revokeOthers)
    }

    // MARK: signing in

    func signUp(_ request: Request, _ visitor: Visitor, _ body: SignUpBody) async throws -> Reply<SessionTokens> {
        let (account, tokens) = try await accounts.signUp(try AccountForms.signUp(body), device: AccountForms.device(body.device, request),
                                                          place: SessionReplies.place(request, body.deviceToken, visitor))
        return SessionReplies.reply(account, tokens, cookie: body.useCookie == true, request, status: 201)
    }

    func signIn(_ request: Request, _ visitor: Visitor, _ body: SignInBody) async throws -> Reply<SessionTokens> {
        var check = FieldCheck()
        let email = check.attempt { () throws(FieldRuleError) in try EmailAddress(body.email) }
        check.attempt { () throws(FieldRuleError) in try PasswordRule.checkGiven(body.password) }
        check.device(body.device)
        if let token = body.deviceToken, !SessionReplies.isDeviceToken(token) { check.fail("deviceToken", "must be the 43 characters a sign-in handed out") }
        try check.done()
        guard let email else { throw HTTPError.internal() }
        let (account, tokens) = try await accounts.signIn(email: email, password: body.password,
                                                          device: AccountForms.device(body.device, request), place: SessionReplies.place(request, body.deviceToken, visitor))
        return SessionReplies.reply(account, tokens, cookie: body.useCookie == true, request, status: 200)
    }


    func identity(_ request: Request, _: Visitor, _ body: IdentityBody) async throws -> Reply<SessionTokens> {
        let (account, tokens, created) = try await accounts.signIn(identity: try AccountForms.identity(body, request))
        return SessionReplies.reply(account, tokens, cookie: body.useCookie == true, request, status: created ? 201 : 200)
    }

    func refresh(_ request: Request, _: Visitor) async throws -> Reply<SessionTokens> {
        let body = try request.decodeIfPresent(RefreshBody.self) ?? RefreshBody()
        let fromCookie = body.refreshToken == nil
        guard let token = body.refreshToken ?? request.cookie(SessionReplies.cookieName), !token.isEmpty else {
            throw AccountService.invalidRefresh("Send the refresh token, in the body or the cookie: without it nobody is signed in.")
        }
        do {
            return SessionReplies.reply(nil, try await accounts.refresh(token), cookie: fromCookie || body.useCookie == true, request, status: 200)
        } catch where fromCookie {
            guard var problem = ErrorMapping.problem(for: error), problem.status == 401 else { throw error }
            problem.headers["Set-Cookie"] = SessionReplies.clearCookie(request)  // a dead cookie is not sent again
            throw problem
        }
    }

    func signOut(_ request: Request, _: Visitor) async throws -> Response {
        let body = try request.decodeIfPresent(RefreshBody.self) ?? RefreshBody()
        if let token = body.refreshToken ?? request.cookie(SessionReplies.cookieName), !token.isEmpty, token.utf8.count <= 128 {
            try await accounts.signOut(refreshToken: token)
        } else if request.headers["Authorization"] != nil {
            let principal = try await accounts.authenticator.authenticate(request)
            _ = try await accounts.revoke(session: principal.sessionID, by: principal, reason: "signed out")
        } else {
            throw HTTPError.unauthorized("Send the refresh token or an access token: without one there is no session to sign out.")
        }
        var response = Response.noContent()
        response.headers.add("Set-Cookie", SessionReplies.clearCookie(request))
        return response
    }

    func keys(_: Request, _: Visitor) async throws -> Reply<JSONWebKeySet> {
        Reply(accounts.publicKeys())
    }

    // MARK: the account

    func account(_ request: Request, _ me: Principal) async throws -> Reply<Account> {
        try await me.kept(request, tags: AccountService.tags(me.userID)) {
            try await me.account()
        }
    }

    func update(_ request: Request, _ me: Principal, _ body: ProfileBody) async throws -> Reply<Account> {
        if (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["email"] != nil {
            throw HTTPError.badRequest("The email changes through POST /v1/me/email, with your password and a link to the new address.",
                                       errors: [.init(field: "email", message: "changes through POST /v1/me/email")])
        }
        return Reply(try await accounts.update(me, try AccountForms.profileChange(body)))
    }

    func link(_: Request, _ me: Principal, _ body: LinkIdentityBody) async throws -> Reply<LinkedIdentity> {
        var check = FieldCheck()
        check.token(body.idToken, nonce: body.nonce)
        try check.done()
        return Reply(try await accounts.link(me, provider: body.provider.rawValue, idToken: body.idToken, nonce: body.nonce))
    }

    func delete(_ request: Request, _ me: Principal) async throws -> Reply<DeletedAccount> {
        let body = try request.decodeIfPresent(PasswordConfirmation.self)
        let removed = try await accounts.deleteAccount(me, password: body?.password)
        return Reply(DeletedAccount(deleted: removed, message: "Your account and everything in it were deleted. This cannot be undone."),
                     headers: [("Set-Cookie", SessionReplies.clearCookie(request))])
    }

    func changePassword(_: Request, _ me: Principal, _ body: PasswordBody) async throws -> Reply<SignedOutSessions> {
        try PasswordRule.check(body.newPassword, field: "newPassword")
        return Reply(SignedOutSessions(try await accounts.changePassword(me, current: body.currentPassword, new: body.newPassword)))
    }

    func exportAll(_: Request, _ me: Principal) async throws -> Response {
        try await export.archive(for: me)
    }

    func storage(_: Request, _ me: Principal) async throws -> Reply<StorageUsage> {
        Reply(try await accounts.storageUsage(me), headers: [("Cache-Control", "no-store")])
    }

    func sessions(_: Request, _ me: Principal) async throws -> Reply<Items<SessionInfo>> {
        Reply(Items(try await accounts.sessionList(me)))
    }

    func revoke(_ request: Request, _ me: Principal) async throws -> Response {
        guard try await accounts.revoke(session: try request.id("id", "session"), by: me, reason: "signed out from another device") else {
            throw HTTPError.notFound("No such session.")
        }
        return .noContent()
    }

    func revokeOthers(_: Request, _ me: Principal) async throws -> Reply<SignedOutSessions> {
        Reply(SignedOutSessions(try await accounts.revokeOthers(me)))
    }
}
