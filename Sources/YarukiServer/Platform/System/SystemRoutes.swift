import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Health, metrics, the API description and server facts.
struct SystemRoutes {
    let database: Database
    let metrics: HTTPMetrics
    let openAPI: OpenAPIHolder
    /// Told to clients so they can refuse a too-large file before sending it.
    let maxUploadBytes: Int
    let maxPhotoBytes: Int

    struct Health: Codable { let status: String; let database: String }
    struct Meta: Codable { let name: String; let version: String; let languages: [String]; let database: String; let maxUploadBytes: Int
                        let maxPhotoBytes: Int }

    func add(to router: inout Router) {
        let database = database, metrics = metrics, openAPI = openAPI, maxUploadBytes = maxUploadBytes, maxPhotoBytes = maxPhotoBytes
        // The healthy answer never changes, so it is encoded once; the check itself runs every time.
        let healthy = (try? JSONCoding.encoder.encode(Health(status: "ok", database: database.dialect.rawValue))) ?? Data()

        router.get("/healthz", RouteDoc("Liveness and database check", tag: "system",
                                        responses: [200: "Serving, database reachable", 503: "Database unreachable"],
                                        responseBody: OpenAPI.object(["status": .string, "database": .string]))) { _ in
            do {
                _ = try await database.read { try $0.execute("SELECT 1", []) }
            } catch {
                throw HTTPError(503, detail: "The database does not answer: \(error)", headers: ["Retry-After": "5"])
            }
            return Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .data(healthy))
        }

        router.get("/metrics", RouteDoc("Prometheus metrics", tag: "system", produces: "text/plain")) { _ in
            .text(metrics.render(), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }

        router.get("/openapi.json", RouteDoc("This API's OpenAPI 3.1 document", tag: "system")) { _ in
            Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .data(openAPI.data))
        }

        router.get("/v1/meta", RouteDoc("Server name, version and languages", tag: "system",
                                        responseBody: OpenAPI.object(["name": .string, "version": .string,
                                                                      "languages": .array(.string), "database": .string,
                                                                      "maxUploadBytes": .integer, "maxPhotoBytes": .integer]))) { _ in
            try .json(Meta(name: "Yaruki", version: YarukiVersion.current, languages: ["en", "ja", "ko"],
                           database: database.dialect.rawValue, maxUploadBytes: maxUploadBytes,
                           maxPhotoBytes: maxPhotoBytes))
        }
    }
}
