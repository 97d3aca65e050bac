import Foundation
import YarukiAPI
import YarukiHTTP

/// Sign in with Apple or Google in the browser; present only for providers set up for it.
struct WebSignInRoutes: RouteCollection {
    let web: WebSignIn

    func add(to routes: RouteTable) {
        guard !web.providers.isEmpty else { return }
        let anyone = routes.open(tag: "auth")
        anyone.post("/v1/auth/web/{provider}/start", Doc("Start Sign in with Apple or Google in the browser: the provider's address and this browser's binding",
                                                        [200: "Where to go", 404: "This provider is not set up for the browser",
                                                         503: "The provider cannot be reached"]), start)
        let back = Doc("Where the provider sends the person back (a GET, or Apple's form POST); goes on to the app",
                       [303: "Back to the app, to finish or to say what went wrong"], produces: "text/plain")
        anyone.get(WebSignIn.callbackPath, back, answer)
        anyone.post(WebSignIn.callbackPath, back, answer)
        anyone.post("/v1/auth/web/finish", Doc("Finish the browser's sign-in with its binding: signs in, or up",
                                              [200: "Signed in", 201: "Signed up", 400: "A field is not valid",
                                               401: "The sign-in is unknown, expired, used, cancelled or refused",
                                               409: "The provider has not sent the person back yet, or the email needs its password first"]),
                    finish)
    }

    func start(_ request: Request, _: Visitor) async throws -> Reply<WebSignInStart> {
        let name: String = try request.parameter("provider")
        guard let provider = IdentityProviderName(rawValue: name) else {
            throw HTTPError(404, detail: "There is no sign-in provider '\(name.prefix(40))'; apple and google are the ones there can be.")
        }
        return Reply(try await web.start(provider), headers: [("Cache-Control", "no-store")])
    }

    /// The provider's answer comes in the query, or (Apple) as a form in the body.
    func answer(_ request: Request, _: Visitor) async throws -> Response {
        let form = request.method == .post ? String(decoding: request.body.prefix(16 << 10), as: UTF8.self) : (request.query ?? "")
        let fields = Dictionary(PercentDecoding.form(form), uniquingKeysWith: { first, _ in first })
        let location = try await web.answer(state: fields["state"], code: fields["code"], error: fields["error"])
        return Response(status: 303, headers: HTTPHeaders([("Location", location), ("Cache-Control", "no-store"),
                                                            ("Content-Type", "text/plain; charset=utf-8")]),
                        body: .data(Data("Back to Yaruki: \(location)\n".utf8)))
    }

    func finish(_ request: Request, _: Visitor, _ body: WebSignInFinishBody) async throws -> Reply<SessionTokens> {
        let (account, tokens, created) = try await web.finish(body, request)
        return SessionReplies.reply(account, tokens, cookie: body.useCookie == true, request, status: created ? 201 : 200)
    }
}
