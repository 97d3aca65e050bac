import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The lifelog's records as a sync zone: pulled as `GET /v1/lifelog/records/{id}` shows them,
/// pushed as its PUT takes them (memos and check-ins made, any record's text and place changed),
/// through the same checks and writes.
struct LifelogSync: SyncZone {
    let lifelog: LifelogService
    var zone: SyncStore.Zone { .lifelog }
    var recordType: String { "lifelogRecord" }

    func records(_ ids: [UUID], user: UUID, _ c: SQLConnection) throws -> [UUID: JSONValue] {
        var found: [UUID: JSONValue] = [:]
        for record in try LifelogStore.records(ids: ids, user: user, c) { found[record.id] = try SyncVersions.json(lifelog.reply(record)) }
        return found
    }

    func prepare(_ fields: JSONValue, id: UUID, user: UUID, now: Date) throws -> @Sendable (SQLConnection) throws -> SyncEffects {
        let body = try SyncFields.decode(LifelogRecordBody.self, fields, id: id)
        let draft = try LifelogService.draft(body, now: now)
        let lifelog = self.lifelog
        return { c in
            try lifelog.save(id, draft, user: user, now: now, c)
            let plans = lifelog.plans
            return SyncEffects(tags: LifelogService.tags(user), afterwards: [{ plans.forget(user: user) }])
        }
    }

    func delete(_ id: UUID, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncEffects {
        try lifelog.remove(id, user: user, now: now, c) ?? SyncEffects()
    }
}
