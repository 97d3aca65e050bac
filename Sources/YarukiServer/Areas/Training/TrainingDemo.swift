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
                for (i, exercise) in own.enumerated() {
                    try TrainingStore.addOwn(exercise, owner: account.id, at: now, c)
                    // Logged once, a week ago, so it has a history to keep.
                    let day = now.addingTimeInterval(-Double(7 + i) * 86_400)
                    try TrainingStore.save(Workout(id: UUID(), startedAt: day, endedAt: day.addingTimeInterval(1_200), notes: "",
                                                   exercises: [WorkoutEntry(exerciseId: exercise.id, sets: [WorkoutSet(reps: 10, weightKg: 30, restSeconds: 90),
                                                                                                            WorkoutSet(reps: 10, weightKg: 30, restSeconds: 90)])]),
                                           user: account.id, at: now, c)
                }
                for workout in workouts(for: account, now: now) { try TrainingStore.save(workout, user: account.id, at: now, c) }
                let calendar = PersonalCalendar(of: account)
                for (day, kg) in weighings(for: account, now: now) {
                    try BodyStore.write(user: account.id, day: calendar.day(of: day), ["weight": kg], at: now, c)
                }
            }
        }
    }

    /// Machines a gym has that the catalog does not name: each demo person's own, as they would
    /// add them (a name in their language stands for the others). The ids are made per person.
    static var own: [Exercise] {
        let made = [OwnExerciseBody(names: ["en": "Hip abductor machine", "ja": "アブダクター（ジムのマシン）", "ko": "힙 어브덕터 머신"], kind: .weightReps,
                                    equipment: .machine, muscles: ["abductors"]),
                    OwnExerciseBody(names: ["en": "Chest-supported T-bar row", "ja": "チェストサポートTバーロウ", "ko": "체스트 서포티드 T바 로우"],
                                    kind: .weightReps, equipment: .machine, muscles: ["middle back"])]
        return made.map { $0.exercise(id: TrainingService.ownPrefix + UUID().lowercasedString.replacingOccurrences(of: "-", with: "").prefix(12)) }
    }

    /// The exercises that get a follow-along clip, and how their figure moves: `dip` goes down and
    /// up once per rep (two seconds); a held exercise only breathes, and counts seconds.
    static let followAlong: [(id: String, held: Bool)] = [("squat", false), ("push-up", false), ("lunge", false), ("burpee", false),
                                                           ("sit-up", false), ("plank", true)]

    /// Short follow-along clips made with ffmpeg, as a coach would attach them: the exercise's
    /// name, a counter and a simple figure moving in time. Only for exercises without a video, and
    /// only with ffmpeg and a data folder.
    static func seedVideos(_ context: DemoSeed.Context) async throws {
        guard let directory = context.dataDirectory, let media = try? MediaFiles(dataDirectory: directory, width: 1) else { return }
        for (id, held) in followAlong {
            let present = try await context.database.read { c in (try TrainingStore.exercise(id, c), try TrainingStore.video(of: id, c)) }
            guard let exercise = present.0, present.1 == nil, exercise.videoURL == nil else { continue }
            guard let file = DemoSeed.testPattern(media, "color=c=0x14181f:s=640x360:d=8:r=24",
                                                  ["-vf", figure(name: exercise.names["en"] ?? id, held: held), "-pix_fmt", "yuv420p",
                                                   "-movflags", "+faststart"], ext: "mp4"),
                  let stored = try? await media.ingest(file) else { continue }
            let row = stored.row
            _ = try await context.database.transaction { c in try TrainingStore.setVideo(of: id, media: row, link: .none, at: context.now, c) }
        }
    }

    /// ffmpeg's filters for the clip: a stick figure of boxes (head, body, arms, two legs) whose
    /// dip `d` follows |sin|, the floor, the name and the count.
    static func figure(name: String, held: Bool) -> String {
        let d = held ? "4*abs(sin(PI*t/2))" : "50*abs(sin(PI*t/2))"
        let count = held ? "%{eif\\:floor(t)+1\\:d}s" : "%{eif\\:floor(t/2)+1\\:d}"
        let text = name.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: ":", with: " ")
        let box = { (x: String, y: String, w: String, h: String, color: String) in
            "drawbox=x=\(x):y='\(y)':w=\(w):h='\(h)':color=\(color)@1:t=fill"
        }
        return [box("300", "100+\(d)", "40", "40", "0x1DD860"), box("310", "144+\(d)", "20", "86", "0xF5F5F5"),
                box("262", "160+\(d)", "116", "12", "0xF5F5F5"), box("302", "230+\(d)", "12", "100-\(d)", "0xF5F5F5"),
                box("326", "230+\(d)", "12", "100-\(d)", "0xF5F5F5"), box("0", "330", "640", "4", "0x3A3A3C"),
                "drawtext=text='\(text)':fontcolor=white:fontsize=36:x=24:y=24",
                "drawtext=text='\(count)':fontcolor=0x1DD860:fontsize=96:x=w-tw-32:y=24"].joined(separator: ",")
    }

    /// Three months of weighings, most mornings: a slow, uneven drift from where each person
    /// started (the same numbers at every seeding; no randomness).
    static func weighings(for person: Account, now: Date) -> [(Date, Double)] {
        let start = 58.0 + Double(abs(person.displayName.unicodeScalars.reduce(0) { $0 &+ Int($1.value) }) % 25)
        return stride(from: 90, through: 0, by: -1).compactMap { day -> (Date, Double)? in
            guard day % 3 != 2 else { return nil }  // not every morning
            let wobble = sin(Double(day) * 1.7) * 0.4 + sin(Double(day) * 0.31) * 0.3
            return (now.addingTimeInterval(-Double(day) * 86_400), ((start - Double(90 - day) * 0.02 + wobble) * 10).rounded() / 10)
        }
    }

    /// Four weeks of training, three days a week, for each demo person who has none yet; the
    /// deadlift starts with a warm-up set.
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
                let warmUp = kg.map { [WorkoutSet(reps: 8, weightKg: $0 / 2, restSeconds: 60, type: .warmup)] } ?? []
                return WorkoutEntry(exerciseId: id, sets: (id == "deadlift" ? warmUp : []) + counts.map { n in
                    ["plank", "hamstring-stretch"].contains(id) ? WorkoutSet(seconds: n, restSeconds: 60)
                        : WorkoutSet(reps: n + (person.role == .coach ? 2 : 0), weightKg: kg, restSeconds: 60, rpe: id == "deadlift" ? 8 : nil)
                })
            }
            list.append(Workout(startedAt: start, endedAt: start.addingTimeInterval(45 * 60), notes: day == 1 ? "Felt strong today." : "",
                                exercises: entries))
        }
        return list
    }
}
