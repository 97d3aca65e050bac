import Foundation

/// One local day's activity, as one source counted it or as the day shows it.
public struct HealthTotals: Sendable, Equatable, Codable {
    public var steps: Double
    public var distanceMeters: Double
    public var activeEnergyKcal: Double
    /// Minutes stood (AppleStandTime).
    public var standMinutes: Double
    /// Hours marked stood (AppleStandHour): what the Stand ring counts.
    public var standHours: Double
    public var exerciseMinutes: Double

    public init(steps: Double = 0, distanceMeters: Double = 0, activeEnergyKcal: Double = 0, standMinutes: Double = 0, standHours: Double = 0,
                exerciseMinutes: Double = 0) {
        self.steps = steps
        self.distanceMeters = distanceMeters
        self.activeEnergyKcal = activeEnergyKcal
        self.standMinutes = standMinutes
        self.standHours = standHours
        self.exerciseMinutes = exerciseMinutes
    }

    public static let zero = HealthTotals()

    public var isZero: Bool { self == .zero }

    public subscript(metric: HealthMetric) -> Double {
        get {
            switch metric {
            case .steps: steps
            case .distance: distanceMeters
            case .energy: activeEnergyKcal
            case .standMinutes: standMinutes
            case .standHours: standHours
            case .exercise: exerciseMinutes
            }
        }
        set {
            switch metric {
            case .steps: steps = newValue
            case .distance: distanceMeters = newValue
            case .energy: activeEnergyKcal = newValue
            case .standMinutes: standMinutes = newValue
            case .standHours: standHours = newValue
            case .exercise: exerciseMinutes = newValue
            }
        }
    }
}

/// The day figures Yaruki keeps.
public enum HealthMetric: Int, CaseIterable, Sendable {
    case steps, distance, energy, standMinutes, standHours, exercise
}

/// A person's daily goals: the three rings.
public struct HealthGoals: Sendable, Equatable, Codable {
    public var steps: Int
    public var activeEnergyKcal: Int
    public var standHours: Int

    public init(steps: Int, activeEnergyKcal: Int, standHours: Int) {
        self.steps = steps
        self.activeEnergyKcal = activeEnergyKcal
        self.standHours = standHours
    }

    /// Until a person sets their own: Apple's default Stand goal, a common step goal and a
    /// moderate Move goal.
    public static let standard = HealthGoals(steps: 8_000, activeEnergyKcal: 400, standHours: 12)
    public static let stepsRange = 100...100_000
    public static let energyRange = 10...5_000
    public static let standHoursRange = 1...24

    /// Each ring's share of its goal (1 = met; more when passed).
    public func progress(_ day: HealthTotals) -> (steps: Double, energy: Double, standHours: Double) {
        (day.steps.rounded() / Double(steps), day.activeEnergyKcal.rounded() / Double(activeEnergyKcal),
         day.standHours.rounded() / Double(standHours))
    }

    /// A day is met when all three rings are closed.
    public func met(_ day: HealthTotals) -> Bool {
        let p = progress(day)
        return p.steps >= 1 && p.energy >= 1 && p.standHours >= 1
    }

    /// The smallest figures that close each ring: each is rounded before it is compared with its
    /// goal (`progress`), so half below the goal is enough. What a store asks for when it picks
    /// the days met itself.
    public var lowestMet: (steps: Double, activeEnergyKcal: Double, standHours: Double) {
        (Double(steps) - 0.5, Double(activeEnergyKcal) - 0.5, Double(standHours) - 0.5)
    }

    /// Days met in a row, ending `today` — or yesterday while today is still under way and not
    /// met yet.
    public static func streak(today: Int, met: Set<Int>) -> Int {
        var day = met.contains(today) ? today : today - 1
        var count = 0
        while met.contains(day) {
            count += 1
            day -= 1
        }
        return count
    }
}
