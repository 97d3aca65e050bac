import Foundation
import YarukiCore

/// Lifelog records. Only the owner's queries exist here: every read and write names the user.
public enum LifelogStore {
    /// A photo record's display copy (its files are the community's kind: `PhotoStore`).
    public struct PhotoFile: Sendable, Equatable {
        public var sha256: String
        public var width: Int
        public var height: Int
        /// The kept copy's bytes (for the person's storage quota); nil when not known.
        public var bytes: Int?

        public init(sha256: String, width: Int, height: Int, bytes: Int? = nil) {
            self.sha256 = sha256
            self.width = width
            self.height = height
            self.bytes = bytes
        }
    }

    public struct Record: Sendable, Equatable {
        public var id: UUID
        public var draft: LifelogDraft
        public var photo: PhotoFile?
        public var voice: MediaRow?
        public var createdAt: Date
        public var updatedAt: Date
    }

    private static let columns = """
        r.id, r.kind, r.occurred_at, r.utc_offset, r.text, r.place, r.latitude, r.longitude, r.altitude, r.accuracy, r.source,
        r.photo_sha256, r.photo_width, r.photo_height, r.created_at, r.updated_at,
        \(MediaRow.columns)
        """
    private static let from = "FROM lifelog_records r LEFT JOIN media m ON m.sha256 = r.media_sha256"

    /// True when the id is someone else's record (which must then look absent).
    public static func isOthers(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("SELECT 1 AS one FROM lifelog_records WHERE id = ? AND user_id <> ?", id, user) != nil
    }

    /// Writes a new record with its attachment (a voice note's media row is added when new) and
    /// its `wire`: the record's JSON without photo and voice (`Written`), as of `now`.
    public static func insert(id: UUID, user: UUID, _ d: LifelogDraft, photo: PhotoFile? = nil, voice: MediaRow? = nil,
                              at now: Date, wire: String, _ c: SQLConnection) throws {
        if let voice { try MediaFileStore.add(voice, at: now, c) }
        try c.execute("""
            INSERT INTO lifelog_records (id, user_id, kind, occurred_at, utc_offset, text, place, latitude, longitude, altitude, accuracy, source,
                                         photo_sha256, photo_width, photo_height, photo_bytes, media_sha256, created_at, updated_at, wire, wire_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, id, user, d.kind.rawValue, d.occurredAt.date, d.occurredAt.utcOffset, d.text, d.place, d.position?.latitude,
                          d.position?.longitude, d.altitude, d.accuracy, d.source.rawValue, photo?.sha256, photo?.width, photo?.height,
                          photo?.bytes, voice?.sha256, now, now, wire, now)
        try SyncStore.touch(user: user, .lifelog, id, at: now, c)
    }

    /// Writes many new records without attachments (memos and check-ins) at once, each noted as
    /// its push stamps it, with its `wire` as of `now`: one statement per 500 records, and their
    /// versions in order. Throws when any id is taken (the caller's savepoint then undoes all of them).
    public static func insert(_ records: [(id: UUID, draft: LifelogDraft, stamp: SyncStore.Stamp, wire: String)], user: UUID, at now: Date,
                              _ c: SQLConnection) throws -> [Int64] {
        for slice in SQLFragment.slices(records) {
            var values: [SQLValue] = []
            values.reserveCapacity(slice.count * 16)
            for (id, d, _, wire) in slice {
                values += [id.sqlValue, user.sqlValue, d.kind.rawValue.sqlValue, d.occurredAt.date.sqlValue, d.occurredAt.utcOffset.sqlValue,
                           d.text.sqlValue, d.place.sqlValue, d.position?.latitude.sqlValue ?? .null, d.position?.longitude.sqlValue ?? .null,
                           d.altitude.sqlValue, d.accuracy.sqlValue, d.source.rawValue.sqlValue, now.sqlValue, now.sqlValue, wire.sqlValue, now.sqlValue]
            }
            try c.execute("""
                INSERT INTO lifelog_records (id, user_id, kind, occurred_at, utc_offset, text, place, latitude, longitude, altitude, accuracy, source,
                                             created_at, updated_at, wire, wire_at)
                VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: slice.count).joined(separator: ", "))
                """, values)
        }
        return try SyncStore.touch(user: user, .lifelog, records.map { ($0.id, $0.stamp) }, at: now, c)
    }

    /// Changes what a person may change (not the kind, nor the attachment), with the record's
    /// `wire` as of `now`; false when not theirs.
    public static func update(_ id: UUID, user: UUID, _ d: LifelogDraft, at now: Date, wire: String, _ c: SQLConnection) throws -> Bool {
        guard try c.execute("""
            UPDATE lifelog_records SET occurred_at = ?, utc_offset = ?, text = ?, place = ?, latitude = ?, longitude = ?, altitude = ?,
                accuracy = ?, source = ?, updated_at = ?, wire = ?, wire_at = ? WHERE id = ? AND user_id = ?
            """, d.occurredAt.date, d.occurredAt.utcOffset, d.text, d.place, d.position?.latitude, d.position?.longitude, d.altitude,
                          d.accuracy, d.source.rawValue, now, wire, now, id, user) == 1 else { return false }
        try SyncStore.touch(user: user, .lifelog, id, at: now, c)
        return true
    }

    /// A record as stored for replies: its JSON without photo and voice (nil when it was never
    /// written, or written before its last change), and those two read from their columns.
    public struct Written: Sendable {
        public var id: UUID
        public var occurredAt: OffsetDateTime
        public var wire: String?
        public var photo: PhotoFile?
        public var voice: MediaRow?
    }

    /// The person's records in [from, to) as stored for replies, in time order; at most `limit`.
    public static func written(user: UUID, from start: Date, to end: Date, limit: Int, _ c: SQLConnection) throws -> [Written] {
        try writtenLater(user: user, from: start, to: end, limit: limit, c).value()
    }

    /// `written`, answered later (it goes out with the next statement waited for: `queryLater`).
    public static func writtenLater(user: UUID, from start: Date, to end: Date, limit: Int, _ c: SQLConnection) throws -> Later<[Written]> {
        try c.queryLater("""
            SELECT r.id, r.occurred_at, r.utc_offset, CASE WHEN r.wire_at = r.updated_at THEN r.wire END AS wire,
                   r.photo_sha256, r.photo_width, r.photo_height, \(MediaRow.columns)
            \(from) WHERE r.user_id = ? AND r.occurred_at >= ? AND r.occurred_at < ?
            ORDER BY r.occurred_at, r.id LIMIT ?
            """, user, start, end, limit).map { rows in
            try rows.map { r in
                Written(id: try r.uuid("id"), occurredAt: OffsetDateTime(date: try r.date("occurred_at"), utcOffset: try r.int("utc_offset")),
                        wire: try r.optionalString("wire"), photo: try photo(r), voice: try voice(r))
            }
        }
    }

    /// Records whose JSON is missing or older than their last change (at most `limit`), with their owners.
    public static func unwritten(limit: Int, _ c: SQLConnection) throws -> [(user: UUID, record: Record)] {
        try c.query("""
            SELECT r.user_id, \(columns) \(from) WHERE r.wire IS NULL OR r.wire_at IS NULL OR r.wire_at <> r.updated_at LIMIT ?
            """, limit).map { (try $0.uuid("user_id"), try row($0)) }
    }

    /// Stores a record's JSON (`unwritten`), as of its last change.
    public static func setWire(_ id: UUID, _ wire: String, updatedAt: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE lifelog_records SET wire = ?, wire_at = ? WHERE id = ? AND updated_at = ?", wire, updatedAt, id, updatedAt)
    }

    public static func record(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Record? {
        try c.queryOne("SELECT \(columns) \(from) WHERE r.id = ? AND r.user_id = ?", id, user).map(row)
    }

    /// The person's records among `ids`.
    public static func records(ids: [UUID], user: UUID, _ c: SQLConnection) throws -> [Record] {
        var found: [Record] = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)]
            found += try c.query("SELECT \(columns) \(from) WHERE r.user_id = ? AND r.id IN (\(SQLFragment.marks(chunk.count)))",
                                 [user.sqlValue] + chunk.map(\.sqlValue)).map(row)
        }
        return found
    }

    /// The record for its owner, or (`user` nil: a link the server signed for it) for anyone who holds the link.
    public static func record(_ id: UUID, user: UUID?, _ c: SQLConnection) throws -> Record? {
        if let user { return try record(id, user: user, c) }
        return try c.queryOne("SELECT \(columns) \(from) WHERE r.id = ?", id).map(row)
    }

    /// The person's records in [from, to), in time order; at most `limit`.
    public static func records(user: UUID, from start: Date, to end: Date, limit: Int, _ c: SQLConnection) throws -> [Record] {
        try c.query("""
            SELECT \(columns) \(from) WHERE r.user_id = ? AND r.occurred_at >= ? AND r.occurred_at < ?
            ORDER BY r.occurred_at, r.id LIMIT ?
            """, user, start, end, limit).map(row)
    }

    /// The person's records whose text or place holds `text` (any case; `!` escapes LIKE's
    /// wildcards in what was typed), newest first, before `cursor` (the last of the previous page).
    public static func search(user: UUID, text: String, before cursor: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [Record] {
        let page = SQLFragment.keyset("r", cursor, column: "occurred_at")
        let pattern = SQLFragment.containing(text)
        return try c.query("""
            SELECT \(columns) \(from) WHERE r.user_id = ? AND (LOWER(r.text) LIKE ? ESCAPE '!' OR LOWER(r.place) LIKE ? ESCAPE '!') \(page.sql)
            ORDER BY r.occurred_at DESC, r.id DESC LIMIT ?
            """, [user.sqlValue, pattern, pattern] + page.values + [.integer(Int64(limit))]).map(row)
    }

    /// What changes whenever a record in the range is added, changed or deleted: their count and
    /// the latest change.
    public static func stamp(user: UUID, from start: Date, to end: Date, _ c: SQLConnection) throws -> String {
        let row = try c.queryOne("""
            SELECT COUNT(*) AS n, MAX(updated_at) AS latest FROM lifelog_records WHERE user_id = ? AND occurred_at >= ? AND occurred_at < ?
            """, user, start, end)
        return "\(try row?.int("n") ?? 0)|\(try row?.optionalInt("latest") ?? 0)"
    }

    /// Deletes the record; returns the files nothing uses any more, for the caller to remove
    /// after the transaction.
    public static func delete(_ id: UUID, user: UUID, at now: Date, _ c: SQLConnection) throws -> (deleted: Bool, photo: String?, media: MediaRow?) {
        guard let record = try record(id, user: user, c) else { return (false, nil, nil) }
        try c.execute("DELETE FROM lifelog_records WHERE id = ? AND user_id = ?", id, user)
        try SyncStore.touch(user: user, .lifelog, id, deleted: true, at: now, c)
        let photo = try record.photo.map { try MediaFileStore.unusedPhotos([$0.sha256], c) }?.first
        let unused = try MediaFileStore.forgetUnused(media: record.voice.map { [$0.sha256] } ?? [], photos: [], c)
        return (true, photo, record.voice.flatMap { unused.contains($0.sha256) ? $0 : nil })
    }

    /// Deletes every record of the person; returns how many and the files they used.
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> (count: Int, photos: Set<String>, media: [MediaRow]) {
        var photos = Set<String>(), media: [String: MediaRow] = [:]
        for r in try c.query("SELECT \(columns) \(from) WHERE r.user_id = ? AND (r.photo_sha256 IS NOT NULL OR r.media_sha256 IS NOT NULL)",
                             user).map(row) {
            if let photo = r.photo { photos.insert(photo.sha256) }
            if let voice = r.voice { media[voice.sha256] = voice }
        }
        return (try c.execute("DELETE FROM lifelog_records WHERE user_id = ?", user), photos, Array(media.values))
    }

    /// The person's records, oldest first, after `cursor` (occurred time and id).
    public static func page(user: UUID, after cursor: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [Record] {
        var values: [SQLValue] = [user.sqlValue]
        var clause = ""
        if let (at, id) = cursor {
            clause = "AND (r.occurred_at > ? OR (r.occurred_at = ? AND r.id > ?))"
            values += [at.sqlValue, at.sqlValue, id.sqlValue]
        }
        return try c.query("SELECT \(columns) \(from) WHERE r.user_id = ? \(clause) ORDER BY r.occurred_at, r.id LIMIT ?",
                           values + [.integer(Int64(limit))]).map(row)
    }

    private static func row(_ r: Row) throws -> Record {
        let latitude = try r.optionalDouble("latitude"), longitude = try r.optionalDouble("longitude")
        let position = latitude.flatMap { lat in longitude.map { GeoPoint(latitude: lat, longitude: $0) } }
        let draft = LifelogDraft(kind: LifelogKind(rawValue: try r.string("kind")) ?? .memo,
                                 occurredAt: OffsetDateTime(date: try r.date("occurred_at"), utcOffset: try r.int("utc_offset")),
                                 text: try r.string("text"), place: try r.optionalString("place"), position: position,
                                 altitude: try r.optionalDouble("altitude"), accuracy: try r.optionalDouble("accuracy"),
                                 source: LifelogSource(rawValue: try r.string("source")) ?? .import)
        return Record(id: try r.uuid("id"), draft: draft, photo: try photo(r), voice: try voice(r), createdAt: try r.date("created_at"),
                      updatedAt: try r.date("updated_at"))
    }

    private static func photo(_ r: Row) throws -> PhotoFile? {
        try r.optionalString("photo_sha256").map { PhotoFile(sha256: $0, width: try r.int("photo_width"), height: try r.int("photo_height")) }
    }

    private static func voice(_ r: Row) throws -> MediaRow? {
        try r.optionalString("sha256") != nil ? MediaRow(r) : nil
    }

    // MARK: route cache

    /// Cached routes by key: the encoded geometry (precision 6) and whether it follows roads.
    public static func cachedRoutes(_ keys: [String], _ c: SQLConnection) throws -> [String: (geometry: String, followsRoads: Bool)] {
        var out: [String: (String, Bool)] = [:]
        for chunk in stride(from: 0, to: keys.count, by: 500).map({ Array(keys[$0..<min($0 + 500, keys.count)]) }) where !chunk.isEmpty {
            for r in try c.query("SELECT key, geometry, follows_roads FROM route_cache WHERE key IN (\(SQLFragment.marks(chunk.count)))",
                                 chunk.map(\.sqlValue)) {
                out[try r.string("key")] = (try r.string("geometry"), try r.bool("follows_roads"))
            }
        }
        return out
    }

    public static func cacheRoute(key: String, geometry: String, followsRoads: Bool, provider: String, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO route_cache (key, geometry, follows_roads, provider, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET geometry = excluded.geometry, follows_roads = excluded.follows_roads,
                provider = excluded.provider, created_at = excluded.created_at
            """, key, geometry, followsRoads, provider, now)
    }
}
