import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// The demo people's workout log (the group's five and the lifelog's Aino, once she exists):
/// four weeks, three days a week, once. (The catalog is there already: opening the database adds
/// the built-in exercises.)
enum TrainingDemo {
    static func seed(_ context: DemoSeed.Context) async throws {
        let now = context.now
        for email in AccountsDemo.people.map(\.email) + [LifelogDemo.person.email] {
            let key = try EmailAddress(email).key
            _ = try await context.database.transaction { c in
                guard let account = try AccountStore.credentials(emailKey: key, c)?.account,
                      try TrainingStore.count(user: account.id, c) == 0 else { return }
                for workout in workouts(for: account, now: now) { try TrainingStore.save(workout, user: account.id, at: now, c) }
            }
        }
    }

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
}
