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

    // MARK: progress photos

    public struct Photo: Sendable, Equatable {
        public var id: UUID
        public var day: String
        public var sha256: String
        public var width: Int
        public var height: Int

        public init(id: UUID, day: String, sha256: String, width: Int, height: Int) {
            self.id = id
            self.day = day
            self.sha256 = sha256
            self.width = width
            self.height = height
        }
    }

    public static func addPhoto(_ photo: Photo, user: UUID, size: Int, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO body_photos (id, user_id, day, sha256, width, height, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, photo.id, user, photo.day, photo.sha256, photo.width, photo.height, size, now)
    }

    /// The person's progress photos, newest day first (at most `limit`).
    public static func photos(user: UUID, limit: Int, _ c: SQLConnection) throws -> [Photo] {
        try c.query("""
            SELECT id, day, sha256, width, height FROM body_photos WHERE user_id = ? ORDER BY day DESC, created_at DESC LIMIT \(max(1, min(limit, 2000)))
            """, user).map(photo)
    }

    /// One of the person's photos; another's is nil.
    public static func photo(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Photo? {
        try c.queryOne("SELECT id, day, sha256, width, height FROM body_photos WHERE id = ? AND user_id = ?", id, user).map(photo)
    }

    public static func photoCount(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM body_photos WHERE user_id = ?", user)?.int("n") ?? 0
    }

    /// Removes one of the person's photos; its file's sha when it was there.
    public static func deletePhoto(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> String? {
        guard let found = try photo(id, user: user, c) else { return nil }
        try c.execute("DELETE FROM body_photos WHERE id = ? AND user_id = ?", id, user)
        return found.sha256
    }

    /// Removes every photo of the person's; their files' shas.
    public static func deleteAllPhotos(user: UUID, _ c: SQLConnection) throws -> [String] {
        let shas = try c.query("SELECT sha256 FROM body_photos WHERE user_id = ?", user).map { try $0.string("sha256") }
        try c.execute("DELETE FROM body_photos WHERE user_id = ?", user)
        return shas
    }

    private static func photo(_ row: Row) throws -> Photo {
        Photo(id: try row.uuid("id"), day: try row.string("day"), sha256: try row.string("sha256"), width: try row.int("width"),
              height: try row.int("height"))
    }
}
