import Foundation
import YarukiHTTP
@testable import YarukiServer

/// An OpenID provider on a real socket that speaks what Google and Apple publish: a discovery
/// document, an authorize endpoint that sends the person back with a code (in the query, or as
/// Apple's auto-posting form), a token endpoint that checks the client, the redirect URI and the
/// PKCE verifier (S256) before it signs an ID token, and its JWKS. Who signs in at the provider
/// is `person`; `nonceOverride` makes it put another nonce into the token.
final class LocalOpenIDProvider: @unchecked Sendable {
    struct Person {
        var subject: String
        var email: String
        var verified = true
        var name = "Sun Park"
    }

    private struct Grant {
        var clientID: String
        var redirectURI: String
        var nonce: String?
        var challenge: String
    }

    let keys: OpenSSLKeys
    let clientID: String
    /// Google's fixed secret; nil: Apple's signed secret, checked with `appleKey`.
    let clientSecret: String?
    let appleKey: (team: String, keyID: String, key: EVPKey)?
    private let lock = NSLock()
    private var grants: [String: Grant] = [:]
    private var server: HTTPServer?
    var person = Person(subject: "google-sun", email: "sun@example.com")
    var nonceOverride: String?
    private(set) var tokenRequests: [[String: String]] = []
    private(set) var tokenRefusals: [String] = []

    /// The provider's "now": the app's test clock, so a test that runs slowly under load is not
    /// refused a token "not valid yet" by an app whose clock stood still.
    let clock: @Sendable () -> Date

    init(keys: OpenSSLKeys, clientID: String, clientSecret: String?, appleKey: (team: String, keyID: String, key: EVPKey)? = nil,
         clock: @escaping @Sendable () -> Date = { Date() }) {
        self.keys = keys
        self.clock = clock
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.appleKey = appleKey
    }

    var port: Int { server?.port ?? 0 }
    var issuer: String { "http://127.0.0.1:\(port)" }
    var formPost: Bool { appleKey != nil }
    var refusals: [String] { lock.withLock { tokenRefusals } }
    var requests: [[String: String]] { lock.withLock { tokenRequests } }

    func start() throws {
        var router = Router()
        router.get("/.well-known/openid-configuration") { [self] _ in
            json(["issuer": issuer, "authorization_endpoint": issuer + "/authorize", "token_endpoint": issuer + "/token",
                  "jwks_uri": issuer + "/jwks", "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"],
                  "id_token_signing_alg_values_supported": ["RS256"]])
        }
        router.get("/jwks") { [self] _ in
            Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .data(keys.jwks(kid: "op")))
        }
        router.get("/authorize") { [self] request in authorize(request) }
        router.post("/token") { [self] request in token(request) }
        var config = ServerConfiguration()
        config.port = 0
        config.loops = 1
        config.accessLog = .none
        let server = HTTPServer(configuration: config, handler: router.responder())
        try server.start()
        self.server = server
    }

    func stop() { server?.shutdown(grace: 1) }

    private func json(_ value: [String: Any], status: Int = 200) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: value)) ?? Data()
        return Response(status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .data(data))
    }

    private func authorize(_ request: Request) -> Response {
        let q = Dictionary(PercentDecoding.form(request.query ?? ""), uniquingKeysWith: { first, _ in first })
        guard q["response_type"] == "code", q["client_id"] == clientID, let redirect = q["redirect_uri"], let state = q["state"],
              q["code_challenge_method"] == "S256", let challenge = q["code_challenge"] else {
            return Response.text("invalid_request", status: 400)
        }
        let code = "code-" + UUID().uuidString
        lock.withLock { grants[code] = Grant(clientID: clientID, redirectURI: redirect, nonce: q["nonce"], challenge: challenge) }
        if formPost {
            guard q["response_mode"] == "form_post" else { return Response.text("Apple answers a form post when it gives the email", status: 400) }
            let page = "<form method=post action=\"\(redirect)\"><input name=code value=\"\(code)\"><input name=state value=\"\(state)\"></form>"
            return Response.text(page, contentType: "text/html")
        }
        return Response(status: 302, headers: HTTPHeaders([("Location", "\(redirect)?code=\(code)&state=\(state)")]))
    }

    private func refuse(_ reason: String) -> Response {
        lock.withLock { tokenRefusals.append(reason) }
        return json(["error": "invalid_grant", "error_description": reason], status: 400)
    }

    private func token(_ request: Request) -> Response {
        let form = Dictionary(PercentDecoding.form(String(decoding: request.body, as: UTF8.self)), uniquingKeysWith: { first, _ in first })
        lock.withLock { tokenRequests.append(form) }
        guard form["grant_type"] == "authorization_code", let code = form["code"] else { return refuse("grant_type") }
        guard let grant = lock.withLock({ grants.removeValue(forKey: code) }) else { return refuse("unknown or used code") }
        guard form["client_id"] == grant.clientID, form["redirect_uri"] == grant.redirectURI else { return refuse("client or redirect") }
        guard clientAuthenticated(form["client_secret"]) else { return refuse("client secret") }
        guard let verifier = form["code_verifier"], (43...128).contains(verifier.count),
              Base64URL.encode(Crypto.sha256(Data(verifier.utf8))) == grant.challenge else { return refuse("PKCE verifier") }
        let now = Int(clock().timeIntervalSince1970)
        var claims: [String: Any] = ["iss": issuer, "aud": clientID, "sub": person.subject, "email": person.email,
                                     "email_verified": person.verified, "name": person.name, "iat": now, "exp": now + 600,
                                     "jti": UUID().uuidString]
        if let nonce = nonceOverride ?? grant.nonce { claims["nonce"] = nonce }
        guard let idToken = try? keys.sign(claims, algorithm: .rs256, kid: "op-rsa") else { return refuse("signing") }
        return json(["access_token": "at-" + UUID().uuidString, "token_type": "Bearer", "expires_in": 3600, "id_token": idToken])
    }

    /// Google: the fixed secret. Apple: an ES256 JWT by the team's key, for this client, fresh.
    private func clientAuthenticated(_ secret: String?) -> Bool {
        guard let secret else { return false }
        if let clientSecret { return secret == clientSecret }
        guard let apple = appleKey, let jwt = try? JWT.parse(secret), jwt.header.kid == apple.keyID,
              (try? jwt.verify(allowed: [.es256]) { _ in apple.key }) != nil else { return false }
        let now = clock().timeIntervalSince1970
        return jwt.string("iss") == apple.team && jwt.string("sub") == clientID && jwt.audiences == ["https://appleid.apple.com"]
            && (jwt.number("exp") ?? 0) > now && (jwt.number("iat") ?? .infinity) <= now + 60
    }
}
