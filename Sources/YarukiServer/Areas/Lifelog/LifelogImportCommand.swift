import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// `yaruki import lifelog FILE --user EMAIL [--dry-run]`: the import the browser makes, run in the
/// terminal against the server's database. It is listed among the person's imports like one from
/// the browser, so it can be undone there as a whole.
public enum LifelogImportCommand {
    public struct Summary: Sendable {
        public var format: String
        public var firstDay: String?
        public var lastDay: String?
        public var days: Int
        public var visits: Int
        public var points: Int
        /// What landed (nil on a dry run).
        public var added: (visits: Int, points: Int)?
        public var timeZone: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func run(_ database: Database, file: String, email: String, dryRun: Bool, now: Date = Date(),
                           progress: @escaping @Sendable (_ read: Int, _ total: Int, _ landing: Bool) -> Void) async throws -> Summary {
        guard FileManager.default.isReadableFile(atPath: file),
              let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) else { throw Failure(description: "cannot read \(file)") }
        let key: String
        do { key = try EmailAddress(email).key } catch { throw Failure(description: "'\(email)' is not an email address") }
        guard let account = try await database.read({ c in try AccountStore.credentials(emailKey: key, c)?.account }) else {
            throw Failure(description: "no account with the email \(email)")
        }
        let zone = TimeZone(identifier: account.timeZone) ?? .gmt
        let name = URL(fileURLWithPath: file).lastPathComponent
        let queue = BlockingWork(name: "lifelog-import-command", width: 1, maxWaiting: 1)
        let preview: LifelogImportPreview
        do {
            preview = try await LifelogImports.preview(file, name: name, zone: zone, on: queue) { progress($0, size, false) }
        } catch let failure as LifelogImport.Failure {
            throw Failure(description: "\(name) cannot be imported: \(failure)")
        }
        var summary = Summary(format: preview.format.rawValue, firstDay: preview.firstDay, lastDay: preview.lastDay, days: preview.days.count,
                              visits: preview.visits, points: preview.pathPoints + preview.fixes, added: nil, timeZone: zone.ianaName)
        guard !dryRun else { return summary }
        let id = UUID.timeOrdered()
        let json = try JSONBytes.text(preview)
        try await database.transaction { c in
            try LifelogImportStore.start(id, user: account.id, fileName: name, bytes: size, at: now, c)
            try LifelogImportStore.previewed(id, user: account.id, format: preview.format.rawValue, preview: json, c)
            _ = try LifelogImportStore.move(id, user: account.id, from: ["ready"], to: "importing", c)
        }
        var message: String?
        do {
            summary.added = try await LifelogImports.land(file, format: preview.format, id: id, user: account.id, zone: zone, database: database, now: now,
                                                          on: queue) { progress($0, size, true) }
        } catch {
            message = "Stopped part way: \((error as? LifelogImport.Failure)?.description ?? "\(error)"). Undo it to take back what landed."
        }
        try await database.transaction { c in try LifelogImportStore.finish(id, user: account.id, state: "done", message: message, at: now, c) }
        if let message { throw Failure(description: message) }
        return summary
    }
}
