import Foundation
import YarukiAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import YarukiCore

/// Daily activity: an app's day totals (what it read from HealthKit), ranges of days as they
/// show, goals, and Apple Health export imports with their progress.
extension YarukiClient {
    /// Sends one day's totals from this device (`report.date` names the day); the reply is the
    /// day as it now shows, every source counted once.
    @discardableResult
    public func reportHealthDay(_ report: HealthDayReport) async throws -> HealthDay {
        guard let date = report.date else { throw YarukiClientError.invalid("a day report needs its date") }
        return try await authorized(request("PUT", "/v1/health/days/\(date)", body: report))
    }

    /// Sends many days at once (a first sync, or a week the phone was offline), in batches of
    /// 1,000; returns how many were saved.
    @discardableResult
    public func reportHealthDays(_ reports: [HealthDayReport]) async throws -> Int {
        var saved = 0
        for start in stride(from: 0, to: reports.count, by: HealthDayBatch.maxDays) {
            let batch = HealthDayBatch(days: Array(reports[start..<min(start + HealthDayBatch.maxDays, reports.count)]))
            let receipt: HealthBatchReceipt = try await authorized(request("POST", "/v1/health/days", body: batch))
            saved += receipt.saved
        }
        return saved
    }

    /// Every day from `from` to `to` (YYYY-MM-DD, both included, a year at most), zeros where
    /// nothing was counted, with my goals and streak.
    public func healthDays(from: String, to: String) async throws -> HealthDays {
        try await authorized(request("GET", "/v1/health/days?from=\(from)&to=\(to)"))
    }

    public func healthGoals() async throws -> HealthGoals {
        try await authorized(request("GET", "/v1/me/health-goals"))
    }

    @discardableResult
    public func setHealthGoals(_ goals: HealthGoals) async throws -> HealthGoals {
        try await authorized(request("PUT", "/v1/me/health-goals", body: goals))
    }

    /// Uploads an Apple Health export (export.zip, or its XML) with upload progress; the import
    /// then runs on the server: follow it with `healthImport(_:)` or the event stream's
    /// `health-import` events.
    public func importAppleHealth(file: URL, progress: (@Sendable (Double) -> Void)? = nil) async throws -> HealthImport {
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "name", value: file.lastPathComponent)]
        var upload = try request("POST", "/v1/health/imports?" + (components.percentEncodedQuery ?? ""))
        upload.setValue(file.pathExtension.lowercased() == "xml" ? "application/xml" : "application/zip", forHTTPHeaderField: "Content-Type")
        return try await withAccessToken { token in
            let (data, status) = try await self.upload(with(upload, token), file: file, progress: progress)
            return try YarukiClient.decode(data, status: status)
        }
    }

    public func healthImport(_ id: UUID) async throws -> HealthImport {
        try await authorized(request("GET", "/v1/health/imports/\(id.lowercasedString)"))
    }
}

extension HealthDayReport {
    /// A day's report from the sums an iOS app gets from `HKStatisticsCollectionQuery` (one
    /// `.cumulativeSum` per metric, daily intervals anchored at local midnight): steps (count),
    /// distance (metres), active energy (kcal), stand time and exercise time (minutes), and the
    /// count of `.appleStandHour` samples marked stood. A metric the device does not have is nil.
    public init(day: String, source: String, steps: Double?, distanceMeters: Double?, activeEnergyKcal: Double?, standMinutes: Double?,
                standHours: Int?, exerciseMinutes: Double?) {
        self.init(date: day, source: source, steps: steps.map { Int($0.rounded()) }, distanceMeters: distanceMeters,
                  activeEnergyKcal: activeEnergyKcal, standMinutes: standMinutes.map { Int($0.rounded()) }, standHours: standHours,
                  exerciseMinutes: exerciseMinutes.map { Int($0.rounded()) })
    }
}
