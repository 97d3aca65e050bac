import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// The catalog's exercises in the database: added at start when missing; an entry already there
/// gets the catalog's facts (kind, equipment, level, muscles it also trains) when the catalog's
/// revision is newer than its own, and keeps its names, category and video, which are the
/// admins' to edit.
extension ExerciseCatalog {
    /// Adds the built-in exercises that are missing and brings the facts of older ones up to this
    /// revision; one read when there is nothing to do.
    static func ensure(_ database: Database, now: Date = Date()) async throws {
        let current = try await database.read { c in try TrainingStore.exerciseIDs(fromRevision: revision, c) }
        let stale = builtIn.filter { !current.contains($0.id) }
        guard !stale.isEmpty else { return }
        _ = try await database.transaction { c in
            for start in stride(from: 0, to: stale.count, by: 100) {
                try TrainingStore.seed(stale[start..<min(start + 100, stale.count)], revision: revision, at: now, c)
            }
        }
    }
}
