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

    func prepare(_ fields: JSONValue, id: UUID, user: UUID, now: Date) throws -> LifelogDraft {
        try LifelogService.draft(try SyncFields.decode(LifelogRecordBody.self, fields, id: id), now: now)
    }

    func write(_ id: UUID, _ draft: LifelogDraft, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncEffects {
        try lifelog.save(id, draft, user: user, now: now, c)
        return effects(user)
    }

    /// Memos and check-ins new to the server, in one statement per 500 (a first sync is mostly
    /// these); any other kind, or an id already taken, is written one at a time instead.
    func create(_ records: [(id: UUID, draft: LifelogDraft, stamp: SyncStore.Stamp)], user: UUID, now: Date,
                _ c: SQLConnection) throws -> (SyncEffects, [Int64]) {
        guard records.allSatisfy({ $0.draft.kind == .memo || $0.draft.kind == .checkin }) else {
            throw Refusal(.unprocessable, "Photos and voice notes begin as uploads.")
        }
        let written = try records.map { ($0.id, $0.draft, $0.stamp, try LifelogService.wire(id: $0.id, $0.draft, createdAt: now, updatedAt: now)) }
        return (effects(user), try LifelogStore.insert(written, user: user, at: now, c))
    }

    private func effects(_ user: UUID) -> SyncEffects {
        let plans = lifelog.plans
        return SyncEffects(tags: [LifelogService.changed(user)], afterwards: [{ plans.forget(user: user) }])
    }

    func delete(_ id: UUID, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncEffects {
        try lifelog.remove(id, user: user, now: now, c) ?? SyncEffects()
    }
}
