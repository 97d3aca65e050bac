import Foundation
import Testing
@testable import YarukiCore

/// The training session as a state machine: each event in each phase, the rest's clock, the
/// counted reps, editing mid-session, and the workout it makes.
@Suite struct TrainingSessionTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    /// Squat planned for three sets with last time's 5 × 80 kg beside them, plank with its own 45 s rest.
    func session(defaultRest: Int = 90) -> TrainingSession {
        let last = [WorkoutSet(reps: 5, weightKg: 80), WorkoutSet(reps: 5, weightKg: 80), WorkoutSet(reps: 4, weightKg: 80)]
        return TrainingSession(startedAt: t0, title: "Legs", defaultRest: defaultRest, exercises: [
            TrainingSession.planned("squat", sets: 3, restSeconds: nil, lastTime: last),
            TrainingSession.planned("plank", sets: 2, restSeconds: 45, lastTime: [WorkoutSet(seconds: 60)]),
        ])
    }

    @Test func plannedSetsArePrefilledWithLastTime() {
        let s = session()
        #expect(s.exercises[0].sets.map(\.reps) == [5, 5, 4] && s.exercises[0].sets.allSatisfy { $0.weightKg == 80 })
        #expect(s.exercises[0].sets[2].previous == WorkoutSet(reps: 4, weightKg: 80))
        // Two plank sets from one last time: both filled, only the first has a "last time".
        #expect(s.exercises[1].sets.map(\.seconds) == [60, 60] && s.exercises[1].sets[1].previous == nil)
        // Nothing planned and nothing last time: one empty set.
        #expect(TrainingSession.planned("burpee", sets: nil, restSeconds: nil, lastTime: []).sets == [TrainingSession.SessionSet()])
        #expect(s.current! == (0, 0) && s.phase == .training)
    }

    @Test func aSetDoneStartsTheExercisesRestAndZeroIsReportedOnce() {
        var s = session()
        #expect(s.send(.toggleSet(exercise: 0, set: 0), at: at(10)) == [.startTimer])
        #expect(s.phase == .rest && s.restLength == 90 && s.exercises[0].sets[0].done && s.exercises[0].sets[0].completedAt == at(10))
        #expect(s.remainingSeconds(at: at(10.2)) == 90 && s.current! == (0, 1))
        #expect(abs(s.restProgress(at: at(55)) - 0.5) < 1e-9)
        #expect(s.send(.tick, at: at(99)).isEmpty)
        // A phone that slept through the end: the first tick after reports it, once.
        #expect(s.send(.tick, at: at(400)) == [.playSound, .vibrate, .restFinished])
        #expect(s.send(.tick, at: at(401)).isEmpty && s.remaining(at: at(401)) == 0)
        // The plank has its own rest.
        s.send(.skipRest, at: at(402))
        s.send(.toggleSet(exercise: 1, set: 0), at: at(500))
        #expect(s.restLength == 45)
        // A clock that went backwards counts as no time rested.
        #expect(s.remaining(at: at(100)) == 45)
    }

    @Test func theBigNumberCountsRepsIntoTheSetInHand() {
        var s = session()
        for _ in 0..<7 { s.send(.countRep, at: at(1)) }
        #expect(s.counted == 7)
        s.send(.toggleSet(exercise: 0, set: 0), at: at(20))
        #expect(s.exercises[0].sets[0].reps == 7 && s.counted == 0)
        // Counting, then marking another set than the one in hand, leaves that set's own reps.
        s.send(.skipRest, at: at(21))
        s.send(.countRep, at: at(22))
        s.send(.toggleSet(exercise: 0, set: 2), at: at(23))
        #expect(s.exercises[0].sets[2].reps == 4)
        // A timed set keeps its seconds.
        s.send(.skipRest, at: at(24))
        s.send(.countRep, at: at(25))
        s.send(.toggleSet(exercise: 1, set: 0), at: at(26))
        #expect(s.exercises[1].sets[0].seconds == 60 && s.exercises[1].sets[0].reps == nil)
    }

    @Test func aDoneSetCanBeTakenBack() {
        var s = session()
        s.send(.toggleSet(exercise: 0, set: 0), at: at(10))
        #expect(s.send(.toggleSet(exercise: 0, set: 0), at: at(12)).isEmpty)
        #expect(!s.exercises[0].sets[0].done && s.exercises[0].sets[0].completedAt == nil && s.current! == (0, 0))
    }

    @Test func restCanBeSkippedAndAdjustedButNotBelowWhatWasRested() {
        var s = session()
        #expect(s.send(.skipRest, at: at(0)).isEmpty, "no rest to skip")
        #expect(s.send(.adjustRest(15), at: at(0)).isEmpty)
        s.send(.toggleSet(exercise: 0, set: 0), at: at(0))
        s.send(.adjustRest(15), at: at(10))
        #expect(s.restLength == 105)
        s.send(.adjustRest(-15), at: at(10))
        s.send(.adjustRest(-15), at: at(80))
        s.send(.adjustRest(-15), at: at(80))
        #expect(s.restLength == 80, "never below the 80 s already rested")
        #expect(s.send(.tick, at: at(80)) == [.playSound, .vibrate, .restFinished])
        // Lengthened after zero: the rest goes on and zero comes again.
        s.send(.adjustRest(15), at: at(81))
        #expect(!s.restFinished && s.send(.tick, at: at(95)) == [.playSound, .vibrate, .restFinished])
        #expect(s.send(.skipRest, at: at(96)) == [.stopTimer] && s.phase == .training)
        // A default rest of zero: a set done starts no rest.
        s.send(.setDefaultRest(0), at: at(97))
        #expect(s.send(.toggleSet(exercise: 0, set: 1), at: at(98)).isEmpty && s.phase == .training)
        s.send(.setDefaultRest(99_999), at: at(99))
        #expect(s.defaultRest == 3600)
    }

    @Test func setsAndExercisesAreEditedMidSession() {
        var s = session()
        s.send(.toggleSet(exercise: 0, set: 0), at: at(1))
        s.send(.setValues(exercise: 0, set: 1, reps: 6, seconds: nil, weightKg: 82.5), at: at(2))
        s.send(.addSet(exercise: 0), at: at(3))
        #expect(s.exercises[0].sets.count == 4 && s.exercises[0].sets[3].reps == 4 && s.exercises[0].sets[3].previous == nil)
        s.send(.moveSet(exercise: 0, from: 1, to: 3), at: at(4))
        #expect(s.exercises[0].sets[3].weightKg == 82.5)
        s.send(.removeSet(exercise: 0, set: 3), at: at(5))
        #expect(s.exercises[0].sets.count == 3)
        // Out of range does nothing; the last set of an exercise stays.
        s.send(.removeSet(exercise: 9, set: 0), at: at(6))
        s.send(.setValues(exercise: 0, set: 9, reps: 1, seconds: nil, weightKg: nil), at: at(6))
        var one = TrainingSession(startedAt: t0, exercises: [TrainingSession.planned("squat", sets: 1, restSeconds: nil, lastTime: [])])
        one.send(.removeSet(exercise: 0, set: 0), at: at(1))
        #expect(one.exercises[0].sets.count == 1)
        // Values are held to sane bounds.
        s.send(.setValues(exercise: 0, set: 2, reps: -3, seconds: nil, weightKg: 5000), at: at(7))
        #expect(s.exercises[0].sets[2].reps == 0 && s.exercises[0].sets[2].weightKg == 1000)
        // Swapping keeps the done set and the count, and takes the new exercise's last time.
        s.send(.swapExercise(0, to: "front-squat", lastTime: [WorkoutSet(reps: 8, weightKg: 50)]), at: at(8))
        #expect(s.exercises[0].exerciseId == "front-squat" && s.exercises[0].sets.count == 3)
        #expect(s.exercises[0].sets[0].done && s.exercises[0].sets[1].weightKg == 50 && s.exercises[0].sets[1].reps == 8)
        s.send(.addExercise("lunge", restSeconds: 60, lastTime: []), at: at(9))
        s.send(.moveExercise(from: 2, to: 0), at: at(10))
        #expect(s.exercises.map(\.exerciseId) == ["lunge", "front-squat", "plank"])
        s.send(.removeExercise(0), at: at(11))
        #expect(s.exercises.map(\.exerciseId) == ["front-squat", "plank"])
    }

    @Test func withNoPlanTheBigButtonLogsTheCountedRepsAndRestsLikeTheTimer() {
        var s = TrainingSession(startedAt: t0, defaultRest: 60, exercises: [])
        for i in 0..<4 { s.send(.countRep, at: at(Double(i))) }
        s.send(.uncountRep, at: at(4))
        #expect(s.send(.logSet("push-up"), at: at(5)) == [.startTimer])
        #expect(s.phase == .rest && s.restLength == 60 && s.counted == 0)
        #expect(s.exercises.map(\.exerciseId) == ["push-up"] && s.exercises[0].sets == [.init(reps: 3, done: true, completedAt: at(5))])
        // Resting, the big button is "next set": no set is logged twice by a second tap.
        #expect(s.send(.logSet("push-up"), at: at(6)).isEmpty && s.exercises[0].sets.count == 1)
        s.send(.skipRest, at: at(30))
        s.send(.countRep, at: at(31))
        s.send(.logSet("push-up"), at: at(32))
        s.send(.skipRest, at: at(40))
        // Another exercise starts its own entry; going back to the first starts another.
        s.send(.logSet("squat"), at: at(41))
        s.send(.skipRest, at: at(42))
        s.send(.logSet("push-up"), at: at(43))
        #expect(s.exercises.map(\.exerciseId) == ["push-up", "squat", "push-up"])
        #expect(s.exercises[0].sets.map(\.reps) == [3, 1] && s.exercises[1].sets.map(\.reps) == [0])
        // Never below zero; with a planned set in hand the big button is its ✓, not a new set.
        s.send(.uncountRep, at: at(44))
        #expect(s.counted == 0)
        var planned = session()
        #expect(planned.send(.logSet("squat"), at: at(1)).isEmpty && planned.exercises.count == 2)
        s.send(.finish, at: at(50))
        #expect(s.workout.exercises.map { $0.sets.map(\.reps) } == [[3, 1], [0], [0]])
        #expect(s.workout.exercises[0].sets[0].restSeconds == 60)
    }

    @Test func finishingMakesTheWorkoutOfTheDoneSetsAndTakesNoMore() {
        var s = session()
        s.send(.toggleSet(exercise: 0, set: 0), at: at(60))
        s.send(.skipRest, at: at(100))
        s.send(.setValues(exercise: 0, set: 1, reps: 5, seconds: nil, weightKg: 85), at: at(110))
        s.send(.toggleSet(exercise: 0, set: 1), at: at(150))
        #expect(s.send(.finish, at: at(1800)) == [.stopTimer, .saved])
        #expect(s.phase == .finished && s.endedAt == at(1800))
        #expect(s.send(.countRep, at: at(1801)).isEmpty && s.send(.toggleSet(exercise: 0, set: 2), at: at(1801)).isEmpty)
        let workout = s.workout
        #expect(workout.id == s.id && workout.startedAt == t0 && workout.endedAt == at(1800))
        #expect(workout.exercises == [WorkoutEntry(exerciseId: "squat", sets: [WorkoutSet(reps: 5, weightKg: 80, restSeconds: 90),
                                                                               WorkoutSet(reps: 5, weightKg: 85, restSeconds: 90)])],
                "the plank, never done, is left out")
        #expect(Workout.check(workout, units: ["squat": .reps, "plank": .seconds], now: at(1800)).isEmpty)
    }

    /// Every event in every phase, from a fixed start: nothing crashes, and the invariants hold.
    @Test func everyEventInEveryPhaseKeepsTheInvariants() {
        let events: [TrainingSession.Event] = [
            .toggleSet(exercise: 0, set: 0), .toggleSet(exercise: 5, set: 5), .countRep, .setValues(exercise: 0, set: 1, reps: 3, seconds: nil, weightKg: 10),
            .addSet(exercise: 1), .removeSet(exercise: 0, set: 2), .moveSet(exercise: 0, from: 0, to: 2), .addExercise("burpee", restSeconds: nil, lastTime: []),
            .swapExercise(1, to: "side-plank", lastTime: []), .removeExercise(1), .moveExercise(from: 0, to: 1), .skipRest, .adjustRest(15),
            .adjustRest(-15), .setDefaultRest(60), .tick, .finish,
        ]
        var starts: [(String, TrainingSession)] = [("training", session())]
        var resting = session()
        resting.send(.toggleSet(exercise: 0, set: 0), at: at(0))
        starts.append(("rest", resting))
        var finished = session()
        finished.send(.finish, at: at(5))
        starts.append(("finished", finished))
        for (name, start) in starts {
            for event in events {
                var s = start
                _ = s.send(event, at: at(30))
                #expect((s.phase == .rest) == (s.restStartedAt != nil), "\(name) + \(event)")
                #expect(s.exercises.allSatisfy { !$0.sets.isEmpty }, "\(name) + \(event)")
                if start.phase == .finished { #expect(s == start, "a finished session takes no events") }
            }
        }
    }
}

/// Scenarios the browser's copy (`web/js/training/session.js`) replays step by step.
@Suite struct TrainingSessionVectors {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    struct Plan: Codable {
        var exerciseId: String
        var sets: Int?
        var restSeconds: Int?
        var lastTime: [WorkoutSet]
        var superset: Int?
    }

    struct EventJSON: Codable {
        var type: String
        var exercise: Int?
        var set: Int?
        var from: Int?
        var to: Int?
        var reps: Int?
        var seconds: Int?
        var weightKg: Double?
        var id: String?
        var restSeconds: Int?
        var lastTime: [WorkoutSet]?
        var value: Int?
        var distanceM: Double?
        var setType: String?
        var rpe: Double?
        var rir: Int?
        var text: String?
    }

    struct SetState: Codable {
        var reps: Int?
        var seconds: Int?
        var weightKg: Double?
        var done: Bool
        var type: String?
        var rpe: Double?
        var rir: Int?
        var distanceM: Double?
    }

    struct Step: Codable {
        var at: Double
        var event: EventJSON
        var effects: [String]
        var phase: String
        var counted: Int
        var remaining: Int
        var restLength: Int
        var defaultRest: Int
        var current: [Int]?
        var exercises: [String]
        var supersets: [Int?]
        var notes: [String?]
        var sets: [[SetState]]
    }

    struct Scenario: Codable {
        var name: String
        var start: Double
        var defaultRest: Int
        var plan: [Plan]
        var steps: [Step]
    }

    static let supersetPlan = [Plan(exerciseId: "bench-press", sets: 3, restSeconds: 120, lastTime: [WorkoutSet(reps: 8, weightKg: 60)], superset: 1),
                               Plan(exerciseId: "pull-up", sets: 3, restSeconds: 90, lastTime: [WorkoutSet(reps: 6)], superset: 1),
                               Plan(exerciseId: "plank", sets: 1, restSeconds: 30, lastTime: [WorkoutSet(seconds: 60)])]

    static let plan = [Plan(exerciseId: "squat", sets: 3, restSeconds: nil, lastTime: [WorkoutSet(reps: 5, weightKg: 80), WorkoutSet(reps: 4, weightKg: 80)]),
                       Plan(exerciseId: "plank", sets: nil, restSeconds: 45, lastTime: [WorkoutSet(seconds: 60), WorkoutSet(seconds: 50)])]

    static func json(_ event: TrainingSession.Event) -> EventJSON {
        var e = EventJSON(type: "")
        switch event {
        case let .toggleSet(x, y): e.type = "toggleSet"; e.exercise = x; e.set = y
        case .countRep: e.type = "countRep"
        case .uncountRep: e.type = "uncountRep"
        case let .logSet(id): e.type = "logSet"; e.id = id
        case let .setValues(x, y, reps, seconds, kg, m):
            e.type = "setValues"; e.exercise = x; e.set = y; e.reps = reps; e.seconds = seconds; e.weightKg = kg; e.distanceM = m
        case let .markSet(x, y, type, rpe, rir): e.type = "markSet"; e.exercise = x; e.set = y; e.setType = type?.rawValue; e.rpe = rpe; e.rir = rir
        case let .setNotes(x, text): e.type = "setNotes"; e.exercise = x; e.text = text
        case let .linkNext(x): e.type = "linkNext"; e.exercise = x
        case let .unlink(x): e.type = "unlink"; e.exercise = x
        case let .addSet(x): e.type = "addSet"; e.exercise = x
        case let .removeSet(x, y): e.type = "removeSet"; e.exercise = x; e.set = y
        case let .moveSet(x, from, to): e.type = "moveSet"; e.exercise = x; e.from = from; e.to = to
        case let .addExercise(id, rest, last): e.type = "addExercise"; e.id = id; e.restSeconds = rest; e.lastTime = last
        case let .swapExercise(x, id, last): e.type = "swapExercise"; e.exercise = x; e.id = id; e.lastTime = last
        case let .removeExercise(x): e.type = "removeExercise"; e.exercise = x
        case let .moveExercise(from, to): e.type = "moveExercise"; e.from = from; e.to = to
        case .skipRest: e.type = "skipRest"
        case let .adjustRest(d): e.type = "adjustRest"; e.value = d
        case let .setDefaultRest(v): e.type = "setDefaultRest"; e.value = v
        case .tick: e.type = "tick"
        case .finish: e.type = "finish"
        }
        return e
    }

    static func scenario(_ name: String, defaultRest: Int = 90, plan: [Plan] = plan, _ script: [(Double, TrainingSession.Event)]) -> Scenario {
        var s = TrainingSession(id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, startedAt: t0, defaultRest: defaultRest,
                                exercises: plan.map { TrainingSession.planned($0.exerciseId, sets: $0.sets, restSeconds: $0.restSeconds, lastTime: $0.lastTime,
                                                                                     superset: $0.superset) })
        var steps: [Step] = []
        for (offset, event) in script {
            let now = t0.addingTimeInterval(offset)
            let effects = s.send(event, at: now)
            steps.append(Step(at: offset, event: json(event), effects: effects.map(\.rawValue), phase: s.phase.rawValue, counted: s.counted,
                              remaining: s.remainingSeconds(at: now), restLength: s.restLength, defaultRest: s.defaultRest,
                              current: s.current.map { [$0.exercise, $0.set] }, exercises: s.exercises.map(\.exerciseId),
                              supersets: s.exercises.map(\.superset), notes: s.exercises.map(\.notes),
                              sets: s.exercises.map { $0.sets.map { SetState(reps: $0.reps, seconds: $0.seconds, weightKg: $0.weightKg, done: $0.done,
                                                                             type: $0.type?.rawValue, rpe: $0.rpe, rir: $0.rir, distanceM: $0.distanceM) } }))
        }
        return Scenario(name: name, start: t0.timeIntervalSince1970, defaultRest: defaultRest, plan: plan, steps: steps)
    }

    static let allEvents: [TrainingSession.Event] = [
        .toggleSet(exercise: 0, set: 0), .toggleSet(exercise: 1, set: 1), .toggleSet(exercise: 7, set: 0), .countRep, .uncountRep, .logSet("squat"), .logSet("push-up"),
        .setValues(exercise: 0, set: 1, reps: 6, seconds: nil, weightKg: 82.5), .setValues(exercise: 1, set: 0, reps: nil, seconds: 90_000, weightKg: -1),
        .addSet(exercise: 0), .addSet(exercise: 4), .removeSet(exercise: 0, set: 2), .moveSet(exercise: 0, from: 0, to: 2),
        .moveSet(exercise: 0, from: 0, to: 9), .addExercise("lunge", restSeconds: 60, lastTime: [WorkoutSet(reps: 10)]),
        .swapExercise(0, to: "front-squat", lastTime: [WorkoutSet(reps: 8, weightKg: 50)]), .removeExercise(1), .removeExercise(3),
        .moveExercise(from: 1, to: 0), .skipRest, .adjustRest(15), .adjustRest(-15), .setDefaultRest(60), .setDefaultRest(-5), .tick, .finish,
        .setValues(exercise: 0, set: 0, reps: 1, seconds: nil, weightKg: nil, distanceM: 2_000_000), .markSet(exercise: 0, set: 0, type: .warmup, rpe: 8.3, rir: 2),
        .markSet(exercise: 0, set: 1, type: .drop, rpe: nil, rir: 14), .markSet(exercise: 9, set: 0, type: .failure, rpe: 9, rir: nil),
        .setNotes(exercise: 0, "Belt on"), .setNotes(exercise: 0, ""), .linkNext(exercise: 0), .linkNext(exercise: 1), .unlink(exercise: 0),
    ]

    static var scenarios: [Scenario] {
        var list = [
            scenario("a session with counted reps, rests and a finish", [
                (0, .countRep), (1, .countRep), (2, .countRep), (3, .toggleSet(exercise: 0, set: 0)), (50, .tick), (93, .tick), (94, .tick),
                (95, .skipRest), (96, .setValues(exercise: 0, set: 1, reps: 5, seconds: nil, weightKg: 82.5)), (97, .toggleSet(exercise: 0, set: 1)),
                (120, .adjustRest(-15)), (121, .adjustRest(-15)), (180, .tick), (181, .toggleSet(exercise: 1, set: 0)), (200, .adjustRest(15)),
                (260, .tick), (261, .finish), (262, .countRep)]),
            scenario("edits mid-session", [(0, .toggleSet(exercise: 0, set: 0)), (1, .addSet(exercise: 0)), (2, .moveSet(exercise: 0, from: 3, to: 1)),
                                           (3, .swapExercise(0, to: "front-squat", lastTime: [WorkoutSet(reps: 8, weightKg: 50)])),
                                           (4, .addExercise("burpee", restSeconds: nil, lastTime: [])), (5, .moveExercise(from: 2, to: 0)),
                                           (6, .removeSet(exercise: 1, set: 0)), (7, .removeExercise(2)), (8, .toggleSet(exercise: 0, set: 0)),
                                           (9, .toggleSet(exercise: 0, set: 0)), (100, .tick), (200, .tick)]),
            scenario("no rest by default", defaultRest: 0, [(0, .toggleSet(exercise: 0, set: 0)), (1, .tick), (2, .toggleSet(exercise: 1, set: 0)),
                                                            (3, .skipRest), (50, .tick)]),
            scenario("clock jumps", [(0, .toggleSet(exercise: 0, set: 0)), (-30, .tick), (-30, .adjustRest(-15)), (1000, .tick), (1001, .tick)]),
            // The simple timer as a session: no plan; the big number counts, the big button logs a set and rests.
            scenario("no plan: the big button logs sets", defaultRest: 60, plan: [], [
                (0, .countRep), (1, .countRep), (2, .countRep), (3, .uncountRep), (4, .logSet("push-up")), (5, .logSet("push-up")),
                (30, .skipRest), (31, .countRep), (32, .logSet("push-up")), (40, .skipRest), (41, .setDefaultRest(30)), (42, .countRep),
                (43, .logSet("squat")), (80, .tick), (81, .logSet("push-up")), (82, .uncountRep), (83, .finish)]),
            // A superset of two, then a plank: one set of each per round, the rest after the round's last.
            scenario("a superset rests after the round", plan: supersetPlan, [
                (0, .markSet(exercise: 0, set: 0, type: .warmup, rpe: nil, rir: nil)), (1, .toggleSet(exercise: 0, set: 0)),
                (20, .toggleSet(exercise: 1, set: 0)), (21, .skipRest), (22, .markSet(exercise: 0, set: 1, type: nil, rpe: 8.5, rir: nil)),
                (23, .toggleSet(exercise: 0, set: 1)), (40, .toggleSet(exercise: 1, set: 1)), (200, .tick), (201, .toggleSet(exercise: 0, set: 2)),
                (202, .toggleSet(exercise: 1, set: 2)), (203, .skipRest), (204, .unlink(exercise: 1)), (205, .linkNext(exercise: 1)),
                (206, .moveExercise(from: 2, to: 0)), (207, .setNotes(exercise: 0, "Elbows in")), (208, .finish)]),
        ]
        let prefixes: [(String, [(Double, TrainingSession.Event)])] = [
            ("training", []), ("counting", [(0, .countRep), (0, .countRep)]), ("rest", [(0, .toggleSet(exercise: 0, set: 0))]),
            ("rest at zero", [(0, .toggleSet(exercise: 0, set: 0)), (95, .tick)]), ("finished", [(0, .finish)]),
        ]
        for (name, prefix) in prefixes {
            for event in allEvents { list.append(scenario("\(name) + \(json(event).type) \(event)", prefix + [(100, event)])) }
        }
        return list
    }

    @Test func vectorsForTheBrowserAreUpToDate() throws {
        #expect(try BrowserVectors.isUpToDate(Self.scenarios, file: "training-session.json"),
                "web/tests/vectors/training-session.json was out of date and has been rewritten: commit it")
    }
}

/// Personal records: heaviest, Epley's estimate, most reps at a weight; ties are not records.
@Suite struct PersonalRecordsTests {
    let day = Date(timeIntervalSince1970: 1_800_000_000)

    func workout(_ daysAgo: Int, _ sets: [(Int, Double)], exercise: String = "squat") -> Workout {
        Workout(startedAt: day.addingTimeInterval(-Double(daysAgo) * 86_400), exercises: [
            WorkoutEntry(exerciseId: exercise, sets: sets.map { WorkoutSet(reps: $0.0, weightKg: $0.1) }),
        ])
    }

    @Test func epley() {
        #expect(PersonalRecords.epley(weightKg: 100, reps: 1) == 100)
        #expect(abs(PersonalRecords.epley(weightKg: 100, reps: 10) - 133.333) < 0.001)
        #expect(PersonalRecords.epley(weightKg: 100, reps: 0) == 0 && PersonalRecords.epley(weightKg: 0, reps: 5) == 0)
    }

    @Test func newRecordsBeatTheOldAndTiesDoNot() {
        let history = [workout(7, [(5, 80), (5, 80)]), workout(3, [(3, 85), (8, 70)])]
        // 85 kg again (a tie), 6 × 80 (more reps at 80, and a better estimate: 96 > 93.5 from 3 × 85), 8 × 70 again (a tie).
        let today = workout(0, [(3, 85), (6, 80), (8, 70)])
        let records = PersonalRecords.new(in: today, over: history)
        #expect(!records.contains { $0.kind == .heaviest }, "85 kg equals the heaviest")
        let estimate = try! #require(records.first { $0.kind == .estimatedOneRepMax })
        #expect(estimate.value == 96 && estimate.weightKg == 80 && estimate.reps == 6 && estimate.previous == 93.5)
        let reps = records.filter { $0.kind == .mostReps }
        #expect(reps.count == 1 && reps[0].weightKg == 80 && reps[0].value == 6 && reps[0].previous == 5)
    }

    @Test func aFirstTimeSetsEveryRecordOnceWithTheBestSet() {
        let records = PersonalRecords.new(in: workout(0, [(5, 60), (5, 70), (3, 75)], exercise: "deadlift"), over: [workout(1, [(5, 100)])])
        #expect(records.first { $0.kind == .heaviest }?.value == 75)
        #expect(records.filter { $0.kind == .heaviest }.count == 1)
        // 3 × 75 (82.5) beats 5 × 70 (81.7).
        let estimate = records.first { $0.kind == .estimatedOneRepMax }
        #expect(estimate?.weightKg == 75 && estimate?.reps == 3 && estimate?.value == 82.5 && estimate?.previous == nil)
        #expect(records.filter { $0.kind == .mostReps }.map(\.weightKg) == [60, 70, 75])
        // Sets without weight (bodyweight) or without reps set nothing.
        let bodyweight = Workout(startedAt: day, exercises: [WorkoutEntry(exerciseId: "push-up", sets: [WorkoutSet(reps: 20), WorkoutSet(seconds: 60)])])
        #expect(PersonalRecords.new(in: bodyweight, over: []).isEmpty)
    }

    @Test func weightsThroughPoundsAreTheSameWeight() {
        // 225 lb entered, stored as kg: the same as 102.058… kg logged before, so not heavier.
        let stored = WeightUnit.lb.stored(225)
        #expect(abs(stored - 102.0582) < 0.0001)
        let before = workout(2, [(1, 102.05828325)])
        #expect(PersonalRecords.new(in: workout(0, [(1, stored)]), over: [before]).filter { $0.kind == .heaviest }.isEmpty)
        #expect(abs(WeightUnit.lb.shown(100) - 220.462) < 0.001)
        #expect(WeightUnit.lb.plateRounded(223) == 225 && WeightUnit.kg.plateRounded(101.4) == 102.5 && WeightUnit.kg.plateRounded(101.2) == 100)
        #expect(WeightUnit.kg.shown(80) == 80 && WeightUnit.kg.stored(80) == 80)
    }

    @Test func weightsFromTheOtherUnitArePrefilledInPlates() {
        // 60 kg logged, now shown in pounds: 132.3 lb is no weight a bar carries; 130 lb is.
        #expect(abs(WeightUnit.lb.shown(WeightUnit.lb.prefilled(60)) - 130) < 1e-9)
        // Typed in pounds, kept to the gram: 135 lb and 137.5 lb (fractional plates) stay.
        for typed in [135.0, 137.5] {
            let kg = WeightUnit.lb.stored(typed)
            #expect(WeightUnit.lb.prefilled(kg) == kg)
        }
        // In kilograms: 61 and 61.25 kg were typed and stay; 135 lb (61.235 kg) goes to 60 kg.
        #expect(WeightUnit.kg.prefilled(61) == 61 && WeightUnit.kg.prefilled(61.25) == 61.25)
        #expect(WeightUnit.kg.prefilled(WeightUnit.lb.stored(135)) == 60)
        // A planned set is pre-filled that way; what was really lifted stays as `previous`.
        let planned = TrainingSession.planned("squat", sets: 2, restSeconds: nil, lastTime: [WorkoutSet(reps: 5, weightKg: 60)], unit: .lb)
        #expect(planned.sets.map { $0.weightKg.map { WeightUnit.lb.shown($0).rounded() } } == [130, 130])
        #expect(planned.sets[0].previous?.weightKg == 60 && planned.sets[1].previous == nil)
        #expect(TrainingSession.planned("squat", sets: 1, restSeconds: nil, lastTime: [WorkoutSet(reps: 5, weightKg: 60)]).sets[0].weightKg == 60)
    }

    @Test func theSummaryAddsVolumeSetsTimeAndComparesWithLastTime() {
        var today = workout(0, [(5, 80), (5, 85)])
        today.endedAt = today.startedAt.addingTimeInterval(2700)
        today.exercises.append(WorkoutEntry(exerciseId: "plank", sets: [WorkoutSet(seconds: 60)]))
        var last = workout(7, [(5, 80)])
        last.endedAt = last.startedAt.addingTimeInterval(1800)
        let summary = SessionSummary(today, history: [last], lastTime: last)
        #expect(summary.volumeKg == 825 && summary.sets == 3 && summary.durationSeconds == 2700)
        #expect(summary.previous?.volumeKg == 400 && summary.previous?.sets == 1 && summary.previous?.durationSeconds == 1800)
        #expect(summary.records.contains { $0.kind == .heaviest && $0.value == 85 && $0.previous == 80 })
    }
}

/// The training page's charts: points per day of an exercise, weeks with their gaps.
@Suite struct TrainingProgressTests {
    let calendar = PersonalCalendar(timeZone: TimeZone(identifier: "Asia/Seoul")!, weekStart: .monday)

    func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func pointsPerDayAndWeeksWithGaps() {
        let workouts = [
            // Monday 23:30 in Seoul is still Monday there, though Monday 14:30 UTC.
            Workout(startedAt: at("2026-11-30T14:30:00Z"), exercises: [WorkoutEntry(exerciseId: "squat", sets: [WorkoutSet(reps: 5, weightKg: 80),
                                                                                                                WorkoutSet(reps: 3, weightKg: 90)])]),
            Workout(startedAt: at("2026-11-30T23:00:00Z"), exercises: [WorkoutEntry(exerciseId: "squat", sets: [WorkoutSet(reps: 10, weightKg: 60)])]),
            Workout(startedAt: at("2026-11-16T01:00:00Z"), exercises: [WorkoutEntry(exerciseId: "push-up", sets: [WorkoutSet(reps: 20)])]),
        ]
        let points = TrainingProgress.points(workouts, exercise: "squat", calendar: calendar)
        #expect(points.map(\.day) == ["2026-11-30", "2026-12-01"])
        #expect(points[0].volumeKg == 670 && points[0].heaviestKg == 90 && points[0].estimatedOneRepMaxKg == 99 && points[0].sets == 2)
        #expect(points[1].estimatedOneRepMaxKg == 80 && points[1].volumeKg == 600)
        let weeks = TrainingProgress.weeks(workouts, count: 4, now: at("2026-12-02T03:00:00Z"), calendar: calendar)
        #expect(weeks.map(\.weekStart) == ["2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30"])
        #expect(weeks.map(\.sessions) == [0, 1, 0, 2] && weeks[3].volumeKg == 1270 && weeks[1].volumeKg == 0)
    }
}
