import Foundation
import YarukiCore

/// What an import from another app remembers: the exercise each of its names was mapped to, so
/// the next import of the same app's file maps them without asking.
public enum WorkoutImportStore {
    /// The exercise each name was mapped to last time, by name.
    public static func importNames(user: UUID, _ c: SQLConnection) throws -> [String: String] {
        var names: [String: String] = [:]
        for row in try c.query("SELECT name, exercise_id FROM import_names WHERE user_id = ?", user) {
            names[try row.string("name")] = try row.string("exercise_id")
        }
        return names
    }

    public static func rememberImportNames(user: UUID, _ names: [String: String], _ c: SQLConnection) throws {
        for (name, exercise) in names.sorted(by: { $0.key < $1.key }) {
            try c.execute("""
                INSERT INTO import_names (user_id, name, exercise_id) VALUES (?, ?, ?)
                ON CONFLICT (user_id, name) DO UPDATE SET exercise_id = excluded.exercise_id
                """, user, name, exercise)
        }
    }
}
