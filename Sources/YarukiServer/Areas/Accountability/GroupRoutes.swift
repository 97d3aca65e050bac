import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Groups that hold each other to their quotas, the quota itself, and the week's standings.
/// A group is visible to its members only (404 to everyone else); members see each other's
/// names and counts, never their videos.
struct GroupRoutes {
    let auth: AuthService
    let events: EventHub
    var database: Database { auth.database }

    struct Member: Encodable {
        var id: UUID
        var displayName: String
        var joinedAt: Date
        var isOwner: Bool
    }

    struct GroupReply: Encodable {
        var id: UUID
        var name: String
        var ownerId: UUID
        var inviteCode: String
        var members: [Member]
    }

    struct MemberStanding: Encodable {
        var id: UUID
        var displayName: String
        var week: String
        var done: Int
        var quota: Int
        var status: StandingStatus
        var days: [String]
        var streak: Int
    }

    struct Standings: Encodable {
        var group: UUID
        var date: String
        var members: [MemberStanding]
        /// The motivated: quota met.
        var yarukiMono: [UUID]
        /// The sloths: can no longer make it, or did not.
        var namakeMono: [UUID]
    }

    /// How far back a streak is counted.
    static let streakWeeks = 26

    static func inviteCode() -> String {
        // 10 characters from an alphabet without look-alikes: about 50 bits, read aloud without mistakes.
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        return String(Crypto.randomBytes(10).map { alphabet[Int($0) % alphabet.count] })
    }

    static func name(_ raw: String?) throws -> String {
        let name = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...60).contains(name.count) else {
            throw HTTPError.badRequest("A group's name has 1 to 60 characters.", errors: [.init(field: "name", message: "must be 1 to 60 characters")])
        }
        return name
    }

    func reply(_ group: GroupStore.GroupRow, _ c: SQLConnection) throws -> GroupReply {
        GroupReply(id: group.id, name: group.name, ownerId: group.ownerID, inviteCode: group.inviteCode,
                   members: try GroupStore.members(group.id, c).map {
                       Member(id: $0.account.id, displayName: $0.account.displayName, joinedAt: $0.joinedAt, isOwner: $0.account.id == group.ownerID)
                   })
    }

    /// The group when the principal is in it; 404 otherwise, whether it exists or not.
    func memberGroup(_ request: Request, _ principal: Principal, _ c: SQLConnection) throws -> GroupStore.GroupRow {
        guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such group.") }
        return try memberGroup(id: id, principal, c)
    }

    func memberGroup(id: UUID, _ principal: Principal, _ c: SQLConnection) throws -> GroupStore.GroupRow {
        guard let group = try GroupStore.group(id, member: principal.userID, c) else { throw HTTPError.notFound("No such group.") }
        return group
    }

    static func ownerOnly(_ group: GroupStore.GroupRow, _ principal: Principal) throws {
        guard group.ownerID == principal.userID else { throw HTTPError(403, detail: "Only the group's owner can do that.") }
    }

    static let groupSchema = OpenAPI.object(["id": .string, "name": .string, "ownerId": .string, "inviteCode": .string, "members": .array(.object)])

    func add(to router: inout Router) {
        let routes = self
        struct NameBody: Decodable { var name: String? }
        struct CodeBody: Decodable { var code: String }
        struct QuotaBody: Decodable { var days: Int }

        router.post("/v1/groups", RouteDoc("Start a group (you are its owner and first member)", tag: "accountability",
                                           responses: [201: "Created", 400: "The name is not valid"],
                                           requestBody: OpenAPI.object(["name": .string]), responseBody: Self.groupSchema,
                                           authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let name = try GroupRoutes.name(try request.decode(NameBody.self).name)
            let now = routes.auth.clock()
            let id = UUID()
            let reply = try await routes.database.transaction { c in
                try GroupStore.create(id: id, name: name, owner: principal.userID, code: GroupRoutes.inviteCode(), at: now, c)
                return try routes.reply(try routes.memberGroup(id: id, principal, c), c)
            }
            return try .json(reply, status: 201)
        }

        router.get("/v1/groups", RouteDoc("My groups", tag: "accountability", responseBody: OpenAPI.object(["items": .array(.object)]),
                                          authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let items = try await routes.database.read { c in try GroupStore.groups(of: principal.userID, c).map { try routes.reply($0, c) } }
            struct Items: Encodable { var items: [GroupReply] }
            return try .json(Items(items: items))
        }

        router.get("/v1/groups/{id}", RouteDoc("A group of mine and its members", tag: "accountability",
                                               responses: [200: "The group", 404: "Not a group of mine"], responseBody: Self.groupSchema,
                                               authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            return try .json(try await routes.database.read { c in try routes.reply(try routes.memberGroup(request, principal, c), c) })
        }

        router.patch("/v1/groups/{id}", RouteDoc("Rename a group (its owner)", tag: "accountability",
                                                 responses: [200: "Renamed", 403: "Not the owner", 404: "Not a group of mine"],
                                                 requestBody: OpenAPI.object(["name": .string]), responseBody: Self.groupSchema,
                                                 authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let name = try GroupRoutes.name(try request.decode(NameBody.self).name)
            return try .json(try await routes.database.transaction { c in
                let group = try routes.memberGroup(request, principal, c)
                try GroupRoutes.ownerOnly(group, principal)
                try GroupStore.rename(group.id, to: name, c)
                return try routes.reply(try routes.memberGroup(request, principal, c), c)
            })
        }

        router.post("/v1/groups/{id}/invite-code", RouteDoc("A new invite code; the old one stops working (its owner)", tag: "accountability",
                                                            responses: [200: "The group with its new code", 403: "Not the owner"],
                                                            responseBody: Self.groupSchema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            return try .json(try await routes.database.transaction { c in
                let group = try routes.memberGroup(request, principal, c)
                try GroupRoutes.ownerOnly(group, principal)
                try GroupStore.setInviteCode(group.id, GroupRoutes.inviteCode(), c)
                return try routes.reply(try routes.memberGroup(request, principal, c), c)
            })
        }

        router.post("/v1/groups/join", RouteDoc("Join a group with its invite code", tag: "accountability",
                                                responses: [200: "Joined (or already a member)", 404: "No group has this code"],
                                                requestBody: OpenAPI.object(["code": .string]), responseBody: Self.groupSchema,
                                                authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let code = try request.decode(CodeBody.self).code.trimmingCharacters(in: .whitespaces).uppercased()
            guard (4...32).contains(code.count) else {
                throw HTTPError.badRequest("An invite code has 10 letters and digits.", errors: [.init(field: "code", message: "is not an invite code")])
            }
            let now = routes.auth.clock()
            let joined = try await routes.database.transaction { c in
                guard let group = try GroupStore.group(code: code, c) else { throw HTTPError.notFound("No group has this invite code.") }
                _ = try GroupStore.join(group.id, user: principal.userID, at: now, c)
                return try routes.reply(group, c)
            }
            await routes.events.standingsChanged(of: principal.userID, routes.database)
            return try .json(joined)
        }

        router.post("/v1/groups/{id}/leave", RouteDoc("Leave a group (an owner's group passes to the longest member; the last one out ends it)",
                                                      tag: "accountability", responses: [204: "Left", 404: "Not a group of mine"],
                                                      authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let (group, rest) = try await routes.database.transaction { c in
                let group = try routes.memberGroup(request, principal, c)
                _ = try GroupStore.remove(group.id, user: principal.userID, c)
                let rest = try GroupStore.members(group.id, c)
                if rest.isEmpty {
                    try GroupStore.delete(group.id, c)
                } else if group.ownerID == principal.userID {
                    try GroupStore.setOwner(group.id, rest[0].account.id, c)
                }
                return (group.id, rest.map(\.account.id))
            }
            routes.events.memberLeft(principal.userID, group: group, notifying: rest + [principal.userID])
            return .noContent()
        }

        router.delete("/v1/groups/{id}/members/{member}", RouteDoc("Remove a member (its owner)", tag: "accountability",
                                                                  responses: [204: "Removed", 400: "Owners leave instead", 403: "Not the owner",
                                                                              404: "No such group or member"],
                                                                  authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            guard let member = UUID(uuidString: try request.parameter("member")) else { throw HTTPError.notFound("No such member.") }
            let (group, rest) = try await routes.database.transaction { c in
                let group = try routes.memberGroup(request, principal, c)
                try GroupRoutes.ownerOnly(group, principal)
                guard member != principal.userID else { throw HTTPError.badRequest("To leave your own group, use leave.") }
                guard try GroupStore.remove(group.id, user: member, c) else { throw HTTPError.notFound("No such member.") }
                return (group.id, try GroupStore.members(group.id, c).map(\.account.id))
            }
            routes.events.memberLeft(member, group: group, notifying: rest + [member])
            return .noContent()
        }

        router.get("/v1/me/quota", RouteDoc("My weekly quota: this week's (with where I stand), the next week's and the history", tag: "accountability",
                                            responseBody: OpenAPI.object(["thisWeek": .integer, "nextWeek": .integer, "week": .object, "history": .array(.object)]),
                                            authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let account = try await routes.auth.account(principal)
            let calendar = PersonalCalendar(timeZone: TimeZone(identifier: account.timeZone) ?? .gmt, weekStart: account.weekStart)
            let now = routes.auth.clock()
            let week = calendar.week(of: now)
            guard let start = DayNumber.of(week) else { throw HTTPError.internal() }
            let (history, days) = try await routes.database.read { c in
                (try GroupStore.quotaHistory(principal.userID, c),
                 try GroupStore.proofDays([principal.userID], first: start, last: start + 6, c)[principal.userID] ?? [])
            }
            let quota = QuotaChange.quota(for: week, history: history)
            // This week judged as a group page would, so a person without a group still sees where they stand.
            let standing = WeekStanding.judge(week: week, calendar: calendar, proofDays: Set(days.map(DayNumber.day)), quota: quota, now: now)
            struct Reply: Encodable { var thisWeek, nextWeek: Int; var week: WeekStanding; var history: [QuotaChange] }
            return try .json(Reply(thisWeek: quota, nextWeek: QuotaChange.quota(for: calendar.week(after: week) ?? week, history: history),
                                   week: standing, history: history))
        }

        router.put("/v1/me/quota", RouteDoc("Set my weekly quota (1–7 days); it applies from next week", tag: "accountability",
                                            responses: [200: "Set", 400: "Not 1 to 7"],
                                            requestBody: OpenAPI.object(["days": .integer]),
                                            responseBody: OpenAPI.object(["days": .integer, "effectiveWeek": .string]),
                                            authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let quota = try Quota(days: try request.decode(QuotaBody.self).days)
            let account = try await routes.auth.account(principal)
            let calendar = PersonalCalendar(timeZone: TimeZone(identifier: account.timeZone) ?? .gmt, weekStart: account.weekStart)
            let now = routes.auth.clock()
            guard let next = calendar.week(after: calendar.week(of: now)) else { throw HTTPError.internal() }
            try await routes.database.transaction { c in try GroupStore.setQuota(principal.userID, effectiveWeek: next, days: quota.days, at: now, c) }
            await routes.events.standingsChanged(of: principal.userID, routes.database)
            return try .json(QuotaChange(effectiveWeek: next, days: quota.days))
        }

        router.get("/v1/groups/{id}/standings", RouteDoc("Each member's week around ?date=YYYY-MM-DD (today by default): done, quota, status, streak",
                                                         tag: "accountability", responses: [200: "Standings", 404: "Not a group of mine"],
                                                         responseBody: OpenAPI.object(["group": .string, "date": .string, "members": .array(.object),
                                                                                       "yarukiMono": .array(.string), "namakeMono": .array(.string)]),
                                                         authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let account = try await routes.auth.account(principal)
            let now = routes.auth.clock()
            let mine = PersonalCalendar(timeZone: TimeZone(identifier: account.timeZone) ?? .gmt, weekStart: account.weekStart)
            let asked = request.queryItem("date")
            if let asked, mine.start(ofDay: asked) == nil {
                throw HTTPError.badRequest("'\(asked)' is not a date like 2026-11-29.", errors: [.init(field: "date", message: "must be YYYY-MM-DD")])
            }
            guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such group.") }
            return .json(try await routes.standings(group: id, principal, date: asked, today: mine.day(of: now), now: now).json)
        }
    }

    /// Every member judged on their own week (their time zone and week start): the one that holds
    /// `date`, or without one the week they are in now (on a Sunday in Tokyo, Los Angeles is
    /// still in Saturday). Counting runs on day numbers. For this week, each member's
    /// `streak_cache` row holds both the streak through the last finished week and the days
    /// proved since; any change to their proofs, quota or calendar invalidates it, so a steady
    /// page reads no proofs at all, and only the members whose rows are stale are counted afresh.
    func standings(group id: UUID, _ principal: Principal, date: String?, today: String, now: Date) async throws -> Standings {
        let asked = date.flatMap(DayNumber.of)
        let database = database
        let (group, members, histories, cached) = try await database.read { c in
            let group = try memberGroup(id: id, principal, c)
            return (group, try GroupStore.members(group.id, c), try GroupStore.quotaHistories(group: group.id, c),
                    asked == nil ? try GroupStore.cachedStreaks(group: group.id, c) : [:])
        }
        // "Today" for each member, worked out once per time zone.
        var todays: [String: Int] = [:]
        func todayOf(_ zone: String) -> Int {
            if let known = todays[zone] { return known }
            let day = DayNumber.of(PersonalCalendar(timeZone: TimeZone(identifier: zone) ?? .gmt, weekStart: .monday).day(of: now))!
            todays[zone] = day
            return day
        }
        let plan = members.map { member -> (member: GroupStore.MemberRow, week: Int, today: Int, quotas: [(week: Int, days: Int)]) in
            let today = todayOf(member.account.timeZone)
            return (member, DayNumber.weekStart(of: asked ?? today, member.account.weekStart), today,
                    QuotaChange.byDay(histories[member.account.id] ?? []))
        }
        guard let firstWeek = plan.map(\.week).min(), let lastWeek = plan.map(\.week).max() else {
            return Standings(group: group.id, date: date ?? today, members: [], yarukiMono: [], namakeMono: [])
        }
        let limit = GroupRoutes.streakWeeks
        var days: [UUID: Set<Int>] = [:]
        var finished: [UUID: Int] = [:]
        var stale: [UUID] = []
        for row in plan {
            let id = row.member.account.id
            if let hit = cached[id], hit.valid, hit.weekStart == row.member.account.weekStart, hit.throughWeek == DayNumber.day(row.week - 7) {
                finished[id] = hit.streak
                days[id] = Set(hit.weekDays)
            } else {
                stale.append(id)
            }
        }
        if !stale.isEmpty {
            // A past week is judged from its own days; streaks for it (or for stale rows) need half a year of them.
            let found = try await database.read { c in
                try GroupStore.proofDays(stale, first: firstWeek - 7 * limit, last: lastWeek + 6, c)
            }
            for (user, set) in found { days[user, default: []].formUnion(set) }
            var fresh: [(UUID, GroupStore.CachedStreak)] = []
            for row in plan where finished[row.member.account.id] == nil {
                let id = row.member.account.id
                let streak = WeekStanding.finishedStreak(through: row.week - 7, proofDays: days[id] ?? [], quotas: row.quotas, limit: limit)
                finished[id] = streak
                if asked == nil {
                    fresh.append((id, GroupStore.CachedStreak(weekStart: row.member.account.weekStart, throughWeek: DayNumber.day(row.week - 7),
                                                              streak: streak, version: cached[id]?.version ?? 0,
                                                              weekDays: (days[id] ?? []).filter { $0 >= row.week }.sorted())))
                }
            }
            if !fresh.isEmpty { try? auth.cacheStreaks(fresh) }
        }
        let rows = plan.map { row -> MemberStanding in
            let id = row.member.account.id
            let quota = QuotaChange.quota(for: row.week, byDay: row.quotas)
            let (done, status) = WeekStanding.judge(weekStart: row.week, proofDays: days[id] ?? [], quota: quota, today: row.today)
            return MemberStanding(id: id, displayName: row.member.account.displayName, week: DayNumber.day(row.week), done: done.count,
                                  quota: quota, status: status, days: done.map(DayNumber.day),
                                  streak: WeekStanding.combined(current: status, finished: finished[id] ?? 0, limit: limit))
        }
        return Standings(group: group.id, date: date ?? today, members: rows, yarukiMono: rows.filter { $0.status == .met }.map(\.id),
                         namakeMono: rows.filter { $0.status == .missed }.map(\.id))
    }
}

extension AuthService {
    /// Keeps worked-out streaks in their own short transaction (a read serves the page).
    func cacheStreaks(_ streaks: [(UUID, GroupStore.CachedStreak)]) throws {
        let database = database
        Task { try? await database.transaction { c in try GroupStore.cacheStreaks(streaks, c) } }
    }
}

extension GroupRoutes.Standings {
    /// What `JSONCoding.encoder` writes for these standings, written by hand (`JSONOutput`):
    /// the encoder took 13 of 35 ms of a thousand-member page.
    var json: JSONOutput {
        var out = JSONOutput(capacity: 192 * members.count + 256)
        out.object { o in
            o.key("date"); o.string(date)
            o.key("group"); o.uuid(group)
            o.key("members")
            o.array(members) { o, m in
                o.object { o in
                    o.key("days"); o.array(m.days) { o, day in o.string(day) }
                    o.key("displayName"); o.string(m.displayName)
                    o.key("done"); o.int(m.done)
                    o.key("id"); o.uuid(m.id)
                    o.key("quota"); o.int(m.quota)
                    o.key("status"); o.string(m.status.rawValue)
                    o.key("streak"); o.int(m.streak)
                    o.key("week"); o.string(m.week)
                }
            }
            o.key("namakeMono"); o.array(namakeMono) { o, id in o.uuid(id) }
            o.key("yarukiMono"); o.array(yarukiMono) { o, id in o.uuid(id) }
        }
        return out
    }
}
