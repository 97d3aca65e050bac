import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Workouts as a sync zone: pulled as `GET /v1/workouts/{id}` shows them, pushed as
/// `PUT /v1/workouts/{id}` takes them, checked against the catalog the same way.
struct WorkoutSync: SyncZone {
    let training: TrainingService
    var zone: SyncStore.Zone { .workouts }
    var recordType: String { "workout" }

    func records(_ ids: [UUID], user: UUID, _ c: SQLConnection) throws -> [UUID: JSONValue] {
        var found: [UUID: JSONValue] = [:]
        for workout in try TrainingStore.workouts(ids: ids, user: user, c) { found[workout.id] = try SyncVersions.json(workout) }
        return found
    }

    func prepare(_ fields: JSONValue, id: UUID, user: UUID, now: Date) throws -> Workout {
        let body = try SyncFields.decode(WorkoutBody.self, fields, id: id)
        return Workout(id: id, startedAt: body.startedAt, endedAt: body.endedAt, notes: body.notes ?? "", exercises: body.exercises)
    }

    func write(_ id: UUID, _ workout: Workout, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncEffects {
        _ = try training.save(workout, user: user, now: now, c)
        return effects(user)
    }

    func delete(_ id: UUID, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncEffects {
        effects(user, feeds: try training.remove(id, user: user, now: now, c) ?? [])
    }

    /// The person's kept pages let go, and once committed their groups' challenges counted again
    /// and the feeds that lost a deleted workout told.
    private func effects(_ user: UUID, feeds: [UUID] = []) -> SyncEffects {
        let training = training
        return SyncEffects(tags: [TrainingService.changed(user)], afterwards: [{ training.moved(user); training.told(feeds) }])
    }
}
