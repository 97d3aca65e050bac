import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Links mailed to an address: confirming it, changing it, resetting a forgotten password,
/// signing in without the password.
struct EmailRoutes: RouteCollection {
    let email: EmailService

    func add(to routes: RouteTable) {
        let anyone = routes.open(tag: "auth")
        anyone.post("/v1/auth/email/confirm", Doc("Open a mailed link that confirms an address (the account's, or the new one it then takes)",
                                                  [200: "Confirmed", 400: "Not a token of a mailed link", 404: "No such link",
                                                   409: "Another account took the new address meanwhile", 410: "The link was used, replaced or has expired"]), confirm)
        anyone.post("/v1/auth/password/forgot", Doc("Mail a link to reset the password (the same answer whether or not an account has the address)",
                                                    [202: "A link is on its way if an account has the address", 400: "Not an email address",
                                                     429: "Too many requests from this network; see Retry-After"]), forgot)
        anyone.post("/v1/auth/link", Doc("""
            Mail a link that signs in without the password (the same answer whether or not an account has the address): the owner's way in \
            from a new device while strangers' guesses hold password sign-ins back
            """, [202: "A link is on its way if an account has the address", 400: "Not an email address",
                  429: "Too many requests from this network; see Retry-After"]), mailSignInLink)
        anyone.post("/v1/auth/link/finish", Doc("""
            Sign in with a mailed link (once, within 15 minutes): a new session, the address confirmed, and this device and network \
            remembered as the owner's
            """, [200: "Signed in", 400: "Not a token of a mailed link", 404: "No such link", 410: "The link was used, replaced or has expired"]),
                    signInWithLink)
        anyone.post("/v1/auth/password/reset", Doc("Set a new password with a mailed link (once, within 30 minutes); every session is signed out",
                                                   [200: "Changed; how many sessions were signed out", 400: "Not a token of a mailed link, or the password is not valid",
                                                    404: "No such link", 410: "The link was used, replaced or has expired"]), reset)

        let me = routes.signedIn(tag: "account")
        me.post("/v1/me/email", Doc("Change the email: needs the password; a link goes to the new address, and the old one is told",
                                    [202: "A link is on its way to the new address", 400: "Not an email address, or the password is missing",
                                     403: "The password is not right", 409: "Another account uses the address", 429: "Too many mails; see Retry-After"]),
                change)
        me.post("/v1/me/email/verify", Doc("Mail a new link confirming the account's address",
                                           [202: "A link is on its way", 409: "The address is confirmed already", 429: "Too many mails; see Retry-After"]),
                resend)
    }

    func confirm(_: Request, _: Visitor, _ body: MailedToken) async throws -> Reply<ConfirmedEmail> {
        Reply(try await email.confirm(try EmailRoutes.token(body.token)))
    }

    func forgot(_ request: Request, _ visitor: Visitor, _ body: ForgotPasswordBody) async throws -> Reply<MailAccepted> {
        let address = try EmailAddress(body.email)
        return Reply(try await email.forgot(address, network: visitor.network), status: 202)
    }

    func mailSignInLink(_ request: Request, _ visitor: Visitor, _ body: ForgotPasswordBody) async throws -> Reply<MailAccepted> {
        let address = try EmailAddress(body.email)
        return Reply(try await email.mailSignInLink(address, network: visitor.network), status: 202)
    }

    func signInWithLink(_ request: Request, _ visitor: Visitor, _ body: SignInLinkBody) async throws -> Reply<SessionTokens> {
        let token = try EmailRoutes.token(body.token)
        var check = FieldCheck()
        check.device(body.device)
        if let given = body.deviceToken, !SessionReplies.isDeviceToken(given) { check.fail("deviceToken", "must be the 43 characters a sign-in handed out") }
        try check.done()
        let (account, tokens) = try await email.signIn(link: token, device: AccountForms.device(body.device, request),
                                                       place: SessionReplies.place(request, body.deviceToken, visitor))
        return SessionReplies.reply(account, tokens, cookie: body.useCookie == true, request, status: 200)
    }

    func reset(_: Request, _: Visitor, _ body: ResetPasswordBody) async throws -> Reply<SignedOutSessions> {
        let token = try EmailRoutes.token(body.token)
        try PasswordRule.check(body.newPassword, field: "newPassword")
        return Reply(SignedOutSessions(try await email.reset(token, newPassword: body.newPassword)))
    }

    func change(_: Request, _ me: Principal, _ body: EmailChangeBody) async throws -> Reply<PendingEmail> {
        let address = try EmailAddress(body.email)
        try PasswordRule.checkGiven(body.password)
        return Reply(try await email.requestChange(me, to: address, password: body.password), status: 202)
    }

    func resend(_: Request, _ me: Principal) async throws -> Reply<PendingEmail> {
        Reply(try await email.resendVerification(me), status: 202)
    }

    /// A mailed token is 43 URL-safe characters; anything else is refused before a lookup.
    static func token(_ text: String) throws -> String {
        guard (16...128).contains(text.utf8.count), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw HTTPError.badRequest("This link is not valid.", errors: [.init(field: "token", message: "is not a token from a mailed link")])
        }
        return text
    }
}
