import Foundation
import Testing
@testable import YarukiCore

/// Sets as lifters log them: each kind's volume and records, warm-ups left out, the body's
/// weight from the log, and supersets done in rounds with the rest after the round.
@Suite struct SetCountingTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let day: TimeInterval = 86_400

    func workout(_ at: Double, _ entries: [WorkoutEntry]) -> Workout {
        Workout(id: UUID(), startedAt: t0.addingTimeInterval(at * day), endedAt: t0.addingTimeInterval(at * day + 3600), exercises: entries)
    }

    let kinds: [String: ExerciseKind] = ["bench": .weightReps, "push-up": .bodyweightReps, "dip": .weightedBodyweight, "assisted-pull-up": .assistedBodyweight,
                                         "plank": .duration, "run": .distanceDuration, "farmer": .weightDistance]

    /// Weighed 80 kg on day 0 and 78 kg on day 10.
    var counting: SetCounting {
        SetCounting(kinds: kinds, weighings: [.init(at: t0.addingTimeInterval(10 * day), kg: 78), .init(at: t0, kg: 80)])
    }

    @Test func theBodysWeightIsTheLatestWeighingOrElseTheFirst() {
        #expect(counting.bodyWeight(at: t0.addingTimeInterval(-day)) == 80, "before any weighing: the first")
        #expect(counting.bodyWeight(at: t0.addingTimeInterval(5 * day)) == 80)
        #expect(counting.bodyWeight(at: t0.addingTimeInterval(10 * day)) == 78, "on the instant itself")
        #expect(counting.bodyWeight(at: t0.addingTimeInterval(99 * day)) == 78)
        #expect(SetCounting().bodyWeight(at: t0) == nil)
    }

    @Test func eachKindsVolumeWithWarmUpsLeftOut() {
        let w = workout(1, [
            WorkoutEntry(exerciseId: "bench", sets: [WorkoutSet(reps: 10, weightKg: 40, type: .warmup), WorkoutSet(reps: 5, weightKg: 100),
                                                     WorkoutSet(reps: 8, weightKg: 70, type: .drop), WorkoutSet(reps: 3, weightKg: 100, type: .failure)]),
            WorkoutEntry(exerciseId: "push-up", sets: [WorkoutSet(reps: 20)]),
            WorkoutEntry(exerciseId: "dip", sets: [WorkoutSet(reps: 5, weightKg: 20)]),
            WorkoutEntry(exerciseId: "assisted-pull-up", sets: [WorkoutSet(reps: 10, weightKg: 30), WorkoutSet(reps: 5, weightKg: 100)]),
            WorkoutEntry(exerciseId: "plank", sets: [WorkoutSet(seconds: 90)]),
            WorkoutEntry(exerciseId: "run", sets: [WorkoutSet(seconds: 1500, distanceM: 5000)]),
            WorkoutEntry(exerciseId: "farmer", sets: [WorkoutSet(seconds: 40, weightKg: 32, distanceM: 50)]),
        ])
        // bench 500 + 560 + 300; push-ups 20 × 80; dips 5 × 100; assisted 10 × 50 and 5 × 0 (more help than body).
        let expected = 500.0 + 560 + 300 + 1600 + 500 + 500
        #expect(counting.volume(w) == expected)
        // Without a weighing, body-weight kinds count only what was added.
        #expect(SetCounting(kinds: kinds).volume(w) == 500 + 560 + 300 + 100)
        // Sets counted leave the warm-up out.
        let summary = SessionSummary(w, history: [], lastTime: nil, counting: counting)
        #expect(summary.sets == 10 && summary.volumeKg == expected)
    }

    @Test func eachKindsRecords() {
        let first = workout(0, [
            WorkoutEntry(exerciseId: "bench", sets: [WorkoutSet(reps: 5, weightKg: 100)]),
            WorkoutEntry(exerciseId: "push-up", sets: [WorkoutSet(reps: 20)]),
            WorkoutEntry(exerciseId: "plank", sets: [WorkoutSet(seconds: 90)]),
            WorkoutEntry(exerciseId: "run", sets: [WorkoutSet(seconds: 1500, distanceM: 5000)]),
            WorkoutEntry(exerciseId: "farmer", sets: [WorkoutSet(seconds: 40, weightKg: 32, distanceM: 50)]),
        ])
        let second = workout(1, [
            // A heavier warm-up sets nothing; the working set at 100 × 6 beats the reps and the estimate.
            WorkoutEntry(exerciseId: "bench", sets: [WorkoutSet(reps: 1, weightKg: 120, type: .warmup), WorkoutSet(reps: 6, weightKg: 100)]),
            WorkoutEntry(exerciseId: "push-up", sets: [WorkoutSet(reps: 20), WorkoutSet(reps: 25)]),
            WorkoutEntry(exerciseId: "plank", sets: [WorkoutSet(seconds: 90)]),
            WorkoutEntry(exerciseId: "run", sets: [WorkoutSet(seconds: 1400, distanceM: 5200)]),
            WorkoutEntry(exerciseId: "farmer", sets: [WorkoutSet(seconds: 60, weightKg: 36, distanceM: 40)]),
        ])
        let records = PersonalRecords.new(in: second, over: [first], counting: counting)
        let found = records.map { "\($0.exerciseId) \($0.kind.rawValue) \($0.value) \($0.previous.map { "\($0)" } ?? "-")" }
        #expect(found == [
            "bench estimatedOneRepMax 120.0 116.7", "bench mostReps 6.0 5.0",
            "push-up mostReps 25.0 20.0",
            "run farthest 5200.0 5000.0",
            "farmer heaviest 36.0 32.0",
        ], "\(found)")
        let bests = PersonalRecords.bests([first, second], counting: counting)
        #expect(bests["bench"]?.heaviestKg == 100, "the warm-up's 120 kg is no record")
        #expect(bests["plank"]?.longestSeconds == 90 && bests["run"]?.longestSeconds == 1500 && bests["farmer"]?.farthestM == 50)
        #expect(bests["push-up"]?.mostReps == [0: 25] && bests["push-up"]?.heaviestKg == nil)
    }

    @Test func theProgressChartLeavesWarmUpsOutAndCountsTheBody() {
        let calendar = PersonalCalendar(timeZone: TimeZone(identifier: "UTC")!, weekStart: .monday)
        let w = workout(1, [WorkoutEntry(exerciseId: "push-up", sets: [WorkoutSet(reps: 5, type: .warmup), WorkoutSet(reps: 20)])])
        let points = TrainingProgress.points([w], exercise: "push-up", calendar: calendar, counting: counting)
        #expect(points.count == 1 && points[0].sets == 1 && points[0].volumeKg == 1600 && points[0].heaviestKg == nil)
    }

    @Test func setBoundsAndSupersetsThatStandApart() {
        let sets = [WorkoutSet(reps: 5, rpe: 8.5), WorkoutSet(reps: 5, rpe: 8.3), WorkoutSet(reps: 5, rpe: 11), WorkoutSet(reps: 5, rpe: 8, rir: 2),
                    WorkoutSet(reps: 5, rir: 11), WorkoutSet(reps: 5, distanceM: -1)]
        let w = workout(0, [WorkoutEntry(exerciseId: "bench", sets: sets, superset: 1), WorkoutEntry(exerciseId: "push-up", sets: [WorkoutSet(reps: 5)]),
                            WorkoutEntry(exerciseId: "dip", sets: [WorkoutSet(reps: 5)], superset: 1),
                            WorkoutEntry(exerciseId: "plank", sets: [WorkoutSet(seconds: 5)], notes: String(repeating: "a", count: 1001), superset: 26)])
        let fields = Workout.check(w, units: ["bench": .reps, "push-up": .reps, "dip": .reps, "plank": .seconds], now: t0).map(\.field)
        #expect(fields == ["exercises[0].sets[1].rpe", "exercises[0].sets[2].rpe", "exercises[0].sets[3].rir", "exercises[0].sets[4].rir",
                           "exercises[0].sets[5].distanceM", "exercises[2].superset", "exercises[3].notes", "exercises[3].superset"], "\(fields)")
    }
}

/// Supersets in a session: one set of each exercise a round, the rest after the round's last.
@Suite struct SupersetSessionTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    func session() -> TrainingSession {
        TrainingSession(startedAt: t0, defaultRest: 60, exercises: [
            TrainingSession.planned("bench-press", sets: 2, restSeconds: 120, lastTime: [WorkoutSet(reps: 8, weightKg: 60)], superset: 1),
            TrainingSession.planned("pull-up", sets: 3, restSeconds: 90, lastTime: [WorkoutSet(reps: 6)], superset: 1),
            TrainingSession.planned("plank", sets: 1, restSeconds: 30, lastTime: [WorkoutSet(seconds: 60)]),
        ])
    }

    @Test func theRestStartsAfterTheRoundsLastExercise() {
        var s = session()
        #expect(s.current! == (0, 0))
        #expect(s.send(.toggleSet(exercise: 0, set: 0), at: at(1)).isEmpty, "no rest between the exercises of a round")
        #expect(s.phase == .training && s.current! == (1, 0), "the pull-up is next, not the bench's second set")
        #expect(s.send(.toggleSet(exercise: 1, set: 0), at: at(30)) == [.startTimer])
        #expect(s.phase == .rest && s.restLength == 90, "the round's last exercise says the rest")
        s.send(.skipRest, at: at(31))
        #expect(s.current! == (0, 1))
        s.send(.toggleSet(exercise: 0, set: 1), at: at(32))
        s.send(.toggleSet(exercise: 1, set: 1), at: at(40))
        s.send(.skipRest, at: at(41))
        // The bench has no third set: the pull-up's third is a round of its own, and rests.
        #expect(s.current! == (1, 2))
        #expect(s.send(.toggleSet(exercise: 1, set: 2), at: at(50)) == [.startTimer])
        s.send(.skipRest, at: at(51))
        #expect(s.current! == (2, 0))
        s.send(.toggleSet(exercise: 2, set: 0), at: at(99))
        s.send(.finish, at: at(100))
        let w = s.workout
        #expect(w.exercises.map(\.superset) == [1, 1, nil])
        #expect(w.exercises[0].sets.map(\.restSeconds) == [0, 0] && w.exercises[1].sets.map(\.restSeconds) == [90, 90, 90])
        #expect(Workout.check(w, units: ["bench-press": .reps, "pull-up": .reps, "plank": .seconds], now: at(100)).isEmpty)
    }

    @Test func linkingUnlinkingAndMovingKeepSupersetsTogether() {
        var s = session()
        s.send(.unlink(exercise: 0), at: at(1))
        #expect(s.exercises.map(\.superset) == [nil, nil, nil], "a superset of one is none")
        s.send(.linkNext(exercise: 1), at: at(2))
        #expect(s.exercises.map(\.superset) == [nil, 1, 1])
        s.send(.linkNext(exercise: 0), at: at(3))
        #expect(s.exercises.map(\.superset) == [1, 1, 1], "a circuit of three")
        s.send(.unlink(exercise: 1), at: at(4))
        #expect(s.exercises.map(\.superset) == [nil, nil, nil], "the middle one out leaves two alone")
        s.send(.linkNext(exercise: 0), at: at(5))
        s.send(.moveExercise(from: 2, to: 0), at: at(6))
        #expect(s.exercises.map(\.exerciseId) == ["plank", "bench-press", "pull-up"] && s.exercises.map(\.superset) == [nil, 1, 1])
        s.send(.moveExercise(from: 1, to: 0), at: at(7))
        #expect(s.exercises.map(\.superset) == [nil, nil, nil], "moved out of its superset, the other is left alone")
    }

    @Test func setTypesAndEffortAreMarkedAndKept() {
        var s = session()
        s.send(.markSet(exercise: 0, set: 0, type: .warmup, rpe: nil, rir: 3), at: at(1))
        s.send(.markSet(exercise: 1, set: 0, type: .failure, rpe: 9.3, rir: 1), at: at(2))
        #expect(s.exercises[0].sets[0].type == .warmup && s.exercises[0].sets[0].rir == 3)
        #expect(s.exercises[1].sets[0].rpe == 9.5 && s.exercises[1].sets[0].rir == nil, "an RPE to the nearest half replaces reps in reserve")
        s.send(.setNotes(exercise: 1, "Wide grip"), at: at(3))
        s.send(.toggleSet(exercise: 0, set: 0), at: at(4))
        s.send(.toggleSet(exercise: 1, set: 0), at: at(5))
        s.send(.finish, at: at(6))
        let w = s.workout
        #expect(w.exercises[0].sets[0].type == .warmup && w.exercises[1].sets[0].type == .failure && w.exercises[1].sets[0].rpe == 9.5)
        #expect(w.exercises[1].notes == "Wide grip")
        // Last time's warm-up is planned as a warm-up again.
        let again = TrainingSession.planned("bench-press", sets: 2, restSeconds: nil, lastTime: w.exercises[0].sets)
        #expect(again.sets[0].type == .warmup)
    }
}
