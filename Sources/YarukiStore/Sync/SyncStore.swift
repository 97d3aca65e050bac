import Foundation

/// Versions of syncable records: every write of a lifelog record, workout or routine goes
/// through `touch` in its own transaction (the stores of those areas call it), so the existing
/// APIs and sync read and write one set of rows.
public enum SyncStore {
    public enum Zone: String, Sendable, CaseIterable {
        case lifelog, workouts, routines
    }

    public struct Entry: Sendable, Equatable {
        public var id: UUID
        public var version: Int64
        public var deleted: Bool
        /// The client's id for the change that made this version (sync pushes only).
        public var changeID: String?
        public var changedAt: Date
        /// When the change was made, as its device says (the server's time for the routes' writes), and which device.
        public var modifiedAt: Date
        public var device: String?
    }

    /// Bumps the person's counter and returns its version (one parameter: the person).
    private static let counterBump = """
        INSERT INTO sync_counters (user_id, version, purged_through) VALUES (?, 1, 0)
        ON CONFLICT (user_id) DO UPDATE SET version = sync_counters.version + 1 RETURNING version
        """

    /// Bumps the person's counter by a number of records and returns its last version (two
    /// parameters: the person and the number).
    private static let counterBumpBy = """
        INSERT INTO sync_counters (user_id, version, purged_through) VALUES (?, ?, 0)
        ON CONFLICT (user_id) DO UPDATE SET version = sync_counters.version + excluded.version RETURNING version
        """

    /// A record written by a route's write replaces its earlier version or tombstone, naming no device.
    private static let recordReplaced = """
        ON CONFLICT (user_id, zone, record_id) DO UPDATE SET version = excluded.version, deleted = excluded.deleted,
            change_id = excluded.change_id, changed_at = excluded.changed_at, modified_at = excluded.modified_at, device = NULL
        """

    /// The person's next version: one counter per person, bumped by an UPDATE whose row lock
    /// lasts until the transaction ends, so their versions become visible in order.
    public static func nextVersion(user: UUID, _ c: SQLConnection) throws -> Int64 {
        guard let row = try c.queryOne(counterBump, user) else { throw DatabaseError.decoding("no sync version") }
        return Int64(try row.int("version"))
    }

    /// Notes a change of a record (a write, or a delete leaving a tombstone); returns its version.
    @discardableResult
    public static func touch(user: UUID, _ zone: Zone, _ id: UUID, deleted: Bool = false, changeID: String? = nil, at now: Date,
                             _ c: SQLConnection) throws -> Int64 {
        try touchLater(user: user, zone, id, deleted: deleted, changeID: changeID, at: now, c).value()
    }

    /// `touch`, its version answered later: on PostgreSQL the statement goes out with the next one
    /// waited for, or with COMMIT, so the person's counter is held for no round trip of its own.
    @discardableResult
    public static func touchLater(user: UUID, _ zone: Zone, _ id: UUID, deleted: Bool = false, changeID: String? = nil, at now: Date,
                                  _ c: SQLConnection) throws -> Later<Int64> {
        let upsert = """
            INSERT INTO sync_records (user_id, zone, record_id, version, deleted, change_id, changed_at, modified_at, device)
            VALUES (?, ?, ?, \(c.dialect == .postgres ? "(SELECT version FROM counter)" : "?"), ?, ?, ?, ?, NULL)
            \(recordReplaced)
            RETURNING version
            """
        guard c.dialect == .postgres else {
            let version = try nextVersion(user: user, c)
            try c.execute(upsert, user, zone.rawValue, id, version, deleted, changeID, now, now)
            return Later { version }
        }
        // On PostgreSQL the counter's bump and the record in one statement: the person's counter,
        // held from its bump to the commit, waits for one round trip fewer.
        return try c.queryLater("""
            WITH counter AS (\(counterBump))
            \(upsert)
            """, user, user, zone.rawValue, id, deleted, changeID, now, now).map { rows in
            guard let row = rows.first else { throw DatabaseError.decoding("no sync version") }
            return Int64(try row.int("version"))
        }
    }

    /// Notes new records of one person (`changes`: each id and when it was written), their
    /// versions answered later by id: one bump of the person's counter by their number, then the
    /// records in statements of a few lengths (`SQLFragment.powerOfTwoSlices`), each numbering
    /// its records back from the counter as the bump left it. On PostgreSQL they go out with the
    /// next statement waited for, or with the COMMIT, as `touchLater` does.
    public static func touchLater(user: UUID, _ zone: Zone, _ changes: [(id: UUID, at: Date)],
                                  _ c: SQLConnection) throws -> Later<[UUID: Int64]> {
        guard !changes.isEmpty else { return Later { [:] } }
        guard c.dialect == .postgres else {
            var versions: [UUID: Int64] = [:]
            for (id, at) in changes { versions[id] = try touch(user: user, zone, id, at: at, c) }
            return Later { versions }
        }
        try c.queryLater(counterBumpBy, user, changes.count)
        var answers: [Later<[Row]>] = []
        for slice in SQLFragment.powerOfTwoSlices(changes.count) {
            var values: [SQLValue] = [user.sqlValue]
            values.reserveCapacity(1 + slice.count * 6)
            for i in slice {
                // Counted back from the last version the bump gave: the first record gets the first.
                values += [user.sqlValue, zone.rawValue.sqlValue, changes[i].id.sqlValue, (changes.count - 1 - i).sqlValue,
                           changes[i].at.sqlValue, changes[i].at.sqlValue]
            }
            answers.append(try c.queryLater("""
                WITH counter AS (SELECT version FROM sync_counters WHERE user_id = ?)
                INSERT INTO sync_records (user_id, zone, record_id, version, deleted, change_id, changed_at, modified_at, device)
                VALUES \(Array(repeating: "(?, ?, ?, (SELECT version FROM counter) - ?, 0, NULL, ?, ?, NULL)", count: slice.count).joined(separator: ", "))
                \(recordReplaced)
                RETURNING record_id, version
                """, values))
        }
        return Later {
            var versions: [UUID: Int64] = [:]
            for answer in answers {
                for row in try answer.value() { versions[try row.uuid("record_id")] = Int64(try row.int("version")) }
            }
            return versions
        }
    }

    /// What a sync push says of a change beside its fields: its client id (a retried push finds
    /// it), its device, and when the device says it was made.
    public struct Stamp: Sendable {
        public var changeID: String?
        public var device: String?
        public var modifiedAt: Date?

        public init(changeID: String?, device: String?, modifiedAt: Date?) {
            self.changeID = changeID
            self.device = device
            self.modifiedAt = modifiedAt
        }
    }

    /// Notes the first change of many records at once, each stamped as its push says: their
    /// versions, in order, from one bump of the person's counter and one statement per 500
    /// records (a tombstone among them is replaced, as `touch` would).
    public static func touch(user: UUID, _ zone: Zone, _ stamped: [(id: UUID, stamp: Stamp)], at now: Date,
                             _ c: SQLConnection) throws -> [Int64] {
        guard !stamped.isEmpty else { return [] }
        guard let row = try c.queryOne(counterBumpBy, user, stamped.count) else { throw DatabaseError.decoding("no sync version") }
        let first = Int64(try row.int("version")) - Int64(stamped.count) + 1
        var next = first
        for slice in SQLFragment.slices(stamped) {
            var values: [SQLValue] = []
            values.reserveCapacity(slice.count * 9)
            for (id, stamp) in slice {
                values += [user.sqlValue, zone.rawValue.sqlValue, id.sqlValue, next.sqlValue, false.sqlValue,
                           stamp.changeID.sqlValue, now.sqlValue, (stamp.modifiedAt ?? now).sqlValue, stamp.device.sqlValue]
                next += 1
            }
            try c.execute("""
                INSERT INTO sync_records (user_id, zone, record_id, version, deleted, change_id, changed_at, modified_at, device)
                VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?)", count: slice.count).joined(separator: ", "))
                ON CONFLICT (user_id, zone, record_id) DO UPDATE SET version = excluded.version, deleted = excluded.deleted,
                    change_id = excluded.change_id, changed_at = excluded.changed_at, modified_at = excluded.modified_at, device = excluded.device
                """, values)
        }
        return Array(first..<next)
    }

    /// Names the client change that made the record's current version (a retried push finds it),
    /// its device and when the device says it was made; returns that version.
    public static func noteChange(user: UUID, _ zone: Zone, _ id: UUID, _ stamp: Stamp, _ c: SQLConnection) throws -> Int64? {
        try c.queryOne("""
            UPDATE sync_records SET change_id = ?, device = ?, modified_at = COALESCE(?, modified_at) WHERE user_id = ? AND zone = ? AND record_id = ?
            RETURNING version
            """, stamp.changeID, stamp.device, stamp.modifiedAt, user, zone.rawValue, id).map { Int64(try $0.int("version")) }
    }

    /// Runs `work` so that what it wrote is undone, and nothing else, when it throws.
    public static func savepoint<T>(_ c: SQLConnection, _ work: () throws -> T) throws -> T {
        try c.execute("SAVEPOINT sync_record", [])
        do {
            let result = try work()
            try c.execute("RELEASE SAVEPOINT sync_record", [])
            return result
        } catch {
            try c.execute("ROLLBACK TO SAVEPOINT sync_record", [])
            try c.execute("RELEASE SAVEPOINT sync_record", [])
            throw error
        }
    }

    /// The record's last change (a tombstone too), if it ever had one.
    public static func entry(user: UUID, _ zone: Zone, _ id: UUID, _ c: SQLConnection) throws -> Entry? {
        try c.queryOne("""
            SELECT \(entryColumns) FROM sync_records WHERE user_id = ? AND zone = ? AND record_id = ?
            """, user, zone.rawValue, id).map(entry)
    }

    /// The last changes of the records among `ids` that ever had one, by id: one query per 500.
    public static func entries(user: UUID, _ zone: Zone, _ ids: [UUID], _ c: SQLConnection) throws -> [UUID: Entry] {
        var found: [UUID: Entry] = [:]
        for slice in SQLFragment.slices(ids) {
            for row in try c.query("""
                SELECT \(entryColumns) FROM sync_records
                WHERE user_id = ? AND zone = ? AND record_id IN (\(SQLFragment.marks(slice.count)))
                """, [user.sqlValue, zone.rawValue.sqlValue] + slice.map(\.sqlValue)) {
                let e = try entry(row)
                found[e.id] = e
            }
        }
        return found
    }

    /// Changes after `version`, oldest first; tombstones only when `tombstones` (a first sync needs none).
    public static func changes(user: UUID, _ zone: Zone, after version: Int64, limit: Int, tombstones: Bool, _ c: SQLConnection) throws -> [Entry] {
        try c.query("""
            SELECT \(entryColumns) FROM sync_records
            WHERE user_id = ? AND zone = ? AND version > ? \(tombstones ? "" : "AND deleted = 0") ORDER BY version LIMIT ?
            """, user, zone.rawValue, version, limit).map(entry)
    }

    /// How many of the person's records in the zone changed after `version` (tombstones too).
    public static func changeCount(user: UUID, _ zone: Zone, after version: Int64, _ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM sync_records WHERE user_id = ? AND zone = ? AND version > ?",
                       user, zone.rawValue, version)?.int("n") ?? 0
    }

    /// The highest version of a tombstone purged for the person (0: none): tokens before it are too old.
    public static func purgedThrough(user: UUID, _ c: SQLConnection) throws -> Int64 {
        Int64(try c.queryOne("SELECT purged_through FROM sync_counters WHERE user_id = ?", user)?.int("purged_through") ?? 0)
    }

    /// The person's newest version (0: nothing yet).
    public static func latest(user: UUID, _ c: SQLConnection) throws -> Int64 {
        Int64(try c.queryOne("SELECT version FROM sync_counters WHERE user_id = ?", user)?.int("version") ?? 0)
    }

    /// For PostgreSQL, a statement to run once a write has committed (`Database.transaction(_:then:)`):
    /// a `NOTIFY` on `channel` of `before`, the person's version as it stands then, and `after`;
    /// nothing for a person with no version yet. Its transaction does not wait for its flush.
    public static func notifyVersion(user: UUID, channel: String, before: String, after: String) -> SQLStatement {
        SQLStatement(sql: """
            SELECT pg_notify(?, ? || version::text || ?) FROM sync_counters
            CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS unflushed WHERE user_id = ?
            """, parameters: [channel.sqlValue, before.sqlValue, after.sqlValue, user.sqlValue])
    }

    /// Forgets tombstones older than `before`, remembering per person the highest version forgotten;
    /// returns how many went.
    public static func purge(before: Date, _ c: SQLConnection) throws -> Int {
        for r in try c.query("SELECT user_id, MAX(version) AS v FROM sync_records WHERE deleted = 1 AND changed_at < ? GROUP BY user_id", before) {
            try c.execute("UPDATE sync_counters SET purged_through = ? WHERE user_id = ? AND purged_through < ?",
                          try r.int("v"), try r.uuid("user_id"), try r.int("v"))
        }
        return try c.execute("DELETE FROM sync_records WHERE deleted = 1 AND changed_at < ?", before)
    }

    private static let entryColumns = "record_id, version, deleted, change_id, changed_at, modified_at, device"

    private static func entry(_ r: Row) throws -> Entry {
        Entry(id: try r.uuid("record_id"), version: Int64(try r.int("version")), deleted: try r.bool("deleted"),
              changeID: try r.optionalString("change_id"), changedAt: try r.date("changed_at"), modifiedAt: try r.date("modified_at"),
              device: try r.optionalString("device"))
    }
}
