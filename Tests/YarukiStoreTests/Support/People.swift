import Foundation
import YarukiStore

/// A member's row, straight into `users`: what a store test needs of a person (the rows it writes
/// point at one).
func person(_ db: Database, _ n: Int) async throws -> UUID {
    let id = UUID()
    try await db.transaction { c in
        try c.execute("""
            INSERT INTO users (id, email, email_key, display_name, password_hash, role, time_zone, locale, week_start, created_at, updated_at)
            VALUES (?, ?, ?, ?, '', 'member', 'Asia/Seoul', 'ko', 'monday', 0, 0)
            """, id, "p\(n)@example.com", "p\(n)@example.com", "P\(n)")
    }
    return id
}
