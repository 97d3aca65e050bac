import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// A person's workout log, for their account's deletion and export.
struct TrainingData: PersonalData {
    let context: AppContext
    var area: String { "training" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        Removed(counts: ["workouts": try TrainingStore.deleteAll(user: user, c)])
    }

    func export(user: UUID, into folder: ExportFolder) async throws {
        let database = context.database
        try await folder.writeArray("workouts.json", of: Workout.self) { emit in
            var cursor: (Date, UUID)?
            while true {
                let page = try await database.read { c in
                    try TrainingStore.workouts(user: user, from: .distantPast, to: .distantFuture, after: cursor, limit: 200, c)
                }
                for workout in page { try emit(workout) }
                guard page.count == 200, let last = page.last else { return }
                cursor = (last.startedAt, last.id)
            }
        }
    }
}
