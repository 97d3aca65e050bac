import Foundation

/// How sets count, by their exercise's kind (`ExerciseKind`): the load a set moved, its volume,
/// and the records it can set. A warm-up counts for nothing. The body's own weight comes from
/// the person's log (the latest weighing on or before the workout, else the first one after):
///
/// | kind | load | volume | records |
/// |---|---|---|---|
/// | weight × reps | the weight | load × reps | heaviest, estimated 1RM, most reps at a weight |
/// | body weight × reps | the body (and a weight when one is added) | load × reps | most reps (and as weighted, with a weight) |
/// | weighted body weight | body + weight | load × reps | heaviest added, estimated 1RM of it, most reps at a weight |
/// | assisted body weight | body − help (not below 0) | load × reps | most reps at a help |
/// | duration | — | — | longest |
/// | distance × duration | — | — | farthest, longest |
/// | weight × distance | — | — | heaviest, farthest |
public struct SetCounting: Sendable, Equatable {
    /// One weighing: the body's weight at an instant.
    public struct Weighing: Sendable, Equatable {
        public var at: Date
        public var kg: Double

        public init(at: Date, kg: Double) {
            self.at = at
            self.kg = kg
        }
    }

    /// Exercise ids to their kinds; an id not here counts as weight × reps.
    public var kinds: [String: ExerciseKind]
    /// The person's weighings, oldest first.
    public var weighings: [Weighing]

    public init(kinds: [String: ExerciseKind] = [:], weighings: [Weighing] = []) {
        self.kinds = kinds
        self.weighings = weighings.sorted { $0.at < $1.at }
    }

    public func kind(of exercise: String) -> ExerciseKind { kinds[exercise] ?? .weightReps }

    /// The body's weight at `instant`: the latest weighing on or before it, else the first after.
    public func bodyWeight(at instant: Date) -> Double? {
        guard let first = weighings.first else { return nil }
        var low = 0, high = weighings.count
        while low < high {
            let mid = (low + high) / 2
            if weighings[mid].at <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? first.kg : weighings[low - 1].kg
    }

    /// What a set of `kind` moved, in kg, for volume: nil for the kinds that count time or distance.
    public static func load(_ set: WorkoutSet, kind: ExerciseKind, bodyKg: Double?) -> Double? {
        let added = set.weightKg ?? 0
        switch kind {
        case .weightReps: return added
        case .bodyweightReps, .weightedBodyweight: return (bodyKg ?? 0) + added
        case .assistedBodyweight: return bodyKg.map { max(0, $0 - added) }
        case .duration, .distanceDuration, .weightDistance: return nil
        }
    }

    /// Σ load × reps over the workout's counted sets, kg to a tenth.
    public func volume(_ workout: Workout) -> Double {
        let body = bodyWeight(at: workout.startedAt)
        var total = 0.0
        for entry in workout.exercises {
            let kind = kind(of: entry.exerciseId)
            for set in entry.sets where set.counts {
                guard let load = Self.load(set, kind: kind, bodyKg: body), let reps = set.reps else { continue }
                total += load * Double(reps)
            }
        }
        return (total * 10).rounded() / 10
    }

    /// The sets that count (warm-ups left out).
    public static func counted(_ sets: [WorkoutSet]) -> Int { sets.reduce(0) { $0 + ($1.counts ? 1 : 0) } }

    /// What one set can claim for each record: the values it reached.
    struct Reach {
        var heaviestKg: Double?
        var estimateKg: Double?
        /// Most reps at a weight (grams; the help for an assisted exercise).
        var repsAt: (grams: Int, reps: Int)?
        var longestSeconds: Int?
        var farthestM: Double?
    }

    static func reach(_ set: WorkoutSet, kind: ExerciseKind) -> Reach {
        var reach = Reach()
        guard set.counts else { return reach }
        let kg = set.weightKg ?? 0, reps = set.reps ?? 0
        switch kind {
        case .weightReps, .weightedBodyweight, .bodyweightReps:
            if kind == .bodyweightReps, kg == 0, reps > 0 { reach.repsAt = (0, reps) }  // the body alone
            guard reps > 0, kg > 0 else { break }
            reach.heaviestKg = kg
            reach.estimateKg = PersonalRecords.epley(weightKg: kg, reps: reps)
            reach.repsAt = (PersonalRecords.grams(kg), reps)
        case .assistedBodyweight:
            if reps > 0 { reach.repsAt = (PersonalRecords.grams(kg), reps) }
        case .duration:
            if let s = set.seconds, s > 0 { reach.longestSeconds = s }
        case .distanceDuration:
            if let s = set.seconds, s > 0 { reach.longestSeconds = s }
            if let m = set.distanceM, m > 0 { reach.farthestM = m }
        case .weightDistance:
            if let m = set.distanceM, m > 0 {
                reach.farthestM = m
                if kg > 0 { reach.heaviestKg = kg }
            }
        }
        return reach
    }
}
