import Foundation
import YarukiCore

/// One device's or app's totals for one local day: what an iOS app fills from its
/// `HKStatisticsCollectionQuery` (one per day and metric, `.cumulativeSum`). A metric left out
/// counts as 0. `PUT /v1/health/days/{date}` (the date may be left out there) and each item of
/// `POST /v1/health/days`.
public struct HealthDayReport: APIModel, RuledModel, Equatable {
    public static let rules: [String: FieldRule] = [
        "date": .day, "source": .line(max: 100),
        "steps": .integer(0...500_000), "distanceMeters": .number(0...1_000_000), "activeEnergyKcal": .number(0...50_000),
        "standMinutes": .integer(0...1440), "standHours": .integer(0...24), "exerciseMinutes": .integer(0...1440),
    ]

    public var date: String?
    /// The device or app that counted (e.g. "Taro's Apple Watch"): a later report from the same source replaces this one.
    public var source: String
    public var steps: Int?
    public var distanceMeters: Double?
    public var activeEnergyKcal: Double?
    public var standMinutes: Int?
    public var standHours: Int?
    public var exerciseMinutes: Int?

    public init(date: String?, source: String, steps: Int? = nil, distanceMeters: Double? = nil, activeEnergyKcal: Double? = nil,
                standMinutes: Int? = nil, standHours: Int? = nil, exerciseMinutes: Int? = nil) {
        self.date = date
        self.source = source
        self.steps = steps
        self.distanceMeters = distanceMeters
        self.activeEnergyKcal = activeEnergyKcal
        self.standMinutes = standMinutes
        self.standHours = standHours
        self.exerciseMinutes = exerciseMinutes
    }

    public var totals: HealthTotals {
        HealthTotals(steps: Double(steps ?? 0), distanceMeters: distanceMeters ?? 0, activeEnergyKcal: activeEnergyKcal ?? 0,
                     standMinutes: Double(standMinutes ?? 0), standHours: Double(standHours ?? 0), exerciseMinutes: Double(exerciseMinutes ?? 0))
    }

    public static let example = HealthDayReport(date: "2026-11-30", source: "Taro's Apple Watch", steps: 8_412, distanceMeters: 6_120.5,
                                                activeEnergyKcal: 431.2, standMinutes: 184, standHours: 11, exerciseMinutes: 34)
}

/// `POST /v1/health/days`: a backfill, every item with its date.
public struct HealthDayBatch: APIModel, RuledModel {
    public static let maxDays = 1000
    public static let rules: [String: FieldRule] = ["days": .list(1...maxDays)]

    public var days: [HealthDayReport]

    public init(days: [HealthDayReport]) { self.days = days }

    public static let example = HealthDayBatch(days: [HealthDayReport.example])
}

public struct HealthBatchReceipt: APIModel, Equatable {
    public var saved: Int

    public init(saved: Int) { self.saved = saved }

    public static let example = HealthBatchReceipt(saved: 90)
}

/// Each ring's share of its goal (1 is met).
public struct HealthProgress: APIModel, Equatable {
    public var steps: Double
    public var activeEnergyKcal: Double
    public var standHours: Double

    public init(steps: Double, activeEnergyKcal: Double, standHours: Double) {
        self.steps = steps
        self.activeEnergyKcal = activeEnergyKcal
        self.standHours = standHours
    }

    public static let example = HealthProgress(steps: 1.05, activeEnergyKcal: 1.08, standHours: 0.92)
}

/// A day as it shows: one figure per metric whatever the number of sources, 0 when none reported.
public struct HealthDay: APIModel, Equatable {
    public var date: String
    public var steps: Int
    public var distanceMeters: Double
    public var activeEnergyKcal: Double
    public var standMinutes: Int
    public var standHours: Int
    public var exerciseMinutes: Int
    /// The devices and apps that counted it.
    public var sources: [String]
    public var progress: HealthProgress
    /// All three goals reached.
    public var met: Bool

    public init(date: String, steps: Int, distanceMeters: Double, activeEnergyKcal: Double, standMinutes: Int, standHours: Int, exerciseMinutes: Int,
                sources: [String], progress: HealthProgress, met: Bool) {
        self.date = date
        self.steps = steps
        self.distanceMeters = distanceMeters
        self.activeEnergyKcal = activeEnergyKcal
        self.standMinutes = standMinutes
        self.standHours = standHours
        self.exerciseMinutes = exerciseMinutes
        self.sources = sources
        self.progress = progress
        self.met = met
    }

    public static let example = HealthDay(date: "2026-11-30", steps: 8_412, distanceMeters: 6_120.5, activeEnergyKcal: 431.2, standMinutes: 184,
                                          standHours: 11, exerciseMinutes: 34, sources: ["Taro's Apple Watch", "Taro's iPhone"],
                                          progress: .example, met: false)
}

/// `GET /v1/health/days`: every day of the range, the goals, and the days met in a row up to today.
public struct HealthDays: APIModel, Equatable {
    public var days: [HealthDay]
    public var goals: HealthGoals
    /// Days in a row with every goal met, ending today (or yesterday while today is not met yet).
    public var streak: Int
    /// Today in the person's time zone.
    public var today: String
    /// The first day anything was counted, whatever the range; absent while nothing ever was.
    public var firstDate: String?

    public init(days: [HealthDay], goals: HealthGoals, streak: Int, today: String, firstDate: String?) {
        self.days = days
        self.goals = goals
        self.streak = streak
        self.today = today
        self.firstDate = firstDate
    }

    public static let example = HealthDays(days: [.example], goals: .standard, streak: 4, today: "2026-11-30", firstDate: "2023-04-02")
}

extension HealthGoals: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = [
        "steps": .integer(stepsRange), "activeEnergyKcal": .integer(energyRange), "standHours": .integer(standHoursRange),
    ]
    public static let example = HealthGoals.standard
}

public enum HealthImportState: String, Codable, CaseIterable, Sendable, APIEnumeration {
    case running, done, failed
}

/// An Apple Health import: while it runs (also sent as `health-import` events on the person's
/// stream) and once it is over.
public struct HealthImport: APIModel, Equatable {
    public var id: UUID
    public var fileName: String
    public var state: HealthImportState
    /// How far the reader is through the uploaded file.
    public var bytesRead: Int
    public var bytesTotal: Int
    /// Records read (of every type).
    public var records: Int
    /// Days written (when done).
    public var days: Int
    public var firstDate: String?
    public var lastDate: String?
    /// Why it failed, or what it skipped.
    public var message: String?
    public var startedAt: Date
    public var finishedAt: Date?

    public init(id: UUID, fileName: String, state: HealthImportState, bytesRead: Int, bytesTotal: Int, records: Int, days: Int, firstDate: String?,
                lastDate: String?, message: String?, startedAt: Date, finishedAt: Date?) {
        self.id = id
        self.fileName = fileName
        self.state = state
        self.bytesRead = bytesRead
        self.bytesTotal = bytesTotal
        self.records = records
        self.days = days
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.message = message
        self.startedAt = startedAt
        self.finishedAt = finishedAt
    }

    public static let example = HealthImport(id: UUID(uuidString: "6A0C7A5E-3D7B-4F4B-9C55-0B8E8F3A4D21")!, fileName: "export.zip", state: .done,
                                             bytesRead: 48_211_004, bytesTotal: 48_211_004, records: 1_204_331, days: 1_461, firstDate: "2022-12-01",
                                             lastDate: "2026-11-30", message: nil, startedAt: Date(timeIntervalSince1970: 1_764_500_000),
                                             finishedAt: Date(timeIntervalSince1970: 1_764_500_012))
}
