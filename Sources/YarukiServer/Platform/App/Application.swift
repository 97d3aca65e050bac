import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The whole server: the context every area works with, the areas' services and routes, static
/// files and the HTTP server, built from settings.
public final class Application: @unchecked Sendable {
    public let settings: Settings
    public let database: Database
    public let server: HTTPServer
    /// Every route the router answers.
    public let routes: [Route]
    /// What the OpenAPI document says of each.
    let endpoints: [Endpoint]
    let context: AppContext
    let areas: Areas

    /// `clock` is what every rule that depends on "now" reads; tests step it. `passwordHasher`
    /// hashes with OWASP's parameters unless a test chooses cheap ones.
    public init(settings: Settings, database: Database, clock: @escaping @Sendable () -> Date = { Date() },
                passwordHasher: PasswordHasher = PasswordHasher()) throws {
        self.settings = settings
        self.database = database
        context = try AppContext(settings: settings, database: database, clock: clock, hasher: passwordHasher)
        let metrics = HTTPMetrics()
        metrics.register(HTTPMetrics.Gauge(name: "yaruki_db_connections", help: "Database connections by state.") { [database] in
            let stats = database.statistics()
            return [("state=\"open\"", Double(stats.open)), ("state=\"in_use\"", Double(stats.inUse)), ("state=\"waiting\"", Double(stats.waiting))]
        })
        metrics.register(HTTPMetrics.Gauge(name: "yaruki_db_reads_asked_together",
                                           help: "Reads of concurrent requests sent together since start (PostgreSQL): the round trips, and the reads in them.") { [database] in
            let stats = database.statistics()
            return [("kind=\"rounds\"", Double(stats.askedRounds)), ("kind=\"reads\"", Double(stats.askedReads))]
        })
        metrics.register(HTTPMetrics.Gauge(name: "yaruki_access_tokens",
                                           help: "Verified access tokens remembered now; signed-in requests since start answered from them (hits) or by verifying (misses).") {
            [tokens = context.authenticator.tokens] in
            [("kind=\"remembered\"", Double(tokens.count)), ("kind=\"hits\"", Double(tokens.hits)), ("kind=\"misses\"", Double(tokens.misses))]
        })
        metrics.register(HTTPMetrics.Gauge(name: "yaruki_kept_replies",
                                           help: "Encoded replies kept now; reads since start answered with a kept reply (hits) or made anew (misses).") {
            [replies = context.replies] in
            [("kind=\"kept\"", Double(replies.count)), ("kind=\"hits\"", Double(replies.hits)), ("kind=\"misses\"", Double(replies.misses))]
        })
        metrics.register(HTTPMetrics.Gauge(name: "yaruki_jobs", help: "Jobs this node ran since start (ran), those that failed for good, and those it runs now.") {
            [jobs = context.jobs] in
            [("kind=\"ran\"", Double(jobs.ran)), ("kind=\"failed\"", Double(jobs.failedForGood)), ("kind=\"running\"", Double(jobs.running))]
        })
        metrics.register(HTTPMetrics.Gauge(name: "yaruki_event_outbox",
                                           help: "Events published on this node and not yet written (waiting), and those dropped since start because the database was away too long.") {
            [bus = context.bus] in
            let counts = bus.outboxCounts
            return [("kind=\"waiting\"", Double(counts.waiting)), ("kind=\"dropped\"", Double(counts.dropped))]
        })
        metrics.register(HTTPMetrics.Gauge(name: "yaruki_event_listener",
                                           help: "The node's PostgreSQL listening connection: connected (1 or 0) and connections made since start.") {
            [bus = context.bus] in
            // None on SQLite, where events go round in process.
            bus.listenerConnects.map { [("kind=\"connected\"", bus.isConnected ? 1 : 0), ("kind=\"connects\"", Double($0))] } ?? []
        })
        areas = try Areas(context)
        for gauge in areas.all.flatMap(\.gauges) { metrics.register(gauge) }
        let table = RouteTable(accesses: context.accesses, storage: context.storage)
        let openAPI = OpenAPIHolder()
        SystemRoutes(context: context, metrics: metrics, openAPI: openAPI).add(to: table)
        EventRoutes(context: context).add(to: table)
        for collection in areas.routes { collection.add(to: table) }
        openAPI.endpoints = table.endpoints
        routes = table.router.routes
        endpoints = table.endpoints
        let fallback = try settings.webDirectory.map { try StaticFiles(root: $0).handler }
        var http = settings.http
        http.responseHeaders = PagePolicy.responseHeaders(tileURL: settings.tileURL, portone: settings.payments.name == "portone")
        http.streamedBody = Application.streamedBody(context, table.endpoints)
        server = HTTPServer(configuration: http, metrics: metrics, errorMapper: { ErrorMapping.problem(for: $0) },
                            handler: table.router.responder(fallback: fallback))
    }

    /// Large bodies stream to disk only for the upload routes (those whose Doc names upload types)
    /// and a request that carries a well-formed, current access token; anything else is read into
    /// memory under the small JSON limit, so an anonymous 500 MB upload is refused at once with
    /// 413 instead of being written first. A route's limit follows what it takes: videos, photos,
    /// voice notes, a workout log's CSV or a health export.
    static func streamedBody(_ context: AppContext, _ endpoints: [Endpoint]) -> @Sendable (HTTPMethod, String, HTTPHeaders) -> StreamedBody? {
        let settings = context.settings
        let uploads: [(method: HTTPMethod, segments: [String], limit: Int)] = endpoints.compactMap { endpoint in
            guard let type = endpoint.doc.upload.first else { return nil }
            let limit = type.hasPrefix("video/") ? settings.maxUploadBytes : type.hasPrefix("image/") ? settings.maxPhotoBytes
                : type.hasPrefix("audio/") ? settings.maxVoiceBytes : type == "text/csv" ? settings.maxWorkoutImportBytes : settings.maxHealthImportBytes
            return (endpoint.method, endpoint.pattern.split(separator: "/").map(String.init), limit)
        }
        let (authenticator, directory, storage) = (context.authenticator, context.media.uploads, context.storage)
        return { method, path, headers in
            let segments = path.split(separator: "/")
            guard let upload = uploads.first(where: { upload in
                upload.method == method && upload.segments.count == segments.count
                    && zip(upload.segments, segments).allSatisfy { pattern, part in pattern.hasPrefix("{") || pattern == part }
            }), let user = authenticator.signedInUser(headers) else { return nil }
            // The room the person has left, when this node read it lately: a body announced larger
            // is refused before a byte of it is written.
            if let room = storage.roomLeft(user), room < upload.limit {
                let full = StorageQuota.full(used: storage.limit - room, limit: storage.limit, adding: nil)
                return StreamedBody(directory: directory, maxBytes: Int(room), tooLarge: ErrorMapping.problem(full))
            }
            return StreamedBody(directory: directory, maxBytes: upload.limit)
        }
    }

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
        for area in Areas.list { try await area.prepare(database) }
        return database
    }

    public func start() throws {
        try server.start()
        context.servedPort.store(server.port, ordering: .relaxed)
        context.bus.start()
        context.jobs.start()
        areas.sync.start(on: server.backgroundExecutor)
        for area in areas.all { area.start() }
        ServerLog.info("listening", ["url": "http://\(settings.http.host):\(server.port)", "database": database.dialect.rawValue,
                                     "loops": String(settings.http.loops), "web": settings.webDirectory ?? "(none)",
                                     "mail": settings.smtp?.url ?? "written to \(settings.dataDirectory)/mail (no --smtp-url)",
                                     "payments": settings.payments.name, "maxConnections": String(server.connectionLimit)])
        if settings.payments == .off {
            ServerLog.warning("class seats cannot be sold: no payment provider is set up", [
                "fix": "--payments portone with the --portone-* settings (or --payments sandbox to try the checkout without real money)"])
        }
    }

    /// Stops serving (requests in flight get `grace` seconds) and running jobs.
    public func stop(grace: Double = 10) {
        for area in areas.all { area.stop(grace: grace) }
        context.jobs.stop(waiting: grace)
        areas.sync.stop()
        server.shutdown(grace: grace)
        // What the last requests left to do (a recount, a push queued) lands before the close.
        if !context.followUps.finish(waiting: grace) {
            ServerLog.error("work left by requests still running at the stop", ["count": "\(context.followUps.count)"])
        }
        context.bus.stop()
        // Nothing listens here any more (the sandbox's webhooks stop; the port may go to another).
        context.servedPort.store(0, ordering: .relaxed)
        // The database's idle connections close now, not when the last reference to it goes: the
        // job kinds' closures hold the context, and a PostgreSQL server counts its clients.
        context.database.close()
    }
}
