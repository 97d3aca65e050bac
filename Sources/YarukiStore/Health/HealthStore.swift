import Foundation
import YarukiCore

/// Health days, goals and imports. Every query names the user.
public enum HealthStore {
    /// One source's totals for one day.
    public struct SourceDay: Sendable, Equatable {
        public var day: Int
        public var source: String
        public var totals: HealthTotals
        /// The devices behind the figures (an import's watch and phone; a report's own source).
        public var devices: [String]

        public init(day: Int, source: String, totals: HealthTotals, devices: [String]) {
            self.day = day
            self.source = source
            self.totals = totals
            self.devices = devices
        }
    }

    public struct Import: Sendable, Equatable {
        public var id: UUID
        public var fileName: String
        /// running, done or failed
        public var state: String
        public var bytesTotal: Int
        public var records: Int
        public var days: Int
        public var firstDay: Int?
        public var lastDay: Int?
        public var message: String?
        public var createdAt: Date
        public var finishedAt: Date?
    }

    /// A day's sources merged, as the pages show the day: each metric's largest among them, and
    /// the devices of all of them in the order of their sources, each once. Each source's figure
    /// is its own whole day, and a phone and a watch worn together count the same steps, so the
    /// day takes the largest figure per metric rather than their sum (an import has already
    /// merged its overlapping samples minute by minute; see `HealthSampleMerge`).
    public struct Day: Sendable, Equatable {
        public var day: Int
        public var totals: HealthTotals
        public var devices: [String]

        public init(day: Int, totals: HealthTotals, devices: [String]) {
            self.day = day
            self.totals = totals
            self.devices = devices
        }
    }

    /// Writes each source's day over what that source wrote of it before (the last write wins),
    /// then merges the days written into their totals: one statement for each run of
    /// consecutive days (an import's years are one). On PostgreSQL a person's writes take turns
    /// (a lock of the transaction's, on the person): two sources of one day written at once would
    /// each merge without the other's uncommitted row, and the later merge would write its own
    /// figures over the day. SQLite has one writer.
    public static func put(user: UUID, _ days: [SourceDay], at now: Date, _ c: SQLConnection) throws {
        guard !days.isEmpty else { return }
        // The lock goes out with the first write, in its round trip.
        if c.dialect == .postgres { try c.queryLater("SELECT pg_advisory_xact_lock(\(writeLock), hashtext(?))", user) }
        for d in days {
            let t = d.totals
            try c.execute("""
                INSERT INTO health_days (user_id, day, source, steps, distance_m, energy_kcal, stand_minutes, stand_hours, exercise_minutes, devices, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id, day, source) DO UPDATE SET steps = excluded.steps, distance_m = excluded.distance_m,
                    energy_kcal = excluded.energy_kcal, stand_minutes = excluded.stand_minutes, stand_hours = excluded.stand_hours,
                    exercise_minutes = excluded.exercise_minutes, devices = excluded.devices, updated_at = excluded.updated_at
                """, user, d.day, d.source, t.steps, t.distanceMeters, t.activeEnergyKcal, t.standMinutes, t.standHours, t.exerciseMinutes,
                          d.devices.joined(separator: "\n"), now)
        }
        let merge = mergeStatement(c.dialect, "d.user_id = ? AND d.day >= ? AND d.day <= ?")
        for run in runs(Set(days.map(\.day)).sorted()) { try c.execute(merge, user, run.lowerBound, run.upperBound) }
    }

    /// The class of `put`'s locks (two 32-bit keys: the class and the person's hash; a space of
    /// its own beside the one-key locks).
    private static let writeLock: Int32 = 0x6865_616C // "heal"

    /// Sorted days as runs of consecutive ones.
    static func runs(_ sorted: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for day in sorted {
            if let last = runs.last, last.upperBound + 1 == day { runs[runs.count - 1] = last.lowerBound...day } else { runs.append(day...day) }
        }
        return runs
    }

    /// Merges the sources of the days `condition` picks (of `health_days d`) into `health_totals`,
    /// the devices in their sources' order.
    static func mergeStatement(_ dialect: SQLDialect, _ condition: String) -> String {
        let devices = SQLFragment.lines(dialect, of: "s.devices", from: "health_days s WHERE s.user_id = d.user_id AND s.day = d.day",
                                        orderedBy: "s.source")
        return """
            INSERT INTO health_totals (user_id, day, steps, distance_m, energy_kcal, stand_minutes, stand_hours, exercise_minutes, devices)
            SELECT d.user_id, d.day, MAX(d.steps), MAX(d.distance_m), MAX(d.energy_kcal), MAX(d.stand_minutes), MAX(d.stand_hours),
                   MAX(d.exercise_minutes), \(devices)
            FROM health_days d WHERE \(condition) GROUP BY d.user_id, d.day
            ON CONFLICT (user_id, day) DO UPDATE SET steps = excluded.steps, distance_m = excluded.distance_m, energy_kcal = excluded.energy_kcal,
                stand_minutes = excluded.stand_minutes, stand_hours = excluded.stand_hours, exercise_minutes = excluded.exercise_minutes,
                devices = excluded.devices
            """
    }

    /// Each day from `from` to `to` that has figures, its sources merged, in day order.
    public static func totalsLater(user: UUID, from: Int, to: Int, _ c: SQLConnection) throws -> Later<[Day]> {
        try c.queryLater("""
            SELECT day, steps, distance_m, energy_kcal, stand_minutes, stand_hours, exercise_minutes, devices
            FROM health_totals WHERE user_id = ? AND day >= ? AND day <= ? ORDER BY day
            """, user, from, to).map { rows in
            // A person's days name the same few devices day after day: each text is split once.
            var known: [(text: [UInt8], names: [String])] = []
            return try rows.map { r in
                let devices: [String]
                if let seen = try known.first(where: { try r.text("devices", equals: $0.text) }) {
                    devices = seen.names
                } else {
                    var names: [String] = []
                    for name in try r.lines("devices") where !names.contains(name) { names.append(name) }
                    devices = names
                    if known.count < 8 { known.append((try r.bytes("devices"), devices)) }
                }
                return Day(day: try r.int("day"), totals: try figures(r), devices: devices)
            }
        }
    }

    /// `totalsLater`, answered now.
    public static func totals(user: UUID, from: Int, to: Int, _ c: SQLConnection) throws -> [Day] {
        try totalsLater(user: user, from: from, to: to, c).value()
    }

    /// Every source's days from `from` to `to`, both included, in day order (what a person's
    /// export holds; the pages read `totals`).
    public static func days(user: UUID, from: Int, to: Int, _ c: SQLConnection) throws -> [SourceDay] {
        try c.query("""
            SELECT day, source, steps, distance_m, energy_kcal, stand_minutes, stand_hours, exercise_minutes, devices
            FROM health_days WHERE user_id = ? AND day >= ? AND day <= ? ORDER BY day, source
            """, user, from, to).map { r in
            SourceDay(day: try r.int("day"), source: try r.string("source"), totals: try figures(r), devices: try r.lines("devices"))
        }
    }

    /// A row's six figures (of `health_days` or `health_totals`, which name them alike).
    private static func figures(_ r: Row) throws -> HealthTotals {
        HealthTotals(steps: try r.double("steps"), distanceMeters: try r.double("distance_m"), activeEnergyKcal: try r.double("energy_kcal"),
                     standMinutes: try r.double("stand_minutes"), standHours: try r.double("stand_hours"),
                     exerciseMinutes: try r.double("exercise_minutes"))
    }

    /// The days in [from, to] on which all three of `goals` were met: each metric's largest figure
    /// among the day's sources (its totals) at `HealthGoals.lowestMet` or more. Only the days'
    /// numbers come back, so a streak of years is counted without reading its rows.
    public static func metDays(user: UUID, from: Int, to: Int, goals: HealthGoals, _ c: SQLConnection) throws -> Set<Int> {
        let lowest = goals.lowestMet
        return Set(try c.query("""
            SELECT day FROM health_totals WHERE user_id = ? AND day >= ? AND day <= ?
            AND steps >= ? AND energy_kcal >= ? AND stand_hours >= ?
            """, user, from, to, lowest.steps, lowest.activeEnergyKcal, lowest.standHours).map { try $0.int("day") })
    }

    /// The person's first and last day with data.
    public static func span(user: UUID, _ c: SQLConnection) throws -> (first: Int, last: Int)? {
        try spanLater(user: user, c).value()
    }

    /// `span`, answered later. Each end is its own subquery: SQLite finds one MIN or MAX at an end
    /// of the index, but with both in one SELECT it read every day of the person's history (a
    /// health month of someone with ten years imported took 1.9 ms for this alone; now 8 µs).
    public static func spanLater(user: UUID, _ c: SQLConnection) throws -> Later<(first: Int, last: Int)?> {
        try c.queryLater("""
            SELECT (SELECT MIN(day) FROM health_totals WHERE user_id = ?) AS first, (SELECT MAX(day) FROM health_totals WHERE user_id = ?) AS last
            """, user, user).map { rows in
            guard let row = rows.first, let first = try row.optionalInt("first"), let last = try row.optionalInt("last") else { return nil }
            return (first, last)
        }
    }

    public static func goals(user: UUID, _ c: SQLConnection) throws -> HealthGoals? {
        try goalsLater(user: user, c).value()
    }

    /// `goals`, answered later.
    public static func goalsLater(user: UUID, _ c: SQLConnection) throws -> Later<HealthGoals?> {
        try c.queryLater("SELECT steps, energy_kcal, stand_hours FROM health_goals WHERE user_id = ?", user).map { rows in
            try rows.first.map { HealthGoals(steps: try $0.int("steps"), activeEnergyKcal: try $0.int("energy_kcal"), standHours: try $0.int("stand_hours")) }
        }
    }

    public static func setGoals(user: UUID, _ g: HealthGoals, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO health_goals (user_id, steps, energy_kcal, stand_hours, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET steps = excluded.steps, energy_kcal = excluded.energy_kcal,
                stand_hours = excluded.stand_hours, updated_at = excluded.updated_at
            """, user, g.steps, g.activeEnergyKcal, g.standHours, now)
    }

    // MARK: imports

    public static func startImport(_ id: UUID, user: UUID, fileName: String, bytes: Int, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO health_imports (id, user_id, file_name, state, bytes_total, records, days, created_at) VALUES (?, ?, ?, 'running', ?, 0, 0, ?)
            """, id, user, fileName, bytes, now)
    }

    public static func finishImport(_ id: UUID, user: UUID, state: String, records: Int, days: Int, first: Int?, last: Int?, message: String?,
                                    at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            UPDATE health_imports SET state = ?, records = ?, days = ?, first_day = ?, last_day = ?, message = ?, finished_at = ?
            WHERE id = ? AND user_id = ?
            """, state, records, days, first, last, message, now, id, user)
    }

    /// Imports still marked running that began before this server started were cut off by a
    /// stop: they failed.
    public static func abandonImports(startedBefore start: Date, message: String, at now: Date, _ c: SQLConnection) throws -> Int {
        try c.execute("UPDATE health_imports SET state = 'failed', message = ?, finished_at = ? WHERE state = 'running' AND created_at < ?",
                      message, now, start)
    }

    public static func importRow(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Import? {
        try c.queryOne("SELECT \(importColumns) FROM health_imports WHERE id = ? AND user_id = ?", id, user).map(importRow)
    }

    public static func imports(user: UUID, limit: Int, _ c: SQLConnection) throws -> [Import] {
        try c.query("SELECT \(importColumns) FROM health_imports WHERE user_id = ? ORDER BY created_at DESC, id LIMIT ?", user, limit).map(importRow)
    }

    private static let importColumns = "id, file_name, state, bytes_total, records, days, first_day, last_day, message, created_at, finished_at"

    private static func importRow(_ r: Row) throws -> Import {
        Import(id: try r.uuid("id"), fileName: try r.string("file_name"), state: try r.string("state"), bytesTotal: try r.int("bytes_total"),
               records: try r.int("records"), days: try r.int("days"), firstDay: try r.optionalInt("first_day"), lastDay: try r.optionalInt("last_day"),
               message: try r.optionalString("message"), createdAt: try r.date("created_at"), finishedAt: try r.optionalDate("finished_at"))
    }

    /// Deletes the person's days, goals and imports; how many days there were.
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> (days: Int, imports: Int) {
        let days = try c.execute("DELETE FROM health_days WHERE user_id = ?", user)
        _ = try c.execute("DELETE FROM health_totals WHERE user_id = ?", user)
        _ = try c.execute("DELETE FROM health_goals WHERE user_id = ?", user)
        let imports = try c.execute("DELETE FROM health_imports WHERE user_id = ?", user)
        return (days, imports)
    }
}
