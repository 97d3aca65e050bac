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
            try await DemoSeed.run(database) { print("seeding \($0)…") }
        }
        print("demo data ready")
    } catch {
        fail("\(error)")
    }
case "version", "--version":
    print(YarukiVersion.current)
case "help", "--help", "-h":
    print(usage)
default:
    fail("unknown command '\(command)' (see yaruki --help)")
}
