import Foundation

/// Personal records from the workout log: per exercise the heaviest weight lifted, the best
/// estimated one-rep max (Epley: weight × (1 + reps / 30); a single is its own weight), and the
/// most reps done at each weight. A set sets a record only by beating it: equalling one is not a
/// new record. Weights compare to the gram, so a weight that went through pounds and back is
/// the same weight.
public enum PersonalRecords {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case heaviest, estimatedOneRepMax, mostReps
    }

    public struct Record: Equatable, Sendable, Codable {
        public var exerciseId: String
        public var kind: Kind
        /// kg for heaviest and the estimate; reps for mostReps.
        public var value: Double
        public var weightKg: Double
        public var reps: Int
        /// The record it beat; nil for a first.
        public var previous: Double?

        public init(exerciseId: String, kind: Kind, value: Double, weightKg: Double, reps: Int, previous: Double?) {
            self.exerciseId = exerciseId
            self.kind = kind
            self.value = value
            self.weightKg = weightKg
            self.reps = reps
            self.previous = previous
        }
    }

    /// The bests of one exercise.
    public struct Bests: Equatable, Sendable, Codable {
        public var heaviestKg: Double?
        public var estimatedOneRepMaxKg: Double?
        /// Most reps, by weight in grams.
        public var mostReps: [Int: Int] = [:]

        public init(heaviestKg: Double? = nil, estimatedOneRepMaxKg: Double? = nil, mostReps: [Int: Int] = [:]) {
            self.heaviestKg = heaviestKg
            self.estimatedOneRepMaxKg = estimatedOneRepMaxKg
            self.mostReps = mostReps
        }
    }

    public static func epley(weightKg: Double, reps: Int) -> Double {
        guard reps > 0, weightKg > 0 else { return 0 }
        return reps == 1 ? weightKg : weightKg * (1 + Double(reps) / 30)
    }

    static func grams(_ kg: Double) -> Int { Int((kg * 1000).rounded()) }

    /// The bests over `workouts`, by exercise. Sets without weight or reps count for nothing.
    public static func bests(_ workouts: [Workout]) -> [String: Bests] {
        var all: [String: Bests] = [:]
        for workout in workouts {
            for entry in workout.exercises {
                for set in entry.sets {
                    guard let reps = set.reps, reps > 0, let kg = set.weightKg, kg > 0 else { continue }
                    var best = all[entry.exerciseId] ?? Bests()
                    best.heaviestKg = max(best.heaviestKg ?? 0, kg)
                    best.estimatedOneRepMaxKg = max(best.estimatedOneRepMaxKg ?? 0, epley(weightKg: kg, reps: reps))
                    best.mostReps[grams(kg)] = max(best.mostReps[grams(kg)] ?? 0, reps)
                    all[entry.exerciseId] = best
                }
            }
        }
        return all
    }

    /// The records `workout` set over `history` (which should not hold it), each kind at most once
    /// per exercise (its best set) and each weight's reps once.
    public static func new(in workout: Workout, over history: [Workout]) -> [Record] {
        let before = bests(history.filter { $0.id != workout.id })
        var records: [Record] = []
        for entry in workout.exercises {
            let old = before[entry.exerciseId] ?? Bests()
            var best = old
            var heaviest: Record?, estimate: Record?
            var reps: [Int: Record] = [:]
            for set in entry.sets {
                guard let n = set.reps, n > 0, let kg = set.weightKg, kg > 0 else { continue }
                if grams(kg) > grams(best.heaviestKg ?? 0) {
                    heaviest = Record(exerciseId: entry.exerciseId, kind: .heaviest, value: kg, weightKg: kg, reps: n, previous: old.heaviestKg)
                    best.heaviestKg = kg
                }
                let e1rm = epley(weightKg: kg, reps: n)
                if grams(e1rm) > grams(best.estimatedOneRepMaxKg ?? 0) {
                    estimate = Record(exerciseId: entry.exerciseId, kind: .estimatedOneRepMax, value: (e1rm * 10).rounded() / 10, weightKg: kg,
                                      reps: n, previous: old.estimatedOneRepMaxKg.map { ($0 * 10).rounded() / 10 })
                    best.estimatedOneRepMaxKg = e1rm
                }
                if n > best.mostReps[grams(kg)] ?? 0 {
                    reps[grams(kg)] = Record(exerciseId: entry.exerciseId, kind: .mostReps, value: Double(n), weightKg: kg, reps: n,
                                             previous: old.mostReps[grams(kg)].map(Double.init))
                    best.mostReps[grams(kg)] = n
                }
            }
            records += [heaviest, estimate].compactMap { $0 } + reps.keys.sorted().compactMap { reps[$0] }
        }
        return records
    }
}

/// kg or lb per person: weights are stored in kg and shown in the person's unit, rounded to what
/// plates make (2.5 kg, 5 lb).
public enum WeightUnit: String, Codable, Sendable, CaseIterable {
    case kg, lb

    public static let poundKg = 0.45359237

    public func shown(_ kg: Double) -> Double {
        switch self {
        case .kg: kg
        case .lb: kg / Self.poundKg
        }
    }

    public func stored(_ value: Double) -> Double {
        switch self {
        case .kg: value
        case .lb: value * Self.poundKg
        }
    }

    public var plateStep: Double { self == .kg ? 2.5 : 5 }

    /// `value` (in this unit) to the nearest weight plates make.
    public func plateRounded(_ value: Double) -> Double { (value / plateStep).rounded() * plateStep }

    /// The finest step a person types in this unit (fractional plates): 0.25 kg, 0.5 lb.
    var typedStep: Double { self == .kg ? 0.25 : 0.5 }

    /// A weight to pre-fill a set with, in kg: one the person typed in this unit is kept as it
    /// is (61 kg stays 61 kg, 135 lb stays 135 lb); one that came from the other unit (60 kg for
    /// someone in pounds is 132.3 lb) goes to the nearest weight plates make (130 lb).
    public func prefilled(_ kg: Double) -> Double {
        let value = shown(kg)
        let typed = (value / typedStep).rounded() * typedStep
        return abs(value - typed) < 0.01 ? kg : stored(plateRounded(value))
    }
}

/// What a finished session shows: time, volume, sets, records, and how it compares with the last
/// time the same routine was done.
public struct SessionSummary: Equatable, Sendable, Codable {
    public var durationSeconds: Int
    /// Σ weight × reps over the sets with both, kg.
    public var volumeKg: Double
    public var sets: Int
    public var records: [PersonalRecords.Record]
    public var previous: Comparison?

    public struct Comparison: Equatable, Sendable, Codable {
        public var startedAt: Date
        public var volumeKg: Double
        public var sets: Int
        public var durationSeconds: Int

        public init(startedAt: Date, volumeKg: Double, sets: Int, durationSeconds: Int) {
            self.startedAt = startedAt
            self.volumeKg = volumeKg
            self.sets = sets
            self.durationSeconds = durationSeconds
        }
    }

    public init(_ workout: Workout, history: [Workout], lastTime: Workout?) {
        durationSeconds = Self.duration(workout)
        volumeKg = Self.volume(workout)
        sets = workout.exercises.reduce(0) { $0 + $1.sets.count }
        records = PersonalRecords.new(in: workout, over: history)
        previous = lastTime.map { Comparison(startedAt: $0.startedAt, volumeKg: Self.volume($0), sets: $0.exercises.reduce(0) { $0 + $1.sets.count },
                                             durationSeconds: Self.duration($0)) }
    }

    public static func volume(_ workout: Workout) -> Double {
        let total = workout.exercises.flatMap(\.sets).reduce(0.0) { sum, set in sum + (set.weightKg ?? 0) * Double(set.reps ?? 0) }
        return (total * 10).rounded() / 10
    }

    static func duration(_ workout: Workout) -> Int {
        max(0, Int((workout.endedAt ?? workout.startedAt).timeIntervalSince(workout.startedAt).rounded()))
    }
}
