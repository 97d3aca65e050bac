import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The whole server: database, routes, static files and the HTTP server, built from settings.
public final class Application: @unchecked Sendable {
    public let settings: Settings
    public let database: Database
    public let server: HTTPServer
    public let routes: [Route]
    let auth: AuthService
    let media: MediaStore
    let events = EventHub()

    /// `clock` is what every rule that depends on "now" reads; tests step it.
    public init(settings: Settings, database: Database, clock: @escaping @Sendable () -> Date = { Date() }) throws {
        self.settings = settings
        self.database = database
        let keyring = try SigningKeyring(directory: settings.dataDirectory + "/keys", now: clock())
        media = try MediaStore(dataDirectory: settings.dataDirectory, width: max(1, settings.http.loops))
        auth = try AuthService(database: database, keyring: keyring, hashingWidth: max(1, settings.http.loops), clock: clock,
                               identityProviders: settings.identityProviders, media: media)
        let metrics = HTTPMetrics()
        metrics.register(HTTPMetrics.Gauge(name: "yaruki_db_connections", help: "Database connections by state.") { [database] in
            let stats = database.statistics()
            return [("state=\"open\"", Double(stats.open)), ("state=\"in_use\"", Double(stats.inUse)),
                    ("state=\"waiting\"", Double(stats.waiting))]
        })
        let router = buildRouter(database: database, metrics: metrics, auth: auth, media: media, events: events, maxUploadBytes: settings.maxUploadBytes)
        routes = router.routes
        let fallback = try settings.webDirectory.map { try StaticFiles(root: $0).handler }
        var http = settings.http
        http.responseHeaders = Application.responseHeaders
        http.streamedBody = ProofRoutes.streamedBody(auth, media: media, maxBytes: settings.maxUploadBytes)
        server = HTTPServer(configuration: http, metrics: metrics, errorMapper: { ErrorMapping.problem(for: $0) },
                            handler: router.responder(fallback: fallback))
    }

    /// On every response: no MIME sniffing, no full URLs leaked to other sites.
    static let responseHeaders = HTTPHeaders([("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin")])

    /// Adds a signing key to the data dir's keyring; returns its kid.
    public static func rotateSigningKey(_ settings: Settings) throws -> String {
        let directory = settings.dataDirectory + "/keys"
        _ = try SigningKeyring(directory: directory)
        return try SigningKeyring.create(in: directory, now: Date()).kid
    }

    /// Opens the database and applies pending migrations.
    public static func openDatabase(_ settings: Settings) async throws -> Database {
        let database = try DatabaseURL.open(settings.databaseURL, readers: max(2, settings.http.loops * 2))
        try await Migrator.migrate(database)
        try await ExerciseCatalog.ensure(database)
        return database
    }

    public func start() throws {
        try server.start()
        ServerLog.info("listening", ["url": "http://\(settings.http.host):\(server.port)", "database": database.dialect.rawValue,
                                     "loops": String(settings.http.loops), "web": settings.webDirectory ?? "(none)"])
    }
}

/// Every route of the API, in one table; the OpenAPI document is made from the same table.
func buildRouter(database: Database, metrics: HTTPMetrics, auth: AuthService, media: MediaStore, events: EventHub, maxUploadBytes: Int) -> Router {
    var router = Router()
    let openAPI = OpenAPIHolder()
    SystemRoutes(database: database, metrics: metrics, openAPI: openAPI, maxUploadBytes: maxUploadBytes).add(to: &router)
    AuthRoutes(auth: auth).add(to: &router)
    AdminRoutes(auth: auth).add(to: &router)
    TrainingRoutes(auth: auth).add(to: &router)
    let proofs = ProofRoutes(auth: auth, media: media, events: events)
    proofs.add(to: &router)
    CalendarRoutes(proofs: proofs).add(to: &router)
    GroupRoutes(auth: auth, events: events).add(to: &router)
    EventRoutes(auth: auth, hub: events).add(to: &router)
    openAPI.document = OpenAPI.document(for: router.routes)
    return router
}
