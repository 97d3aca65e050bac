import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Groups, the quota, and the week's standings.
struct GroupRoutes: RouteCollection {
    let groups: GroupService
    let standings: StandingsService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "accountability")
        me.post("/v1/groups", Doc("Start a group (you are its owner and first member)", [201: "Created", 400: "The name is not valid"]), create)
        me.get("/v1/groups", Doc("My groups"), list)
        me.get("/v1/groups/{id}", Doc("A group of mine and its members", [200: "The group", 404: "Not a group of mine"]), group)
        me.patch("/v1/groups/{id}", Doc("Rename a group (its owner)", [200: "Renamed", 400: "The name is not valid", 403: "Not the owner",
                                                                       404: "Not a group of mine"]), rename)
        me.post("/v1/groups/{id}/invite-code", Doc("A new invite code; the old one stops working (its owner)",
                                                   [200: "The group with its new code", 403: "Not the owner", 404: "No such group of mine"]), newCode)
        me.post("/v1/groups/join", Doc("Join a group with its invite code", [200: "Joined (or already a member)", 400: "Not an invite code",
                                                                             404: "No group has this code"]), join)
        me.post("/v1/groups/{id}/leave", Doc("Leave a group (an owner's group passes to the longest member; the last one out ends it)",
                                             [204: "Left", 404: "Not a group of mine"]), leave)
        me.delete("/v1/groups/{id}/members/{member}", Doc("Remove a member (its owner)", [204: "Removed", 422: "Owners leave instead",
                                                                                          403: "Not the owner", 404: "No such group or member"]), remove)
        me.get("/v1/me/quota", Doc("My weekly quota: this week's (with where I stand), the next week's and the history"), quota)
        me.put("/v1/me/quota", Doc("Set my weekly quota (1–7 days); it applies from next week, and in my first week (thisWeek) to it too, prorated",
                                   [200: "Set", 400: "Not 1 to 7", 422: "thisWeek outside my first week"]), setQuota)
        me.get("/v1/me/pauses", Doc("My breaks from the quota, and the breaks for illness left this quarter"), pauses)
        me.post("/v1/me/pauses", Doc("Take a break of whole weeks: planned before its week begins, for illness also during it",
                                     [201: "Taken", 400: "A field is not valid", 422: "Started, overlapping, or no illness breaks left"]), pause)
        me.delete("/v1/me/pauses/{id}", Doc("Call off a break that has not begun", [204: "Called off", 404: "No such break of mine",
                                                                                  422: "It has begun"]), unpause)
        me.put("/v1/groups/{id}/rules", Doc("Set the group's rules: breaks for illness a member may take a quarter (its owner)",
                                            [200: "Set", 400: "Not 0 to 13", 403: "Not the owner", 404: "Not a group of mine"]), setRules)
        me.get("/v1/groups/{id}/standings", Doc("Each member's week: done, quota, status, streak",
                                                [200: "Standings", 400: "Not a date", 404: "Not a group of mine"], reply: Standings.self,
                                                query: [.day("date", "A day of the week to show (today when left out)")]), week)
    }

    func create(_: Request, _ me: Principal, _ body: GroupNameBody) async throws -> Reply<Group> {
        .created(try await groups.create(named: try GroupService.name(body.name), by: me))
    }

    func list(_: Request, _ me: Principal) async throws -> Reply<Items<Group>> {
        Reply(Items(try await groups.groups(of: me)))
    }

    func group(_ request: Request, _ me: Principal) async throws -> Reply<Group> {
        Reply(try await groups.group(try request.id("id", "group"), me))
    }

    func rename(_ request: Request, _ me: Principal, _ body: GroupNameBody) async throws -> Reply<Group> {
        Reply(try await groups.rename(try request.id("id", "group"), to: body.name, by: me))
    }

    func newCode(_ request: Request, _ me: Principal) async throws -> Reply<Group> {
        Reply(try await groups.newInviteCode(try request.id("id", "group"), by: me))
    }

    func join(_: Request, _ me: Principal, _ body: InviteCodeBody) async throws -> Reply<Group> {
        guard (4...32).contains(body.code.count), body.code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw HTTPError.badRequest("An invite code has 10 letters and digits.", errors: [.init(field: "code", message: "is not an invite code")])
        }
        return Reply(try await groups.join(code: body.code.uppercased(), me))
    }

    func leave(_ request: Request, _ me: Principal) async throws -> Response {
        try await groups.leave(try request.id("id", "group"), me)
        return .noContent()
    }

    func remove(_ request: Request, _ me: Principal) async throws -> Response {
        try await groups.remove(try request.id("member", "member"), from: try request.id("id", "group"), by: me)
        return .noContent()
    }

    func quota(_: Request, _ me: Principal) async throws -> Reply<QuotaState> {
        Reply(try await groups.quota(me))
    }

    func setQuota(_: Request, _ me: Principal, _ body: QuotaBody) async throws -> Reply<QuotaChange> {
        Reply(try await groups.setQuota(try Quota(days: body.days), thisWeek: body.thisWeek == true, me))
    }

    func pauses(_: Request, _ me: Principal) async throws -> Reply<Pauses> {
        Reply(try await groups.pauses(me))
    }

    func pause(_: Request, _ me: Principal, _ body: PauseBody) async throws -> Reply<Pause> {
        var check = FieldCheck()
        if !(1...QuotaPause.maxWeeks).contains(body.weeks) { check.fail("weeks", "must be 1 to \(QuotaPause.maxWeeks)") }
        let reason = QuotaPause.Reason(rawValue: body.reason)
        if reason == nil { check.fail("reason", "must be planned or illness") }
        if let day = body.firstWeek, DayNumber.of(day) == nil { check.fail("firstWeek", "must be a date like 2026-12-07") }
        try check.done()
        guard let reason else { throw Refusal.bug() }
        return .created(try await groups.pause(firstWeek: body.firstWeek, weeks: body.weeks, reason: reason, me))
    }

    func unpause(_ request: Request, _ me: Principal) async throws -> Response {
        try await groups.unpause(try request.id("id", "break"), me)
        return .noContent()
    }

    func setRules(_ request: Request, _ me: Principal, _ body: GroupRulesBody) async throws -> Reply<Group> {
        var check = FieldCheck()
        if !(0...13).contains(body.illnessPausesPerQuarter) { check.fail("illnessPausesPerQuarter", "must be 0 to 13") }
        try check.done()
        return Reply(try await groups.setRules(try request.id("id", "group"), illnessPerQuarter: body.illnessPausesPerQuarter, by: me))
    }

    func week(_ request: Request, _ me: Principal) async throws -> Reply<Standings> {
        let mine = try await me.calendar()
        let id = try request.id("id", "group")
        return Reply(try await standings.standings(group: id, me, date: request.queryItem("date"), today: mine.day(of: me.now), now: me.now))
    }
}
