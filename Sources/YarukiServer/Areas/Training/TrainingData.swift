import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// A person's workout log, own exercises, body measures and progress photos, for their account's deletion and export. Their own
/// exercises go with the account's row (`owner_id` cascades), after every area has removed what
/// names them.
struct TrainingData: PersonalData {
    let context: AppContext
    var area: String { "training" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        let photos = try BodyStore.deleteAllPhotos(user: user, c)
        return Removed(counts: ["workouts": try TrainingStore.deleteAll(user: user, c), "exercises": try TrainingStore.ownExercises(of: user, c).count,
                                "bodyMeasures": try BodyStore.deleteAll(user: user, c), "bodyPhotos": photos.count],
                       files: Set(photos.map { StoredFile.photo(sha256: $0) }))
    }

    func export(user: UUID, into folder: ExportFolder) async throws {
        let database = context.database
        let own = try await database.read { c in try TrainingStore.ownExercises(of: user, c) }
        try await folder.writeArray("exercises.json", of: Exercise.self) { emit in for exercise in own { try emit(exercise) } }
        let photos = try await database.read { c in try BodyStore.photos(user: user, limit: BodyService.maxPhotos, c) }
        try await folder.writeArray("body-photos.json", of: BodyPhoto.self) { emit in
            for photo in photos {
                folder.addFile("body-photos/\(photo.day)-\(photo.id.lowercasedString).jpg", from: context.photos.path(photo.sha256, .display))
                try emit(BodyService.reply(photo))
            }
        }
        try await folder.writeArray("body.json", of: BodyDay.self) { emit in
            var before: String?
            while true {
                let page = try await database.read { c in try BodyStore.days(user: user, before: before, limit: 1000, c) }
                for day in page { try emit(day) }
                guard page.count == 1000, let last = page.last else { return }
                before = last.day
            }
        }
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
