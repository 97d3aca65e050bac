import Foundation
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

let arguments = CommandLine.arguments
let command = arguments.count > 1 ? arguments[1] : "help"
let options = arguments.dropFirst(2)

switch command {
case "serve":
    let settings = settings(options)
    do {
        let database = try blocking { try await Application.openDatabase(settings) }
        let app = try Application(settings: settings, database: database)
        try app.start()
        app.server.runUntilSignalled()
        database.close()
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
        }
        print("demo data ready")
    } catch {
        fail("\(error)")
    }
case "user":
    guard options.first == "create" else { fail("usage: yaruki user create --email E [--name N] [--role R] [--password-stdin]") }
    var rest = Array(options.dropFirst())
    func take(_ flag: String) -> String? {
        guard let i = rest.firstIndex(of: flag) else { return nil }
        guard i + 1 < rest.count else { fail("\(flag) needs a value") }
        let value = rest[i + 1]
        rest.removeSubrange(i...(i + 1))
        return value
    }
    guard let email = take("--email") else { fail("user create needs --email") }
    let name = take("--name") ?? String(email.split(separator: "@").first ?? "Admin")
    let roleName = take("--role") ?? "member"
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
        print("created \(account.role.rawValue) \(account.email) (\(account.id.uuidString.lowercased()))")
        if generated { print("password: \(password)") }
    } catch {
        fail("\(error)")
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
