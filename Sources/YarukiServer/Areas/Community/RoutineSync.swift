import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// A person's own routines as a sync zone (saved ones stay the author's): pulled as
/// `GET /v1/routines/{id}` shows them, pushed as `PUT /v1/routines/{id}` takes them, or made
/// under the device's id.
struct RoutineSync: SyncZone {
    let routines: RoutineService
    var zone: SyncStore.Zone { .routines }
    var recordType: String { "routine" }

    func records(_ ids: [UUID], user: UUID, _ c: SQLConnection) throws -> [UUID: JSONValue] {
        var found: [UUID: JSONValue] = [:]
        for row in try RoutineStore.authored(ids: ids, author: user, c) { found[row.id] = try SyncVersions.json(RoutineService.reply(row, viewer: user)) }
        return found
    }

    func prepare(_ fields: JSONValue, id: UUID, user: UUID, now: Date) throws -> RoutineDraft {
        try SyncFields.decode(RoutineDraft.self, fields, id: nil)
    }

    func write(_ id: UUID, _ draft: RoutineDraft, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncEffects {
        _ = try routines.save(draft, id: id, user: user, now: now, mustExist: false, c)
        return SyncEffects(tags: PostService.tags)
    }

    func delete(_ id: UUID, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncEffects {
        _ = try routines.remove(id, user: user, now: now, c)
        return SyncEffects(tags: PostService.tags)
    }
}
