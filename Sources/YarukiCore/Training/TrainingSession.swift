import Foundation

/// A training session that logs itself: the exercises of a routine (or of the last workout, or
/// none), each with its sets pre-filled from last time; tapping a set done starts the rest with
/// the exercise's rest (or the session's default); the big number counts reps into the set in
/// hand; sets and exercises can be added, removed, reordered and swapped; finishing makes a
/// workout. Like `RepRestMachine` it is a value that takes an event and the instant it happened
/// and returns effects for the caller to perform; remaining rest is always `length − (now −
/// start)`, so a phone that slept shows the right number, and zero is reported once. The
/// browser's copy (`web/js/training/session.js`) replays the vectors the Swift tests write.
public struct TrainingSession: Equatable, Sendable, Codable {
    public enum Phase: String, Codable, Sendable {
        case training, rest, finished
    }

    /// One set as planned and as done. `previous` is last time's same set, shown beside it.
    public struct SessionSet: Equatable, Sendable, Codable {
        public var reps: Int?
        public var seconds: Int?
        public var weightKg: Double?
        public var done: Bool
        public var completedAt: Date?
        public var previous: WorkoutSet?
        public var type: SetType?
        public var rpe: Double?
        public var rir: Int?
        public var distanceM: Double?

        public init(reps: Int? = nil, seconds: Int? = nil, weightKg: Double? = nil, done: Bool = false, completedAt: Date? = nil,
                    previous: WorkoutSet? = nil, type: SetType? = nil, rpe: Double? = nil, rir: Int? = nil, distanceM: Double? = nil) {
            self.reps = reps
            self.seconds = seconds
            self.weightKg = weightKg
            self.done = done
            self.completedAt = completedAt
            self.previous = previous
            self.type = type
            self.rpe = rpe
            self.rir = rir
            self.distanceM = distanceM
        }
    }

    public struct SessionExercise: Equatable, Sendable, Codable {
        public var exerciseId: String
        /// Seconds of rest after each of its sets; nil: the session's default.
        public var restSeconds: Int?
        public var sets: [SessionSet]
        /// Exercises side by side with the same number are a superset (a circuit when more than
        /// two): done in rounds, one set of each, the rest after the round.
        public var superset: Int?
        public var notes: String?

        public init(exerciseId: String, restSeconds: Int? = nil, sets: [SessionSet], superset: Int? = nil, notes: String? = nil) {
            self.exerciseId = exerciseId
            self.restSeconds = restSeconds
            self.sets = sets
            self.superset = superset
            self.notes = notes
        }
    }

    public enum Event: Equatable, Sendable {
        /// Marks the set done with the values it holds (reps counted with `countRep` fill an
        /// empty reps field) and starts the rest; on a done set, takes it back.
        case toggleSet(exercise: Int, set: Int)
        /// The big number: one more rep into the set in hand.
        case countRep
        /// The big number, one rep back (a miscount).
        case uncountRep
        /// The big button with no set in hand (a session with no plan, or every planned set done):
        /// the simple timer inside a session. A done set of the reps counted, of the exercise
        /// given: after the last exercise when it is that one, else as a new exercise; its rest starts.
        case logSet(String)
        case setValues(exercise: Int, set: Int, reps: Int?, seconds: Int?, weightKg: Double?, distanceM: Double? = nil)
        /// What the set is for (warm-up, working, drop, failure) and how hard it was: RPE 6–10 in
        /// halves, or reps in reserve; one replaces the other.
        case markSet(exercise: Int, set: Int, type: SetType?, rpe: Double?, rir: Int?)
        case setNotes(exercise: Int, String)
        /// Joins the exercise and the next one in a superset (the next joins the exercise's, or both a new one).
        case linkNext(exercise: Int)
        /// The exercise leaves its superset; a superset left with one exercise is none.
        case unlink(exercise: Int)
        /// A set like the last one of the exercise (its values pre-filled).
        case addSet(exercise: Int)
        case removeSet(exercise: Int, set: Int)
        case moveSet(exercise: Int, from: Int, to: Int)
        case addExercise(String, restSeconds: Int?, lastTime: [WorkoutSet])
        /// Another exercise in the same place; its sets keep their count, with last time's values of the new one.
        case swapExercise(Int, to: String, lastTime: [WorkoutSet])
        case removeExercise(Int)
        case moveExercise(from: Int, to: Int)
        case skipRest
        /// ±15 s on the rest under way, never below the time already rested.
        case adjustRest(Int)
        case setDefaultRest(Int)
        /// The clock moved; reports the end of the rest once.
        case tick
        case finish
    }

    public enum Effect: String, Equatable, Sendable, Codable {
        case startTimer, stopTimer, playSound, vibrate, restFinished, saved
    }

    public static let adjustStep = 15
    public static let restRange = 0...3600
    public static let maxExercises = 50
    public static let maxSets = 100

    public var id: UUID
    public var startedAt: Date
    /// The routine it started from, when it did.
    public var routineId: UUID?
    public var title: String
    public private(set) var phase: Phase = .training
    public private(set) var defaultRest: Int
    public private(set) var exercises: [SessionExercise]
    /// Reps counted with the big number for the set in hand.
    public private(set) var counted = 0
    public private(set) var restStartedAt: Date?
    public private(set) var restLength = 0
    public private(set) var restFinished = false
    public private(set) var endedAt: Date?

    public init(id: UUID = UUID.timeOrdered(), startedAt: Date, title: String = "", routineId: UUID? = nil, defaultRest: Int = 90,
                exercises: [SessionExercise] = []) {
        self.id = id
        self.startedAt = startedAt
        self.title = title
        self.routineId = routineId
        self.defaultRest = min(max(defaultRest, Self.restRange.lowerBound), Self.restRange.upperBound)
        self.exercises = Array(exercises.prefix(Self.maxExercises))
    }

    /// A session's exercise from a plan and last time's sets: `planned` sets (at least one, or as
    /// many as last time when none are planned), each pre-filled with last time's same set.
    /// Weights are pre-filled as `unit` shows them, in plates when they came from the other unit;
    /// `previous` keeps what was really lifted.
    /// A warm-up last time is a warm-up again; the effort is the lifter's to say anew.
    public static func planned(_ exerciseId: String, sets planned: Int?, restSeconds: Int?, lastTime: [WorkoutSet],
                               unit: WeightUnit = .kg, superset: Int? = nil) -> SessionExercise {
        let count = min(max(planned ?? lastTime.count, 1), maxSets)
        return SessionExercise(exerciseId: exerciseId, restSeconds: restSeconds, sets: (0..<count).map { i in
            let previous = i < lastTime.count ? lastTime[i] : lastTime.last
            return SessionSet(reps: previous?.reps, seconds: previous?.seconds, weightKg: previous?.weightKg.map(unit.prefilled),
                              previous: i < lastTime.count ? lastTime[i] : nil, type: i < lastTime.count ? lastTime[i].type : nil,
                              distanceM: previous?.distanceM)
        }, superset: superset)
    }

    /// The exercises done together with `e`, in order: its superset, or itself alone.
    public func block(of e: Int) -> Range<Int> {
        guard let group = exercises[e].superset else { return e..<(e + 1) }
        var low = e, high = e + 1
        while low > 0, exercises[low - 1].superset == group { low -= 1 }
        while high < exercises.count, exercises[high].superset == group { high += 1 }
        return low..<high
    }

    /// The set in hand: the first not done, in exercise order; in a superset, round by round
    /// (the first set of each of its exercises, then the second of each).
    public var current: (exercise: Int, set: Int)? {
        var e = 0
        while e < exercises.count {
            let block = block(of: e)
            let rounds = exercises[block].map(\.sets.count).max() ?? 0
            for s in 0..<rounds {
                for x in block where s < exercises[x].sets.count && !exercises[x].sets[s].done { return (x, s) }
            }
            e = block.upperBound
        }
        return nil
    }

    /// Whether set `s` of every exercise in `e`'s superset is done: the round is over, and the rest begins.
    func roundDone(_ e: Int, _ s: Int) -> Bool {
        block(of: e).allSatisfy { x in s >= exercises[x].sets.count || exercises[x].sets[s].done }
    }

    public func remaining(at now: Date) -> TimeInterval {
        guard phase == .rest, let start = restStartedAt else { return 0 }
        return max(0, TimeInterval(restLength) - max(0, now.timeIntervalSince(start)))
    }

    public func remainingSeconds(at now: Date) -> Int { Int(remaining(at: now).rounded(.up)) }

    /// How far the rest has gone, 0…1, for the progress ring.
    public func restProgress(at now: Date) -> Double {
        guard phase == .rest, restLength > 0 else { return 0 }
        return min(1, max(0, 1 - remaining(at: now) / TimeInterval(restLength)))
    }

    @discardableResult
    public mutating func send(_ event: Event, at now: Date) -> [Effect] {
        guard phase != .finished else { return [] }
        switch event {
        case let .toggleSet(e, s):
            guard valid(e, s) else { return [] }
            if exercises[e].sets[s].done {
                exercises[e].sets[s].done = false
                exercises[e].sets[s].completedAt = nil
                return []
            }
            var set = exercises[e].sets[s]
            if counted > 0, current?.exercise == e, current?.set == s, set.seconds == nil { set.reps = counted }
            set.done = true
            set.completedAt = now
            exercises[e].sets[s] = set
            counted = 0
            guard roundDone(e, s) else { return [] }  // a superset goes on to its next exercise
            return startRest(exercises[e].restSeconds ?? defaultRest, at: now)
        case .countRep:
            counted += 1
            return []
        case .uncountRep:
            counted = max(0, counted - 1)
            return []
        case let .logSet(id):
            guard phase == .training, current == nil else { return [] }
            if exercises.last?.exerciseId != id {
                guard exercises.count < Self.maxExercises else { return [] }
                exercises.append(SessionExercise(exerciseId: id, sets: []))
            }
            let e = exercises.count - 1
            guard exercises[e].sets.count < Self.maxSets else { return [] }
            exercises[e].sets.append(SessionSet(reps: counted, done: true, completedAt: now))
            counted = 0
            return startRest(exercises[e].restSeconds ?? defaultRest, at: now)
        case let .setValues(e, s, reps, seconds, weight, distance):
            guard valid(e, s) else { return [] }
            exercises[e].sets[s].reps = reps.map { min(max($0, 0), 1000) }
            exercises[e].sets[s].seconds = seconds.map { min(max($0, 0), 86_400) }
            exercises[e].sets[s].weightKg = weight.map { min(max($0, 0), 1000) }
            exercises[e].sets[s].distanceM = distance.map { min(max($0, 0), WorkoutSet.maxDistanceM) }
            return []
        case let .markSet(e, s, type, rpe, rir):
            guard valid(e, s) else { return [] }
            exercises[e].sets[s].type = type
            exercises[e].sets[s].rpe = rpe.map { min(max(($0 * 2).rounded() / 2, WorkoutSet.rpeRange.lowerBound), WorkoutSet.rpeRange.upperBound) }
            exercises[e].sets[s].rir = rpe == nil ? rir.map { min(max($0, WorkoutSet.rirRange.lowerBound), WorkoutSet.rirRange.upperBound) } : nil
            return []
        case let .setNotes(e, text):
            guard exercises.indices.contains(e) else { return [] }
            exercises[e].notes = text.isEmpty ? nil : String(text.prefix(WorkoutEntry.maxNotes))
            return []
        case let .linkNext(e):
            guard exercises.indices.contains(e), e + 1 < exercises.count else { return [] }
            let group = exercises[e].superset ?? exercises[e + 1].superset ?? ((exercises.compactMap(\.superset).max() ?? 0) + 1)
            guard WorkoutEntry.supersetRange.contains(group) else { return [] }
            let joining = exercises[e + 1].superset
            for x in exercises.indices where x == e || x == e + 1 || (joining != nil && exercises[x].superset == joining) { exercises[x].superset = group }
            return []
        case let .unlink(e):
            guard exercises.indices.contains(e), exercises[e].superset != nil else { return [] }
            exercises[e].superset = nil
            tidySupersets()  // those after it form their own superset; one left alone is none
            return []
        case let .addSet(e):
            guard exercises.indices.contains(e), exercises[e].sets.count < Self.maxSets else { return [] }
            let last = exercises[e].sets.last
            exercises[e].sets.append(SessionSet(reps: last?.reps, seconds: last?.seconds, weightKg: last?.weightKg))
            return []
        case let .removeSet(e, s):
            guard valid(e, s), exercises[e].sets.count > 1 else { return [] }
            exercises[e].sets.remove(at: s)
            return []
        case let .moveSet(e, from, to):
            guard valid(e, from), exercises[e].sets.indices.contains(to) else { return [] }
            exercises[e].sets.insert(exercises[e].sets.remove(at: from), at: to)
            return []
        case let .addExercise(id, rest, lastTime):
            guard exercises.count < Self.maxExercises else { return [] }
            exercises.append(Self.planned(id, sets: nil, restSeconds: rest, lastTime: lastTime))
            return []
        case let .swapExercise(e, id, lastTime):
            guard exercises.indices.contains(e) else { return [] }
            let count = exercises[e].sets.count
            var swapped = Self.planned(id, sets: count, restSeconds: exercises[e].restSeconds, lastTime: lastTime)
            // Sets already done stay as they were done.
            for (i, set) in exercises[e].sets.enumerated() where set.done { swapped.sets[i] = set }
            exercises[e] = swapped
            return []
        case let .removeExercise(e):
            guard exercises.indices.contains(e) else { return [] }
            exercises.remove(at: e)
            tidySupersets()
            return []
        case let .moveExercise(from, to):
            guard exercises.indices.contains(from), exercises.indices.contains(to) else { return [] }
            var moved = exercises.remove(at: from)
            // A move takes an exercise out of its superset, unless it lands among its own again.
            let group = moved.superset
            let neighbours = [to - 1, to].filter { exercises.indices.contains($0) }.map { exercises[$0].superset }
            if group == nil || !neighbours.contains(group) { moved.superset = nil }
            exercises.insert(moved, at: to)
            tidySupersets()
            return []
        case .skipRest:
            guard phase == .rest else { return [] }
            endRest()
            return [.stopTimer]
        case let .adjustRest(delta):
            guard phase == .rest, let start = restStartedAt else { return [] }
            let rested = Int(max(0, now.timeIntervalSince(start)).rounded(.down))
            restLength = max(rested, min(restLength + delta, Self.restRange.upperBound))
            if remaining(at: now) > 0 { restFinished = false }
            return []
        case let .setDefaultRest(seconds):
            defaultRest = min(max(seconds, Self.restRange.lowerBound), Self.restRange.upperBound)
            return []
        case .tick:
            guard phase == .rest, !restFinished, remaining(at: now) <= 0 else { return [] }
            restFinished = true
            return [.playSound, .vibrate, .restFinished]
        case .finish:
            let wasResting = phase == .rest
            endRest()
            phase = .finished
            endedAt = max(now, startedAt)
            return (wasResting ? [.stopTimer] : []) + [.saved]
        }
    }

    private func valid(_ e: Int, _ s: Int) -> Bool { exercises.indices.contains(e) && exercises[e].sets.indices.contains(s) }

    /// Supersets stand together: a number held by one exercise alone is dropped, and a
    /// superset split in two by a move becomes two.
    private mutating func tidySupersets() {
        var seen: Set<Int> = []
        var e = 0
        while e < exercises.count {
            let block = block(of: e)
            if let group = exercises[e].superset {
                if block.count == 1 {
                    exercises[e].superset = nil
                } else if seen.contains(group) {
                    let fresh = (exercises.compactMap(\.superset).max() ?? 0) + 1
                    for x in block { exercises[x].superset = WorkoutEntry.supersetRange.contains(fresh) ? fresh : nil }
                    seen.insert(fresh)
                } else {
                    seen.insert(group)
                }
            }
            e = block.upperBound
        }
    }

    private mutating func startRest(_ seconds: Int, at now: Date) -> [Effect] {
        guard seconds > 0 else {
            endRest()
            return []
        }
        phase = .rest
        restStartedAt = now
        restLength = seconds
        restFinished = false
        return [.startTimer]
    }

    private mutating func endRest() {
        phase = .training
        restStartedAt = nil
        restLength = 0
        restFinished = false
    }

    /// The workout the session made: its done sets only, exercises without any left out.
    /// A superset keeps its number; the rest is said on the round's last exercise, none on the others.
    public var workout: Workout {
        let entries = exercises.enumerated().compactMap { e, exercise -> WorkoutEntry? in
            let last = block(of: e).upperBound - 1 == e
            let sets = exercise.sets.filter(\.done).map { set in
                WorkoutSet(reps: set.seconds == nil ? (set.reps ?? 0) : nil, seconds: set.seconds, weightKg: set.weightKg,
                           restSeconds: last ? exercise.restSeconds ?? defaultRest : 0, type: set.type, rpe: set.rpe, rir: set.rir,
                           distanceM: set.distanceM)
            }
            return sets.isEmpty ? nil : WorkoutEntry(exerciseId: exercise.exerciseId, sets: sets, notes: exercise.notes, superset: exercise.superset)
        }
        return Workout(id: id, startedAt: startedAt, endedAt: endedAt ?? startedAt, notes: title, exercises: entries)
    }
}

extension TrainingSession {
    public static let maxTitle = 100

    /// Checks a session a device sends (its whole state): the catalog knows every exercise, the
    /// counts and values are within bounds, and a rest is under way exactly when the phase says
    /// so. Each problem names its field (`exercises[1].sets[0].reps`); an exercise the catalog
    /// does not know is `missing` (404), the rest `invalid` (400).
    public static func check(_ s: TrainingSession, known: Set<String>) -> [FieldRuleError] {
        var errors = TextRule.check(s.title, field: "title", max: maxTitle, required: false)
        if !restRange.contains(s.defaultRest) { errors.append(.init(field: "defaultRest", message: "must be 0 to \(restRange.upperBound)")) }
        if s.exercises.count > maxExercises { errors.append(.init(field: "exercises", message: "has more than \(maxExercises) exercises")) }
        if !(0...10_000).contains(s.counted) { errors.append(.init(field: "counted", message: "must be 0 to 10000")) }
        if !restRange.contains(s.restLength) { errors.append(.init(field: "restLength", message: "must be 0 to \(restRange.upperBound)")) }
        // Fields each fine alone that must fit together (422).
        if (s.phase == .rest) != (s.restStartedAt != nil) { errors.append(.conflict("restStartedAt", "must be set during a rest only")) }
        if (s.phase == .finished) != (s.endedAt != nil) { errors.append(.conflict("endedAt", "must be set once finished only")) }
        for (e, exercise) in s.exercises.prefix(maxExercises).enumerated() {
            let at = "exercises[\(e)]"
            if !known.contains(exercise.exerciseId) {
                errors.append(.init(field: "\(at).exerciseId", message: "is not in the exercise catalog", kind: .missing))
            }
            if let rest = exercise.restSeconds, !restRange.contains(rest) {
                errors.append(.init(field: "\(at).restSeconds", message: "must be 0 to \(restRange.upperBound)"))
            }
            if exercise.sets.isEmpty || exercise.sets.count > maxSets {
                errors.append(.init(field: "\(at).sets", message: "must have 1 to \(maxSets) sets"))
            }
            if let notes = exercise.notes { errors += TextRule.check(notes, field: "\(at).notes", max: WorkoutEntry.maxNotes, required: false, paragraph: true) }
            if let group = exercise.superset, !WorkoutEntry.supersetRange.contains(group) {
                errors.append(.init(field: "\(at).superset", message: "must be 1 to \(WorkoutEntry.supersetRange.upperBound)"))
            }
            for (i, set) in exercise.sets.prefix(maxSets).enumerated() {
                errors += WorkoutSet.check(WorkoutSet(reps: set.reps, seconds: set.seconds, weightKg: set.weightKg, type: set.type, rpe: set.rpe,
                                                      rir: set.rir, distanceM: set.distanceM), field: "\(at).sets[\(i)]")
            }
        }
        return errors
    }
}
