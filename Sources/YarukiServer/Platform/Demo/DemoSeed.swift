import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Demo data for `make run`. Each area adds its step; every step is idempotent,
/// so seeding twice changes nothing.
public enum DemoSeed {
    /// What a step works with. `dataDirectory` is where demo media go (nil: rows without files).
    public struct Context: Sendable {
        public var database: Database
        public var now: Date
        public var dataDirectory: String?
        /// How the demo people's passwords are hashed (tests choose cheap parameters).
        public var hasher: PasswordHasher
        /// What one area's step offers a later one (by protocol, as areas find each other when
        /// serving): the sales board's book, for the classes' demo orders.
        let interfaces = Interfaces()
    }

    public struct Step: Sendable {
        public let name: String
        public let run: @Sendable (Context) async throws -> Void
    }

    /// The server's own step, then each area's, in the order of `Areas.list` (their data build on each other).
    public static var steps: [Step] {
        [Step(name: "server settings") { context in
            let settings = SettingsStore(database: context.database)
            if try await settings.value("demo.seededAt") == nil {
                try await settings.set("demo.seededAt", ISO8601DateFormatter().string(from: context.now), at: context.now)
            }
        }] + Areas.list.flatMap { $0.demo }
    }

    /// Runs every step; returns their names for the CLI to report.
    @discardableResult
    public static func run(_ database: Database, now: Date = Date(), dataDirectory: String? = nil, hasher: PasswordHasher = PasswordHasher(),
                           progress: (String) -> Void = { _ in }) async throws -> [String] {
        let context = Context(database: database, now: now, dataDirectory: dataDirectory, hasher: hasher)
        for step in steps {
            progress(step.name)
            try await step.run(context)
        }
        return steps.map(\.name)
    }

    /// The demo's media maker: an ffmpeg test pattern (`source`, then `output` options) written
    /// into the uploads folder as a file an upload would be, or nil without ffmpeg. The caller
    /// ingests it; the store removes or moves it.
    static func testPattern(_ media: MediaFiles, _ source: String, _ output: [String], ext: String) -> BodyFile? {
        guard let ffmpeg = ExternalTool.find("ffmpeg") else { return nil }
        let path = "\(media.uploads)/demo-\(UUID().uuidString).\(ext)"
        guard let made = ExternalTool.run([ffmpeg, "-v", "error", "-y", "-f", "lavfi", "-i", source] + output + [path], timeout: 60),
              made.status == 0, let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else {
            unlink(path)
            return nil
        }
        return BodyFile(path: path, size: size)
    }
}
