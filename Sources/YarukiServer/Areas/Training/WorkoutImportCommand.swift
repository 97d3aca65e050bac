import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// `yaruki import strong|hevy FILE --user EMAIL`: the browser's import, run in the terminal
/// against the server's database. Names that map to nothing are listed, with the closest
/// exercises, and nothing lands unless `createMissing` makes them the person's own.
public enum WorkoutImportCommand {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func run(_ database: Database, file: String, email: String, options: WorkoutImporter.Options,
                           progress: @escaping @Sendable (WorkoutImportProgress) -> Void) async throws -> WorkoutImportReport {
        guard FileManager.default.isReadableFile(atPath: file) else { throw Failure(description: "cannot read \(file)") }
        let key: String
        do { key = try EmailAddress(email).key } catch { throw Failure(description: "'\(email)' is not an email address") }
        guard let account = try await database.read({ c in try AccountStore.credentials(emailKey: key, c)?.account }) else {
            throw Failure(description: "no account with the email \(email)")
        }
        let importer = WorkoutImporter(database: database, now: Date(), progress: progress)
        do {
            return try await importer.run(file, options, user: account.id, account: account)
        } catch let unmapped as WorkoutImporter.Unmapped {
            let lines = unmapped.names.map { name in
                "  \(name.name) (\(name.sets) sets)" + (name.suggestions.isEmpty ? "" : ": perhaps \(name.suggestions.prefix(3).joined(separator: ", "))")
            }
            let count = unmapped.names.count
            throw Failure(description: "\(count) exercise name\(count == 1 ? "" : "s") map to nothing; nothing was imported:\n"
                          + lines.joined(separator: "\n")
                          + "\nMap them in the browser (Training → Import), or run again with --create-missing to make them your own exercises.")
        }
    }
}
