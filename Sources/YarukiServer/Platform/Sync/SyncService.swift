import Foundation
import Synchronization
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Offline-first sync over the areas' own rows: a changes feed per zone (records and tombstones
/// after an opaque token, in version order), pushes of many records checked against the version
/// each device last saw (saved, conflict with the server's copy, or rejected with the reason;
/// atomic when asked), and a nudge on the person's event stream when a zone changes.
final class SyncService: Sendable {
    let context: AppContext
    let zones: [SyncStore.Zone: any SyncZone]
    /// Tombstones are kept this long; a token from before the oldest one kept answers 410.
    let tombstoneLifetime: TimeInterval
    private let tasks = Mutex<[Task<Void, Never>]>([])

    var database: Database { context.database }

    static let maxLimit = 1000

    init(context: AppContext, zones: [any SyncZone]) {
        self.context = context
        self.zones = Dictionary(uniqueKeysWithValues: zones.map { ($0.zone, $0) })
        tombstoneLifetime = TimeInterval(context.settings.syncTombstoneDays) * 86_400
    }

    func zone(_ name: String) throws -> any SyncZone {
        guard let kind = SyncStore.Zone(rawValue: name), let zone = zones[kind] else {
            throw Refusal.notFound("No zone '\(name)': the zones are \(SyncZoneName.zones.joined(separator: ", ")).")
        }
        return zone
    }

    // MARK: tokens

    /// Opaque to clients: the zone and the last version they have.
    static func token(_ zone: SyncStore.Zone, _ version: Int64) -> String {
        Data("\(zone.rawValue):\(version)".utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// What a token is made of (base64url); anything else is not one at all (400).
    static let tokenPattern = "^[A-Za-z0-9_-]{1,100}$"

    static func version(of token: String, _ zone: SyncStore.Zone) throws -> Int64 {
        guard (1...100).contains(token.utf8.count), token.utf8.allSatisfy({ $0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }) else {
            throw Refusal.malformed("'since' is not a token: tokens are 1 to 100 letters, digits, - and _.",
                                    fields: [.init(field: "since", message: "must be a token from an earlier reply")])
        }
        var text = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard token.utf8.count <= 100, let data = Data(base64Encoded: text), let plain = String(data: data, encoding: .utf8),
              let colon = plain.lastIndex(of: ":"), let version = Int64(plain[plain.index(after: colon)...]), version >= 0 else {
            throw Refusal(.gone, code: "sync-token-unknown", "'since' is not a token this server gave: sync again from the start (no since).")
        }
        guard plain[..<colon] == zone.rawValue else {
            throw Refusal(.gone, code: "sync-token-unknown", "That token belongs to another zone: sync this one again from the start (no since).")
        }
        return version
    }

    // MARK: pull

    /// Changes after `since` (none: a first sync, live records only), at most `limit`.
    func changes(_ zone: any SyncZone, since: String?, limit: Int, user: UUID) async throws -> SyncChanges {
        let after = try since.map { try SyncService.version(of: $0, zone.zone) }
        let (latest, purged, entries, records) = try await database.read { c in
            // The newest committed version first: the page never reaches past it, so a change
            // committing meanwhile is in the next pull, not skipped.
            let latest = try SyncStore.latest(user: user, c)
            let purged = try SyncStore.purgedThrough(user: user, c)
            var entries = try SyncStore.changes(user: user, zone.zone, after: after ?? 0, limit: limit + 1, tombstones: after != nil, c)
            entries = entries.filter { $0.version <= latest }
            let live = entries.prefix(limit).filter { !$0.deleted }.map(\.id)
            return (latest, purged, entries, try zone.records(live, user: user, c))
        }
        if let after, after < purged {
            throw Refusal(.gone, code: "sync-token-expired",
                          "Deletions since this token are no longer kept (\(Int(tombstoneLifetime / 86_400)) days): sync again from the start (no since).")
        }
        let more = entries.count > limit
        let page = entries.prefix(limit)
        let changes = page.compactMap { entry -> SyncChange? in
            if entry.deleted { return SyncService.change(entry, zone, record: nil) }
            // A record deleted after this read's version check comes back as a tombstone later.
            guard let record = records[entry.id] else { return nil }
            return SyncService.change(entry, zone, record: record)
        }
        let reached = more ? (page.last?.version ?? after ?? 0) : max(latest, after ?? 0)
        return SyncChanges(changes: changes, token: SyncService.token(zone.zone, reached), moreComing: more)
    }

    // MARK: push

    private struct Aborted: Error { let results: [SyncResult] }

    private enum Plan<Draft: Sendable>: Sendable {
        case write(Draft)
        case delete
        case rejected(String, [SyncResult.FieldProblem]?)
    }

    /// Applies a push in one transaction; all or none when `atomic`. Records the server has never
    /// had are written together (a first sync is all of them: a few statements per 500 records);
    /// any other record, or a run of new ones that cannot all be written, goes one at a time,
    /// each by its own savepoint.
    func push<Zone: SyncZone>(_ zone: Zone, _ push: SyncPush, user: UUID) async throws -> SyncPushReply {
        let now = context.now
        let after = try push.since.map { $0.isEmpty ? 0 : try SyncService.version(of: $0, zone.zone) }
        let plans: [Plan<Zone.Draft>] = push.records.map { record in
            guard record.type == zone.recordType else { return .rejected("A \(zone.zone.rawValue) zone holds \(zone.recordType) records, not \(record.type).", nil) }
            if record.deleted == true { return .delete }
            guard let fields = record.fields, case .object = fields else { return .rejected("A write needs its fields (an object), or deleted: true.", nil) }
            do {
                return .write(try zone.prepare(fields, id: record.id, user: user, now: now))
            } catch let refusal as Refusal {
                return .rejected(refusal.detail, refusal.fields?.map { .init(field: $0.field, message: $0.message) })
            } catch {
                return .rejected("These fields cannot be read as a \(zone.recordType).", nil)
            }
        }
        let atomic = push.atomic == true
        var effects: [SyncEffects] = []
        let results: [SyncResult]
        let token: String?
        let nudges: AppContext.Nudges
        do {
            ((results, effects, token, nudges), _) = try await database.transaction({ c -> ([SyncResult], [SyncEffects], String?, AppContext.Nudges) in
                let records = push.records
                let known = try SyncStore.entries(user: user, zone.zone, records.map(\.id), c)
                var results = [SyncResult?](repeating: nil, count: records.count)
                var effects: [SyncEffects] = []
                var fresh: [(index: Int, draft: Zone.Draft)] = []
                // The new records waiting to be written together, written before anything after
                // them (versions follow the push's order); one at a time when together fails.
                func flush() throws {
                    guard !fresh.isEmpty else { return }
                    defer { fresh = [] }
                    let group = fresh.map { (id: records[$0.index].id, draft: $0.draft, stamp: SyncService.stamp(records[$0.index], now: now)) }
                    if let (effect, versions) = try? SyncStore.savepoint(c, { try zone.create(group, user: user, now: now, c) }) {
                        for ((index, _), version) in zip(fresh, versions) { results[index] = SyncResult(id: records[index].id, status: "saved", version: version) }
                        effects.append(effect)
                        return
                    }
                    for (index, draft) in fresh {
                        let (result, effect) = try self.apply(records[index], .write(draft), zone, user: user, now: now, c)
                        results[index] = result
                        if let effect { effects.append(effect) }
                    }
                }
                // (A push names each record once: the route refuses one that does not.)
                for (index, (record, plan)) in zip(records, plans).enumerated() {
                    if case let .write(draft) = plan, known[record.id] == nil, (record.baseVersion ?? 0) == 0 {
                        fresh.append((index, draft))
                        continue
                    }
                    try flush()
                    let (result, effect) = try self.apply(record, plan, zone, user: user, now: now, c)
                    results[index] = result
                    if let effect { effects.append(effect) }
                }
                try flush()
                let done = results.map { $0! }
                if atomic, done.contains(where: { $0.status != "saved" }) {
                    throw Aborted(results: done.map { $0.status == "saved" ? SyncResult(id: $0.id, status: "aborted",
                                                                                     reason: "Another record of this atomic push was not saved.") : $0 })
                }
                // Only a push that wrote holds the person's version counter, so that every
                // version before its own has committed and is counted.
                let caughtUp = try after.flatMap { after in effects.isEmpty ? nil : try self.caughtUp(zone, after: after, done, user: user, c) }
                let saved = done.contains { $0.status == "saved" }
                return (done, effects, caughtUp, try self.context.nudge(saved ? [user] : [], zone.zone, with: c))
            }, then: \.3.statements)
        } catch let aborted as Aborted {
            return SyncPushReply(results: aborted.results)
        }
        await context.replies.invalidate(Array(Set(effects.flatMap(\.tags))))
        for effect in effects { for work in effect.afterwards { work() } }
        context.tell(nudges)
        return SyncPushReply(results: results, token: token)
    }

    /// The zone's token after this push when its saved records are all the zone changed after
    /// `after` (the device then has every change up to it); nil otherwise.
    private func caughtUp(_ zone: some SyncZone, after: Int64, _ results: [SyncResult], user: UUID, _ c: SQLConnection) throws -> String? {
        let mine = results.compactMap { $0.status == "saved" ? $0.version : nil }.filter { $0 > after }
        guard let newest = mine.max(), try SyncStore.purgedThrough(user: user, c) <= after,
              try SyncStore.changeCount(user: user, zone.zone, after: after, c) == mine.count else { return nil }
        return SyncService.token(zone.zone, newest)
    }

    private func apply<Zone: SyncZone>(_ record: SyncPushRecord, _ plan: Plan<Zone.Draft>, _ zone: Zone, user: UUID, now: Date,
                                       _ c: SQLConnection) throws -> (SyncResult, SyncEffects?) {
        if case let .rejected(reason, errors) = plan { return (SyncResult(id: record.id, status: "rejected", reason: reason, errors: errors), nil) }
        let entry = try SyncStore.entry(user: user, zone.zone, record.id, c)
        // The same change sent again (its reply was lost): the same answer, nothing applied twice.
        if let change = record.changeId, let entry, entry.changeID == change { return (SyncResult(id: record.id, status: "saved", version: entry.version), nil) }
        func conflict() throws -> (SyncResult, SyncEffects?) {
            let reason = switch entry?.deleted {
            case nil: "The record is not on the server."
            case true?: "The record was deleted."
            case false?: "The record changed since version \(record.baseVersion ?? 0)."
            }
            return (SyncResult(id: record.id, status: "conflict", current: try entry.map { try current($0, zone, user: user, c) }, reason: reason), nil)
        }
        do {
            return try SyncStore.savepoint(c) {
                switch plan {
                case .delete:
                    guard let entry else { return (SyncResult(id: record.id, status: "saved"), nil) }  // never on the server: nothing to delete
                    if entry.deleted { return (SyncResult(id: record.id, status: "saved", version: entry.version), nil) }
                    guard (record.baseVersion ?? 0) == entry.version else { return try conflict() }
                    let effect = try zone.delete(record.id, user: user, now: now, c)
                    return (try saved(record, zone, user: user, now: now, c), effect)
                case let .write(draft):
                    // Against the version the device last saw: none for a new record; a tombstone's
                    // version to write a record again after its deletion was seen (a resolved conflict).
                    guard (record.baseVersion ?? 0) == (entry?.version ?? 0) else { return try conflict() }
                    let effect = try zone.write(record.id, draft, user: user, now: now, c)
                    return (try saved(record, zone, user: user, now: now, c), effect)
                case .rejected:
                    throw Refusal.bug()
                }
            }
        } catch let refusal as Refusal where refusal.isTheRequests {
            return (SyncResult(id: record.id, status: "rejected", reason: refusal.detail,
                               errors: refusal.fields?.map { .init(field: $0.field, message: $0.message) }), nil)
        }
    }

    /// What the push says of a record's change. A device's clock is taken as it says, except
    /// beyond a day from the server's (a clock that is plainly wrong).
    private static func stamp(_ record: SyncPushRecord, now: Date) -> SyncStore.Stamp {
        SyncStore.Stamp(changeID: record.changeId, device: record.device,
                        modifiedAt: record.modifiedAt.map { abs($0.timeIntervalSince(now)) <= 86_400 ? $0 : now })
    }

    private func saved(_ record: SyncPushRecord, _ zone: some SyncZone, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncResult {
        SyncResult(id: record.id, status: "saved", version: try SyncStore.noteChange(user: user, zone.zone, record.id, SyncService.stamp(record, now: now), c))
    }

    private func current(_ entry: SyncStore.Entry, _ zone: some SyncZone, user: UUID, _ c: SQLConnection) throws -> SyncChange {
        SyncService.change(entry, zone, record: entry.deleted ? nil : try zone.records([entry.id], user: user, c)[entry.id])
    }

    static func change(_ entry: SyncStore.Entry, _ zone: some SyncZone, record: JSONValue?) -> SyncChange {
        SyncChange(id: entry.id, type: zone.recordType, version: entry.version, deleted: entry.deleted, changedAt: entry.changedAt,
                   modifiedAt: entry.modifiedAt, device: entry.device, record: record)
    }

    // MARK: tombstones

    /// Forgets tombstones older than the kept period; returns how many went.
    @discardableResult
    func purge() async throws -> Int {
        let before = context.now.addingTimeInterval(-tombstoneLifetime)
        return try await database.transaction { c in try SyncStore.purge(before: before, c) }
    }

    /// Purges every hour, on the server's background executor.
    func start(on executor: (any TaskExecutor)?) {
        let service = self
        let task = Task(executorPreference: executor) {
            while !Task.isCancelled {
                _ = try? await service.purge()
                try? await Task.sleep(for: .seconds(3600))
            }
        }
        tasks.withLock { $0.append(task) }
    }

    func stop() {
        for task in tasks.withLock({ list in defer { list = [] }; return list }) { task.cancel() }
    }
}
