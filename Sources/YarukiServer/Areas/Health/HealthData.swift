import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// A person's health days, goals and imports, for their account's deletion and export.
struct HealthData: PersonalData {
    let health: HealthService
    var area: String { "health" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        let (days, imports) = try HealthStore.deleteAll(user: user, c)
        return Removed(counts: ["healthDays": days, "healthImports": imports])
    }

    func export(user: UUID, into folder: ExportFolder) async throws {
        let database = health.database
        let (rows, goals) = try await database.read { c in
            (try HealthStore.days(user: user, from: Int(Int32.min), to: Int(Int32.max), c), try HealthStore.goals(user: user, c) ?? .standard)
        }
        // Each source's own report, as it was sent, and the goals.
        let reports = rows.map { row in
            HealthDayReport(date: DayNumber.day(row.day), source: row.source, steps: Int(row.totals.steps.rounded()), distanceMeters: row.totals.distanceMeters,
                            activeEnergyKcal: row.totals.activeEnergyKcal, standMinutes: Int(row.totals.standMinutes.rounded()),
                            standHours: Int(row.totals.standHours.rounded()), exerciseMinutes: Int(row.totals.exerciseMinutes.rounded()))
        }
        try await folder.writeArray("days.json", of: HealthDayReport.self) { emit in for report in reports { try emit(report) } }
        try folder.write("goals.json", goals)
    }
}
