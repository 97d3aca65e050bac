import Foundation

/// Reminders the server has sent on its own, each under the occasion it was for ("quota
/// 2026-12-02", "class <id> <start> hour"), so a reminder is sent exactly once whichever node
/// looks and however often.
public enum ReminderStore {
    /// Marks the reminder for `occasion` sent; false when it already was (send nothing then).
    public static func claim(_ user: UUID, occasion: String, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("INSERT INTO reminders_sent (user_id, occasion, sent_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", user, occasion, now) == 1
    }

    /// Forgets reminders sent before `before` (their occasions are long past).
    public static func prune(sentBefore before: Date, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM reminders_sent WHERE sent_at < ?", before)
    }

    public static func delete(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM reminders_sent WHERE user_id = ?", user)
    }
}
