extension Migrations {
    static let v1Settings = Migration(1, "settings") { _ in
        ["""
         CREATE TABLE app_settings (
             key TEXT PRIMARY KEY,
             value TEXT NOT NULL,
             updated_at BIGINT NOT NULL)
         """]
    }
}
