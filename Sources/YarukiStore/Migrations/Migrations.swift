/// Every migration, in order. Append only: a released migration never changes.
public enum Migrations {
    public static let all: [Migration] = [
        Migration(1, "settings") { _ in
            ["""
             CREATE TABLE app_settings (
                 key TEXT PRIMARY KEY,
                 value TEXT NOT NULL,
                 updated_at BIGINT NOT NULL)
             """]
        },
    ]
}
