import Foundation

/// Small named values the server keeps about itself (demo seeded, key rotation dates).
public struct SettingsStore: Sendable {
    let database: Database

    public init(database: Database) { self.database = database }

    public func value(_ key: String) async throws -> String? {
        try await database.read { try $0.queryOne("SELECT value FROM app_settings WHERE key = ?", key)?.string("value") }
    }

    public func set(_ key: String, _ value: String, at now: Date) async throws {
        _ = try await database.transaction { connection in
            try connection.execute("""
                INSERT INTO app_settings (key, value, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                """, key, value, now)
        }
    }
}
