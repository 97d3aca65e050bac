import Foundation
import YarukiCore

/// A person's body measures, one row per day and measure.
public enum BodyStore {
    /// Writes the day's changes: a value sets its measure, nil removes it.
    public static func write(user: UUID, day: String, _ changes: [String: Double?], at now: Date, _ c: SQLConnection) throws {
        for (measure, value) in changes.sorted(by: { $0.key < $1.key }) {
            if let value {
                try c.execute("""
                    INSERT INTO body_measures (user_id, day, measure, value, updated_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (user_id, day, measure) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                    """, user, day, measure, value, now)
            } else {
                try c.execute("DELETE FROM body_measures WHERE user_id = ? AND day = ? AND measure = ?", user, day, measure)
            }
        }
    }

    /// Removes the day's measures; how many there were.
    @discardableResult
    public static func delete(user: UUID, day: String, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM body_measures WHERE user_id = ? AND day = ?", user, day)
    }

    /// Up to `limit` days with a measure, newest first, before `before` when given.
    public static func days(user: UUID, before: String?, limit: Int, _ c: SQLConnection) throws -> [BodyDay] {
        // The days first, so a page never ends in the middle of one.
        let dayRows = try c.query("""
            SELECT DISTINCT day FROM body_measures WHERE user_id = ? AND day < ? ORDER BY day DESC LIMIT \(max(1, min(limit, 1000)))
            """, user, before ?? "9999-12-31")
        let days = try dayRows.map { try $0.string("day") }
        guard let oldest = days.last, let newest = days.first else { return [] }
        var measures: [String: [String: Double]] = [:]
        for row in try c.query("SELECT day, measure, value FROM body_measures WHERE user_id = ? AND day >= ? AND day <= ?", user, oldest, newest) {
            measures[try row.string("day"), default: [:]][try row.string("measure")] = try row.double("value")
        }
        return days.map { BodyDay(day: $0, measures: measures[$0] ?? [:]) }
    }

    public static func day(user: UUID, _ day: String, _ c: SQLConnection) throws -> BodyDay? {
        var measures: [String: Double] = [:]
        for row in try c.query("SELECT measure, value FROM body_measures WHERE user_id = ? AND day = ?", user, day) {
            measures[try row.string("measure")] = try row.double("value")
        }
        return measures.isEmpty ? nil : BodyDay(day: day, measures: measures)
    }

    /// Every weighing, oldest first: (day, kg).
    public static func weights(user: UUID, _ c: SQLConnection) throws -> [(day: String, kg: Double)] {
        try c.query("SELECT day, value FROM body_measures WHERE user_id = ? AND measure = 'weight' ORDER BY day", user).map {
            (try $0.string("day"), try $0.double("value"))
        }
    }

    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM body_measures WHERE user_id = ?", user)
    }
}
