import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// On PostgreSQL every node writes, so each request reads its person's account; requests that
/// ask at once share one read (`KnownAccounts.read`). Each is still answered with its own
/// person's account as it stands after every write that came before the request.
@Suite struct AccountReadsTogetherTests {
    @Test func requestsAtOnceShareAReadAndEachGetsItsOwnAccount() async throws {
        let running = try await RunningApp(.postgres)
        let api = API(socket: running)
        let names = ["Fay", "Gus", "Hal"]
        let people = try names.map { try api.signUp("\($0.lowercased())@example.com", name: $0) }
        let accounts = running.app.context.authenticator.accounts
        // Made each time (a query of its own), from a thread each, so that many wait at once.
        // Rounds until reads were shared: threads started together may still run one by one.
        var round = 0
        while accounts.readTogether.items <= accounts.readTogether.groups, round < 10 {
            round += 1
            let query = "round=\(round)"
            let replies = LockedArray<(Int, RawClient.Reply)>()
            let done = DispatchGroup()
            for i in 0..<60 {
                done.enter()
                Thread {
                    if let reply = try? api.call("GET", "/v1/me?\(query)&n=\(i)", token: people[i % 3].access) { replies.append((i, reply)) }
                    done.leave()
                }.start()
            }
            done.wait()
            #expect(replies.values.count == 60)
            for (i, reply) in replies.values {
                #expect(reply.status == 200, "\(reply.text)")
                #expect(reply.string("displayName") == names[i % 3], "request \(i) is answered with its own person's account")
            }
        }
        let together = accounts.readTogether
        #expect(together.groups > 0 && together.items > together.groups, "reads shared: \(together)")

        // A write, then at once a read of the same person, while other requests keep reads going:
        // the read never shares one that began before it asked.
        let busy = ManagedAtomicFlag()
        let background = DispatchGroup()
        for t in 0..<8 {
            background.enter()
            Thread {
                var n = 0
                while !busy.isSet {
                    n += 1
                    _ = try? api.call("GET", "/v1/me?t=\(t)&n=\(n)", token: people[0].access)
                }
                background.leave()
            }.start()
        }
        for k in 0..<40 {
            let renamed = try api.call("PATCH", "/v1/me", json: ["displayName": "Fay \(k)"], token: people[0].access)
            #expect(renamed.status == 200, "\(renamed.text)")
            let read = try api.call("GET", "/v1/me?after=\(k)", token: people[0].access)
            #expect(read.string("displayName") == "Fay \(k)", "read after write \(k)")
        }
        busy.set()
        background.wait()
    }
}

