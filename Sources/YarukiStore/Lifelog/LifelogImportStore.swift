import Foundation
import YarukiCore

/// Imports of location history, the check-ins each added, and the track (recorded paths and
/// fixes). Only the owner's rows are read by id.
public enum LifelogImportStore {
    public struct Row: Sendable {
        public var id: UUID
        public var fileName: String
        public var format: String?
        public var state: String
        public var bytesTotal: Int
        public var preview: String?
        public var addedVisits: Int
        public var addedPoints: Int
        public var message: String?
        public var createdAt: Date
        public var finishedAt: Date?
    }

    /// A point of the track as stored: its instant, offset, place, and whether it is on a recorded path.
    public struct TrackPoint: Sendable, Equatable {
        public var at: Date
        public var utcOffset: Int
        public var position: GeoPoint
        public var altitude: Double?
        public var accuracy: Double?
        public var path: Bool

        public init(at: Date, utcOffset: Int, position: GeoPoint, altitude: Double?, accuracy: Double?, path: Bool) {
            self.at = at
            self.utcOffset = utcOffset
            self.position = position
            self.altitude = altitude
            self.accuracy = accuracy
            self.path = path
        }
    }

    private static let columns = "id, file_name, format, state, bytes_total, preview, added_visits, added_points, message, created_at, finished_at"

    private static func row(_ r: YarukiStore.Row) throws -> Row {
        Row(id: try r.uuid("id"), fileName: try r.string("file_name"), format: try r.optionalString("format"), state: try r.string("state"),
            bytesTotal: try r.int("bytes_total"), preview: try r.optionalString("preview"), addedVisits: try r.int("added_visits"),
            addedPoints: try r.int("added_points"), message: try r.optionalString("message"), createdAt: try r.date("created_at"),
            finishedAt: try r.optionalDate("finished_at"))
    }

    public static func start(_ id: UUID, user: UUID, fileName: String, bytes: Int, at now: Date, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO lifelog_imports (id, user_id, file_name, state, bytes_total, created_at) VALUES (?, ?, ?, 'reading', ?, ?)",
                      id, user, fileName, bytes, now)
    }

    public static func find(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Row? {
        try c.queryOne("SELECT \(columns) FROM lifelog_imports WHERE id = ? AND user_id = ?", id, user).map(row)
    }

    public static func imports(user: UUID, limit: Int, _ c: SQLConnection) throws -> [Row] {
        try c.query("SELECT \(columns) FROM lifelog_imports WHERE user_id = ? ORDER BY created_at DESC, id LIMIT ?", user, limit).map(row)
    }

    /// Moves an import from one state to the next; false when it was not in `from` (another look got there first).
    public static func move(_ id: UUID, user: UUID, from: [String], to state: String, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE lifelog_imports SET state = ? WHERE id = ? AND user_id = ? AND state IN (\(SQLFragment.marks(from.count)))",
                      [state.sqlValue, id.sqlValue, user.sqlValue] + from.map(\.sqlValue)) == 1
    }

    public static func delete(_ id: UUID, user: UUID, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM lifelog_imports WHERE id = ? AND user_id = ?", id, user)
    }

    public static func previewed(_ id: UUID, user: UUID, format: String, preview: String, _ c: SQLConnection) throws {
        try c.execute("UPDATE lifelog_imports SET state = 'ready', format = ?, preview = ? WHERE id = ? AND user_id = ? AND state = 'reading'",
                      format, preview, id, user)
    }

    public static func finish(_ id: UUID, user: UUID, state: String, message: String?, at now: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE lifelog_imports SET state = ?, message = ?, finished_at = ? WHERE id = ? AND user_id = ?", state, message, now, id, user)
    }

    public static func count(_ id: UUID, visits: Int, points: Int, _ c: SQLConnection) throws {
        try c.execute("UPDATE lifelog_imports SET added_visits = added_visits + ?, added_points = added_points + ? WHERE id = ?", visits, points, id)
    }

    /// Imports cut off by a stop (reading, importing or undoing since before `start`) failed.
    public static func abandon(before start: Date, message: String, at now: Date, _ c: SQLConnection) throws -> Int {
        try c.execute("""
            UPDATE lifelog_imports SET state = 'failed', message = ?, finished_at = ? WHERE state IN ('reading', 'importing', 'undoing') AND created_at < ?
            """, message, now, start)
    }

    /// Notes a check-in the import added.
    public static func added(record: UUID, by id: UUID, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO lifelog_import_records (import_id, record_id) VALUES (?, ?) ON CONFLICT DO NOTHING", id, record)
    }

    /// The check-ins an import added, a slice at a time.
    public static func records(of id: UUID, limit: Int, _ c: SQLConnection) throws -> [UUID] {
        try c.query("SELECT record_id FROM lifelog_import_records WHERE import_id = ? ORDER BY record_id LIMIT ?", id, limit).map { try $0.uuid("record_id") }
    }

    public static func forget(records: [UUID], of id: UUID, _ c: SQLConnection) throws {
        guard !records.isEmpty else { return }
        try c.execute("DELETE FROM lifelog_import_records WHERE import_id = ? AND record_id IN (\(SQLFragment.marks(records.count)))",
                      [id.sqlValue] + records.map(\.sqlValue))
    }

    /// Adds points to the person's track under the import; how many were new (an instant the track
    /// holds already keeps what it had).
    public static func addTrack(_ points: [TrackPoint], user: UUID, importID: UUID?, _ c: SQLConnection) throws -> Int {
        var added = 0
        for slice in stride(from: 0, to: points.count, by: 100).map({ Array(points[$0..<min($0 + 100, points.count)]) }) {
            let values = slice.flatMap { p -> [SQLValue] in
                [user.sqlValue, p.at.sqlValue, .integer(Int64(p.utcOffset)), .real(p.position.latitude), .real(p.position.longitude),
                 p.altitude.map(SQLValue.real) ?? .null, p.accuracy.map(SQLValue.real) ?? .null, .integer(p.path ? 1 : 0), importID?.sqlValue ?? .null]
            }
            added += try c.execute("""
                INSERT INTO lifelog_track (user_id, at, utc_offset, latitude, longitude, altitude, accuracy, path, import_id)
                VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?)", count: slice.count).joined(separator: ", "))
                ON CONFLICT (user_id, at) DO NOTHING
                """, values)
        }
        return added
    }

    /// The person's track in [from, to), in time order, at most `limit` points.
    public static func track(user: UUID, from: Date, to: Date, limit: Int, _ c: SQLConnection) throws -> [TrackPoint] {
        try c.query("""
            SELECT at, utc_offset, latitude, longitude, altitude, accuracy, path FROM lifelog_track
            WHERE user_id = ? AND at >= ? AND at < ? ORDER BY at LIMIT ?
            """, user, from, to, limit).map { r in
            TrackPoint(at: try r.date("at"), utcOffset: try r.int("utc_offset"),
                       position: GeoPoint(latitude: try r.double("latitude"), longitude: try r.double("longitude")),
                       altitude: try r.optionalDouble("altitude"), accuracy: try r.optionalDouble("accuracy"), path: try r.int("path") == 1)
        }
    }

    /// Takes an import's points out of the track; how many.
    public static func removeTrack(of id: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM lifelog_track WHERE import_id = ?", id)
    }

    /// The person's whole track and imports, for their account's deletion.
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> (points: Int, imports: Int) {
        let points = try c.execute("DELETE FROM lifelog_track WHERE user_id = ?", user)
        let imports = try c.execute("DELETE FROM lifelog_imports WHERE user_id = ?", user)
        return (points, imports)
    }
}
