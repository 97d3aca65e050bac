import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sign in with Apple or Google in the browser: OpenID Connect's authorization-code flow with
/// PKCE (RFC 7636, S256), run by the server as a confidential client.
///
/// 1. `start`: the page asks; the server makes `state`, `nonce`, the PKCE verifier and a binding,
///    keeps them (hashed where they are looked up by) and answers the provider's authorize URL
///    and the binding, which the page keeps in its tab (sessionStorage).
/// 2. `answer`: the provider sends the person back to `/v1/auth/web/callback` (a GET, or Apple's
///    form POST). The `state` must name a live attempt that was not answered yet; the code is
///    kept on it and the browser goes back to the app.
/// 3. `finish`: the page sends its binding. Only then is the code traded for tokens (with the
///    verifier and the client secret), and the ID token goes through the same verification as
///    an app's, with the attempt's nonce. A link someone else started cannot be finished here,
///    since this tab never held its binding (login CSRF).
struct WebSignIn: Sendable {
    let accounts: AccountService
    let providers: [String: IdentityProvider]
    private let documents: DiscoveryCache
    static let lifetime: TimeInterval = 600
    static let callbackPath = "/v1/auth/web/callback"

    init(accounts: AccountService) {
        self.accounts = accounts
        providers = Dictionary(uniqueKeysWithValues: accounts.context.settings.identityProviders.filter { $0.web != nil }.map { ($0.name, $0) })
        documents = DiscoveryCache()
    }

    var context: AppContext { accounts.context }
    var redirectURI: String { context.publicURL + Self.callbackPath }

    func start(_ name: IdentityProviderName) async throws -> WebSignInStart {
        guard let provider = providers[name.rawValue], let web = provider.web else {
            throw Refusal(.notFound, "Sign in with \(AccountService.title(name.rawValue)) in the browser is not set up on this server.")
        }
        let document = try await discover(web)
        let state = Crypto.randomToken(32), binding = Crypto.randomToken(32)
        let attempt = WebSignInStore.Attempt(id: UUID(), provider: provider.name, nonce: Crypto.randomToken(32),
                                             verifier: Crypto.randomToken(48), code: nil, error: nil)
        let now = context.now
        try await context.database.transaction { c in
            try WebSignInStore.start(attempt, stateHash: Crypto.tokenHash(state), bindingHash: Crypto.tokenHash(binding), at: now,
                                     expires: now.addingTimeInterval(Self.lifetime), c)
        }
        guard var url = URLComponents(string: document.authorizationEndpoint) else { throw Refusal(.badUpstream, "The provider's authorize address is not a URL.") }
        var items = url.queryItems ?? []
        items += [URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: web.clientID),
                  URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "state", value: state),
                  URLQueryItem(name: "nonce", value: attempt.nonce),
                  URLQueryItem(name: "code_challenge", value: Base64URL.encode(Crypto.sha256(Data(attempt.verifier.utf8)))),
                  URLQueryItem(name: "code_challenge_method", value: "S256")]
        if provider.name == "apple" {
            // Apple gives the email only to a form POST back (response_mode=form_post).
            items += [URLQueryItem(name: "scope", value: "openid name email"), URLQueryItem(name: "response_mode", value: "form_post")]
        } else {
            items += [URLQueryItem(name: "scope", value: "openid email profile"), URLQueryItem(name: "prompt", value: "select_account")]
        }
        url.queryItems = items
        guard let address = url.string else { throw Refusal(.badUpstream, "The provider's authorize address is not a URL.") }
        return WebSignInStart(provider: name, authorizeURL: address, binding: binding, expiresIn: Int(Self.lifetime))
    }

    /// Where the browser goes after the provider answered: back into the app, to finish, or to
    /// the sign-in page with what went wrong.
    func answer(state: String?, code: String?, error: String?) async throws -> String {
        let app = context.publicURL + "/#/"
        guard let state, (16...128).contains(state.utf8.count), code != nil || error != nil,
              (code?.utf8.count ?? 0) <= 4096, (error?.utf8.count ?? 0) <= 200 else { return app + "signin?web=invalid" }
        let now = context.now
        let kept = try await context.database.transaction { c in
            try WebSignInStore.answer(stateHash: Crypto.tokenHash(state), code: code, error: code == nil ? error : nil, at: now, c)
        }
        return app + (kept ? "signin?web=finish" : "signin?web=invalid")
    }

    func finish(_ body: WebSignInFinishBody, _ request: Request) async throws -> (Account, IssuedTokens, created: Bool) {
        let form = try AccountForms.webFinish(body, request)
        let now = context.now
        let attempt = try await context.database.transaction { c in try WebSignInStore.take(bindingHash: Crypto.tokenHash(body.binding), at: now, c) }
        guard let attempt, let provider = providers[attempt.provider], let web = provider.web else {
            throw Refusal(.unauthenticated, code: "web-sign-in", "This sign-in is unknown, took longer than ten minutes or was already used. Start again.")
        }
        guard let code = attempt.code else {
            if let error = attempt.error {
                throw Refusal(.unauthenticated, code: "web-sign-in", error == "access_denied"
                              ? "The sign-in was cancelled at \(AccountService.title(provider.name))."
                              : "\(AccountService.title(provider.name)) did not sign you in (\(error)).")
            }
            throw Refusal(.conflict, "\(AccountService.title(provider.name)) has not sent you back yet. Finish there first.")
        }
        let idToken = try await exchange(code: code, verifier: attempt.verifier, web: web, provider: provider.name)
        return try await accounts.signIn(identity: AccountService.IdentitySignIn(
            provider: provider.name, idToken: idToken, nonce: attempt.nonce, displayName: nil, timeZone: form.timeZone,
            locale: form.locale, device: form.device))
    }

    // MARK: the provider

    private func discover(_ web: IdentityProvider.WebClient) async throws -> DiscoveryCache.Document {
        do { return try await documents.document(issuer: web.issuer, now: context.now) } catch {
            throw Refusal(.unavailable, "The sign-in provider cannot be reached right now. Try again shortly.", retryAfter: 10)
        }
    }

    /// Trades the code for the provider's tokens (client_secret_post, with the PKCE verifier).
    private func exchange(code: String, verifier: String, web: IdentityProvider.WebClient, provider: String) async throws -> String {
        let document = try await discover(web)
        guard let url = URL(string: document.tokenEndpoint) else { throw Refusal(.badUpstream, "The provider's token address is not a URL.") }
        var form = URLComponents()
        form.queryItems = [URLQueryItem(name: "grant_type", value: "authorization_code"), URLQueryItem(name: "code", value: code),
                           URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "client_id", value: web.clientID),
                           URLQueryItem(name: "client_secret", value: try clientSecret(web)),
                           URLQueryItem(name: "code_verifier", value: verifier)]
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // A form body: `+` in a value must be escaped, which URLComponents leaves alone.
        request.httpBody = Data((form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B").utf8)
        let (data, response): (Data, URLResponse)
        do { (data, response) = try await URLSession.shared.data(for: request) } catch {
            throw Refusal(.unavailable, "\(AccountService.title(provider)) cannot be reached right now. Try again shortly.", retryAfter: 10)
        }
        let reply = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        guard (response as? HTTPURLResponse)?.statusCode == 200, let token = reply?["id_token"] as? String else {
            let reason = (reply?["error"] as? String).map { " (\($0.prefix(60)))" } ?? ""
            throw Refusal(.unauthenticated, code: "web-sign-in", "\(AccountService.title(provider)) refused the sign-in code\(reason). Start again.")
        }
        return token
    }

    /// Apple's client secret is a JWT the server signs for a few minutes at a time.
    private func clientSecret(_ web: IdentityProvider.WebClient) throws -> String {
        switch web.secret {
        case let .fixed(secret): return secret
        case let .signed(teamID, keyID, pem):
            let now = Int(context.now.timeIntervalSince1970)
            return try JWT.sign(claims: ["iss": teamID, "iat": now, "exp": now + 300, "aud": "https://appleid.apple.com", "sub": web.clientID],
                                kid: keyID, typ: "JWT", key: try EVPKey.readPrivatePEM(pem))
        }
    }
}

/// Providers' discovery documents (`/.well-known/openid-configuration`), kept for an hour.
final class DiscoveryCache: @unchecked Sendable {
    struct Document: Sendable {
        var authorizationEndpoint: String
        var tokenEndpoint: String
        var fetchedAt: Date
    }

    private let lock = NSLock()
    private var documents: [String: Document] = [:]

    func document(issuer: String, now: Date) async throws -> Document {
        if let kept = lock.withLock({ documents[issuer] }), now.timeIntervalSince(kept.fetchedAt) < 3600 { return kept }
        let base = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        guard let url = URL(string: base + "/.well-known/openid-configuration") else { throw JOSEKeyError.invalid("bad issuer") }
        var request = URLRequest(url: url, timeoutInterval: 5)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200, let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              // OpenID Connect Discovery §4.3: the document's issuer is the one asked for.
              json["issuer"] as? String == issuer,
              let authorize = json["authorization_endpoint"] as? String, let token = json["token_endpoint"] as? String else {
            throw JOSEKeyError.invalid("the discovery document of \(issuer) is not usable")
        }
        let document = Document(authorizationEndpoint: authorize, tokenEndpoint: token, fetchedAt: now)
        lock.withLock { documents[issuer] = document }
        return document
    }
}
