import Foundation
import YarukiCore
import YarukiJSON

/// The sync engine's file: all of its SQL. A record's row holds what the device shows (`fields`,
/// NULL when deleted) and the server's last copy with its version (the base of a merge; 0: never
/// on the server); a pending row marks a record changed here and not yet on the server, with the
/// id its change is sent under; the change token of each zone is kept beside them.
struct SyncLocalStore: Sendable {
    let database: LocalDatabase

    init(path: String) throws {
        database = try LocalDatabase(path: path)
        try database.transaction {
            try database.execute("CREATE TABLE IF NOT EXISTS sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            try database.execute("""
                CREATE TABLE IF NOT EXISTS records (zone TEXT NOT NULL, id TEXT NOT NULL, fields TEXT, version INTEGER NOT NULL,
                    server_fields TEXT, server_modified REAL, server_device TEXT, seen INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (zone, id))
                """)
            try database.execute("""
                CREATE TABLE IF NOT EXISTS pending (zone TEXT NOT NULL, id TEXT NOT NULL, change_id TEXT NOT NULL, deleted INTEGER NOT NULL,
                    modified_at REAL NOT NULL, sent INTEGER NOT NULL, PRIMARY KEY (zone, id))
                """)
            // The next batch is the oldest changes: read in order, not sorted each time.
            try database.execute("CREATE INDEX IF NOT EXISTS pending_order ON pending (zone, modified_at, id)")
        }
    }

    struct Pending {
        var id: UUID
        var changeID: String
        var deleted: Bool
        var modifiedAt: Date
        /// `modified_at` as stored: where the next batch starts.
        var order: Double
        var fields: [String: JSONValue]?
        /// The fields as kept (what `saved` keeps as the server's copy, not written again).
        var text: LocalDatabase.Value
        var version: Int64
    }

    private static func key(_ zone: String, _ id: UUID) -> [LocalDatabase.Value] { [.text(zone), .text(id.uuidString)] }

    func transaction<T>(_ work: () throws -> T) throws -> T { try database.transaction(work) }

    // MARK: local changes

    /// The device's own write (`fields` nil: a delete). A change already sent goes again under a
    /// new id (it says something new); one not yet sent keeps its id.
    func change(_ zone: String, _ id: UUID, fields: [String: JSONValue]?, changeID: String, at time: Date) throws {
        try database.transaction {
            try database.execute("""
                INSERT INTO records (zone, id, fields, version) VALUES (?, ?, ?, 0)
                ON CONFLICT (zone, id) DO UPDATE SET fields = excluded.fields
                """, Self.key(zone, id) + [Self.text(fields)])
            try database.execute("""
                INSERT INTO pending (zone, id, change_id, deleted, modified_at, sent) VALUES (?, ?, ?, ?, ?, 0)
                ON CONFLICT (zone, id) DO UPDATE SET deleted = excluded.deleted, modified_at = excluded.modified_at,
                    change_id = CASE WHEN pending.sent = 1 THEN excluded.change_id ELSE pending.change_id END, sent = 0
                """, Self.key(zone, id) + [.text(changeID), .integer(fields == nil ? 1 : 0), .real(time.timeIntervalSince1970)])
        }
    }

    func fields(_ zone: String, _ id: UUID) throws -> [String: JSONValue]? {
        try database.query("SELECT fields FROM records WHERE zone = ? AND id = ?", Self.key(zone, id)).first.flatMap { Self.fields($0.text("fields")) }
    }

    func all(_ zone: String) throws -> [UUID: [String: JSONValue]] {
        var found: [UUID: [String: JSONValue]] = [:]
        for row in try database.query("SELECT id, fields FROM records WHERE zone = ? AND fields IS NOT NULL", [.text(zone)]) {
            if let id = row.text("id").flatMap(UUID.init(strict:)), let fields = Self.fields(row.text("fields")) { found[id] = fields }
        }
        return found
    }

    func pendingCount() throws -> Int {
        Int(try database.query("SELECT COUNT(*) AS n FROM pending").first?.integer("n") ?? 0)
    }

    func version(_ zone: String, _ id: UUID) throws -> Int64 {
        try database.query("SELECT version FROM records WHERE zone = ? AND id = ?", Self.key(zone, id)).first?.integer("version") ?? 0
    }

    func hasPending(_ zone: String, _ id: UUID) throws -> Bool {
        try !database.query("SELECT 1 AS one FROM pending WHERE zone = ? AND id = ?", Self.key(zone, id)).isEmpty
    }

    // MARK: pushing

    /// The oldest pending changes of a zone, marked as sent (a later local edit takes a new change id).
    /// The oldest pending changes, marked sent. `after` is the batch still in flight: this one starts
    /// past its last change and leaves out its records (one changed again meanwhile goes in a later
    /// batch, against the version its reply keeps).
    func nextBatch(_ zone: String, limit: Int, after previous: [Pending] = []) throws -> [Pending] {
        try database.transaction {
            var values: [LocalDatabase.Value] = [.text(zone)]
            var filter = ""
            if let last = previous.last {
                filter = "AND (p.modified_at, p.id) > (?, ?) AND p.id NOT IN (SELECT value FROM json_each(?))"
                values += [.real(last.order), .text(last.id.uuidString), .text(Self.idList(previous))]
            }
            let rows = try database.query("""
                SELECT p.id, p.change_id, p.deleted, p.modified_at, r.fields, r.version FROM pending p JOIN records r ON r.zone = p.zone AND r.id = p.id
                WHERE p.zone = ? \(filter) ORDER BY p.modified_at, p.id LIMIT ?
                """, values + [.integer(Int64(limit))])
            let batch = rows.compactMap { row -> Pending? in
                guard let id = row.text("id").flatMap(UUID.init(strict:)), let change = row.text("change_id") else { return nil }
                let text = row.text("fields")
                let order = row.real("modified_at") ?? 0
                return Pending(id: id, changeID: change, deleted: row.integer("deleted") == 1, modifiedAt: Date(timeIntervalSince1970: order),
                               order: order, fields: Self.fields(text), text: text.map(LocalDatabase.Value.text) ?? .null, version: row.integer("version") ?? 0)
            }
            try database.execute("UPDATE pending SET sent = 1 WHERE zone = ? AND id IN (SELECT value FROM json_each(?))", [.text(zone), .text(Self.idList(batch))])
            return batch
        }
    }

    private static func idList(_ batch: [Pending]) -> String {
        "[" + batch.map { "\"\($0.id.uuidString)\"" }.joined(separator: ",") + "]"
    }

    /// The server took the change: its version and copy become the base; the pending row goes
    /// unless the record changed here again meanwhile.
    func saved(_ zone: String, _ id: UUID, version: Int64, fields: LocalDatabase.Value, modifiedAt: Date, device: String, changeID: String) throws {
        if version > 0 {
            try database.execute("""
                UPDATE records SET version = ?, server_fields = ?, server_modified = ?, server_device = ? WHERE zone = ? AND id = ?
                """, [.integer(version), fields, .real(modifiedAt.timeIntervalSince1970), .text(device)] + Self.key(zone, id))
        }
        try database.execute("DELETE FROM pending WHERE zone = ? AND id = ? AND change_id = ?", Self.key(zone, id) + [.text(changeID)])
    }

    /// The server's copy the device last saw.
    func base(_ zone: String, _ id: UUID) throws -> [String: JSONValue]? {
        try database.query("SELECT server_fields FROM records WHERE zone = ? AND id = ?", Self.key(zone, id)).first.flatMap { Self.fields($0.text("server_fields")) }
    }

    /// A conflict decided: the server's copy and version are the base now, the device shows
    /// `result`, and unless that is the server's copy it goes out again under `changeID`.
    func resolved(_ zone: String, _ id: UUID, version: Int64, remote: [String: JSONValue]?, remoteModified: Date, remoteDevice: String,
                  result: [String: JSONValue]?, changeID: String, at time: Date) throws {
        try database.execute("""
            UPDATE records SET version = ?, server_fields = ?, server_modified = ?, server_device = ?, fields = ? WHERE zone = ? AND id = ?
            """, [.integer(version), Self.text(remote), .real(remoteModified.timeIntervalSince1970), .text(remoteDevice), Self.text(result)] + Self.key(zone, id))
        if result == remote {
            try database.execute("DELETE FROM pending WHERE zone = ? AND id = ?", Self.key(zone, id))
        } else {
            try database.execute("UPDATE pending SET change_id = ?, deleted = ?, modified_at = ?, sent = 0 WHERE zone = ? AND id = ?",
                                 [.text(changeID), .integer(result == nil ? 1 : 0), .real(time.timeIntervalSince1970)] + Self.key(zone, id))
        }
    }

    /// The server refused the change: the device shows the server's copy again.
    func rejected(_ zone: String, _ id: UUID) throws {
        try database.execute("UPDATE records SET fields = server_fields WHERE zone = ? AND id = ?", Self.key(zone, id))
        try database.execute("DELETE FROM pending WHERE zone = ? AND id = ?", Self.key(zone, id))
    }

    // MARK: pulling

    func token(_ zone: String) throws -> String? {
        try database.query("SELECT value FROM sync_state WHERE key = ?", [.text("token:" + zone)]).first?.text("value")
    }

    func setToken(_ zone: String, _ token: String?) throws {
        if let token {
            try database.execute("INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                 [.text("token:" + zone), .text(token)])
        } else {
            try database.execute("DELETE FROM sync_state WHERE key = ?", [.text("token:" + zone)])
        }
    }

    /// Whether the device holds any record of the zone that came from the server (or reached it).
    func holdsServerRecords(_ zone: String) throws -> Bool {
        try !database.query("SELECT 1 FROM records WHERE zone = ? AND version > 0 LIMIT 1", [.text(zone)]).isEmpty
    }

    /// A full sync begins: every record is unseen until the server names it.
    func markUnseen(_ zone: String) throws {
        try database.execute("UPDATE records SET seen = 0 WHERE zone = ?", [.text(zone)])
    }

    /// A full sync ended: records the server no longer has (and not changed here) go; returns those that showed.
    func dropUnseen(_ zone: String) throws -> [UUID] {
        let gone = try database.query("""
            SELECT id, fields FROM records WHERE zone = ? AND seen = 0 AND version > 0 AND id NOT IN (SELECT id FROM pending WHERE zone = ?)
            """, [.text(zone), .text(zone)])
        try database.execute("DELETE FROM records WHERE zone = ? AND seen = 0 AND version > 0 AND id NOT IN (SELECT id FROM pending WHERE zone = ?)",
                             [.text(zone), .text(zone)])
        return gone.filter { $0.text("fields") != nil }.compactMap { $0.text("id").flatMap(UUID.init(strict:)) }
    }

    /// The version the device holds of a record (nil: none).
    func known(_ zone: String, _ id: UUID) throws -> Int64? {
        try database.query("SELECT version FROM records WHERE zone = ? AND id = ?", Self.key(zone, id)).first?.integer("version")
    }

    /// A change the device has already (its own coming back): seen, and the server's copy as
    /// stored becomes both what shows and the base unless it changed here since.
    func echo(_ zone: String, _ id: UUID, remote: [String: JSONValue]?, adopt: Bool) throws {
        try database.execute("UPDATE records SET seen = 1 WHERE zone = ? AND id = ?", Self.key(zone, id))
        if adopt {
            try database.execute("UPDATE records SET fields = ?, server_fields = ? WHERE zone = ? AND id = ?", [Self.text(remote), Self.text(remote)] + Self.key(zone, id))
        }
    }

    /// A newer server copy: the base moves on; what shows follows unless the record changed here.
    func received(_ zone: String, _ id: UUID, version: Int64, remote: [String: JSONValue]?, modifiedAt: Date, device: String, show: Bool) throws {
        let server: [LocalDatabase.Value] = [.integer(version), Self.text(remote), .real(modifiedAt.timeIntervalSince1970), .text(device)]
        if show {
            try database.execute("""
                INSERT INTO records (zone, id, version, server_fields, server_modified, server_device, fields, seen) VALUES (?, ?, ?, ?, ?, ?, ?, 1)
                ON CONFLICT (zone, id) DO UPDATE SET version = excluded.version, server_fields = excluded.server_fields,
                    server_modified = excluded.server_modified, server_device = excluded.server_device, fields = excluded.fields, seen = 1
                """, Self.key(zone, id) + server + [Self.text(remote)])
        } else {
            try database.execute("""
                UPDATE records SET version = ?, server_fields = ?, server_modified = ?, server_device = ?, seen = 1 WHERE zone = ? AND id = ?
                """, server + Self.key(zone, id))
        }
    }

    // MARK: JSON in the file

    static func object(_ value: JSONValue) -> [String: JSONValue]? {
        if case let .object(members) = value { members } else { nil }
    }

    static func fields(_ text: String?) -> [String: JSONValue]? {
        guard let text, let value = JSONValue.parse(text.utf8) else { return nil }
        return object(value)
    }

    /// Fields as text, keys sorted (JSONValue's own writer: no `Encoder` walk per record).
    static func text(_ fields: [String: JSONValue]?) -> LocalDatabase.Value {
        guard let fields else { return .null }
        var writer = JSONWriter(capacity: 256)
        guard (try? JSONValue.object(fields).writeJSON(to: &writer)) != nil else { return .null }
        return .text(writer.text)
    }
}
