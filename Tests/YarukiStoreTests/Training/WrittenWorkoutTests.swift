import Foundation
import Testing
import YarukiCore
import YarukiJSON
import YarukiTestSupport
@testable import YarukiStore

/// A page of workouts is written from the JSON each workout stored when it was saved. Those bytes
/// must be the very bytes of the workout read back from its sets; a workout stored in an older
/// shape is still answered right, and written again at start.
@Suite struct WrittenWorkoutTests {
    static let t0 = Date(timeIntervalSince1970: 1_790_000_000.123_4)

    /// Workouts that test every way a stored value differs from the one sent: weights to the
    /// gram, instants to the millisecond, text that needs escaping, a missing end.
    static func workouts() -> [Workout] {
        [Workout(startedAt: t0, endedAt: t0.addingTimeInterval(3_600.5), notes: "Leg day \"heavy\"\n\\ 脚の日 / 하체 ✓",
                 exercises: [WorkoutEntry(exerciseId: "squat", sets: [WorkoutSet(reps: 5, weightKg: 100.000_4, restSeconds: 180),
                                                                      WorkoutSet(reps: 5, weightKg: 102.5), WorkoutSet(reps: 0)]),
                             WorkoutEntry(exerciseId: "plank", sets: [WorkoutSet(seconds: 60)]),
                             WorkoutEntry(exerciseId: "squat", sets: [WorkoutSet(reps: 12, weightKg: 60.000_6)])]),
         Workout(startedAt: t0.addingTimeInterval(-86_400), notes: "",
                 exercises: [WorkoutEntry(exerciseId: "plank", sets: [WorkoutSet(seconds: 45, restSeconds: 30), WorkoutSet(seconds: 1)])])]
    }

    static func prepared(_ engine: Engine) async throws -> (Database, UUID) {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db)
        let user = try await person(db, 1)
        try await db.transaction { c in
            try TrainingStore.upsert(Exercise(id: "squat", category: .strength, muscles: ["quadriceps"], unit: .reps, names: ["en": "Squat"]), replace: false,
                                     at: t0, c)
            try TrainingStore.upsert(Exercise(id: "plank", category: .core, muscles: ["abs"], unit: .seconds, names: ["en": "Plank"]), replace: false, at: t0, c)
        }
        return (db, user)
    }

    /// The page as the sets make it, each workout written by its own writer.
    static func madeFromSets(_ db: Database, _ user: UUID) async throws -> [[UInt8]] {
        try await db.read { c in
            try TrainingStore.workouts(user: user, from: .distantPast, to: .distantFuture, after: nil, limit: 50, c).map { try TrainingStore.written($0) }
        }.map { Array($0.utf8) }
    }

    static func written(_ db: Database, _ user: UUID) async throws -> [[UInt8]] {
        try await db.read { c in try TrainingStore.writtenWorkouts(user: user, from: .distantPast, to: .distantFuture, after: nil, limit: 50, c) }.map { Array($0.json.utf8) }
    }

    @Test(arguments: Engine.allCases)
    func storedJSONIsTheWorkoutReadBackFromItsSets(engine: Engine) async throws {
        let (db, user) = try await Self.prepared(engine)
        var workouts = Self.workouts()
        try await db.transaction { [workouts] c in for w in workouts { try TrainingStore.save(w, user: user, at: Self.t0, c) } }
        let made = try await Self.madeFromSets(db, user)
        #expect(made.count == 2)
        #expect(try await Self.written(db, user) == made)
        // What the JSON says is what was sent, as stored (the gram, the second).
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let first = try decoder.decode(Workout.self, from: Data(made[0]))
        #expect(first.exercises.map(\.exerciseId) == ["squat", "plank", "squat"])
        #expect(first.exercises[0].sets[0].weightKg == 100)
        #expect(first.exercises[2].sets[0].weightKg == 60.001)
        #expect(first.notes == workouts[0].notes)

        // Replaced: the stored JSON follows.
        workouts[0].exercises.removeLast()
        workouts[0].notes = "lighter"
        try await db.transaction { [workouts] c in try TrainingStore.save(workouts[0], user: user, at: Self.t0, c) }
        let again = try await Self.written(db, user)
        #expect(again == (try await Self.madeFromSets(db, user)))
        #expect(String(decoding: again[0], as: UTF8.self).contains("\"notes\":\"lighter\""))
    }

    @Test(arguments: Engine.allCases)
    func workoutsStoredInAnOlderShapeAreReadFromTheirSetsAndWrittenAgain(engine: Engine) async throws {
        let (db, user) = try await Self.prepared(engine)
        try await db.transaction { c in for w in Self.workouts() { try TrainingStore.save(w, user: user, at: Self.t0, c) } }
        let made = try await Self.madeFromSets(db, user)
        // As a workout saved before its JSON was kept, and one written in a shape since changed.
        try await db.transaction { c in
            try c.execute("UPDATE workouts SET wire = NULL, wire_rev = 0 WHERE started_at < ?", Self.t0)
            try c.execute("UPDATE workouts SET wire = '{\"old\":true}', wire_rev = ? WHERE started_at >= ?", TrainingStore.wireRevision - 1, Self.t0)
        }
        #expect(try await Self.written(db, user) == made)
        #expect(try await db.transaction { c in try TrainingStore.writeStale(limit: 1, c) } == 1)
        #expect(try await db.transaction { c in try TrainingStore.writeStale(limit: 500, c) } == 1)
        #expect(try await db.transaction { c in try TrainingStore.writeStale(limit: 500, c) } == 0)
        let stored = try await db.read { c in try c.query("SELECT wire FROM workouts ORDER BY started_at DESC").map { try $0.string("wire") } }
        #expect(stored.map { Array($0.utf8) } == made)
    }

    /// New workouts of several people written together are what each written alone would be:
    /// the same rows and JSON, each person's versions one after another from where their counter
    /// stood, each workout answered its own. A workout whose id is taken fails the write, and
    /// nothing of it stays.
    @Test(arguments: Engine.allCases)
    func newWorkoutsWrittenTogetherAreEachAsWrittenAlone(engine: Engine) async throws {
        let (db, first) = try await Self.prepared(engine)
        let second = try await person(db, 2), third = try await person(db, 3)
        // The first person's counter already stands at 2; the others start from none.
        try await db.transaction { c in for w in Self.workouts() { try TrainingStore.save(w, user: first, at: Self.t0, c) } }
        let fresh = { (minutes: Double) in
            var w = Self.workouts()[Int(minutes) % 2]
            w.id = UUID()
            w.startedAt = Self.t0.addingTimeInterval(minutes * 60)
            return w
        }
        // Interleaved, and the people not in the order of their ids.
        let owners = [third, first, second, first, third, first]
        let items = owners.enumerated().map { TrainingStore.NewWorkout(fresh(Double($0.offset + 1)), user: $0.element, at: Self.t0.addingTimeInterval(Double($0.offset))) }
        let versions = try await db.transaction { c in try TrainingStore.saveNew(items, c) }.value()
        #expect(versions == [1, 3, 1, 4, 2, 5])
        for user in [first, second, third] {
            let mine = items.filter { $0.user == user }
            let changes = try await db.read { c in try SyncStore.changes(user: user, .workouts, after: 0, limit: 50, tombstones: true, c) }
            #expect(changes.map(\.version) == Array(1...Int64(changes.count)), "one person's versions follow each other")
            #expect(changes.suffix(mine.count).map(\.id) == mine.map(\.workout.id))
            let ms = { (d: Date) in Int64((d.timeIntervalSince1970 * 1000).rounded()) }
            #expect(changes.suffix(mine.count).map { ms($0.changedAt) } == mine.map { ms($0.at) })
            // The JSON stored is the workout read back from its sets, and what was sent, as stored.
            #expect(try await Self.written(db, user) == (try await Self.madeFromSets(db, user)))
            for item in mine {
                let read = try await db.read { c in try TrainingStore.workout(item.workout.id, user: user, c) }
                #expect(read == TrainingStore.asStored(item.workout))
            }
        }
        // One taken id fails the whole write.
        let before = try await db.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM workouts")?.int("n") }
        let taken = TrainingStore.NewWorkout(items[4].workout, user: third, at: Self.t0)
        await #expect(throws: DatabaseError.self) {
            _ = try await db.transaction { c in try TrainingStore.saveNew([TrainingStore.NewWorkout(fresh(30), user: second, at: Self.t0), taken], c) }.value()
        }
        #expect(try await db.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM workouts")?.int("n") } == before)
        #expect(try await db.read { c in try SyncStore.changes(user: second, .workouts, after: 0, limit: 50, tombstones: true, c) }.count == 1)
    }
}
