import Foundation

public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let statements: @Sendable (SQLDialect) -> [String]

    public init(_ version: Int, _ name: String, _ statements: @escaping @Sendable (SQLDialect) -> [String]) {
        self.version = version
        self.name = name
        self.statements = statements
    }
}

extension SQLDialect {
    /// Column types that differ between the engines.
    public var blob: String { self == .sqlite ? "BLOB" : "BYTEA" }
}

/// Applies each pending migration once, in its own transaction, and records it.
/// On PostgreSQL an advisory lock keeps several nodes starting at once from racing.
public enum Migrator {
    static let lockKey = 7_246_347

    @discardableResult
    public static func migrate(_ database: Database, _ migrations: [Migration] = Migrations.all,
                               clock: @escaping @Sendable () -> Date = { Date() }) async throws -> [Migration] {
        try await database.transaction { connection in
            try lock(connection)
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)
                """, [])
        }
        var applied: [Migration] = []
        for migration in migrations.sorted(by: { $0.version < $1.version }) {
            let ran = try await database.transaction { connection -> Bool in
                try lock(connection)
                if try connection.queryOne("SELECT version FROM schema_migrations WHERE version = ?", migration.version) != nil {
                    return false
                }
                for statement in migration.statements(connection.dialect) { try connection.execute(statement, []) }
                try connection.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                                       migration.version, migration.name, clock())
                return true
            }
            if ran { applied.append(migration) }
        }
        return applied
    }

    public static func appliedVersions(_ database: Database) async throws -> [Int] {
        try await database.read { connection in
            try connection.query("SELECT version FROM schema_migrations ORDER BY version", []).map { try $0.int("version") }
        }
    }

    private static func lock(_ connection: SQLConnection) throws {
        if connection.dialect == .postgres { _ = try connection.query("SELECT pg_advisory_xact_lock(?)", lockKey) }
    }
}
