import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Health, metrics, the API description and server facts.
struct SystemRoutes: RouteCollection {
    let context: AppContext
    let metrics: HTTPMetrics
    let openAPI: OpenAPIHolder

    func add(to routes: RouteTable) {
        let database = context.database
        // The healthy answer never changes, so it is encoded once; the check itself runs every time.
        let healthy = (try? JSONCoding.encoder.encode(Health(status: "ok", database: database.dialect.rawValue))) ?? Data()
        let anyone = routes.open(tag: "system")
        anyone.get("/healthz", Doc("Liveness and database check", [200: "Serving, database reachable", 503: "Database unreachable"],
                                   reply: Health.self)) { _, _ in
            do {
                try await database.ping()
            } catch {
                throw HTTPError(503, detail: "The database does not answer: \(error)", headers: ["Retry-After": "5"])
            }
            return Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .data(healthy))
        }
        let guarding = MetricsGuard(settings: context.settings)
        anyone.get("/metrics", Doc("Prometheus metrics, for this machine only, or with the --metrics-token bearer token, or from an address in --metrics-allow (behind a trusted proxy, the address it forwards for)",
                                   [200: "The metrics", 401: "The metrics token is missing or wrong", 403: "Not from an allowed address"],
                                   produces: "text/plain")) { [metrics, context] request, _ in
            try guarding.check(request, client: context.clientAddress(request))
            return Response.text(metrics.render(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        anyone.get("/openapi.json", Doc("This API's OpenAPI 3.1 document")) { [openAPI] _, _ in
            Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .data(openAPI.data))
        }
        anyone.get("/v1/meta", Doc("Server name, version, languages and upload limits"), meta)
    }

    func meta(_: Request, _: Visitor) async throws -> Reply<ServerMeta> {
        Reply(ServerMeta(name: "Yaruki", version: YarukiVersion.current, languages: ["en", "ja", "ko"], database: context.database.dialect.rawValue,
                         maxUploadBytes: context.settings.maxUploadBytes, maxPhotoBytes: context.settings.maxPhotoBytes,
                         maxHealthImportBytes: context.settings.maxHealthImportBytes,
                         webSignIn: context.settings.identityProviders.filter { $0.web != nil }.compactMap { IdentityProviderName(rawValue: $0.name) },
                         payments: context.settings.payments.name))
    }
}
