import Foundation
import Testing
import YarukiHTTP
@testable import YarukiServer

/// Every area plugs in through `Area`, named once in `Areas.list`; areas find each other's
/// interfaces by protocol.
@Suite struct AreaTests {
    @Test func everyAreaFolderIsOneAreaOfTheList() {
        let folders = LayoutTests.House.current.areas
        let listed = Areas.list.map { "\($0)" }
        #expect(listed.count == Set(listed).count)
        #expect(Set(listed) == Set(folders.map { $0 + "Area" }), "an area folder without its Area in Areas.list, or the other way round")
        #expect(listed.first == "AccountsArea", "the demo people come first: every other area's demo builds on them")
    }

    @Test func theDemoRunsTheServersStepThenEachAreasInTheListsOrder() {
        let names = DemoSeed.steps.map(\.name)
        #expect(names.first == "server settings")
        #expect(Array(names.dropFirst()) == Areas.list.flatMap { $0.demo.map(\.name) })
        #expect(names.count == Set(names).count)
    }

    /// Handlers and services ask for the person's account (often for their time zone) as they
    /// need it; one request reads it from the database once, and every rule of it reads one `now`.
    @Test func aRequestReadsItsPersonsAccountOnce() async throws {
        let running = try await RunningApp(.sqlite)
        let (_, _, id) = try API(running).signUp("once@example.com", name: "Once")
        let authenticator = running.app.context.authenticator
        let request = Request(method: .get, target: "/v1/me")
        let at = Date(timeIntervalSince1970: 1_790_000_000)
        let me = Principal(userID: try #require(UUID(uuidString: id)), sessionID: UUID(), role: .member, scope: authenticator.scope(request, now: at))
        #expect(try await me.account().displayName == "Once")
        try await running.app.database.transaction { c in _ = try c.execute("UPDATE users SET display_name = 'Twice' WHERE id = ?", me.userID) }
        #expect(try await me.account().displayName == "Once", "read once for this request")
        #expect(try await me.calendar().timeZone.identifier == "Asia/Tokyo")
        #expect(me.now == at)
        // The next request on this one node holds it while no write said the account changed
        // (the row was changed behind the server's back), and reads it anew once one did.
        let next = Principal(userID: me.userID, sessionID: me.sessionID, role: .member, scope: authenticator.scope(request, now: at))
        #expect(try await next.account().displayName == "Once")
        running.app.context.replies.invalidateHere([.account(me.userID)])
        let after = Principal(userID: me.userID, sessionID: me.sessionID, role: .member, scope: authenticator.scope(request, now: at))
        #expect(try await after.account().displayName == "Twice", "the request after the change reads it anew")
    }

    protocol Greeting: Sendable { func hello() -> String }
    struct English: Greeting { func hello() -> String { "hello" } }

    @Test func anInterfaceIsFoundByItsProtocolAndAMissingOneIsNamed() throws {
        let interfaces = Interfaces()
        let later = interfaces.later((any Greeting).self)
        #expect(throws: Interfaces.Missing.self) { try interfaces.need((any Greeting).self) }
        do {
            _ = try later.get()
            Issue.record("found before it was provided")
        } catch let missing as Interfaces.Missing {
            #expect(missing.description.contains("Greeting"))
        }
        interfaces.provide((any Greeting).self, English())
        #expect(try interfaces.need((any Greeting).self).hello() == "hello")
        #expect(try later.get().hello() == "hello", "a later interface is found once provided")
    }
}

extension Areas {
    var signage: SignageService { the(SignageArea.self)!.signage }
    var training: TrainingService { the(TrainingArea.self)!.training }
    var classes: ClassService { the(ClassesArea.self)!.classes }
    var classReminders: ClassReminders { the(ClassesArea.self)!.reminders }
    var quotaReminders: QuotaReminders { the(AccountabilityArea.self)!.reminders }
}
