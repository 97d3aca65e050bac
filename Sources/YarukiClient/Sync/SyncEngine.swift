import Foundation
import YarukiAPI
import YarukiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Offline-first sync for an app, as CKSyncEngine does it for CloudKit: the app writes records
/// locally at any time (no network needed), and `sync()` sends what is pending in batches, each
/// against the version the device last saw, then pulls every zone until nothing more is coming.
/// Its state lives in a SQLite file of the device's own (the change token per zone, the pending
/// changes with their ids, the local copy and the server's last copy of each record), written in
/// transactions, so a restart or a crash at any point loses nothing and applies nothing twice: a
/// change sent again after a crash carries the same id and the server answers it the same.
/// Conflicts go to the app's merge policy (by default field-wise last writer wins, `SyncMerge`).
public actor SyncEngine {
    public enum ChangeKind: String, Sendable {
        /// A record arrived from the server (made or changed on another device).
        case received
        /// A record was deleted on another device.
        case deleted
        /// A local change reached the server.
        case saved
        /// A local change met another device's; the merge policy's result is what the device shows.
        case merged
        /// The server refused a local change; the server's copy is back.
        case rejected
    }

    public struct Change: Sendable, Equatable {
        public var kind: ChangeKind
        public var zone: String
        public var id: UUID
        /// The server's reason, for a rejection.
        public var reason: String?

        public init(kind: ChangeKind, zone: String, id: UUID, reason: String? = nil) {
            self.kind = kind
            self.zone = zone
            self.id = id
            self.reason = reason
        }
    }

    /// What one `sync()` did.
    public struct Report: Sendable, Equatable {
        public var sent = 0
        public var received = 0
        public var merged = 0
        public var rejected = 0
        public var bytesSent = 0
        public var resynced = false
    }

    public let device: String
    public nonisolated let changes: AsyncStream<Change>
    private let continuation: AsyncStream<Change>.Continuation
    private let client: YarukiClient
    private let database: LocalDatabase
    private let zones: [String]
    private let merge: @Sendable (SyncConflict) -> SyncResolution
    private let clock: @Sendable () -> Date
    private let batchSize: Int
    private let pageSize: Int
    /// Waits before each retry of a failed network call (seconds).
    private let backoff: [Double]
    /// For tests of crash safety: called after a push was answered and before its results are kept.
    private let afterPush: (@Sendable () throws -> Void)?

    public init(client: YarukiClient, path: String, device: String, zones: [String] = SyncZoneName.zones,
                merge: @escaping @Sendable (SyncConflict) -> SyncResolution = SyncMerge.fieldWise, clock: @escaping @Sendable () -> Date = { Date() },
                batchSize: Int = 200, pageSize: Int = 500, backoff: [Double] = [0.5, 1, 2, 4, 8], afterPush: (@Sendable () throws -> Void)? = nil) throws {
        self.client = client
        self.device = device
        self.zones = zones
        self.merge = merge
        self.clock = clock
        self.batchSize = batchSize
        self.pageSize = pageSize
        self.backoff = backoff
        self.afterPush = afterPush
        (changes, continuation) = AsyncStream.makeStream(of: Change.self, bufferingPolicy: .bufferingNewest(10_000))
        database = try LocalDatabase(path: path)
        try database.transaction {
            try database.execute("CREATE TABLE IF NOT EXISTS sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            // fields: the record as this device shows it (NULL: deleted); server_*: the server's
            // last copy (the base of a merge) with its version (0: never on the server).
            try database.execute("""
                CREATE TABLE IF NOT EXISTS records (zone TEXT NOT NULL, id TEXT NOT NULL, fields TEXT, version INTEGER NOT NULL,
                    server_fields TEXT, server_modified REAL, server_device TEXT, seen INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (zone, id))
                """)
            // One row per record changed here and not yet on the server, with the id its change is sent under.
            try database.execute("""
                CREATE TABLE IF NOT EXISTS pending (zone TEXT NOT NULL, id TEXT NOT NULL, change_id TEXT NOT NULL, deleted INTEGER NOT NULL,
                    modified_at REAL NOT NULL, sent INTEGER NOT NULL, PRIMARY KEY (zone, id))
                """)
        }
    }

    deinit { continuation.finish() }

    // MARK: local writes

    /// Writes a record on this device; it is sent at the next `sync()`.
    public func save(_ zone: String, _ id: UUID, fields: [String: JSONValue]) throws {
        try change(zone, id, fields: fields)
    }

    /// Deletes a record on this device; the delete is sent at the next `sync()`.
    public func delete(_ zone: String, _ id: UUID) throws {
        try change(zone, id, fields: nil)
    }

    private func change(_ zone: String, _ id: UUID, fields: [String: JSONValue]?) throws {
        let key: [LocalDatabase.Value] = [.text(zone), .text(id.uuidString)]
        let now = clock().timeIntervalSince1970
        try database.transaction {
            try database.execute("""
                INSERT INTO records (zone, id, fields, version) VALUES (?, ?, ?, 0)
                ON CONFLICT (zone, id) DO UPDATE SET fields = excluded.fields
                """, key + [SyncEngine.text(fields)])
            // A change already sent goes again under a new id (it says something new); one not yet sent keeps its id.
            try database.execute("""
                INSERT INTO pending (zone, id, change_id, deleted, modified_at, sent) VALUES (?, ?, ?, ?, ?, 0)
                ON CONFLICT (zone, id) DO UPDATE SET deleted = excluded.deleted, modified_at = excluded.modified_at,
                    change_id = CASE WHEN pending.sent = 1 THEN excluded.change_id ELSE pending.change_id END, sent = 0
                """, key + [.text(newChangeID()), .integer(fields == nil ? 1 : 0), .real(now)])
        }
    }

    private func newChangeID() -> String { "\(device):\(UUID().uuidString)" }

    // MARK: local reads

    /// A record as this device shows it; nil when it has none or it was deleted.
    public func record(_ zone: String, _ id: UUID) throws -> [String: JSONValue]? {
        try database.query("SELECT fields FROM records WHERE zone = ? AND id = ?", [.text(zone), .text(id.uuidString)]).first
            .flatMap { SyncEngine.fields($0.text("fields")) }
    }

    /// Every record of a zone this device shows.
    public func records(_ zone: String) throws -> [UUID: [String: JSONValue]] {
        var found: [UUID: [String: JSONValue]] = [:]
        for row in try database.query("SELECT id, fields FROM records WHERE zone = ? AND fields IS NOT NULL", [.text(zone)]) {
            if let id = row.text("id").flatMap(UUID.init(uuidString:)), let fields = SyncEngine.fields(row.text("fields")) { found[id] = fields }
        }
        return found
    }

    /// Changes made here that the server does not have yet.
    public func pendingCount() throws -> Int {
        Int(try database.query("SELECT COUNT(*) AS n FROM pending").first?.integer("n") ?? 0)
    }

    /// The server version this device last saw of a record (0: none).
    public func version(_ zone: String, _ id: UUID) throws -> Int64 {
        try database.query("SELECT version FROM records WHERE zone = ? AND id = ?", [.text(zone), .text(id.uuidString)]).first?.integer("version") ?? 0
    }

    // MARK: syncing

    /// Sends every pending change and pulls every zone until nothing more is coming; what merges
    /// produce is sent in the same call. Network failures are retried with backoff.
    @discardableResult
    public func sync() async throws -> Report {
        var report = Report()
        var attempt = 0
        while true {
            do {
                for _ in 0..<8 {
                    for zone in zones { try await push(zone, &report) }
                    for zone in zones { try await pull(zone, &report) }
                    if try pendingCount() == 0 { break }
                }
                return report
            } catch let error where SyncEngine.isTransient(error) && attempt < backoff.count {
                try await Task.sleep(for: .seconds(backoff[attempt]))
                attempt += 1
            }
        }
    }

    /// Network trouble and a server that is down or restarting are worth trying again.
    static func isTransient(_ error: Error) -> Bool {
        if error is URLError { return true }
        if case let YarukiClientError.problem(problem) = error { return problem.status >= 500 || problem.status == 429 }
        if case let YarukiClientError.unexpectedResponse(status) = error { return status >= 500 || status == 0 }
        return false
    }

    private func push(_ zone: String, _ report: inout Report) async throws {
        guard let type = SyncZoneName.recordType(of: zone) else { return }
        while true {
            let rows = try database.query("""
                SELECT p.id, p.change_id, p.deleted, p.modified_at, r.fields, r.version FROM pending p JOIN records r ON r.zone = p.zone AND r.id = p.id
                WHERE p.zone = ? ORDER BY p.modified_at, p.id LIMIT ?
                """, [.text(zone), .integer(Int64(batchSize))])
            guard !rows.isEmpty else { return }
            let records = rows.compactMap { row -> SyncPushRecord? in
                guard let id = row.text("id").flatMap(UUID.init(uuidString:)) else { return nil }
                let version = row.integer("version") ?? 0
                let deleted = row.integer("deleted") == 1
                return SyncPushRecord(id: id, type: type, baseVersion: version == 0 ? nil : version, changeId: row.text("change_id"),
                                      fields: deleted ? nil : SyncEngine.fields(row.text("fields")).map(JSONValue.object), deleted: deleted ? true : nil,
                                      modifiedAt: Date(timeIntervalSince1970: row.real("modified_at") ?? 0), device: device)
            }
            try database.transaction {
                for record in records {
                    try database.execute("UPDATE pending SET sent = 1 WHERE zone = ? AND id = ? AND change_id = ?",
                                         [.text(zone), .text(record.id.uuidString), .text(record.changeId ?? "")])
                }
            }
            let push = SyncPush(records: records)
            report.bytesSent += (try? JSONEncoder().encode(push).count) ?? 0
            let reply = try await client.syncPush(zone: zone, push)
            try afterPush?()
            var progressed = false
            var changes: [Change] = []
            try database.transaction {
                for (record, result) in zip(records, reply.results) {
                    switch result.status {
                    case "saved":
                        try keepSaved(zone, record, version: result.version ?? 0)
                        report.sent += 1
                        progressed = true
                        changes.append(Change(kind: .saved, zone: zone, id: record.id))
                    case "conflict":
                        try resolve(zone, record, current: result.current)
                        report.merged += 1
                        progressed = true
                        changes.append(Change(kind: .merged, zone: zone, id: record.id))
                    case "rejected":
                        try database.execute("UPDATE records SET fields = server_fields WHERE zone = ? AND id = ?", [.text(zone), .text(record.id.uuidString)])
                        try database.execute("DELETE FROM pending WHERE zone = ? AND id = ?", [.text(zone), .text(record.id.uuidString)])
                        report.rejected += 1
                        progressed = true
                        changes.append(Change(kind: .rejected, zone: zone, id: record.id, reason: result.reason))
                    default:
                        break
                    }
                }
            }
            for change in changes { continuation.yield(change) }
            if !progressed { return }
        }
    }

    /// The server took the change: its version and copy are the device's base from now on; the
    /// pending row goes unless the record changed here again meanwhile.
    private func keepSaved(_ zone: String, _ record: SyncPushRecord, version: Int64) throws {
        let key: [LocalDatabase.Value] = [.text(zone), .text(record.id.uuidString)]
        if version > 0 {
            try database.execute("""
                UPDATE records SET version = ?, server_fields = ?, server_modified = ?, server_device = ? WHERE zone = ? AND id = ?
                """, [.integer(version), SyncEngine.text(record.fields.flatMap(SyncEngine.object)),
                      .real(record.modifiedAt?.timeIntervalSince1970 ?? 0), .text(device)] + key)
        }
        try database.execute("DELETE FROM pending WHERE zone = ? AND id = ? AND change_id = ?", key + [.text(record.changeId ?? "")])
    }

    /// Another device changed the record first: the merge policy decides, and unless the server's
    /// copy is the answer, the result goes out again against the server's version.
    private func resolve(_ zone: String, _ record: SyncPushRecord, current: SyncChange?) throws {
        let key: [LocalDatabase.Value] = [.text(zone), .text(record.id.uuidString)]
        let base = try database.query("SELECT server_fields FROM records WHERE zone = ? AND id = ?", key).first.flatMap { SyncEngine.fields($0.text("server_fields")) }
        let remoteFields = current?.deleted == false ? current?.record.flatMap(SyncEngine.object) : nil
        let remote = SyncSide(fields: remoteFields, modifiedAt: current?.modifiedAt ?? .distantPast, device: current?.device ?? "server")
        let local = SyncSide(fields: record.fields.flatMap(SyncEngine.object), modifiedAt: record.modifiedAt ?? clock(), device: device)
        let resolution = merge(SyncConflict(zone: zone, id: record.id, base: base, local: local, remote: remote))
        let result: [String: JSONValue]? = if case let .fields(fields) = resolution { fields } else { nil }
        try database.execute("""
            UPDATE records SET version = ?, server_fields = ?, server_modified = ?, server_device = ?, fields = ? WHERE zone = ? AND id = ?
            """, [.integer(current?.version ?? 0), SyncEngine.text(remoteFields), .real(remote.modifiedAt.timeIntervalSince1970), .text(remote.device),
                  SyncEngine.text(result)] + key)
        if result == remoteFields {
            try database.execute("DELETE FROM pending WHERE zone = ? AND id = ?", key)
        } else {
            let when = max(local.modifiedAt, remote.modifiedAt).timeIntervalSince1970
            try database.execute("UPDATE pending SET change_id = ?, deleted = ?, modified_at = ?, sent = 0 WHERE zone = ? AND id = ?",
                                 [.text(newChangeID()), .integer(result == nil ? 1 : 0), .real(when)] + key)
        }
    }

    private func pull(_ zone: String, _ report: inout Report) async throws {
        var token = try database.query("SELECT value FROM sync_state WHERE key = ?", [.text("token:" + zone)]).first?.text("value")
        var full = token == nil
        if full { try database.execute("UPDATE records SET seen = 0 WHERE zone = ?", [.text(zone)]) }
        while true {
            let page: SyncChanges
            do {
                page = try await client.syncChanges(zone: zone, since: token, limit: pageSize)
            } catch let YarukiClientError.problem(problem) where problem.status == 410 {
                // Deletions since the token are gone from the server: start again from nothing.
                try database.execute("DELETE FROM sync_state WHERE key = ?", [.text("token:" + zone)])
                try database.execute("UPDATE records SET seen = 0 WHERE zone = ?", [.text(zone)])
                (token, full) = (nil, true)
                report.resynced = true
                continue
            }
            var changes: [Change] = []
            try database.transaction {
                for change in page.changes {
                    if let kind = try apply(zone, change, full: full) {
                        changes.append(Change(kind: kind, zone: zone, id: change.id))
                        report.received += 1
                    }
                }
                if !page.moreComing, full {
                    // A full sync: what the server no longer has (and was not changed here) is gone.
                    for row in try database.query("""
                        SELECT id FROM records WHERE zone = ? AND seen = 0 AND version > 0 AND fields IS NOT NULL
                          AND id NOT IN (SELECT id FROM pending WHERE zone = ?)
                        """, [.text(zone), .text(zone)]) {
                        if let id = row.text("id").flatMap(UUID.init(uuidString:)) { changes.append(Change(kind: .deleted, zone: zone, id: id)) }
                    }
                    try database.execute("""
                        DELETE FROM records WHERE zone = ? AND seen = 0 AND version > 0 AND id NOT IN (SELECT id FROM pending WHERE zone = ?)
                        """, [.text(zone), .text(zone)])
                }
                try database.execute("INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                     [.text("token:" + zone), .text(page.token)])
            }
            for change in changes { continuation.yield(change) }
            token = page.token
            if !page.moreComing { return }
        }
    }

    /// One change from the server; what it did to what the device shows (nil: nothing, e.g. its own change coming back).
    private func apply(_ zone: String, _ change: SyncChange, full: Bool) throws -> ChangeKind? {
        let key: [LocalDatabase.Value] = [.text(zone), .text(change.id.uuidString)]
        let remote = change.deleted ? nil : change.record.flatMap(SyncEngine.object)
        let known = try database.query("SELECT version FROM records WHERE zone = ? AND id = ?", key).first?.integer("version")
        let pending = try !database.query("SELECT 1 AS one FROM pending WHERE zone = ? AND id = ?", key).isEmpty
        if let known, known >= change.version {
            try database.execute("UPDATE records SET seen = 1 WHERE zone = ? AND id = ?", key)
            // Our own change coming back: the server's copy (as it stores it) becomes the base.
            if known == change.version, !pending {
                try database.execute("UPDATE records SET fields = ?, server_fields = ? WHERE zone = ? AND id = ?", [SyncEngine.text(remote), SyncEngine.text(remote)] + key)
            }
            return nil
        }
        let server: [LocalDatabase.Value] = [.integer(change.version), SyncEngine.text(remote), .real(change.modifiedAt.timeIntervalSince1970), .text(change.device ?? "server")]
        if pending {
            // Changed here too: keep this device's copy; the next push meets the server's and merges.
            try database.execute("""
                UPDATE records SET version = ?, server_fields = ?, server_modified = ?, server_device = ?, seen = 1 WHERE zone = ? AND id = ?
                """, server + key)
            return nil
        }
        try database.execute("""
            INSERT INTO records (zone, id, version, server_fields, server_modified, server_device, fields, seen) VALUES (?, ?, ?, ?, ?, ?, ?, 1)
            ON CONFLICT (zone, id) DO UPDATE SET version = excluded.version, server_fields = excluded.server_fields,
                server_modified = excluded.server_modified, server_device = excluded.server_device, fields = excluded.fields, seen = 1
            """, key + server + [SyncEngine.text(remote)])
        return change.deleted ? .deleted : .received
    }

    // MARK: JSON in the local file

    static func object(_ value: JSONValue) -> [String: JSONValue]? {
        if case let .object(members) = value { members } else { nil }
    }

    static func fields(_ text: String?) -> [String: JSONValue]? {
        guard let text, let value = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else { return nil }
        return object(value)
    }

    static func text(_ fields: [String: JSONValue]?) -> LocalDatabase.Value {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let fields, let data = try? encoder.encode(JSONValue.object(fields)) else { return .null }
        return .text(String(decoding: data, as: UTF8.self))
    }
}
