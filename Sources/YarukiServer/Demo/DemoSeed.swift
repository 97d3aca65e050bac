import Foundation
import YarukiCore
import YarukiStore

/// Demo data for `make run`. Each area adds its step; every step is idempotent,
/// so seeding twice changes nothing.
public enum DemoSeed {
    public struct Step: Sendable {
        public let name: String
        public let run: @Sendable (Database, Date) async throws -> Void
    }

    /// The demo people, whose sign-in the README shows.
    public static let people: [(email: String, password: String, name: String, role: Role, timeZone: String, locale: AppLanguage)] = [
        ("mina@yaruki.example", "yaruki-demo-mina", "Mina", .member, "Asia/Tokyo", .ja),
        ("coach@yaruki.example", "yaruki-demo-coach", "Coach Aki", .coach, "Asia/Seoul", .ko),
    ]

    public static let steps: [Step] = [
        Step(name: "server settings") { database, now in
            let settings = SettingsStore(database: database)
            if try await settings.value("demo.seededAt") == nil {
                try await settings.set("demo.seededAt", ISO8601DateFormatter().string(from: now), at: now)
            }
        },
        Step(name: "demo people") { database, now in
            for person in people {
                try await AccountAdmin.create(database, email: person.email, displayName: person.name, password: person.password,
                                              role: person.role, timeZone: person.timeZone, locale: person.locale, ifMissing: true, now: now)
            }
        },
    ]

    /// Runs every step; returns their names for the CLI to report.
    @discardableResult
    public static func run(_ database: Database, now: Date = Date(), progress: (String) -> Void = { _ in }) async throws -> [String] {
        for step in steps {
            progress(step.name)
            try await step.run(database, now)
        }
        return steps.map(\.name)
    }
}
