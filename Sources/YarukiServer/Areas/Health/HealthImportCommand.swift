import Foundation
import YarukiCore
import YarukiStore

/// `yaruki import health FILE --user EMAIL`: the same import the browser starts, run in the
/// terminal against the server's database.
public enum HealthImportCommand {
    public struct Summary: Sendable {
        public var days: Int
        public var records: Int
        public var used: Int
        public var skipped: Int
        public var firstDate: String?
        public var lastDate: String?
        public var timeZone: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func run(_ database: Database, file: String, email: String, scratch: String = NSTemporaryDirectory(),
                           progress: @escaping (HealthImportProgress) -> Void) async throws -> Summary {
        guard FileManager.default.isReadableFile(atPath: file) else { throw Failure(description: "cannot read \(file)") }
        let key: String
        do { key = try EmailAddress(email).key } catch { throw Failure(description: "'\(email)' is not an email address") }
        guard let account = try await database.read({ c in try AccountStore.credentials(emailKey: key, c)?.account }) else {
            throw Failure(description: "no account with the email \(email)")
        }
        let zone = TimeZone(identifier: account.timeZone) ?? .gmt
        let importer = HealthImporter(timeZone: zone, scratch: scratch)
        let outcome: HealthImporter.Outcome
        do {
            outcome = try importer.read(file, progress: progress)
        } catch let error as HealthImporter.Failure {
            throw Failure(description: error.description)
        }
        try await HealthService.land(outcome, user: account.id, importID: nil, database: database, now: Date())
        return Summary(days: outcome.days.count, records: outcome.records, used: outcome.used, skipped: outcome.skipped,
                       firstDate: outcome.days.first.map { DayNumber.day($0.day) }, lastDate: outcome.days.last.map { DayNumber.day($0.day) },
                       timeZone: zone.ianaName)
    }
}
