import Foundation
import YarukiAPI
import Testing
import YarukiClient
import YarukiHTTP
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The real application on a socket, on each engine: PostgreSQL databases are copies of a
/// migrated template, and passwords are hashed with argon2's least parameters (the production
/// parameters are the binary's, tried by the binary tests and `bench/auth`).
final class RunningApp: Sendable {
    let app: Application
    var port: Int { app.server.port }
    var dataDirectory: String { app.settings.dataDirectory }
    /// Where the binary's own commands find this app's data: its folder and its database.
    var storeArguments: [String] { ["--data-dir", dataDirectory, "--db", app.settings.databaseURL] }
    private let madeDirectory: String

    init(_ engine: Engine, clock: TestClock? = nil, arguments extra: [String] = [], hasher: PasswordHasher = PasswordHasher(parameters: .cheapest)) async throws {
        let dataDir = NSTemporaryDirectory() + "yaruki-app-\(UUID().uuidString)"
        madeDirectory = dataDir
        // Tests make many accounts from one address; the sign-up limit has its own test.
        var arguments = ["--port", "0", "--data-dir", dataDir, "--access-log", "off", "--web-dir", repositoryRoot + "/web",
                         "--signups-per-hour", "100000"]
        if engine == .postgres { arguments += ["--db", try await PostgresCluster.shared.freshDatabaseURL(migrated: true)] }
        // Seats are sold through the sandbox unless a test chooses (payments are off by default).
        if !extra.contains("--payments") { arguments += ["--payments", "sandbox"] }
        arguments += extra
        let settings = try Settings(arguments: arguments, environment: [:])
        let database = try await Application.openDatabase(settings)
        if let clock {
            app = try Application(settings: settings, database: database, clock: { clock.now }, passwordHasher: hasher)
        } else {
            app = try Application(settings: settings, database: database, passwordHasher: hasher)
        }
        try app.start()
    }

    /// Stopped, and the data folder it made removed (`swift test` run by hand leaves nothing in
    /// /tmp); one a test gave it (shared by two nodes) is the test's.
    deinit {
        app.stop(grace: 1)
        if dataDirectory == madeDirectory { try? FileManager.default.removeItem(atPath: madeDirectory) }
    }
}

@Suite struct ApplicationTests {
    /// A stop waits for the work the last requests left to run after their replies (a recount, a
    /// push queued), and for work that work started, before it closes the database: what they
    /// write is in the file the stop leaves, and its WAL is empty.
    @Test func aStopWaitsForTheWorkRequestsLeftBehind() async throws {
        let running = try await RunningApp(.sqlite)
        let (database, followUps) = (running.app.context.database, running.app.context.followUps)
        try await database.transaction { c in try c.execute("CREATE TABLE probe (n INTEGER NOT NULL)", []) }
        followUps.start {
            try? await Task.sleep(nanoseconds: 400_000_000)
            _ = try? await database.transaction { c in try c.execute("INSERT INTO probe (n) VALUES (1)", []) }
            followUps.start {
                try? await Task.sleep(nanoseconds: 200_000_000)
                _ = try? await database.transaction { c in try c.execute("INSERT INTO probe (n) VALUES (2)", []) }
            }
        }
        #expect(!followUps.finish(waiting: 0.05), "still running")
        running.app.stop(grace: 10)
        #expect(followUps.count == 0)
        let path = running.dataDirectory + "/yaruki.sqlite"
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0, "nothing written after the close: \(wal) bytes in the WAL")
        let file = try SQLiteDatabase(path: path, readers: 1)
        defer { file.close() }
        #expect(try await file.read { c in try c.query("SELECT n FROM probe ORDER BY n", []).map { try $0.int("n") } } == [1, 2])
    }

    /// Most tests call the app in memory: the same routes, access checks and problems as over a
    /// socket, with no connection made (the server counts none).
    @Test func anInMemoryCallAnswersAsASocketDoesWithoutOne() async throws {
        let running = try await RunningApp(.sqlite)
        let (memory, socket) = (API(running), API(socket: running))
        let (token, _, _) = try memory.signUp("memory@example.com")
        func counted() -> [Substring] { running.app.server.metrics.render().split(separator: "\n").filter { $0.hasPrefix("yaruki_http_requests_total{") } }
        let before = counted()
        let mine = try memory.call("GET", "/v1/me", token: token)
        #expect(mine.status == 200 && mine.string("email") == "memory@example.com" && mine.headers["cache-control"] == "private, no-cache")
        #expect(try memory.call("GET", "/v1/me").status == 401)
        #expect(TrainingTests.fields(try memory.call("GET", "/v1/posts?limit=0", token: token)) == ["limit"])
        #expect(counted() == before, "no request came over a connection")
        let same = try socket.call("GET", "/v1/me", token: token)
        #expect(same.status == 200 && same.body == mine.body && same.headers["etag"] == mine.headers["etag"])
        #expect(counted() != before, "the socket's request is counted")
    }

    @Test(arguments: Engine.allCases)
    func healthChecksTheDatabase(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let reply = try request(running.port, "/healthz")
        #expect(reply.status == 200)
        #expect(try reply.json()["database"] as? String == engine.rawValue)
        let client = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        #expect(try await client.health().status == "ok")
        #expect(try await client.meta().languages == ["en", "ja", "ko"])
    }

    @Test func clientSurfacesProblems() async throws {
        let running = try await RunningApp(.sqlite)
        let client = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(running.port)")!)
        await #expect {
            let _: ServerMeta = try await client.get("/v1/nothing-here")
        } throws: { error in
            guard case let .problem(problem) = error as? YarukiClientError else { return false }
            return problem.status == 404 && problem.title == "Not Found"
        }
    }

    @Test func metricsCountRequestsByRoute() async throws {
        let running = try await RunningApp(.sqlite)
        for _ in 0..<3 { _ = try request(running.port, "/healthz") }
        _ = try request(running.port, "/v1/missing")
        let text = try request(running.port, "/metrics").text
        #expect(text.contains(#"yaruki_http_requests_total{method="GET",route="/healthz",status="200"} 3"#))
        #expect(text.contains(#"yaruki_http_requests_total{method="GET",route="(unmatched)",status="404"} 1"#))
        #expect(text.contains(#"yaruki_http_request_duration_seconds_count{route="/healthz"} 3"#))
        #expect(text.contains("yaruki_sse_streams_open 0"))
        #expect(text.contains(#"yaruki_db_connections{state="open"}"#))
    }

    /// Listening beyond loopback, the metrics need the token or an allowed address; a visitor
    /// through the reverse proxy on this machine is told apart by the address it forwards for.
    @Test func metricsBeyondLoopbackNeedATokenOrAnAllowedAddress() async throws {
        let open = try await RunningApp(.sqlite, arguments: ["--host", "0.0.0.0"])
        #expect(try request(open.port, "/metrics").status == 200, "this machine itself")
        #expect(try request(open.port, "/metrics", headers: ["X-Forwarded-For": "203.0.113.5"]).status == 403)
        let guarded = try await RunningApp(.sqlite, arguments: ["--host", "0.0.0.0", "--metrics-token", "scrape-me-please-0123",
                                                                "--metrics-allow", "10.0.0.0/8, fd00::/8"])
        let stranger = ["X-Forwarded-For": "203.0.113.5"]
        let refused = try request(guarded.port, "/metrics", headers: stranger)
        #expect(refused.status == 401 && refused.headers["www-authenticate"] == "Bearer")
        #expect(try request(guarded.port, "/metrics", headers: stranger.merging(["Authorization": "Bearer wrong-token-wrong-token"]) { $1 }).status == 401)
        #expect(try request(guarded.port, "/metrics", headers: stranger.merging(["Authorization": "Bearer scrape-me-please-0123"]) { $1 }).status == 200)
        #expect(try request(guarded.port, "/metrics", headers: ["X-Forwarded-For": "10.1.2.3"]).status == 200)
        #expect(try request(guarded.port, "/metrics", headers: ["X-Forwarded-For": "fd00::7"]).status == 200)
        #expect(try request(guarded.port, "/metrics").status == 401, "with an allowlist set, this machine needs the token or a place in it too")
    }

    /// The documented deployment: nodes on loopback behind nginx on the same machine. Every
    /// request comes from 127.0.0.1 there, so the decision is the forwarded client's.
    @Test func metricsBehindTheProxyGoByTheForwardedClient() async throws {
        let node = try await RunningApp(.sqlite, arguments: ["--host", "127.0.0.1"])
        #expect(try request(node.port, "/metrics").status == 200, "this machine itself")
        #expect(try request(node.port, "/metrics", headers: ["X-Forwarded-For": "203.0.113.5"]).status == 403)
        #expect(try request(node.port, "/metrics", headers: ["X-Forwarded-For": "127.0.0.1, 203.0.113.5"]).status == 403,
                "what the client wrote to the left of the proxy's own entry counts for nothing")
        let guarded = try await RunningApp(.sqlite, arguments: ["--host", "127.0.0.1", "--metrics-token", "scrape-me-please-0123",
                                                                "--metrics-allow", "10.0.0.0/8"])
        #expect(try request(guarded.port, "/metrics", headers: ["X-Forwarded-For": "203.0.113.5"]).status == 401)
        #expect(try request(guarded.port, "/metrics", headers: ["X-Forwarded-For": "203.0.113.5", "Authorization": "Bearer scrape-me-please-0123"]).status == 200)
        #expect(try request(guarded.port, "/metrics", headers: ["X-Forwarded-For": "10.9.8.7"]).status == 200)
    }

    /// A reply made for one person is never kept by a shared cache, and the browser asks again
    /// each time (an ETag answers 304 when nothing changed); public replies stay cacheable.
    @Test func privateRepliesSayPrivateNoCache() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("cache-\(UUID().uuidString.prefix(6))@example.com")
        for path in ["/v1/me", "/v1/workouts", "/v1/notifications", "/v1/groups", "/v1/me/classes"] {
            let reply = try api.call("GET", path, token: token)
            #expect(reply.status == 200 && reply.headers["cache-control"] == "private, no-cache", "\(path): \(reply.headers)")
        }
        let me = try api.call("GET", "/v1/me", token: token)
        if let etag = me.headers["etag"] {
            let again = try api.call("GET", "/v1/me", token: token, headers: ["If-None-Match": etag])
            #expect(again.status == 304 && again.headers["cache-control"] == "private, no-cache")
        }
        for path in ["/v1/meta", "/v1/exercises"] { #expect(try request(running.port, path).headers["cache-control"]?.contains("private") != true, "\(path)") }
    }

    @Test func servesTheBrowserApp() async throws {
        let running = try await RunningApp(.sqlite)
        let index = try request(running.port, "/")
        #expect(index.status == 200)
        #expect(index.text.contains("<html"))
        #expect(index.headers["x-content-type-options"] == "nosniff")
        let policy = try #require(index.headers["content-security-policy"])
        for directive in ["default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "frame-ancestors 'none'"] {
            #expect(policy.contains(directive), "\(directive) in \(policy)")
        }
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
        #expect(index.headers["x-frame-options"] == "DENY")
        let tiles = try await RunningApp(.sqlite, arguments: ["--tiles", "https://{s}.tile.example.org/{z}/{x}/{y}.png"])
        #expect(try request(tiles.port, "/").headers["content-security-policy"]?.contains("img-src 'self' data: blob: https://*.tile.example.org") == true)
        #expect(try request(running.port, "/js/app.js").headers["content-type"] == "text/javascript; charset=utf-8")
    }

    /// A literal route beside a parameter route (`/v1/groups/join` beside `/v1/groups/{id}`)
    /// names its own methods in OPTIONS and in a 405, not its neighbour's.
    @Test func optionsAndAllowNameTheRouteThatMatched() async throws {
        let running = try await RunningApp(.sqlite)
        // Each wrong method is one the parameter route beside it does not answer either.
        for (path, allow, wrongMethod) in [("/v1/groups/join", "OPTIONS, POST", "PUT"), ("/v1/routines/mine", "GET, HEAD, OPTIONS", "POST"),
                                           ("/v1/sessions/revoke-others", "OPTIONS, POST", "PUT")] {
            let options = try request(running.port, "OPTIONS", path)
            #expect(options.status == 204, "\(path)")
            #expect(options.headers["allow"] == allow, "\(path)")
            let wrong = try request(running.port, wrongMethod, path, body: "{}")
            #expect(wrong.status == 405, "\(path)")
            #expect(wrong.headers["allow"] == allow, "\(path)")
        }
    }

    /// The document and the router must describe the same routes: one missing from the
    /// document, or one the document names that the server does not answer, fails here.
    @Test func openAPIDescribesExactlyTheRoutes() async throws {
        let running = try await RunningApp(.sqlite)
        let document = try request(running.port, "/openapi.json").json()
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var documented = Set<String>()
        for (path, operations) in paths {
            for method in operations.keys { documented.insert("\(method.uppercased()) \(path)") }
        }
        let routed = Set(running.app.routes.map { "\($0.method.rawValue) \($0.pattern)" })
        #expect(documented == routed)
        for entry in documented {
            let parts = entry.split(separator: " ")
            let path = parts[1].replacingOccurrences(of: #"\{[^}]+\}"#, with: "probe", options: .regularExpression)
            let reply = try request(running.port, String(parts[0]), path, body: parts[0] == "GET" ? nil : "{}")
            let routeMissing = reply.status == 405 || (reply.status == 404 && reply.text.contains("No route matches"))
            #expect(!routeMissing, "\(entry) is documented but not served (\(reply.status))")
        }
    }
}

@Suite struct BinaryTests {
    static let binary = repositoryRoot + "/.build/debug/yaruki"

    @Test func badSettingExitsOneWithOneLine() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let child = try Command.spawn([Self.binary, "serve", "--port", "eighty"], captureOutput: true, captureError: true)
        let errors = child.readAllErrors()
        #expect(child.wait() == 1)
        #expect(errors == "yaruki: --port: must be a whole number from 0 to 65535, got 'eighty'\n")
    }

    @Test func unreachableDatabaseIsOneLineAndExitOne() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let port = PostgresCluster.freePort()
        let child = try Command.spawn([Self.binary, "serve", "--db", "postgres://yaruki@127.0.0.1:\(port)/nothing",
                                       "--data-dir", NSTemporaryDirectory() + "yaruki-nodb-\(UUID().uuidString)"],
                                      captureOutput: true, captureError: true)
        let errors = child.readAllErrors()
        #expect(child.wait() == 1)
        #expect(errors.hasPrefix("yaruki: database unavailable: cannot reach PostgreSQL at 127.0.0.1:\(port)/nothing"))
        #expect(errors.filter { $0 == "\n" }.count == 1)
    }

    @Test func helpListsEveryCommand() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let result = try Command.run([Self.binary, "--help"])
        #expect(result.status == 0)
        for command in ["serve", "migrate", "demo", "user create", "sales simulate", "keys rotate", "version"] { #expect(result.output.contains("  \(command) ")) }
        // Every option and its variable whole (they were cut at 14 and 18 characters).
        for entry in Settings.flags {
            #expect(result.output.contains(" \(entry.flag) ") && result.output.contains(" \(entry.env) "), "\(entry.flag)")
        }
        let unknown = try Command.spawn([Self.binary, "fly"], captureOutput: true, captureError: true)
        #expect(unknown.readAllErrors().contains("unknown command 'fly'"))
        #expect(unknown.wait() == 1)
    }

    @Test func migrateDemoServeAndStopOnSIGTERM() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let dataDir = NSTemporaryDirectory() + "yaruki-bin-\(UUID().uuidString)"
        let migrate = try Command.run([Self.binary, "migrate", "--data-dir", dataDir])
        #expect(migrate.status == 0)
        #expect(migrate.output.contains("applied 1 settings"))
        #expect(try Command.run([Self.binary, "migrate", "--data-dir", dataDir]).output.contains("schema at version"))
        let demo = try Command.run([Self.binary, "demo", "--data-dir", dataDir])
        #expect(demo.status == 0 && demo.output.contains("demo data ready"))

        let port = PostgresCluster.freePort()
        let server = try Command.spawn([Self.binary, "serve", "--data-dir", dataDir, "--port", String(port), "--web-dir",
                                        repositoryRoot + "/web"], captureOutput: true, captureError: true)
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? request(port, "/healthz").status) == 200
            if !ready { usleep(50_000) }
        }
        #expect(ready)
        // A calendar feed's link is its secret: the log names the route, never the path.
        #expect(try request(port, "/v1/calendar/feed/not-a-real-feed-secret.ics").status == 404)
        // An in-flight request survives SIGTERM; the access log line is written before exit.
        let client = try RawClient(port: port)
        client.send("GET /v1/meta HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        server.signal(SIGTERM)
        #expect(server.wait(timeout: 10) == 0)
        let log = server.readAll()
        #expect(log.contains(#""route":"/v1/meta","path":"/v1/meta","status":200"#))
        #expect(log.contains(#""route":"/v1/calendar/feed/{file}","path":"/v1/calendar/feed/{file}","status":404"#))
        #expect(!log.contains("not-a-real-feed-secret"))
        // Without --payments the start-up log says seats cannot be sold, and how to fix it.
        #expect(server.readAllErrors().contains("class seats cannot be sold"))
    }

    /// With few descriptors (ulimit -n 256) and a flood of idle sockets, the server refuses the
    /// newest connections before it runs out, so the connections already open keep working and
    /// /healthz answers at once; when the flood leaves, new connections come in again.
    @Test func aFloodOfIdleSocketsNeverStarvesTheServer() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let port = PostgresCluster.freePort()
        let data = NSTemporaryDirectory() + "yaruki-fd-\(UUID().uuidString)"
        let server = try Command.spawn(["/bin/sh", "-c", "ulimit -n 256 && exec \"$0\" serve --data-dir \"$1\" --port \"$2\" --access-log off",
                                        Self.binary, data, String(port)], captureOutput: true, captureError: true)
        defer { server.signal(SIGTERM); _ = server.wait(timeout: 10) }
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? request(port, "/healthz").status) == 200
            if !ready { usleep(50_000) }
        }
        try #require(ready)
        // A keep-alive connection, open before the flood.
        // Reads wait up to 15 s (what a busy machine may take); how fast the flood's answer comes is checked apart.
        let regular = try RawClient(port: port, timeout: 15)
        regular.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try regular.readResponse().status == 200)
        // 400 sockets that never send a byte: more than the 256 descriptors the server has.
        var idle: [RawClient] = []
        for _ in 0..<400 { if let client = try? RawClient(port: port, timeout: 2) { idle.append(client) } }
        #expect(idle.count == 400)
        // The one already open is answered at once, with the database behind it: while the idle
        // sockets the server took are still open (waiting for a descriptor would mean waiting for
        // them to time out and close).
        regular.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let health = try regular.readResponse()
        #expect(health.status == 200 && health.text.contains("\"database\""), "\(health.text)")
        #expect(idle.contains { $0.isSilentlyOpen() }, "answered without waiting for a descriptor")
        try Self.expectRefusedThenServedOnceTheFloodLeaves(port, flood: &idle)
    }

    /// A new connection past the limit is told so and closed, not left hanging; when the flood
    /// leaves, new connections are served again.
    private static func expectRefusedThenServedOnceTheFloodLeaves(_ port: Int, flood: inout [RawClient]) throws {
        let late = try RawClient(port: port, timeout: 15)
        late.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = try late.readResponse()
        #expect(refused.status == 503 && refused.headers["retry-after"] == "5", "\(refused.text)")
        flood.removeAll()
        #expect(eventually(timeout: 10) { (try? request(port, "/healthz").status) == 200 })
    }

    /// Out of descriptors all the same (here its parent left 120 open in it, so its own count
    /// of what it may hold is too high), the server still answers each new connection with a
    /// 503 through the descriptor it holds back, instead of leaving it waiting unanswered.
    @Test func outOfDescriptorsNewConnectionsAreStillToldSo() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let port = PostgresCluster.freePort()
        let data = NSTemporaryDirectory() + "yaruki-fd-\(UUID().uuidString)"
        let script = "ulimit -n 256 && for fd in $(seq 20 139); do eval \"exec $fd</dev/null\"; done && exec \"$0\" serve --data-dir \"$1\" --port \"$2\" --access-log off"
        let server = try Command.spawn(["/bin/bash", "-c", script, Self.binary, data, String(port)], captureOutput: true, captureError: true)
        defer { server.signal(SIGTERM); _ = server.wait(timeout: 10) }
        try #require(eventually(timeout: 10) { (try? request(port, "/healthz").status) == 200 })
        var idle: [RawClient] = []
        for _ in 0..<300 { if let client = try? RawClient(port: port, timeout: 2) { idle.append(client) } }
        #expect(idle.count == 300)
        try Self.expectRefusedThenServedOnceTheFloodLeaves(port, flood: &idle)
    }

    /// On a terminal (or with `--access-log text`) a person reads a short line per request,
    /// failures marked, and not the demo simulator's routine posts.
    @Test func theTextLogIsShortAndLeavesTheSimulatorOut() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let port = PostgresCluster.freePort()
        let server = try Command.spawn([Self.binary, "serve", "--data-dir", NSTemporaryDirectory() + "yaruki-text-\(UUID().uuidString)",
                                        "--port", String(port), "--access-log", "text"], captureOutput: true, captureError: true)
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? request(port, "/healthz").status) == 200
            if !ready { usleep(50_000) }
        }
        #expect(ready)
        #expect(try request(port, "/v1/meta", headers: ["User-Agent": SalesSimulator.userAgent]).status == 200)
        #expect(try request(port, "/v1/nothing-here").status == 404)
        #expect(try request(port, "/v1/meta").status == 200)
        server.signal(SIGTERM)
        #expect(server.wait(timeout: 10) == 0)
        let lines = server.readAll().split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.contains("{\"time\"") }, "no JSON")
        #expect(lines.filter { $0.contains("/v1/meta") }.count == 1, "the simulator's request is left out: \(lines)")
        let missing = try #require(lines.first { $0.contains("/v1/nothing-here") })
        #expect(missing.contains("404") && missing.contains("\u{1B}[33m"), "a 4xx in yellow")
        #expect(lines.contains { $0.contains("GET") && $0.contains("200") && $0.contains("/v1/meta") && $0.hasSuffix("ms\u{1B}[0m") })
    }

    @Test func operatorMakesAnAdminAndRotatesKeys() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build")
        let dataDir = NSTemporaryDirectory() + "yaruki-admin-\(UUID().uuidString)"
        let created = try Command.run([Self.binary, "user", "create", "--email", "Boss@Example.com", "--role", "admin", "--data-dir", dataDir])
        #expect(created.status == 0)
        let password = try #require(created.output.split(separator: "\n").first { $0.hasPrefix("password: ") }?.dropFirst(10))
        let again = try Command.spawn([Self.binary, "user", "create", "--email", "boss@example.com", "--data-dir", dataDir],
                                      captureOutput: true, captureError: true)
        #expect(again.readAllErrors().contains("already exists"))
        #expect(again.wait() == 1)
        let badRole = try Command.spawn([Self.binary, "user", "create", "--email", "x@example.com", "--role", "king", "--data-dir", dataDir],
                                        captureOutput: true, captureError: true)
        #expect(badRole.wait() == 1)
        #expect(try Command.run([Self.binary, "demo", "--data-dir", dataDir]).status == 0)
        #expect(try Command.run([Self.binary, "demo", "--data-dir", dataDir]).status == 0)  // twice changes nothing
        let rotated = try Command.run([Self.binary, "keys", "rotate", "--data-dir", dataDir])
        #expect(rotated.status == 0 && rotated.output.contains("new signing key"))

        let port = PostgresCluster.freePort()
        let server = try Command.spawn([Self.binary, "serve", "--data-dir", dataDir, "--port", String(port), "--access-log", "off"],
                                       captureOutput: true, captureError: true)
        defer { server.signal(SIGTERM); _ = server.wait(timeout: 10) }
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? request(port, "/healthz").status) == 200
            if !ready { usleep(50_000) }
        }
        #expect(ready)
        let api = API(port: port)
        #expect((try api.call("GET", "/.well-known/jwks.json").json()["keys"] as? [Any])?.count == 2)
        let admin = try #require(try api.signIn("boss@example.com", password: String(password)).string("accessToken"))
        let users = try api.call("GET", "/v1/admin/users", token: admin)
        #expect(users.status == 200)
        let items = try #require(try users.json()["items"] as? [[String: Any]])
        #expect(Set(items.compactMap { $0["email"] as? String }) == Set(["Boss@Example.com", LifelogDemo.person.email, AccountsDemo.admin.email] + AccountsDemo.people.map(\.email)))
        #expect(items.first { $0["email"] as? String == "coach@yaruki.example" }?["role"] as? String == "coach")

        // A member is told the admin paths do not exist; promoted, the same token works within seconds.
        let mina = try api.signIn("mina@yaruki.example", password: "yaruki-demo-mina").json()
        let minaToken = try #require(mina["accessToken"] as? String)
        let minaID = try #require((mina["user"] as? [String: Any])?["id"] as? String)
        #expect(try api.call("GET", "/v1/admin/users", token: minaToken).status == 404)
        // Four weeks of demo training, three days a week, and a session on each machine of her own, once.
        let workouts = try api.call("GET", "/v1/workouts", token: minaToken).json()["items"] as? [[String: Any]]
        #expect(workouts?.count == 12 + TrainingDemo.own.count)
        #expect((try api.call("GET", "/v1/me/exercises", token: minaToken).json()["items"] as? [[String: Any]])?.count == TrainingDemo.own.count)
        #expect(try api.call("PATCH", "/v1/admin/users/\(minaID)", json: ["role": "coach"], token: minaToken).status == 404)
        #expect(try api.call("PATCH", "/v1/admin/users/\(minaID)", json: ["role": "emperor"], token: admin).status == 400)
        let promoted = try api.call("PATCH", "/v1/admin/users/\(minaID)", json: ["role": "admin"], token: admin)
        #expect(promoted.string("role") == "admin")
        #expect(try api.call("GET", "/v1/admin/users", token: minaToken).status == 200)
        let bossID = try #require(items.first { $0["email"] as? String == "Boss@Example.com" }?["id"] as? String)
        #expect(try api.call("PATCH", "/v1/admin/users/\(bossID)", json: ["role": "member"], token: admin).status == 409)
    }
}
