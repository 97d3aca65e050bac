import Foundation

/// Personal records from the workout log, per exercise by its kind (`SetCounting`): the
/// heaviest weight lifted, the best estimated one-rep max (Epley: weight × (1 + reps / 30); a
/// single is its own weight), the most reps done at each weight, the longest and the farthest.
/// Warm-ups set none. A set sets a record only by beating it: equalling one is not a new record.
/// Weights compare to the gram, so a weight that went through pounds and back is the same weight.
public enum PersonalRecords {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case heaviest, estimatedOneRepMax, mostReps, longest, farthest
    }

    public struct Record: Equatable, Sendable, Codable {
        public var exerciseId: String
        public var kind: Kind
        /// kg for heaviest and the estimate; reps for mostReps; seconds for longest; metres for farthest.
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
        public var longestSeconds: Int?
        public var farthestM: Double?

        public init(heaviestKg: Double? = nil, estimatedOneRepMaxKg: Double? = nil, mostReps: [Int: Int] = [:], longestSeconds: Int? = nil,
                    farthestM: Double? = nil) {
            self.heaviestKg = heaviestKg
            self.estimatedOneRepMaxKg = estimatedOneRepMaxKg
            self.mostReps = mostReps
            self.longestSeconds = longestSeconds
            self.farthestM = farthestM
        }

        /// Takes in what a set reached.
        mutating func take(_ r: SetCounting.Reach) {
            if let kg = r.heaviestKg { heaviestKg = max(heaviestKg ?? 0, kg) }
            if let e = r.estimateKg { estimatedOneRepMaxKg = max(estimatedOneRepMaxKg ?? 0, e) }
            if let (g, n) = r.repsAt { mostReps[g] = max(mostReps[g] ?? 0, n) }
            if let s = r.longestSeconds { longestSeconds = max(longestSeconds ?? 0, s) }
            if let m = r.farthestM { farthestM = max(farthestM ?? 0, m) }
        }
    }

    public static func epley(weightKg: Double, reps: Int) -> Double {
        guard reps > 0, weightKg > 0 else { return 0 }
        return reps == 1 ? weightKg : weightKg * (1 + Double(reps) / 30)
    }

    static func grams(_ kg: Double) -> Int { Int((kg * 1000).rounded()) }

    /// The bests over `workouts`, by exercise. Sets that reach nothing count for nothing.
    public static func bests(_ workouts: [Workout], counting: SetCounting = SetCounting()) -> [String: Bests] {
        var all: [String: Bests] = [:]
        for workout in workouts {
            for entry in workout.exercises {
                let kind = counting.kind(of: entry.exerciseId)
                for set in entry.sets {
                    let reach = SetCounting.reach(set, kind: kind)
                    guard reach.heaviestKg != nil || reach.repsAt != nil || reach.longestSeconds != nil || reach.farthestM != nil else { continue }
                    all[entry.exerciseId, default: Bests()].take(reach)
                }
            }
        }
        return all
    }

    /// The records `workout` set over `history` (which should not hold it), each kind at most once
    /// per exercise (its best set) and each weight's reps once.
    public static func new(in workout: Workout, over history: [Workout], counting: SetCounting = SetCounting()) -> [Record] {
        let before = bests(history.filter { $0.id != workout.id }, counting: counting)
        var records: [Record] = []
        for entry in workout.exercises {
            let id = entry.exerciseId, kind = counting.kind(of: id)
            let old = before[id] ?? Bests()
            var best = old
            var found: [Kind: Record] = [:]
            var reps: [Int: Record] = [:]
            for set in entry.sets {
                let r = SetCounting.reach(set, kind: kind)
                let kg = set.weightKg ?? 0, n = set.reps ?? 0
                if let heavy = r.heaviestKg, grams(heavy) > grams(best.heaviestKg ?? 0) {
                    found[.heaviest] = Record(exerciseId: id, kind: .heaviest, value: heavy, weightKg: kg, reps: n, previous: old.heaviestKg)
                }
                if let e1rm = r.estimateKg, grams(e1rm) > grams(best.estimatedOneRepMaxKg ?? 0) {
                    found[.estimatedOneRepMax] = Record(exerciseId: id, kind: .estimatedOneRepMax, value: (e1rm * 10).rounded() / 10, weightKg: kg,
                                                        reps: n, previous: old.estimatedOneRepMaxKg.map { ($0 * 10).rounded() / 10 })
                }
                if let (g, count) = r.repsAt, count > best.mostReps[g] ?? 0 {
                    reps[g] = Record(exerciseId: id, kind: .mostReps, value: Double(count), weightKg: kg, reps: count,
                                     previous: old.mostReps[g].map(Double.init))
                }
                if let s = r.longestSeconds, s > best.longestSeconds ?? 0 {
                    found[.longest] = Record(exerciseId: id, kind: .longest, value: Double(s), weightKg: kg, reps: n,
                                             previous: old.longestSeconds.map(Double.init))
                }
                if let m = r.farthestM, grams(m) > grams(best.farthestM ?? 0) {
                    found[.farthest] = Record(exerciseId: id, kind: .farthest, value: m, weightKg: kg, reps: n, previous: old.farthestM)
                }
                best.take(r)
            }
            records += [found[.heaviest], found[.estimatedOneRepMax]].compactMap { $0 }
            records += reps.keys.sorted().compactMap { reps[$0] }
            records += [found[.longest], found[.farthest]].compactMap { $0 }
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
    /// Σ load × reps over the counted sets, kg (`SetCounting.volume`).
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

    /// `sets` counts the working sets (warm-ups left out), as volume does.
    public init(_ workout: Workout, history: [Workout], lastTime: Workout?, counting: SetCounting = SetCounting()) {
        durationSeconds = Self.duration(workout)
        volumeKg = counting.volume(workout)
        sets = workout.exercises.reduce(0) { $0 + SetCounting.counted($1.sets) }
        records = PersonalRecords.new(in: workout, over: history, counting: counting)
        previous = lastTime.map { Comparison(startedAt: $0.startedAt, volumeKg: counting.volume($0),
                                             sets: $0.exercises.reduce(0) { $0 + SetCounting.counted($1.sets) }, durationSeconds: Self.duration($0)) }
    }

    static func duration(_ workout: Workout) -> Int {
        max(0, Int((workout.endedAt ?? workout.startedAt).timeIntervalSince(workout.startedAt).rounded()))
    }
}
