import Foundation
import Testing
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// A reply made on PostgreSQL starts from the person's account as this node last read it, and the
/// account is read again ahead of the reply's first read, in the same round trip (counted by a
/// relay in front of the server). Whatever the guess, nothing made from an old account goes out.
@Suite struct AccountGuessTests {
    /// What a lifelog day does: the account for its time zone, then the rows of the day.
    final class Maker: @unchecked Sendable {
        let user: UUID
        let database: Database
        var runs = 0

        init(user: UUID, database: Database) {
            self.user = user
            self.database = database
        }

        func day(_ scope: RequestScope, refusing zone: String? = nil) async throws -> String {
            try await scope.guessingAccount(of: user) {
                runs += 1
                let account = try await scope.account(of: user)
                if account.timeZone == zone { throw Refusal.conflict("not in \(account.timeZone)") }
                let workouts = try await database.read { [user] c in try c.queryOne("SELECT COUNT(*) AS n FROM workouts WHERE user_id = ?", user)?.int("n") }
                return "\(account.timeZone) \(account.displayName) \(workouts ?? -1)"
            }
        }

        /// What `/v1/me` does: the account alone.
        func me(_ scope: RequestScope) async throws -> String {
            try await scope.guessingAccount(of: user) {
                runs += 1
                let account = try await scope.account(of: user)
                return "\(account.timeZone) \(account.displayName)"
            }
        }
    }

    static func scope(_ database: Database, _ accounts: KnownAccounts) -> RequestScope {
        RequestScope(now: Date(), client: "127.0.0.1", replies: ReplyCache(maxAge: 0, clock: { Date() }), database: database, accounts: accounts)
    }

    @Test func onPostgreSQLTheAccountIsCheckedInTheReplysRoundTripAndAnOldGuessIsMadeAgain() async throws {
        let running = try await RunningApp(.postgres)
        let user = try #require(UUID(uuidString: try API(running).signUp("guess@example.com", name: "Ana").id))
        let url = running.app.settings.databaseURL
        let port = try #require(URLComponents(string: url)?.port)
        let proxy = try TCPProxy(to: port)
        defer { proxy.stop() }
        let database = try PostgresDatabase(url: url.replacingOccurrences(of: ":\(port)/", with: ":\(proxy.port)/"), poolSize: 1)
        defer { database.close() }
        let (accounts, maker) = (KnownAccounts(), Maker(user: user, database: database))
        func trips<T>(_ work: () async throws -> T) async throws -> (T, Int) {
            let before = proxy.clientSends
            let value = try await work()
            return (value, proxy.clientSends - before)
        }
        // Not known on this node: the account is read, then the day (each statement is prepared on
        // the connection's first use, so the first run is not counted).
        _ = try await maker.day(Self.scope(database, KnownAccounts()))
        let unknown = try await trips { try await maker.day(Self.scope(database, accounts)) }
        #expect(unknown.0 == "Asia/Tokyo Ana 0" && unknown.1 == 2, "\(unknown)")
        // Known: one round trip, the account's read ahead of the day's.
        maker.runs = 0
        let known = try await trips { try await maker.day(Self.scope(database, accounts)) }
        #expect(known.0 == "Asia/Tokyo Ana 0" && known.1 == 1 && maker.runs == 1, "\(known), \(maker.runs) runs")
        let me = try await trips { try await maker.me(Self.scope(database, accounts)) }
        #expect(me.0 == "Asia/Tokyo Ana" && me.1 == 1, "the account alone: read once, as before (\(me))")

        // Changed behind this node's back (another node, say): made again with the account as it is.
        _ = try await running.app.database.transaction { c in
            try c.execute("UPDATE users SET time_zone = 'America/New_York', display_name = 'Bo' WHERE id = ?", user)
        }
        maker.runs = 0
        let changed = try await trips { try await maker.day(Self.scope(database, accounts)) }
        #expect(changed.0 == "America/New_York Bo 0" && changed.1 == 2 && maker.runs == 2, "\(changed), \(maker.runs) runs")
        maker.runs = 0
        #expect(try await maker.day(Self.scope(database, accounts)) == "America/New_York Bo 0" && maker.runs == 1, "the new one is the guess now")

        // A refusal made from an old guess is not given: made again, it succeeds.
        _ = try await running.app.database.transaction { c in try c.execute("UPDATE users SET time_zone = 'Europe/Helsinki' WHERE id = ?", user) }
        #expect(try await maker.day(Self.scope(database, accounts), refusing: "America/New_York") == "Europe/Helsinki Bo 0")
        // A refusal made from a right guess stands, made once.
        maker.runs = 0
        await #expect(throws: Refusal.self) { try await maker.day(Self.scope(database, accounts), refusing: "Europe/Helsinki") }
        #expect(maker.runs == 1)
        // `/v1/me` after a change: the change, not the guess.
        _ = try await running.app.database.transaction { c in try c.execute("UPDATE users SET display_name = 'Cy' WHERE id = ?", user) }
        #expect(try await maker.me(Self.scope(database, accounts)) == "Europe/Helsinki Cy")

        // Gone: refused as signed out, whatever was guessed.
        _ = try await running.app.database.transaction { c in try c.execute("DELETE FROM users WHERE id = ?", user) }
        await #expect(throws: Refusal.self) { try await maker.day(Self.scope(database, accounts)) }
        #expect(accounts.guess(user, now: Date()) == nil)
    }

    /// A guess lasts `maxAge` from its reading (none is kept long after a person stops asking);
    /// older ones are let go as others are remembered, and all of them past `capacity`.
    @Test func aGuessIsKeptAMinuteAtMost() {
        let known = KnownAccounts(capacity: 3, maxAge: 60)
        let t = Date(timeIntervalSince1970: 1_800_000_000)
        func account(_ n: Int) -> Account {
            Account(id: UUID(), email: "\(n)@example.com", displayName: "P\(n)", timeZone: "UTC", locale: .en, weekStart: .monday, role: .member,
                    hasPassword: true, emailVerified: false, createdAt: t)
        }
        let (a, b) = (account(1), account(2))
        known.remember(a, now: t)
        #expect(known.guess(a.id, now: t.addingTimeInterval(59)) == a)
        #expect(known.guess(a.id, now: t.addingTimeInterval(60)) == nil)
        #expect(known.guess(a.id, now: t.addingTimeInterval(-1)) == nil, "a clock gone back trusts nothing")
        known.remember(b, now: t.addingTimeInterval(61))
        #expect(known.count == 1, "the old one let go")
        for n in 3...5 { known.remember(account(n), now: t.addingTimeInterval(62)) }
        #expect(known.count == 1 && known.guess(b.id, now: t.addingTimeInterval(62)) == nil, "past capacity all go, then the newest is kept")
        let gone = account(6)
        known.remember(gone, now: t.addingTimeInterval(63))
        known.forget(gone.id)
        #expect(known.guess(gone.id, now: t.addingTimeInterval(63)) == nil, "a deleted account is forgotten at once")
    }

    /// On one node (SQLite), which sees every write, an account read since its last change is not
    /// read again: held with how its tag stood before the read, it stands until a write says the
    /// account changed. A write of workouts does not say so; each write to the account does.
    @Test func onSQLiteAnAccountReadSinceItsLastChangeIsNotReadAgain() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, id) = try api.signUp("held-account@example.com", name: "Ana")
        let user = try #require(UUID(uuidString: id))
        let replies = running.app.context.replies
        let (accounts, maker) = (KnownAccounts(), Maker(user: user, database: running.app.database))
        func scope() -> RequestScope {
            RequestScope(now: Date(), client: "127.0.0.1", replies: replies, database: running.app.database, accounts: accounts)
        }
        #expect(try await maker.me(scope()) == "Asia/Tokyo Ana")
        // Changed behind the server's back (no write of its own says so): the account held answers,
        // so it was not read.
        _ = try await running.app.database.transaction { c in try c.execute("UPDATE users SET display_name = 'Behind' WHERE id = ?", user) }
        #expect(try await maker.me(scope()) == "Asia/Tokyo Ana", "the account was read again")
        // A workout written through the server changes the person's workouts, not their account.
        let workout: [String: Any] = ["startedAt": "2026-11-28T07:00:00Z", "exercises": [["exerciseId": "push-up", "sets": [["reps": 5]]]]]
        #expect(try api.call("POST", "/v1/workouts", json: workout, token: token).status == 201)
        #expect(try await maker.me(scope()) == "Asia/Tokyo Ana", "a workout's write dropped the account")
        // Any write that says the account changed: read again.
        replies.invalidateHere([.account(user)])
        #expect(try await maker.me(scope()) == "Asia/Tokyo Behind")

        // Through the server's own requests, each change is in the next reply made (a new query
        // string every time, so no kept reply answers).
        var n = 0
        func me() throws -> [String: Any] {
            n += 1
            return try api.call("GET", "/v1/me?n=\(n)", token: token).json()
        }
        #expect(try me()["displayName"] as? String == "Behind")
        #expect(try api.call("PATCH", "/v1/me", json: ["displayName": "Bo", "timeZone": "America/New_York"], token: token).status == 200)
        #expect(try me()["displayName"] as? String == "Bo")
        let day = try api.call("GET", "/v1/lifelog/timeline?range=day&date=2026-11-28&n=1", token: token).json()
        #expect(day["timeZone"] as? String == "America/New_York")
        let admin = try await ModerationTests.admin(running, "held-admin@example.com")
        #expect(try api.call("PATCH", "/v1/admin/users/\(id)", json: ["role": "coach"], token: admin).status == 200)
        #expect(try me()["role"] as? String == "coach")
        #expect(try api.call("PATCH", "/v1/me", json: ["weekStart": "sunday", "weightUnit": "lb"], token: token).status == 200)
        let changed = try me()
        #expect(changed["weekStart"] as? String == "sunday" && changed["weightUnit"] as? String == "lb", "\(changed)")
        // Deleted: signed out, and nothing of the account held.
        #expect(try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: token).status == 200)
        #expect(try api.call("GET", "/v1/me?n=0", token: token).status == 401)
        #expect(running.app.context.authenticator.accounts.guess(user, now: Date()) == nil)
    }

    /// With nothing kept (`maxAge` 0), SQLite's account is read each time, never guessed.
    @Test func onSQLiteTheAccountIsReadNotGuessed() async throws {
        let running = try await RunningApp(.sqlite)
        let user = try #require(UUID(uuidString: try API(running).signUp("sqlite-guess@example.com", name: "Ana").id))
        let (accounts, maker) = (KnownAccounts(), Maker(user: user, database: running.app.database))
        #expect(try await maker.day(Self.scope(running.app.database, accounts)) == "Asia/Tokyo Ana 0")
        _ = try await running.app.database.transaction { c in try c.execute("UPDATE users SET time_zone = 'America/New_York' WHERE id = ?", user) }
        maker.runs = 0
        #expect(try await maker.day(Self.scope(running.app.database, accounts)) == "America/New_York Ana 0" && maker.runs == 1)
    }

    /// Two nodes on one PostgreSQL: a time zone changed through one is the next lifelog day's zone
    /// through the other, which had made days with the old one.
    @Test func aTimeZoneChangedThroughOneNodeIsTheNextDaysZoneThroughTheOther() async throws {
        let nodes = try await ClusterEventTests.nodes(2)
        let (a, b) = (API(nodes[0]), API(nodes[1]))
        let token = try a.signUp("two-nodes-zone@example.com").access
        for round in 0..<5 {
            let zone = ["Europe/Helsinki", "America/New_York", "Asia/Seoul", "Pacific/Auckland", "Europe/London"][round]
            let before = try b.call("GET", "/v1/lifelog/timeline?range=day&date=2026-11-28", token: token).json()["timeZone"] as? String
            #expect(before != zone)
            #expect(try a.call("PATCH", "/v1/me", json: ["timeZone": zone], token: token).status == 200)
            // The same URL (its kept reply out of date) and a new one (made): both in the new zone.
            for path in ["/v1/lifelog/timeline?range=day&date=2026-11-28", "/v1/lifelog/timeline?range=day&date=2026-11-28&round=\(round)"] {
                let reply = try b.call("GET", path, token: token)
                #expect(try reply.status == 200 && reply.json()["timeZone"] as? String == zone, "\(path): \(reply.text)")
            }
        }
        // Deleted through the node that guessed: it keeps nothing of the account.
        let id = try b.call("GET", "/v1/me", token: token).string("id") ?? ""
        let user = try #require(UUID(uuidString: id))
        #expect(nodes[1].app.context.authenticator.accounts.guess(user, now: Date()) != nil)
        #expect(try b.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: token).status == 200)
        #expect(nodes[1].app.context.authenticator.accounts.guess(user, now: Date()) == nil)
    }
}
