import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Groups' challenges: a month's shared goal, joined by members, counted live.
struct ChallengeRoutes: RouteCollection {
    let challenges: ChallengeService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "accountability")
        me.get("/v1/groups/{id}/challenges", Doc("The group's challenges of this month and the next, each with every member's part",
                                                 [200: "The challenges", 404: "Not a group of mine"]), list)
        me.post("/v1/groups/{id}/challenges", Doc("Propose a month's goal for the group (proofs, training minutes or steps); you join it",
                                                  [201: "Proposed", 400: "A field is not valid", 404: "Not a group of mine",
                                                   422: "Not this month or the next, too large, or three that month already"]), propose)
        me.post("/v1/challenges/{id}/join", Doc("Join a challenge of one of my groups", [200: "Joined", 404: "No such challenge of my groups"]), join)
        me.post("/v1/challenges/{id}/leave", Doc("Leave a challenge (what I added stays counted)", [200: "Left", 404: "No such challenge of my groups"]), leave)
    }

    func list(_ request: Request, _ me: Principal) async throws -> Reply<Items<Challenge>> {
        Reply(Items(try await challenges.list(group: try request.id("id", "group"), me)))
    }

    func propose(_ request: Request, _ me: Principal, _ body: ChallengeBody) async throws -> Reply<Challenge> {
        var check = FieldCheck()
        let metric = ChallengeMetric(rawValue: body.metric)
        if metric == nil { check.fail("metric", "must be proofs, minutes or steps") }
        if !(1...ChallengeMetric.steps.maxGoal).contains(body.goal) { check.fail("goal", "must be 1 to \(ChallengeMetric.steps.maxGoal)") }
        if let month = body.month, month.count != 7 || !PersonalCalendar.accepts(month + "-01") { check.fail("month", "must be a month like 2026-12") }
        try check.done()
        guard let metric else { throw Refusal.bug() }
        return .created(try await challenges.propose(group: try request.id("id", "group"), metric: metric, goal: body.goal, month: body.month, me))
    }

    func join(_ request: Request, _ me: Principal) async throws -> Reply<Challenge> {
        Reply(try await challenges.take(part: true, in: try request.id("id", "challenge"), me))
    }

    func leave(_ request: Request, _ me: Principal) async throws -> Reply<Challenge> {
        Reply(try await challenges.take(part: false, in: try request.id("id", "challenge"), me))
    }
}
