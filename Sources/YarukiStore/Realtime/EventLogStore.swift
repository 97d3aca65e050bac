import Foundation

/// The events streams carry, logged in order (`events`): what a screen that reconnects gets again,
/// and what a node whose listener dropped catches up on. On PostgreSQL every node hears of each
/// one through `NOTIFY` (`PostgresListener`); appends take a transaction-scoped advisory lock, so
/// ids become visible in the order they were given and reading "after id n" never skips one that
/// commits late.
public enum EventLogStore {
    public struct Entry: Sendable, Equatable {
        public var id: Int64
        public var topic: String
        public var name: String
        /// Whom it is for, as its topic reads it (a person's id, several joined by commas…).
        public var audience: String
        /// JSON.
        public var data: String
        /// The audience is people (their ids, comma-separated): an entry is never logged for one
        /// whose account is gone.
        public var personal: Bool

        public init(id: Int64 = 0, topic: String, name: String, audience: String, data: String, personal: Bool = false) {
            (self.id, self.topic, self.name, self.audience, self.data, self.personal) = (id, topic, name, audience, data, personal)
        }
    }

    /// The channel every node listens on.
    public static let channel = "yaruki_events"
    /// NOTIFY carries at most 8,000 bytes: an entry longer than this goes by its id alone, and
    /// each node reads it once.
    public static let inlineLimit = 7_000
    private static let appendLock: Int64 = 0x7961_7275_6b69_0001

    /// Appends `entries` in order and returns them with their ids; on PostgreSQL also notifies
    /// every node (delivered when the transaction commits). Call inside a transaction.
    ///
    /// A personal entry is logged only for people whose accounts stand: their rows are read (on
    /// PostgreSQL `FOR KEY SHARE`, before the append lock) in the same transaction. An account's
    /// deletion locks its row first (`AccountStore.lockForDeletion`), so an append either commits
    /// before the deletion reads the log (and is deleted with it) or waits for it and finds the
    /// person gone: no entry naming a deleted person is written after the deletion commits.
    public static func append(_ entries: [Entry], at now: Date, _ c: SQLConnection) throws -> [Entry] {
        let people = Array(Set(entries.filter(\.personal).flatMap { $0.audience.split(separator: ",").map(String.init) })).sorted()
        var standing = Set<String>()
        for slice in SQLFragment.slices(people) {
            let lock = c.dialect == .postgres ? " FOR KEY SHARE" : ""
            for row in try c.query("SELECT id FROM users WHERE id IN (\(SQLFragment.marks(slice.count)))\(lock)", slice.map(\.sqlValue)) {
                standing.insert(try row.string("id").lowercased())
            }
        }
        // The lock goes out with the first INSERT, in its round trip.
        if c.dialect == .postgres { try c.queryLater("SELECT pg_advisory_xact_lock(?)", appendLock) }
        var logged: [Entry] = []
        logged.reserveCapacity(entries.count)
        for var entry in entries {
            if entry.personal {
                entry.audience = entry.audience.split(separator: ",").filter { standing.contains($0.lowercased()) }.joined(separator: ",")
                if entry.audience.isEmpty { continue }
            }
            logged.append(entry)
        }
        // One INSERT per slice: its rows take their ids in the order they are listed.
        var start = 0
        for slice in SQLFragment.slices(logged, size: 200) {
            var values: [SQLValue] = []
            values.reserveCapacity(slice.count * 5)
            for entry in slice { values += [entry.topic.sqlValue, entry.name.sqlValue, entry.audience.sqlValue, entry.data.sqlValue, now.sqlValue] }
            let ids = try c.query("INSERT INTO events (topic, name, audience, data, at) VALUES \(SQLFragment.rows(slice.count, width: 5)) RETURNING id", values)
                .map { Int64(try $0.int("id")) }.sorted()
            guard ids.count == slice.count else { throw DatabaseError.statement("\(slice.count) events were given \(ids.count) ids") }
            for (offset, id) in ids.enumerated() { logged[start + offset].id = id }
            start += slice.count
        }
        if c.dialect == .postgres { _ = try notify(logged, c) }
        return logged
    }

    /// Tells every node of `entries` (delivered when the transaction commits), in order and in one
    /// statement per 50, sent with the COMMIT; nothing on SQLite. Returns the ones too long to pass
    /// between nodes (not told).
    public static func notify(_ entries: [Entry], _ c: SQLConnection) throws -> [Entry] {
        guard c.dialect == .postgres else { return [] }
        var told: [String] = []
        var tooLong: [Entry] = []
        for entry in entries {
            let payload = notification(entry)
            // An entry not logged (id 0) cannot go by its id: only whole.
            if entry.id == 0, !payload.contains("\u{1F}") { tooLong.append(entry) } else { told.append(payload) }
        }
        for slice in SQLFragment.slices(told, size: 50) {
            try c.queryLater("SELECT " + Array(repeating: "pg_notify(?, ?)", count: slice.count).joined(separator: ", "),
                             slice.flatMap { [channel.sqlValue, $0.sqlValue] })
        }
        return tooLong
    }

    /// `id US topic US name US audience US data`, or the id alone when that is too long.
    static func notification(_ entry: Entry) -> String {
        let whole = notificationHead(topic: entry.topic, name: entry.name, audience: entry.audience, id: entry.id) + entry.data
        return whole.utf8.count <= inlineLimit ? whole : String(entry.id)
    }

    /// What a notification of an entry says before its data; a passing entry (not logged) has id 0.
    /// For a statement that tells one whose data the transaction completes (`SyncStore.notifyVersion`).
    public static func notificationHead(topic: String, name: String, audience: String, id: Int64 = 0) -> String {
        "\(id)\u{1F}\(topic)\u{1F}\(name)\u{1F}\(audience)\u{1F}"
    }

    /// A notification read back: the entry, or its id when it came by reference.
    public static func parse(_ payload: String) -> (entry: Entry?, id: Int64?) {
        let parts = payload.split(separator: "\u{1F}", maxSplits: 4, omittingEmptySubsequences: false)
        if parts.count == 5, let id = Int64(parts[0]) {
            return (Entry(id: id, topic: String(parts[1]), name: String(parts[2]), audience: String(parts[3]), data: String(parts[4])), id)
        }
        return (nil, Int64(payload))
    }

    /// Entries after `id`, oldest first, at most `limit`; only `topic`'s when given.
    public static func after(_ id: Int64, topic: String? = nil, limit: Int, _ c: SQLConnection) throws -> [Entry] {
        let rows = if let topic {
            try c.query("SELECT id, topic, name, audience, data FROM events WHERE id > ? AND topic = ? ORDER BY id LIMIT ?", id, topic, limit)
        } else {
            try c.query("SELECT id, topic, name, audience, data FROM events WHERE id > ? ORDER BY id LIMIT ?", id, limit)
        }
        return try rows.map { row in
            Entry(id: Int64(try row.int("id")), topic: try row.string("topic"), name: try row.string("name"), audience: try row.string("audience"),
                  data: try row.string("data"))
        }
    }

    public static func entry(_ id: Int64, _ c: SQLConnection) throws -> Entry? {
        try after(id - 1, limit: 1, c).first { $0.id == id }
    }

    /// The newest id (0 when there is none).
    public static func newest(_ c: SQLConnection) throws -> Int64 {
        Int64(try c.queryOne("SELECT COALESCE(MAX(id), 0) AS id FROM events")?.int("id") ?? 0)
    }

    /// Drops every entry for or about `id` (a person's, lowercase), its audience or its data.
    @discardableResult
    public static func forget(_ id: String, _ c: SQLConnection) throws -> Int {
        // After any append committing now (and before the next one), so none slips past.
        // The lock goes out with the first INSERT, in its round trip.
        if c.dialect == .postgres { try c.queryLater("SELECT pg_advisory_xact_lock(?)", appendLock) }
        let pattern = "%" + id + "%"
        return try c.execute("DELETE FROM events WHERE LOWER(audience) LIKE ? OR LOWER(data) LIKE ?", pattern, pattern)
    }

    /// Drops entries older than `before`; returns how many.
    @discardableResult
    public static func prune(before: Date, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM events WHERE at < ?", before)
    }
}
