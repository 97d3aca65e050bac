import Foundation
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
    }

    public struct Step: Sendable {
        public let name: String
        public let run: @Sendable (Context) async throws -> Void
    }

    /// The demo people, whose sign-in the README shows.
    public static let people: [(email: String, password: String, name: String, role: Role, timeZone: String, locale: AppLanguage)] = [
        ("mina@yaruki.example", "yaruki-demo-mina", "Mina", .member, "Asia/Tokyo", .ja),
        ("coach@yaruki.example", "yaruki-demo-coach", "Coach Aki", .coach, "Asia/Seoul", .ko),
        ("ren@yaruki.example", "yaruki-demo-ren", "Ren", .member, "America/Los_Angeles", .en),
        ("jiwoo@yaruki.example", "yaruki-demo-jiwoo", "Jiwoo", .member, "Asia/Seoul", .ko),
        ("sora@yaruki.example", "yaruki-demo-sora", "Sora", .member, "Asia/Tokyo", .ja),
    ]

    public static let steps: [Step] = [
        Step(name: "server settings") { context in
            let (database, now) = (context.database, context.now)
            let settings = SettingsStore(database: database)
            if try await settings.value("demo.seededAt") == nil {
                try await settings.set("demo.seededAt", ISO8601DateFormatter().string(from: now), at: now)
            }
        },
        Step(name: "demo people") { context in
            for person in people {
                try await AccountAdmin.create(context.database, email: person.email, displayName: person.name, password: person.password,
                                              role: person.role, timeZone: person.timeZone, locale: person.locale, ifMissing: true, now: context.now)
            }
        },
        // The catalog is there already: opening the database adds the built-in exercises.
        Step(name: "demo workouts") { context in
            let now = context.now
            for person in people {
                let key = try EmailAddress(person.email).key
                _ = try await context.database.transaction { c in
                    guard let account = try AccountStore.credentials(emailKey: key, c)?.account,
                          try TrainingStore.count(user: account.id, c) == 0 else { return }
                    for workout in workouts(for: account, now: now) { try TrainingStore.save(workout, user: account.id, at: now, c) }
                }
            }
        },
        Step(name: "demo group and proofs") { context in try await AccountabilityDemo.seed(context) },
        Step(name: "demo community") { context in try await CommunityDemo.seed(context) },
        Step(name: "demo sales board") { context in try await SignageDemo.seed(context) },
        Step(name: "demo lifelog") { context in try await LifelogDemo.seed(context) },
    ]

    /// Four weeks of training, three days a week, for each demo person who has none yet.
    static func workouts(for person: Account, now: Date) -> [Workout] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: person.timeZone) ?? .gmt
        let today = calendar.startOfDay(for: now)
        let plans: [[(String, [Int], Double?)]] = [
            [("squat", [15, 15, 12], nil), ("push-up", [12, 10, 10], nil), ("plank", [60, 45], nil)],
            [("deadlift", [5, 5, 5], 80), ("overhead-press", [8, 8, 6], 30), ("hamstring-stretch", [30, 30], nil)],
            [("burpee", [10, 10, 8], nil), ("lunge", [12, 12], nil), ("sit-up", [20, 20], nil)],
        ]
        var list: [Workout] = []
        for day in stride(from: 27, through: 1, by: -1) where day % 7 == 1 || day % 7 == 3 || day % 7 == 5 {
            guard let date = calendar.date(byAdding: .day, value: -day, to: today),
                  let start = calendar.date(bySettingHour: 7, minute: 10 * (day % 3), second: 0, of: date) else { continue }
            let plan = plans[(day / 2) % plans.count]
            let entries = plan.map { id, counts, kg in
                WorkoutEntry(exerciseId: id, sets: counts.map { n in
                    ["plank", "hamstring-stretch"].contains(id) ? WorkoutSet(seconds: n, restSeconds: 60)
                        : WorkoutSet(reps: n + (person.role == .coach ? 2 : 0), weightKg: kg, restSeconds: 60)
                })
            }
            list.append(Workout(startedAt: start, endedAt: start.addingTimeInterval(45 * 60), notes: day == 1 ? "Felt strong today." : "",
                                exercises: entries))
        }
        return list
    }

    /// Runs every step; returns their names for the CLI to report.
    @discardableResult
    public static func run(_ database: Database, now: Date = Date(), dataDirectory: String? = nil,
                           progress: (String) -> Void = { _ in }) async throws -> [String] {
        let context = Context(database: database, now: now, dataDirectory: dataDirectory)
        for step in steps {
            progress(step.name)
            try await step.run(context)
        }
        return steps.map(\.name)
    }

    /// The demo sales board's wall screen link (a path with its secret), once seeded.
    public static func wallLink(_ database: Database) async throws -> String? {
        try await SignageDemo.wallLink(database)
    }

    /// The demo's media maker: an ffmpeg test pattern (`source`, then `output` options) written
    /// into the uploads folder as a file an upload would be, or nil without ffmpeg. The caller
    /// ingests it; the store removes or moves it.
    static func testPattern(_ media: MediaStore, _ source: String, _ output: [String], ext: String) -> BodyFile? {
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
