import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Sign-up, sign-in, refresh and sign-out, the account itself (`/v1/me`) and its sessions.
struct AccountRoutes {
    let auth: AuthService

    /// Where the browser keeps its refresh token: HttpOnly (no script reads it), SameSite=Strict
    /// and sent only to the auth paths.
    static let cookieName = "yaruki_refresh"
    static let cookiePath = "/v1/auth"

    // MARK: bodies

    struct SignUpBody: Decodable {
        var email: String
        var password: String
        var displayName: String
        var timeZone: String?
        var locale: String?
        var weekStart: WeekStart?
        var device: String?
        var useCookie: Bool?
    }

    struct SignInBody: Decodable {
        var email: String
        var password: String
        var device: String?
        var useCookie: Bool?
    }

    struct IdentityBody: Decodable {
        var provider: String
        var idToken: String
        var nonce: String?
        var displayName: String?
        var timeZone: String?
        var locale: String?
        var device: String?
        var useCookie: Bool?
    }

    struct RefreshBody: Decodable {
        var refreshToken: String?
        var useCookie: Bool?
    }

    struct ProfileBody: Decodable {
        var email: String?
        var displayName: String?
        var timeZone: String?
        var locale: String?
        var weekStart: WeekStart?
    }

    struct PasswordBody: Decodable {
        var currentPassword: String?
        var newPassword: String
    }

    struct DeleteBody: Decodable {
        var password: String?
    }

    struct SessionReply: Encodable {
        var user: Account?
        var accessToken: String
        var tokenType = "Bearer"
        var expiresIn: Int
        /// Left out when the browser asked for the cookie instead.
        var refreshToken: String?
    }

    // MARK: routes

    func add(to router: inout Router) {
        let auth = auth
        let account = OpenAPI.object(["id": .string, "email": .string, "displayName": .string, "timeZone": .string,
                                      "locale": .string, "weekStart": .string, "role": .string, "hasPassword": .boolean,
                                      "createdAt": .string])
        let sessionReply = OpenAPI.object(["user": .object, "accessToken": .string, "tokenType": .string, "expiresIn": .integer,
                                           "refreshToken": .string], required: ["accessToken", "tokenType", "expiresIn"])
        router.post("/v1/auth/signup", RouteDoc("Create an account and sign in", tag: "auth",
                                                 responses: [201: "Signed up", 400: "A field is missing or not valid",
                                                             409: "The email is already registered", 429: "Too many tries"],
                                                 requestBody: OpenAPI.object(["email": .string, "password": .string, "displayName": .string,
                                                                              "timeZone": .string, "locale": .string, "weekStart": .string,
                                                                              "device": .string, "useCookie": .boolean],
                                                                             required: ["email", "password", "displayName"]),
                                                 responseBody: sessionReply)) { request in
            let body = try request.decode(SignUpBody.self)
            let form = try AccountRoutes.signUpForm(body)
            let (account, tokens) = try await auth.signUp(form, device: AccountRoutes.device(body.device, request))
            return try AccountRoutes.reply(account, tokens, cookie: body.useCookie == true, request, status: 201)
        }

        router.post("/v1/auth/login", RouteDoc("Sign in with email and password", tag: "auth",
                                                responses: [200: "Signed in", 400: "A field is missing", 401: "Wrong email or password",
                                                            429: "Too many failed tries; see Retry-After"],
                                                requestBody: OpenAPI.object(["email": .string, "password": .string, "device": .string,
                                                                             "useCookie": .boolean], required: ["email", "password"]),
                                                responseBody: sessionReply)) { request in
            let body = try request.decode(SignInBody.self)
            let email = try EmailAddress(body.email)
            guard body.password.utf8.count <= PasswordRule.maxBytes else {
                throw HTTPError.badRequest("The password is too long.", errors: [.init(field: "password", message: "is too long")])
            }
            let (account, tokens) = try await auth.signIn(email: email, password: body.password,
                                                          device: AccountRoutes.device(body.device, request), address: request.remoteAddress)
            return try AccountRoutes.reply(account, tokens, cookie: body.useCookie == true, request, status: 200)
        }

        router.post("/v1/auth/oidc", RouteDoc("Sign in with Apple or Google (an ID token)", tag: "auth",
                                               responses: [200: "Signed in", 201: "Signed up", 400: "A field is missing or the provider is off",
                                                           401: "The ID token was refused", 409: "The email belongs to another account"],
                                               requestBody: OpenAPI.object(["provider": .string, "idToken": .string, "nonce": .string,
                                                                            "displayName": .string, "timeZone": .string, "locale": .string,
                                                                            "device": .string, "useCookie": .boolean],
                                                                           required: ["provider", "idToken"]),
                                               responseBody: sessionReply)) { request in
            let body = try request.decode(IdentityBody.self)
            guard body.idToken.utf8.count <= JWT.maxLength else {
                throw HTTPError.badRequest("The ID token is too long.", errors: [.init(field: "idToken", message: "is too long")])
            }
            guard body.nonce.map({ $0.utf8.count <= 256 }) ?? true else {
                throw HTTPError.badRequest("The nonce is too long.", errors: [.init(field: "nonce", message: "is too long")])
            }
            var check = FieldCheck()
            let locale = check.attempt(body.locale) { (tag) throws(FieldRuleError) in try AppLanguage.parse(tag) }
            try check.done()
            let sign = AuthService.IdentitySignIn(provider: body.provider, idToken: body.idToken, nonce: body.nonce,
                                                  displayName: try body.displayName.map { try DisplayName($0) },
                                                  timeZone: try body.timeZone.map { try TimeZoneName($0) }, locale: locale,
                                                  device: AccountRoutes.device(body.device, request))
            let (account, tokens, created) = try await auth.signIn(identity: sign)
            return try AccountRoutes.reply(account, tokens, cookie: body.useCookie == true, request, status: created ? 201 : 200)
        }

        router.post("/v1/auth/refresh", RouteDoc("Trade a refresh token for new tokens (rotation)", tag: "auth",
                                                  responses: [200: "New tokens", 401: "The refresh token is spent, revoked or unknown"],
                                                  requestBody: OpenAPI.object(["refreshToken": .string, "useCookie": .boolean], required: []),
                                                  responseBody: sessionReply)) { request in
            let body = request.body.isEmpty ? RefreshBody() : try request.decode(RefreshBody.self)
            let fromCookie = body.refreshToken == nil
            guard let token = body.refreshToken ?? request.cookie(AccountRoutes.cookieName), !token.isEmpty else {
                throw HTTPError.badRequest("Send the refresh token.", errors: [.init(field: "refreshToken", message: "is required")])
            }
            do {
                let tokens = try await auth.refresh(token)
                return try AccountRoutes.reply(nil, tokens, cookie: fromCookie || body.useCookie == true, request, status: 200)
            } catch let error as HTTPError where error.status == 401 && fromCookie {
                var response = Response.problem(error)
                response.headers.add("Set-Cookie", AccountRoutes.clearCookie(request))
                return response
            }
        }

        router.post("/v1/auth/logout", RouteDoc("Sign out this session", tag: "auth",
                                                 responses: [204: "Signed out (also when the token was already spent)"],
                                                 requestBody: OpenAPI.object(["refreshToken": .string], required: []))) { request in
            let body = request.body.isEmpty ? RefreshBody() : try request.decode(RefreshBody.self)
            if let token = body.refreshToken ?? request.cookie(AccountRoutes.cookieName), !token.isEmpty, token.utf8.count <= 128 {
                try await auth.signOut(refreshToken: token)
            } else if request.headers["Authorization"] != nil {
                let principal = try await auth.authenticate(request)
                _ = try await auth.revoke(session: principal.sessionID, by: principal, reason: "signed out")
            } else {
                throw HTTPError.badRequest("Send the refresh token or an access token.",
                                           errors: [.init(field: "refreshToken", message: "is required")])
            }
            var response = Response.noContent()
            response.headers.add("Set-Cookie", AccountRoutes.clearCookie(request))
            return response
        }

        router.get("/v1/me", RouteDoc("The signed-in account", tag: "account", responses: [200: "The account", 401: "Not signed in"],
                                      responseBody: account, authenticated: true)) { request in
            let principal = try await auth.authenticate(request)
            return try .json(try await auth.account(principal))
        }

        router.patch("/v1/me", RouteDoc("Change name, email, time zone, language or week start", tag: "account",
                                        responses: [200: "The changed account", 400: "A field is not valid", 409: "Email taken"],
                                        requestBody: OpenAPI.object(["email": .string, "displayName": .string, "timeZone": .string,
                                                                     "locale": .string, "weekStart": .string], required: []),
                                        responseBody: account, authenticated: true)) { request in
            let principal = try await auth.authenticate(request)
            let change = try AccountRoutes.profileChange(try request.decode(ProfileBody.self))
            return try .json(try await auth.update(principal, change))
        }

        router.delete("/v1/me", RouteDoc("Delete the account and everything in it", tag: "account",
                                         responses: [200: "What was deleted", 400: "The password is missing",
                                                     403: "The password is not right"],
                                         requestBody: OpenAPI.object(["password": .string], required: []),
                                         responseBody: OpenAPI.object(["deleted": .object, "message": .string]),
                                         authenticated: true)) { request in
            let principal = try await auth.authenticate(request)
            let body = request.body.isEmpty ? DeleteBody() : try request.decode(DeleteBody.self)
            let removed = try await auth.deleteAccount(principal, password: body.password)
            struct Deleted: Encodable { var deleted: [String: Int]; var message: String }
            var response = try Response.json(Deleted(deleted: removed,
                                                     message: "Your account and everything in it were deleted. This cannot be undone."))
            response.headers.add("Set-Cookie", AccountRoutes.clearCookie(request))
            return response
        }

        router.post("/v1/me/password", RouteDoc("Change the password; signs out every other session", tag: "account",
                                                 responses: [200: "Changed", 400: "The new password is not valid",
                                                             403: "The current password is not right"],
                                                 requestBody: OpenAPI.object(["currentPassword": .string, "newPassword": .string],
                                                                              required: ["newPassword"]),
                                                 responseBody: OpenAPI.object(["signedOutSessions": .integer]),
                                                 authenticated: true)) { request in
            let principal = try await auth.authenticate(request)
            let body = try request.decode(PasswordBody.self)
            try PasswordRule.check(body.newPassword, field: "newPassword")
            let count = try await auth.changePassword(principal, current: body.currentPassword, new: body.newPassword)
            return try .json(["signedOutSessions": count])
        }

        router.get("/v1/sessions", RouteDoc("Signed-in devices", tag: "account", responses: [200: "Sessions, most recently used first"],
                                            responseBody: OpenAPI.object(["items": .array(.object)]), authenticated: true)) { request in
            let principal = try await auth.authenticate(request)
            struct Items: Encodable { var items: [SessionInfo] }
            return try .json(Items(items: try await auth.sessionList(principal)))
        }

        router.delete("/v1/sessions/{id}", RouteDoc("Sign out one device", tag: "account",
                                                     responses: [204: "Signed out", 404: "No such session of yours"],
                                                     authenticated: true)) { request in
            let principal = try await auth.authenticate(request)
            guard let id = UUID(uuidString: try request.parameter("id")),
                  try await auth.revoke(session: id, by: principal, reason: "signed out from another device") else {
                throw HTTPError.notFound("No such session.")
            }
            return .noContent()
        }

        router.post("/v1/sessions/revoke-others", RouteDoc("Sign out every other device", tag: "account",
                                                           responses: [200: "How many were signed out"],
                                                           responseBody: OpenAPI.object(["signedOutSessions": .integer]),
                                                           authenticated: true)) { request in
            let principal = try await auth.authenticate(request)
            return try .json(["signedOutSessions": try await auth.revokeOthers(principal)])
        }

        router.get("/.well-known/jwks.json", RouteDoc("Public keys that sign access tokens", tag: "auth",
                                                      responseBody: OpenAPI.object(["keys": .array(.object)]))) { _ in
            try .json(auth.keyring.publicKeys())
        }
    }

    // MARK: parsing at the edge

    static func signUpForm(_ body: SignUpBody) throws -> AuthService.SignUp {
        var check = FieldCheck()
        let email = check.attempt { () throws(FieldRuleError) in try EmailAddress(body.email) }
        let name = check.attempt { () throws(FieldRuleError) in try DisplayName(body.displayName) }
        check.attempt { () throws(FieldRuleError) in try PasswordRule.check(body.password) }
        let zone = check.attempt { () throws(FieldRuleError) in try TimeZoneName(body.timeZone ?? "UTC") }
        let locale = body.locale == nil ? AppLanguage.en : check.attempt(body.locale) { (tag) throws(FieldRuleError) in try AppLanguage.parse(tag) }
        if let device = body.device, device.count > 100 { check.fail("device", "is longer than 100 characters") }
        try check.done()
        guard let email, let name, let zone, let locale else { throw HTTPError.internal() }
        return AuthService.SignUp(email: email, password: body.password, displayName: name, timeZone: zone, locale: locale,
                                  weekStart: body.weekStart ?? .monday)
    }

    static func profileChange(_ body: ProfileBody) throws -> AccountStore.ProfileChange {
        var check = FieldCheck()
        var change = AccountStore.ProfileChange()
        change.email = check.attempt(body.email) { (v) throws(FieldRuleError) in try EmailAddress(v) }
        change.displayName = check.attempt(body.displayName) { (v) throws(FieldRuleError) in try DisplayName(v) }
        change.timeZone = check.attempt(body.timeZone) { (v) throws(FieldRuleError) in try TimeZoneName(v).value }
        change.locale = check.attempt(body.locale) { (v) throws(FieldRuleError) in try AppLanguage.parse(v) }
        change.weekStart = body.weekStart
        try check.done()
        return change
    }

    /// The device a session is shown as: what the app says, else the browser's User-Agent.
    static func device(_ named: String?, _ request: Request) -> String {
        let raw = named ?? request.headers["User-Agent"] ?? ""
        let clean = String(raw.unicodeScalars.filter { $0.properties.generalCategory != .control }).trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? "Unknown device" : String(clean.prefix(100))
    }

    // MARK: replies and cookies

    static func reply(_ account: Account?, _ tokens: IssuedTokens, cookie: Bool, _ request: Request, status: Int) throws -> Response {
        var response = try Response.json(SessionReply(user: account, accessToken: tokens.accessToken, expiresIn: tokens.expiresIn,
                                                      refreshToken: cookie ? nil : tokens.refreshToken), status: status)
        response.headers.add("Cache-Control", "no-store")
        if cookie { response.headers.add("Set-Cookie", refreshCookie(tokens.refreshToken, request)) }
        return response
    }

    /// Secure when the request came over TLS (directly or through a proxy that says so).
    static func isSecure(_ request: Request) -> Bool {
        request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
    }

    static func refreshCookie(_ token: String, _ request: Request) -> String {
        "\(cookieName)=\(token); Path=\(cookiePath); Max-Age=\(30 * 24 * 3600); HttpOnly; SameSite=Strict" + (isSecure(request) ? "; Secure" : "")
    }

    static func clearCookie(_ request: Request) -> String {
        "\(cookieName)=; Path=\(cookiePath); Max-Age=0; HttpOnly; SameSite=Strict" + (isSecure(request) ? "; Secure" : "")
    }
}
