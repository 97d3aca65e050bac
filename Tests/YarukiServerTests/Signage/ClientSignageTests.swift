import Foundation
import YarukiAPI
import Testing
import YarukiClient
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// A board's totals through the SDK: an AsyncThrowingStream that survives a dropped network.
@Suite(.serialized) struct ClientSignageTests {
    @Test(arguments: Engine.allCases)
    func boardTotalsStreamThroughDropsAndEndsWhenTheLinkIsReplaced(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let proxy = try TCPProxy(to: running.port)
        defer { proxy.stop() }
        let live = try await SignageTests.Live(running)
        let board = try #require(UUID(uuidString: live.id))
        let client = YarukiClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!)

        var totals = client.boardTotals(board, token: live.token).makeAsyncIterator()
        let first = try #require(try await totals.next())
        #expect(first.total == 0 && first.board.title == "Live" && first.hours.count == 96)

        try live.send([SignageTests.sale("c1", 1_200, channel: "store", campaign: nil), SignageTests.sale("c2", 800, channel: "app", campaign: nil)])
        var seen = try #require(try await totals.next())
        while seen.total < 2_000 { seen = try #require(try await totals.next()) }
        #expect(seen.total == 2_000 && seen.sales == 2 && seen.channels.map(\.channel) == ["store", "app"])
        #expect(seen.hours.first { $0.amount > 0 }?.amount == 2_000)

        // The network drops; a sale lands meanwhile; the stream comes back with it.
        proxy.dropAll()
        try live.send([SignageTests.sale("c3", 500, channel: "online", campaign: nil)])
        while seen.total < 2_500 { seen = try #require(try await totals.next()) }
        var fresh = try await client.board(board, token: live.token)
        fresh.version = seen.version
        fresh.at = seen.at
        // The pace ends at the minute each was made, and the two may straddle one.
        #expect(fresh.pace?.todayTotal == seen.pace?.todayTotal && fresh.pace?.yesterday == seen.pace?.yesterday)
        fresh.pace = seen.pace
        #expect(seen == fresh)

        // A new wall link ends the old one's stream with 404 on the next reconnect.
        let admin = try live.api.signIn("signage-admin@example.com", password: "admin password 1").string("accessToken")
        #expect(try live.api.call("POST", "/v1/signage/boards/\(live.id)/link", token: admin).status == 200)
        proxy.dropAll()
        await #expect(throws: YarukiClientError.unexpectedResponse(status: 404)) {
            while try await totals.next() != nil {}
        }
    }
}
