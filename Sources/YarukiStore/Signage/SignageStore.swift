import Foundation
import YarukiCore
import YarukiJSON

/// Sales, their quarter-hour sums, the boards that show them, and the API keys that send them.
public enum SignageStore {
    // MARK: sales

    /// Files a batch: a sale whose id is known already is skipped (duplicates, retries), each new
    /// one is added to its bucket. Returns the sales that were new. Order does not matter: late
    /// and early sales land in their own buckets.
    public static func ingest(_ events: [SaleEvent], at now: Date, _ c: SQLConnection) throws -> [SaleEvent] {
        try ingest(SaleIngest(events, at: now), c)
    }

    /// The same, with the statements made beforehand (`SaleIngest`): only the database's own work
    /// is left for the transaction. When some sales were not new, the sums are made again from
    /// those that were.
    public static func ingest(_ sales: SaleIngest, _ c: SQLConnection) throws -> [SaleEvent] {
        // The inserts go out together (one round trip on PostgreSQL), then their answers are read.
        let answers = try sales.inserts.map { try c.queryLater($0.sql, $0.parameters) }
        var inserted = Set<String>()
        for answer in answers { for row in try answer.value() { inserted.insert(try row.string("id")) } }
        // The same id twice in one batch: the first one counts.
        var seen = Set<String>()
        let fresh = sales.events.filter { inserted.contains($0.id) && seen.insert($0.id).inserted }
        // The sums need no answer: on PostgreSQL they go with the COMMIT.
        for statement in fresh.count == sales.events.count ? sales.sums : SaleIngest.sums(of: fresh) {
            try c.queryLater(statement.sql, statement.parameters)
        }
        return fresh
    }

    /// A page of the sales a board counts between two instants, in time order (then by id), after a keyset.
    public static func events(currency: String, from: Date, to: Date, campaign: String?, channel: String?, after: (Date, String)?, limit: Int,
                              _ c: SQLConnection) throws -> [SaleEvent] {
        var sql = """
            SELECT id, amount, currency, occurred_at, channel, campaign, product, product_name, store, staff FROM sales_events
            WHERE currency = ? AND occurred_at >= ? AND occurred_at < ?
            """
        var values: [SQLValue] = [.text(currency), from.sqlValue, to.sqlValue]
        if let campaign { sql += " AND campaign = ?"; values.append(.text(campaign)) }
        if let channel { sql += " AND channel = ?"; values.append(.text(channel)) }
        if let (at, id) = after {
            sql += " AND (occurred_at > ? OR (occurred_at = ? AND id > ?))"
            values += [at.sqlValue, at.sqlValue, .text(id)]
        }
        values.append(.integer(Int64(limit)))
        return try c.query(sql + " ORDER BY occurred_at, id LIMIT ?", values).map { r in
            let campaign = try r.string("campaign")
            return SaleEvent(id: try r.string("id"), amount: Int64(try r.int("amount")), currency: try r.string("currency"), occurredAt: try r.date("occurred_at"),
                             channel: try r.string("channel"), campaign: campaign.isEmpty ? nil : campaign, product: try r.optionalString("product"),
                             productName: try r.optionalString("product_name"), store: try r.optionalString("store"), staff: try r.optionalString("staff"))
        }
    }

    /// The best `limit` products or stores of a board's window and filters: largest first, a tie
    /// to the one whose latest sale came first (it got there first), then by key; with their names.
    public static func ranks(_ dimension: String, currency: String, from: Date, to: Date, campaign: String?, channel: String?, limit: Int,
                             _ c: SQLConnection) throws -> [SalesRank] {
        var sql = """
            SELECT r.key, SUM(r.amount) AS amount, SUM(r.sales) AS sales, MAX(r.last_at) AS last_at, MAX(n.name) AS name
            FROM sales_ranks r LEFT JOIN sales_names n ON n.dimension = r.dimension AND n.key = r.key
            WHERE r.dimension = ? AND r.currency = ? AND r.bucket >= ? AND r.bucket < ?
            """
        var values: [SQLValue] = [.text(dimension), .text(currency), .integer(SalesBucket.start(of: from)), .integer(SalesBucket.start(of: to))]
        if let campaign { sql += " AND r.campaign = ?"; values.append(.text(campaign)) }
        if let channel { sql += " AND r.channel = ?"; values.append(.text(channel)) }
        values.append(.integer(Int64(limit)))
        return try c.query(sql + " GROUP BY r.key ORDER BY amount DESC, last_at, r.key LIMIT ?", values).map { r in
            SalesRank(key: try r.string("key"), name: try r.optionalString("name"), amount: Int64(try r.int("amount")), sales: Int64(try r.int("sales")),
                      at: try r.date("last_at"))
        }
    }

    /// The buckets a board adds up: its currency, window and filters.
    public static func sums(currency: String, from: Date, to: Date, campaign: String?, channel: String?, _ c: SQLConnection) throws -> [SalesSum] {
        var sql = """
            SELECT channel, bucket, SUM(amount) AS amount, SUM(sales) AS sales, SUM(refunds) AS refunds, SUM(refunded) AS refunded
            FROM sales_buckets WHERE currency = ? AND bucket >= ? AND bucket < ?
            """
        var values: [SQLValue] = [.text(currency), .integer(SalesBucket.start(of: from)), .integer(SalesBucket.start(of: to))]
        if let campaign { sql += " AND campaign = ?"; values.append(.text(campaign)) }
        if let channel { sql += " AND channel = ?"; values.append(.text(channel)) }
        return try c.query(sql + " GROUP BY channel, bucket ORDER BY bucket, channel", values).map { r in
            SalesSum(channel: try r.string("channel"), bucket: Int64(try r.int("bucket")), amount: Int64(try r.int("amount")),
                     sales: Int64(try r.int("sales")), refunds: Int64(try r.int("refunds")), refunded: Int64(try r.int("refunded")))
        }
    }

    // MARK: boards

    private static func board(_ r: Row) throws -> SalesBoard {
        SalesBoard(id: try r.uuid("id"), title: try r.string("title"), currency: try r.string("currency"), startsAt: try r.date("starts_at"),
              endsAt: try r.date("ends_at"), campaign: try r.optionalString("campaign"), channel: try r.optionalString("channel"),
              goal: try r.optionalInt("goal").map(Int64.init),
              embedOrigins: try r.string("embed_origins").split(separator: " ").map(String.init), timeZone: try r.string("time_zone"),
              milestones: try r.optionalString("milestones").flatMap { try? JSONDecoder().decode(BoardMilestones.self, from: Data($0.utf8)) })
    }

    static let boardColumns = "id, title, currency, starts_at, ends_at, campaign, channel, goal, embed_origins, time_zone, milestones"

    static func json(_ milestones: BoardMilestones?) -> SQLValue {
        guard let milestones, let data = try? JSONEncoder().encode(milestones) else { return .null }
        return .text(String(decoding: data, as: UTF8.self))
    }

    public static func insert(_ b: SalesBoard, tokenHash: String, by user: UUID?, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO signage_boards (id, title, currency, starts_at, ends_at, campaign, channel, goal, embed_origins, time_zone, milestones,
                                        token_hash, created_by, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, b.id, b.title, b.currency, b.startsAt, b.endsAt, b.campaign, b.channel, b.goal, b.embedOrigins.joined(separator: " "), b.timeZone,
            json(b.milestones), tokenHash, user, now, now)
    }

    public static func update(_ b: SalesBoard, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            UPDATE signage_boards SET title = ?, currency = ?, starts_at = ?, ends_at = ?, campaign = ?, channel = ?, goal = ?, embed_origins = ?,
                                      time_zone = ?, milestones = ?, updated_at = ? WHERE id = ?
            """, b.title, b.currency, b.startsAt, b.endsAt, b.campaign, b.channel, b.goal, b.embedOrigins.joined(separator: " "), b.timeZone,
            json(b.milestones), now, b.id) == 1
    }

    /// Stores milestones a board reached; those it had already (another node was first) are
    /// skipped. Returns the ones stored here.
    public static func reach(_ board: UUID, _ milestones: [Milestone], at now: Date, _ c: SQLConnection) throws -> [Milestone] {
        var stored: [Milestone] = []
        for m in milestones {
            let inserted = try c.query("""
                INSERT INTO board_milestones (board_id, key, kind, amount, reached_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (board_id, key) DO NOTHING RETURNING key
                """, board, m.key, m.kind.rawValue, m.amount, now)
            if !inserted.isEmpty {
                var m = m
                m.reachedAt = now
                stored.append(m)
            }
        }
        return stored
    }

    /// What a board reached, in the order it was reached.
    public static func reached(_ board: UUID, _ c: SQLConnection) throws -> [Milestone] {
        try c.query("SELECT key, kind, amount, reached_at FROM board_milestones WHERE board_id = ? ORDER BY reached_at, key", board).map { r in
            Milestone(key: try r.string("key"), kind: Milestone.Kind(rawValue: try r.string("kind")) ?? .every, amount: Int64(try r.int("amount")),
                      reachedAt: try r.date("reached_at"))
        }
    }

    /// Who made a board (told of its milestones); nil when they are gone.
    public static func maker(_ board: UUID, _ c: SQLConnection) throws -> UUID? {
        try c.queryOne("SELECT created_by FROM signage_boards WHERE id = ?", board).flatMap { try $0.optionalString("created_by").flatMap(UUID.init(strict:)) }
    }

    public static func setToken(_ id: UUID, tokenHash: String, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE signage_boards SET token_hash = ? WHERE id = ?", tokenHash, id) == 1
    }

    public static func delete(_ id: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM signage_boards WHERE id = ?", id) == 1
    }

    public static func board(_ id: UUID, _ c: SQLConnection) throws -> SalesBoard? {
        try c.queryOne("SELECT \(boardColumns) FROM signage_boards WHERE id = ?", id).map(board)
    }

    public static func board(_ id: UUID, tokenHash: String, _ c: SQLConnection) throws -> SalesBoard? {
        try c.queryOne("SELECT \(boardColumns) FROM signage_boards WHERE id = ? AND token_hash = ?", id, tokenHash).map(board)
    }

    /// Boards that celebrate milestones and have not ended by `now`.
    public static func boardsWithMilestones(endingAfter now: Date, _ c: SQLConnection) throws -> [SalesBoard] {
        try c.query("SELECT \(boardColumns) FROM signage_boards WHERE milestones IS NOT NULL AND ends_at > ? ORDER BY id", now).map(board)
    }

    public static func boards(_ c: SQLConnection) throws -> [SalesBoard] {
        try c.query("SELECT \(boardColumns) FROM signage_boards ORDER BY starts_at DESC, id").map(board)
    }

    // MARK: API keys

    public struct APIKey: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var scopes: [String]
        public var createdAt: Date
        public var lastUsedAt: Date?
        public var revokedAt: Date?
    }

    private static func key(_ r: Row) throws -> APIKey {
        APIKey(id: try r.uuid("id"), name: try r.string("name"), scopes: try r.string("scopes").split(separator: " ").map(String.init),
               createdAt: try r.date("created_at"), lastUsedAt: try r.optionalDate("last_used_at"), revokedAt: try r.optionalDate("revoked_at"))
    }

    public static func insertKey(id: UUID, name: String, hash: String, scopes: [String], by user: UUID?, at now: Date, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO api_keys (id, name, key_hash, scopes, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                      id, name, hash, scopes.joined(separator: " "), user, now)
    }

    /// A key that has not been revoked, by its hash.
    public static func key(hash: String, _ c: SQLConnection) throws -> APIKey? {
        try c.queryOne("SELECT id, name, scopes, created_at, last_used_at, revoked_at FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL", hash)
            .map(key)
    }

    public static func keys(_ c: SQLConnection) throws -> [APIKey] {
        try c.query("SELECT id, name, scopes, created_at, last_used_at, revoked_at FROM api_keys ORDER BY created_at DESC").map(key)
    }

    public static func revokeKey(_ id: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", now, id) == 1
    }

    public static func touchKey(_ id: UUID, at now: Date, _ c: SQLConnection) throws {
        try c.execute("UPDATE api_keys SET last_used_at = ? WHERE id = ?", now, id)
    }

    /// Boards, playlists and keys an admin made outlive them: they just stop naming who made them.
    public static func forgetCreator(_ user: UUID, _ c: SQLConnection) throws {
        try c.execute("UPDATE signage_boards SET created_by = NULL WHERE created_by = ?", user)
        try c.execute("UPDATE api_keys SET created_by = NULL WHERE created_by = ?", user)
        try PlaylistStore.forgetCreator(user, c)
    }
}
