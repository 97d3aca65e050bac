import Foundation

/// What the training page charts: per exercise, each day's best estimated 1RM, heaviest set and
/// volume, with the records table; per week, the volume and the number of sessions. Days and
/// weeks are the person's (their zone and week start).
public enum TrainingProgress {
    public struct Point: Equatable, Sendable, Codable {
        public var day: String
        public var estimatedOneRepMaxKg: Double?
        public var heaviestKg: Double?
        public var volumeKg: Double
        public var sets: Int

        public init(day: String, estimatedOneRepMaxKg: Double?, heaviestKg: Double?, volumeKg: Double, sets: Int) {
            self.day = day
            self.estimatedOneRepMaxKg = estimatedOneRepMaxKg
            self.heaviestKg = heaviestKg
            self.volumeKg = volumeKg
            self.sets = sets
        }
    }

    public struct Week: Equatable, Sendable, Codable {
        public var weekStart: String
        public var volumeKg: Double
        public var sessions: Int

        public init(weekStart: String, volumeKg: Double, sessions: Int) {
            self.weekStart = weekStart
            self.volumeKg = volumeKg
            self.sessions = sessions
        }
    }

    static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// One point per day the exercise was done, oldest first.
    /// Warm-ups are left out, and the kind decides what a set adds (`SetCounting`).
    public static func points(_ workouts: [Workout], exercise: String, calendar: PersonalCalendar,
                              counting: SetCounting = SetCounting()) -> [Point] {
        var byDay: [String: Point] = [:]
        let kind = counting.kind(of: exercise)
        for workout in workouts {
            let sets = workout.exercises.filter { $0.exerciseId == exercise }.flatMap(\.sets).filter(\.counts)
            guard !sets.isEmpty else { continue }
            let day = calendar.day(of: workout.startedAt)
            let body = counting.bodyWeight(at: workout.startedAt)
            var point = byDay[day] ?? Point(day: day, estimatedOneRepMaxKg: nil, heaviestKg: nil, volumeKg: 0, sets: 0)
            for set in sets {
                point.sets += 1
                if let load = SetCounting.load(set, kind: kind, bodyKg: body), let reps = set.reps {
                    point.volumeKg = tenths(point.volumeKg + load * Double(reps))
                }
                let reach = SetCounting.reach(set, kind: kind)
                if let kg = reach.heaviestKg { point.heaviestKg = max(point.heaviestKg ?? 0, kg) }
                if let e = reach.estimateKg { point.estimatedOneRepMaxKg = max(point.estimatedOneRepMaxKg ?? 0, tenths(e)) }
            }
            byDay[day] = point
        }
        return byDay.values.sorted { $0.day < $1.day }
    }

    /// The last `count` weeks up to the one holding `now`, oldest first, each with its volume
    /// and sessions (empty weeks included, so a chart shows the gaps).
    public static func weeks(_ workouts: [Workout], count: Int, now: Date, calendar: PersonalCalendar,
                             counting: SetCounting = SetCounting()) -> [Week] {
        var weeks: [String] = [calendar.week(of: now)]
        while weeks.count < count, let before = calendar.week(before: weeks[0]) { weeks.insert(before, at: 0) }
        var totals = Dictionary(uniqueKeysWithValues: weeks.map { ($0, Week(weekStart: $0, volumeKg: 0, sessions: 0)) })
        for workout in workouts {
            let week = calendar.week(of: workout.startedAt)
            guard var total = totals[week] else { continue }
            total.sessions += 1
            total.volumeKg = tenths(total.volumeKg + counting.volume(workout))
            totals[week] = total
        }
        return weeks.compactMap { totals[$0] }
    }
}
