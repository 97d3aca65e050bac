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
    let signage: SignageHub

    /// `clock` is what every rule that depends on "now" reads; tests step it.
    public init(settings: Settings, database: Database, clock: @escaping @Sendable () -> Date = { Date() }) throws {
        self.settings = settings
        self.database = database
        let keyring = try SigningKeyring(directory: settings.dataDirectory + "/keys", now: clock())
        media = try MediaStore(dataDirectory: settings.dataDirectory, width: max(1, settings.http.loops))
        auth = try AuthService(database: database, keyring: keyring, hashingWidth: max(1, settings.http.loops), clock: clock,
                               identityProviders: settings.identityProviders, media: media)
        signage = SignageHub(database: database, clock: clock)
        let metrics = HTTPMetrics()
        metrics.register(HTTPMetrics.Gauge(name: "yaruki_db_connections", help: "Database connections by state.") { [database] in
            let stats = database.statistics()
            return [("state=\"open\"", Double(stats.open)), ("state=\"in_use\"", Double(stats.inUse)),
                    ("state=\"waiting\"", Double(stats.waiting))]
        })
        let map = try settings.mapExtract.map { path in
            do { return try MapData.shared(path) } catch { throw SettingError(setting: "--map", reason: "\(error)") }
        }
        let router = buildRouter(database: database, metrics: metrics, auth: auth, media: media, events: events, signage: signage, map: map,
                                 settings: settings)
        routes = router.routes
        let fallback = try settings.webDirectory.map { try StaticFiles(root: $0).handler }
        var http = settings.http
        http.responseHeaders = Application.responseHeaders
        http.streamedBody = Application.streamedBody(auth, media: media, settings: settings)
        server = HTTPServer(configuration: http, metrics: metrics, errorMapper: { ErrorMapping.problem(for: $0) },
                            handler: router.responder(fallback: fallback))
    }

    /// Large bodies stream to disk only for the upload paths and a request that carries a
    /// well-formed, current access token; anything else is read into memory under the small JSON
    /// limit, so an anonymous 500 MB upload is refused at once with 413 instead of being written first.
    static func streamedBody(_ auth: AuthService, media: MediaStore, settings: Settings) -> @Sendable (HTTPMethod, String, HTTPHeaders) -> StreamedBody? {
        let limits = ["/v1/proofs": settings.maxUploadBytes, "/v1/photos": settings.maxPhotoBytes,
                      "/v1/lifelog/photos": settings.maxPhotoBytes, "/v1/lifelog/voice": settings.maxVoiceBytes]
        return { method, path, headers in
            guard method == .post, let limit = limits[path], auth.looksSignedIn(headers) else { return nil }
            return StreamedBody(directory: media.uploads, maxBytes: limit)
        }
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
func buildRouter(database: Database, metrics: HTTPMetrics, auth: AuthService, media: MediaStore, events: EventHub, signage: SignageHub,
                 map: MapData?, settings: Settings) -> Router {
    var router = Router()
    let openAPI = OpenAPIHolder()
    SystemRoutes(database: database, metrics: metrics, openAPI: openAPI, maxUploadBytes: settings.maxUploadBytes,
                 maxPhotoBytes: settings.maxPhotoBytes).add(to: &router)
    AccountRoutes(auth: auth).add(to: &router)
    AdminRoutes(auth: auth).add(to: &router)
    TrainingRoutes(auth: auth).add(to: &router)
    let proofs = ProofRoutes(auth: auth, media: media, events: events)
    proofs.add(to: &router)
    CalendarRoutes(proofs: proofs).add(to: &router)
    GroupRoutes(auth: auth, events: events).add(to: &router)
    EventRoutes(auth: auth, hub: events).add(to: &router)
    let photos = PhotoStore(media: media)
    PostRoutes(auth: auth, photos: photos, events: events).add(to: &router)
    RoutineRoutes(auth: auth, events: events).add(to: &router)
    SafetyRoutes(auth: auth, photos: photos, reportThreshold: settings.reportThreshold).add(to: &router)
    NotificationRoutes(auth: auth).add(to: &router)
    SignageRoutes(auth: auth, hub: signage).add(to: &router)
    let lifelog = LifelogRoutes(auth: auth, media: media, photos: photos, proofs: proofs)
    lifelog.add(to: &router)
    let provider: (any RouteProvider)? = settings.osrmURL.map { OSRMRouter(base: $0) }
        ?? map.map { BuiltInRouter(extract: $0.path, graph: $0.graph, width: max(1, settings.http.loops)) }
    PlaybackRoutes(lifelog: lifelog, book: RouteBook(provider: provider, database: database, clock: auth.clock),
                   credit: map != nil || settings.tileURL != nil ? MapData.credit : nil).add(to: &router)
    MapRoutes(map: map, tileURL: settings.tileURL, router: settings.osrmURL != nil ? "osrm" : map != nil ? "builtin" : "none").add(to: &router)
    openAPI.document = OpenAPI.document(for: router.routes)
    return router
}
