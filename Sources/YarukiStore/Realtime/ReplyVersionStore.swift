import Foundation

/// Versions of the kinds of data replies are made from (`account:<id>`, `community`…), shared by
/// every node: a write bumps the ones it changed once it has committed, and a read compares them
/// with the ones a kept reply was made from.
public enum ReplyVersionStore {
    /// The versions of `tags` now (a tag never bumped is at 0), in their order.
    public static func versions(_ tags: [String], _ c: SQLConnection) throws -> [Int64] {
        guard !tags.isEmpty else { return [] }
        let statement = versionsStatement(tags)
        return try versions(tags, from: c.query(statement.sql, statement.parameters))
    }

    /// The statement `versions` runs, to send ahead of another read (`ReadAhead`): a few texts
    /// for any number of tags, each with a plan PostgreSQL keeps (`SQLFragment.anyOf`).
    public static func versionsStatement(_ tags: [String]) -> SQLStatement {
        let any = SQLFragment.anyOf("tag", tags)
        return SQLStatement(sql: "SELECT tag, version FROM reply_versions WHERE \(any.sql)", parameters: any.parameters)
    }

    /// `tags`' versions from the rows of `versionsStatement(tags)` (0 for one never bumped).
    public static func versions(_ tags: [String], from rows: [Row]) throws -> [Int64] {
        var found: [String: Int64] = [:]
        for row in rows { found[try row.string("tag")] = Int64(try row.int("version")) }
        return tags.map { found[$0] ?? 0 }
    }

    /// Bumps each of `tags` by one, in one statement that is its own transaction (run it outside
    /// one). Taken in name order, so two bumps of overlapping tags never wait on each other
    /// crosswise. On PostgreSQL its commit does not wait for the flush to disk (`synchronous_commit`
    /// set for this transaction alone, in the same statement: one round trip): the change it marks
    /// is durable already, and a bump lost to a crash leaves a kept reply at most its age.
    public static func bump(_ tags: [String], _ c: SQLConnection) throws {
        guard let statement = bump(tags, c.dialect) else { return }
        try c.execute(statement.sql, statement.parameters)
    }

    /// The statement `bump(_:_:)` runs (none for no tags), for `Database.transaction(_:then:)`.
    public static func bump(_ tags: [String], _ dialect: SQLDialect) -> SQLStatement? {
        let names = Array(Set(tags)).sorted()
        guard !names.isEmpty else { return nil }
        let rows = Array(repeating: "(?)", count: names.count).joined(separator: ", ")
        let bumped = dialect == .postgres
            ? "SELECT bumped.tag, 1 FROM (VALUES \(rows)) AS bumped (tag) CROSS JOIN (SELECT set_config('synchronous_commit', 'off', true)) AS unflushed"
            : "SELECT column1, 1 FROM (VALUES \(rows)) WHERE true"
        return SQLStatement(sql: """
            INSERT INTO reply_versions (tag, version) \(bumped)
            ON CONFLICT (tag) DO UPDATE SET version = reply_versions.version + 1
            """, parameters: names.map(\.sqlValue))
    }
}
