import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The changes feed and pushes of each zone.
struct SyncRoutes: RouteCollection {
    let sync: SyncService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "sync")
        let zone = Parameter.words("zone", SyncZoneName.zones, "lifelog, workouts or routines")
        me.get("/v1/sync/{zone}/changes", Doc("""
            Changes in one of my zones after a token (none: every record, for a first sync), oldest first: records as their API shows \
            them, and tombstones; the token to ask with next, and whether more are waiting
            """, [200: "Changes", 400: "A bad limit, or a since that is not a token's characters", 404: "No such zone",
                  410: "Deletions since the token are no longer kept, or it is not a token of this zone: sync again from the start"],
            query: [.text("since", .matching(SyncService.tokenPattern), "The token of the last reply (left out: from the start)"),
                    .limit(default: 500, most: SyncService.maxLimit)], path: [zone]), changes)
        me.post("/v1/sync/{zone}/push", Doc("""
            Records written or deleted on a device, each against the version it last saw: saved (the new version), conflict (the \
            server's current record), or rejected (the reason); the same change sent again is answered the same and applied once; \
            atomic: all or none; since: the device's token ("" when it holds nothing from the server), so the reply's token can \
            say its records are all the zone changed since
            """, [200: "One result per record, in order", 400: "Not a push, or a since that is not a token's characters", 404: "No such zone",
                  410: "The since is not a token of this zone: pull again from the start", 422: "A record is named twice in one push"],
            path: [zone]), push)
    }

    func changes(_ request: Request, _ me: Principal) async throws -> Reply<SyncChanges> {
        let zone = try sync.zone(try request.parameter("zone"))
        let since = request.queryItem("since")
        return Reply(try await sync.changes(zone, since: since, limit: Paging.limit(request, default: 500), user: me.userID))
    }

    func push(_ request: Request, _ me: Principal, _ body: SyncPush) async throws -> Reply<SyncPushReply> {
        let zone = try sync.zone(try request.parameter("zone"))
        var check = FieldCheck()
        if body.records.isEmpty || body.records.count > SyncPush.maxRecords { check.fail("records", "must hold 1 to \(SyncPush.maxRecords) records") }
        for (i, record) in body.records.enumerated() where check.errors.count < 20 {
            if !SyncZoneName.recordTypes.contains(record.type) { check.fail("records[\(i)].type", "must be one of \(SyncZoneName.recordTypes.joined(separator: ", "))") }
            if let base = record.baseVersion, !(0...Int64(Int32.max)).contains(base) { check.fail("records[\(i)].baseVersion", "must be 0 or more") }
            if let change = record.changeId { check.note(TextRule.check(change, field: "records[\(i)].changeId", max: 100, required: false)) }
            if let device = record.device { check.note(TextRule.check(device, field: "records[\(i)].device", max: 100, required: false)) }
        }
        if Set(body.records.map(\.id)).count != body.records.count { check.conflict("records", "must name each record once") }
        try check.done()
        return Reply(try await sync.push(zone, body, user: me.userID))
    }
}
