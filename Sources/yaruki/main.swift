// Glibc declares stdout as a mutable global, which strict checking refuses (swiftlang/swift#75601);
// it is set once, here, before anything runs.
@preconcurrency import Glibc
import Foundation
import YarukiClient
import YarukiClientCurl
import YarukiCore
import YarukiHTTP
import YarukiServer
import YarukiStore

let usage = """
yaruki \(YarukiVersion.current) — a self-hosted home for training and days

Usage: yaruki <command> [options]

Commands:
  serve      migrate the database, then serve the API, event streams and browser app
  migrate    apply pending database migrations and list them
  demo       add the demo data (idempotent)
  user create --email E [--name N] [--role member|coach|admin] [--password-stdin]
             make an account; without --password-stdin a password is generated and printed
  timer [--rest 30|60|90]
             the rep counter and rest timer, full-screen in this terminal
  timer --routine NAME --url URL --email E [--password-stdin]
             a training session of one of your routines (or the one under way), full-screen, kept
             on the server as you go (the password from YARUKI_PASSWORD or, with --password-stdin, a line)
  sales simulate --board ID|demo [--rate 50/s] [--duration 10m] [--url URL] [--key yk_…] [--seed N]
             post realistic dummy sales for a board to a running server (its own API key unless
             --key or YARUKI_SIGNAGE_KEY is given; revoked when it stops), so its wall screens move
  sales simulate --board ID|demo --kafka HOST:PORT[,…] [--kafka-topic sales] [--rate …] [--duration …]
             publish them to a Kafka topic instead, a message per sale (with --kafka-security,
             --kafka-library and the other --kafka-* options as for serve)
  import health FILE --user EMAIL
             import an Apple Health export (export.zip or its XML) into the person's days, with a
             progress bar; all of it lands or none
  import lifelog FILE --user EMAIL [--dry-run]
             bring location history into the person's lifelog: Google Takeout's Records.json or a
             Semantic Location History month, the Timeline export, an OwnTracks .rec file or GPX;
             visits become check-ins, paths and fixes the track (what is there already is not
             added twice; undo it from the browser's import list). --dry-run: only say what it holds
  import strong|hevy FILE --user EMAIL [--create-missing] [--dry-run] [--unit kg|lb] [--distance km|mi]
             import a Strong or Hevy CSV export into the person's workout log, with a progress bar;
             names that map to no exercise are listed and nothing lands, unless --create-missing
             makes them the person's own (--unit and --distance: Strong's current file's units;
             --dry-run: only say what the file holds and how each name maps)
  map build EXTRACT.osm.pbf [-o FILE.yrkmap] [--name NAME]
             read an OpenStreetMap extract once, with a progress bar, into a region's map file (the
             road graph, its index, named places and the base map's tiles) that serve --map opens
             in place; several regions: --map a.yrkmap,b.yrkmap
  sync --url URL --email E --device DIR [--name NAME] [--password-stdin]
             sync a folder as a device: its records are JSON files (lifelog/, workouts/, routines/);
             files written or removed there are sent, then every record is pulled back into it
  keys rotate [--data-dir DIR]
             add a new access-token signing key (running servers use it within a minute)
  version    print the version
  help       print this text

Options (serve, migrate, demo), each also read from the environment variable beside it:
\(Settings.help)
"""

/// One line on standard error, exit 1: libraries' multi-line messages (libpq's) are folded.
func fail(_ message: String) -> Never {
    let line = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    FileHandle.standardError.write(Data("yaruki: \(line)\n".utf8))
    exit(1)
}

func settings(_ arguments: ArraySlice<String>) -> Settings {
    do {
        return try Settings(arguments: Array(arguments), environment: ProcessInfo.processInfo.environment)
    } catch {
        fail("\(error)")
    }
}

/// Takes `flag`'s value out of `rest` (nil when absent).
func take(_ flag: String, from rest: inout [String]) -> String? {
    guard let i = rest.firstIndex(of: flag) else { return nil }
    guard i + 1 < rest.count else { fail("\(flag) needs a value") }
    let value = rest[i + 1]
    rest.removeSubrange(i...(i + 1))
    return value
}

/// Runs async work from the synchronous entry point and waits for it.
func blocking<T>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<T, Error>?
    Task {
        do { result = .success(try await work()) } catch { result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try result!.get()
}

// Lines reach a log file as they are printed, not when a buffer fills.
setvbuf(stdout, nil, _IOLBF, 0)

let arguments = CommandLine.arguments
let command = arguments.count > 1 ? arguments[1] : "help"
let options = arguments.dropFirst(2)

switch command {
case "serve":
    let settings = settings(options)
    // Every descriptor the system allows, before the database and the listener take theirs.
    HTTPServer.raiseDescriptorLimit()
    do {
        let database = try blocking { try await Application.openDatabase(settings) }
        let app = try Application(settings: settings, database: database)
        try app.start()
        app.server.runUntilSignalled()
        app.stop()
        // Reads still running off the requests (an unread count, a sync nudge; the writes they
        // left were waited for by the stop) get a few seconds; none starts after, so no thread is
        // in libpq while the process exits.
        database.shutDown(waiting: 5)
    } catch {
        fail("\(error)")
    }
case "migrate":
    let settings = settings(options)
    do {
        let applied = try blocking { () async throws -> [Int] in
            let database = try DatabaseURL.open(settings.databaseURL)
            let applied = try await Migrator.migrate(database)
            for migration in applied { print("applied \(migration.version) \(migration.name)") }
            return try await Migrator.appliedVersions(database)
        }
        print("schema at version \(applied.last ?? 0) (\(applied.count) migrations)")
    } catch {
        fail("\(error)")
    }
case "demo":
    let settings = settings(options)
    do {
        try blocking {
            let database = try await Application.openDatabase(settings)
            try await DemoSeed.run(database, dataDirectory: settings.dataDirectory) { print("seeding \($0)…") }
            if let wall = try await SalesSimulator.demoWallLink(database) { print("the demo's wall screen: \(wall)") }
            if let wall = try await SalesSimulator.demoPlaylistLink(database) { print("the demo's playlist screen: \(wall)") }
        }
        print("demo data ready")
    } catch {
        fail("\(error)")
    }
case "user":
    guard options.first == "create" else { fail("usage: yaruki user create --email E [--name N] [--role R] [--password-stdin]") }
    var rest = Array(options.dropFirst())
    guard let email = take("--email", from: &rest) else { fail("user create needs --email") }
    let name = take("--name", from: &rest) ?? String(email.split(separator: "@").first ?? "Admin")
    let roleName = take("--role", from: &rest) ?? "member"
    guard let role = Role(rawValue: roleName) else { fail("--role must be member, coach or admin, not '\(roleName)'") }
    var password = AccountAdmin.generatedPassword()
    var generated = true
    if let i = rest.firstIndex(of: "--password-stdin") {
        rest.remove(at: i)
        password = (readLine(strippingNewline: true) ?? "")
        generated = false
    }
    let settings = settings(rest[...])
    let chosen = password
    do {
        let account = try blocking {
            let database = try await Application.openDatabase(settings)
            return try await AccountAdmin.create(database, email: email, displayName: name, password: chosen, role: role)
        }
        print("created \(account.role.rawValue) \(account.email) (\(account.id.lowercasedString))")
        if generated { print("password: \(password)") }
    } catch {
        fail("\(error)")
    }
case "sales":
    guard options.first == "simulate" else { fail("usage: yaruki sales simulate --board ID|demo [--rate 50/s] [--duration 10m] [--url URL]") }
    var rest = Array(options.dropFirst())
    guard let boardName = take("--board", from: &rest) else { fail("sales simulate needs --board (a board's id, or demo)") }
    let rateText = take("--rate", from: &rest) ?? "50/s"
    guard let rate = SalesSimulator.rate(rateText) else { fail("--rate must look like 50/s, 300/m or 1000/h (up to 100000/s), not '\(rateText)'") }
    let durationText = take("--duration", from: &rest)
    let duration = durationText.flatMap(SalesSimulator.duration)
    if let durationText, duration == nil { fail("--duration must look like 90s, 10m or 2h, not '\(durationText)'") }
    let urlText = take("--url", from: &rest)
    let givenKey = take("--key", from: &rest) ?? ProcessInfo.processInfo.environment["YARUKI_SIGNAGE_KEY"]
    let seedText = take("--seed", from: &rest)
    guard seedText.map({ UInt64($0) != nil }) ?? true else { fail("--seed must be a whole number") }
    if let brokers = take("--kafka", from: &rest) {
        rest += ["--kafka-brokers", brokers]
        if !rest.contains(where: { $0.hasPrefix("--kafka-topic") }) { rest += ["--kafka-topic", "sales"] }
    }
    let settings = settings(rest[...])
    guard let server = URL(string: urlText ?? "http://127.0.0.1:\(settings.http.port)"), server.scheme?.hasPrefix("http") == true else {
        fail("--url must be the server's address, like http://127.0.0.1:8080")
    }
    let stopping = StopFlag()
    for sig in [SIGINT, SIGTERM] {
        signal(sig, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: sig)
        source.setEventHandler { stopping.stop() }
        source.resume()
        stopping.keep(source)
    }
    do {
        try blocking {
            let database = try await Application.openDatabase(settings)
            guard let board = try await SalesSimulator.board(boardName, database) else {
                fail(boardName == "demo" ? "there is no demo board yet: run yaruki demo first" : "no board '\(boardName)' in \(settings.databaseURL)")
            }
            let now = Date()
            guard board.startsAt <= now, now < board.endsAt else {
                fail("the board '\(board.title)' runs from \(board.startsAt) to \(board.endsAt): sales made now would not count on it")
            }
            let made = givenKey == nil && settings.kafka == nil ? try await SalesSimulator.makeKey(database, now: now) : nil
            let target: SalesSimulator.Target = settings.kafka.map { .kafka($0) } ?? .server(server, key: givenKey ?? made!.key)
            let simulator = SalesSimulator(board: board, rate: rate, duration: duration, target: target,
                                           seed: seedText.flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max))
            if boardName == "demo", let wall = try await SalesSimulator.demoWallLink(database) { print("the demo's wall screen: \(wall)") }
            if boardName == "demo", let wall = try await SalesSimulator.demoPlaylistLink(database) { print("the demo's playlist screen: \(wall)") }
            let destination = settings.kafka.map { "Kafka topic \($0.topic) at \($0.brokers)" } ?? server.absoluteString
            print("sending about \(rateText) sales to '\(board.title)' at \(destination)" + (duration.map { " for \(Int($0)) s" } ?? " until stopped"))
            let kafka = settings.kafka != nil
            @Sendable func line(_ t: SalesSimulator.Tally) -> String {
                (kafka ? "\(t.sent) sales published, each acknowledged by the broker" : "\(t.sent) sales sent: \(t.accepted) new, \(t.duplicates) repeats ignored")
                    + (t.failures > 0 ? ", \(t.failures) batches failed and were retried" : "")
            }
            let tally = try await simulator.run(stop: { stopping.isStopped }) { print(line($0)) }
            if let made { try await SalesSimulator.revokeKey(made.id, database, now: Date()) }
            print(line(tally))
            database.close()
        }
    } catch {
        fail("\(error)")
    }
case "import" where options.first == "strong" || options.first == "hevy":
    guard options.count >= 2 else { fail("usage: yaruki import strong|hevy FILE --user EMAIL [--create-missing] [--dry-run] [--unit kg|lb] [--distance km|mi]") }
    var rest = Array(options.dropFirst(2))
    let file = options[options.startIndex + 1]
    guard let email = take("--user", from: &rest) else { fail("import \(options[options.startIndex]) needs --user EMAIL (whose log it is)") }
    var importOptions = WorkoutImporter.Options()
    importOptions.app = options.first
    if let i = rest.firstIndex(of: "--create-missing") {
        importOptions.createMissing = true
        rest.remove(at: i)
    }
    if let i = rest.firstIndex(of: "--dry-run") {
        importOptions.dryRun = true
        rest.remove(at: i)
    }
    if let unit = take("--unit", from: &rest) {
        guard let u = WorkoutImport.WeightUnit(rawValue: unit) else { fail("--unit is kg or lb") }
        importOptions.weightUnit = u
    }
    if let distance = take("--distance", from: &rest) {
        guard let d = WorkoutImport.DistanceUnit(rawValue: distance) else { fail("--distance is km or mi") }
        importOptions.distanceUnit = d
    }
    let settings = settings(rest[...])
    let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
    let started = Date()
    do {
        let report = try blocking { [importOptions] in
            let database = try await Application.openDatabase(settings)
            defer { database.close() }
            return try await WorkoutImportCommand.run(database, file: file, email: email, options: importOptions) { p in
                bar.show(done: p.bytesRead, of: p.bytesTotal, records: p.workouts, since: started)
            }
        }
        bar.clear()
        let range = report.firstDay.map { " from \($0) to \(report.lastDay ?? $0)" } ?? ""
        if !report.landed {
            for name in report.names { print("\(name.name) → \(name.exerciseId ?? "nothing") (\(name.how.rawValue), \(name.sets) sets)") }
            print("found \(report.workouts) workouts\(range) (\(report.sets) sets); nothing imported (--dry-run)"
                  + String(format: " in %.1f s", Date().timeIntervalSince(started)))
        } else {
            print("imported \(report.added) workouts\(range) (\(report.sets) sets in the file; \(report.alreadyThere) already there)"
                  + (report.created.isEmpty ? "" : "; made your own: \(report.created.joined(separator: ", "))")
                  + String(format: " in %.1f s", Date().timeIntervalSince(started)))
        }
    } catch {
        bar.clear()
        fail("\(error)")
    }
case "import" where options.first == "lifelog":
    guard options.count >= 2 else { fail("usage: yaruki import lifelog FILE --user EMAIL [--dry-run] [--db URL] [--data-dir DIR]") }
    var rest = Array(options.dropFirst(2))
    let file = options[options.startIndex + 1]
    guard let email = take("--user", from: &rest) else { fail("import lifelog needs --user EMAIL (whose lifelog it is)") }
    let dryRun = rest.contains("--dry-run")
    rest.removeAll { $0 == "--dry-run" }
    let settings = settings(rest[...])
    let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
    let started = Date()
    do {
        let summary = try blocking {
            let database = try await Application.openDatabase(settings)
            defer { database.close() }
            return try await LifelogImportCommand.run(database, file: file, email: email, dryRun: dryRun) { read, total, _ in
                bar.show(done: read, of: total, records: 0, since: started)
            }
        }
        bar.clear()
        let range = summary.firstDay.map { " from \($0) to \(summary.lastDay ?? $0)" } ?? ""
        let holds = "\(summary.visits) visits and \(summary.points) points over \(summary.days) days\(range) (\(summary.format), \(summary.timeZone))"
        if let added = summary.added {
            print("imported \(added.visits) check-ins and \(added.points) track points from \(holds)" + String(format: " in %.1f s", Date().timeIntervalSince(started)))
        } else {
            print("found \(holds); nothing imported (--dry-run)")
        }
    } catch {
        bar.clear()
        fail("\(error)")
    }
case "import":
    guard options.first == "health", options.count >= 2 else {
        fail("usage: yaruki import health|lifelog|strong|hevy FILE --user EMAIL [--db URL] [--data-dir DIR]")
    }
    var rest = Array(options.dropFirst(2))
    let file = options[options.startIndex + 1]
    guard let email = take("--user", from: &rest) else { fail("import health needs --user EMAIL (whose days they are)") }
    let settings = settings(rest[...])
    let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
    let started = Date()
    do {
        let summary = try blocking {
            let database = try await Application.openDatabase(settings)
            defer { database.close() }
            return try await HealthImportCommand.run(database, file: file, email: email) { p in
                bar.show(done: p.bytesRead, of: p.bytesTotal, records: p.records, since: started)
            }
        }
        bar.clear()
        let seconds = Date().timeIntervalSince(started)
        let range = summary.firstDate.map { " from \($0) to \(summary.lastDate ?? $0)" } ?? ""
        print("imported \(summary.days) days\(range) (\(summary.timeZone)) from \(summary.records) records (\(summary.used) used"
              + (summary.skipped > 0 ? ", \(summary.skipped) skipped" : "") + String(format: ") in %.1f s", seconds))
    } catch {
        bar.clear()
        fail("\(error)")
    }
case "map" where options.first == "build":
    var rest = Array(options.dropFirst())
    let output = take("-o", from: &rest) ?? take("--output", from: &rest)
    let name = take("--name", from: &rest)
    guard rest.count == 1, let extract = rest.first else { fail("usage: yaruki map build EXTRACT.osm.pbf [-o FILE.yrkmap] [--name NAME]") }
    let target = output ?? extract.replacingOccurrences(of: ".osm.pbf", with: "").replacingOccurrences(of: ".osm", with: "") + ".yrkmap"
    let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
    let started = Date()
    do {
        // Written beside the target and moved into place whole: a server never maps a half-written file.
        let partial = target + ".partial"
        let (summary, _) = try MapBuild.build(extract: extract, output: partial, name: name) { done, total, kept in
            bar.show(done: done, of: total, records: kept, since: started)
        }
        _ = try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.moveItem(atPath: partial, toPath: target)
        bar.clear()
        let when = summary.timestamp > 0 ? ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(summary.timestamp))) : "undated"
        print("wrote \(target): region \(summary.name) (data of \(when)), \(summary.vertices) road vertices, \(summary.arcs) arcs, "
              + "\(summary.places) places, \(summary.tiles) base map tiles, " + String(format: "%.1f MB in %.1f s", Double(summary.bytes) / 1e6,
                                                                                        Date().timeIntervalSince(started)))
    } catch {
        bar.clear()
        _ = try? FileManager.default.removeItem(atPath: target + ".partial")
        fail("\(error)")
    }
case "map":
    fail("usage: yaruki map build EXTRACT.osm.pbf [-o FILE.yrkmap] [--name NAME]")
case "sync":
    var rest = Array(options)
    guard let url = take("--url", from: &rest).flatMap(URL.init(string:)), let email = take("--email", from: &rest),
          let directory = take("--device", from: &rest) else {
        fail("usage: yaruki sync --url URL --email E --device DIR [--name NAME] [--password-stdin]")
    }
    let name = take("--name", from: &rest) ?? URL(fileURLWithPath: directory).lastPathComponent
    let fromStdin = rest.contains("--password-stdin")
    let folder = DeviceFolder(url: url, email: email, directory: directory, name: name,
                              stopAfterPush: ProcessInfo.processInfo.environment["YARUKI_SYNC_STOP_AFTER_PUSH"] == "1")
    do {
        let outcome = try blocking {
            try await folder.run(password: {
                fromStdin ? readLine(strippingNewline: true) : ProcessInfo.processInfo.environment["YARUKI_PASSWORD"]
            })
        }
        for change in outcome.changes {
            print("\(change.kind.rawValue) \(change.zone)/\(change.id.uuidString)\(change.reason.map { ": \($0)" } ?? "")")
        }
        let r = outcome.report
        print("synced \(directory): sent \(r.sent), received \(r.received), merged \(r.merged), rejected \(r.rejected)\(r.resynced ? ", resynced from the start" : ""); \(outcome.written) files written")
    } catch {
        fail("sync: \(error)")
    }

case "keys":
    guard options.first == "rotate" else { fail("usage: yaruki keys rotate [--data-dir DIR]") }
    let settings = settings(options.dropFirst())
    do {
        let kid = try Application.rotateSigningKey(settings)
        print("new signing key \(kid); older keys keep verifying the tokens they signed")
    } catch {
        fail("\(error)")
    }
case "timer" where options.contains("--routine"):
    var rest = Array(options)
    guard let routine = take("--routine", from: &rest), let url = take("--url", from: &rest).flatMap(URL.init(string:)),
          let email = take("--email", from: &rest) else {
        fail("usage: yaruki timer --routine NAME --url URL --email E [--password-stdin]")
    }
    guard let password = rest.contains("--password-stdin") ? readLine(strippingNewline: true) : ProcessInfo.processInfo.environment["YARUKI_PASSWORD"] else {
        fail("give the password in YARUKI_PASSWORD or on standard input with --password-stdin")
    }
    let client = YarukiClient(baseURL: url, transport: CurlTransport.shared)
    do { _ = try blocking { try await client.signIn(email: email, password: password, device: "yaruki timer") } } catch { fail("sign-in: \(error)") }
    exit(TerminalSession.run(client: client, routine: routine))
case "timer":
    var rest = 60
    if let i = options.firstIndex(of: "--rest") {
        guard i + 1 < options.endIndex, let value = Int(options[i + 1]), RepRestMachine.presets.contains(value) else {
            fail("--rest must be 30, 60 or 90")
        }
        rest = value
    }
    exit(TerminalTimer.run(restPreset: rest))
case "version", "--version":
    print(YarukiVersion.current)
case "help", "--help", "-h":
    print(usage)
default:
    fail("unknown command '\(command)' (see yaruki --help)")
}

/// Set by SIGINT or SIGTERM, so a long command can end cleanly.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var sources: [DispatchSourceSignal] = []

    var isStopped: Bool { lock.withLock { stopped } }
    func stop() { lock.withLock { stopped = true } }
    func keep(_ source: DispatchSourceSignal) { lock.withLock { sources.append(source) } }
}

/// One line on standard error, redrawn: how far, how many records, how fast, how long to go.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var lastDrawn = Date.distantPast

    init(enabled: Bool) { self.enabled = enabled }

    func show(done: Int, of total: Int, records: Int, since start: Date) {
        guard enabled else { return }
        let now = Date()
        lock.withLock {
            guard now.timeIntervalSince(lastDrawn) >= 0.1 || done >= total else { return }
            lastDrawn = now
            let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
            let width = 24
            let filled = Int(fraction * Double(width))
            let elapsed = max(0.001, now.timeIntervalSince(start))
            let rate = Double(done) / elapsed
            let eta = rate > 0 ? Double(total - done) / rate : 0
            let line = String(format: "\r[%@%@] %3.0f%%  %@ / %@  %@ records  %.1f MB/s  ETA %@ ",
                              String(repeating: "#", count: filled), String(repeating: "-", count: width - filled), fraction * 100,
                              Self.megabytes(done), Self.megabytes(total), Self.count(records), rate / 1_000_000, Self.clock(eta))
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private static func megabytes(_ n: Int) -> String { String(format: "%.0f MB", Double(n) / 1_000_000) }
    private static func count(_ n: Int) -> String { n >= 1_000_000 ? String(format: "%.2fM", Double(n) / 1e6) : n >= 1000 ? String(format: "%.1fk", Double(n) / 1e3) : "\(n)" }
    private static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return String(format: "%d:%02d", s / 60, s % 60)
    }
}
