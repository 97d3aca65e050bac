import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// How a sign-in is answered, whichever way it was made (a password, Apple or Google, a mailed
/// link): the tokens in the body for apps, or for the browser the refresh token and the device's
/// token as HttpOnly cookies on the auth paths.
enum SessionReplies {
    /// Where the browser keeps its refresh token: HttpOnly (no script reads it), SameSite=Strict
    /// and sent only to the auth paths.
    static let cookieName = "yaruki_refresh"
    static let cookiePath = "/v1/auth"
    /// The browser's device token (what tells the owner's sign-ins from strangers'): HttpOnly,
    /// for the auth paths, kept a year.
    static let deviceCookieName = "yaruki_device"

    static func reply(_ account: Account?, _ tokens: IssuedTokens, cookie: Bool, _ request: Request, status: Int) -> Reply<SessionTokens> {
        var headers = [("Cache-Control", "no-store")]
        if cookie { headers.append(("Set-Cookie", refreshCookie(tokens.refreshToken, request))) }
        if cookie, let device = tokens.deviceToken { headers.append(("Set-Cookie", deviceCookie(device, request))) }
        return Reply(SessionTokens(user: account, accessToken: tokens.accessToken, expiresIn: tokens.expiresIn,
                                   refreshToken: cookie ? nil : tokens.refreshToken, deviceToken: cookie ? nil : tokens.deviceToken),
                     status: status, headers: headers)
    }

    /// Where an attempt comes from: the client's network, and the device's token from the body
    /// or the browser's cookie (one not of the server's shape is no device's).
    static func place(_ request: Request, _ given: String?, _ visitor: Visitor) -> SignInPlace {
        let token = given ?? request.cookie(deviceCookieName)
        return SignInPlace(network: visitor.network, deviceToken: token.flatMap { isDeviceToken($0) ? $0 : nil })
    }

    static func isDeviceToken(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy { $0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    /// Secure when the request came over TLS (directly or through a proxy that says so).
    static func isSecure(_ request: Request) -> Bool {
        request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
    }

    static func refreshCookie(_ token: String, _ request: Request) -> String {
        "\(cookieName)=\(token); Path=\(cookiePath); Max-Age=\(30 * 24 * 3600); HttpOnly; SameSite=Strict" + (isSecure(request) ? "; Secure" : "")
    }

    static func deviceCookie(_ token: String, _ request: Request) -> String {
        "\(deviceCookieName)=\(token); Path=\(cookiePath); Max-Age=\(365 * 24 * 3600); HttpOnly; SameSite=Strict" + (isSecure(request) ? "; Secure" : "")
    }

    static func clearCookie(_ request: Request) -> String {
        "\(cookieName)=; Path=\(cookiePath); Max-Age=0; HttpOnly; SameSite=Strict" + (isSecure(request) ? "; Secure" : "")
    }
}
