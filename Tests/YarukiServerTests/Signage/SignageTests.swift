import Foundation
import YarukiAPI
import Testing
import YarukiClient
import YarukiCore
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// Sales in with API keys, boards out by their secret link, live over a coalescing stream.
@Suite(.serialized) struct SignageTests {
    static func sale(_ id: String, _ amount: Int, at: String = "2026-12-01T10:05:00+09:00", channel: String = "store",
                     campaign: String? = "beauty-week", currency: String = "JPY") -> [String: Any] {
        var sale: [String: Any] = ["id": id, "amount": amount, "currency": currency, "occurredAt": at, "channel": channel]
        if let campaign { sale["campaign"] = campaign }
        return sale
    }

    static func admin(_ running: RunningApp, _ api: API) async throws -> String {
        try await AccountAdmin.create(running.app.database, email: "signage-admin@example.com", displayName: "Admin", password: "admin password 1",
                                      role: .admin)
        return try #require(try api.signIn("signage-admin@example.com", password: "admin password 1").string("accessToken"))
    }

    @Test(arguments: Engine.allCases)
    func keysBoardsAndTotals(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let admin = try await SignageTests.admin(running, api)
        let (member, _, _) = try api.signUp("member-signage@example.com")
        #expect(try api.call("POST", "/v1/admin/api-keys", json: ["name": "till", "scopes": ["signage:write"]], token: member).status == 404)
        #expect(try api.call("POST", "/v1/admin/api-keys", json: ["name": "till", "scopes": ["everything"]], token: admin).status == 400)
        let made = try api.call("POST", "/v1/admin/api-keys", json: ["name": "Shibuya till", "scopes": ["signage:write"]], token: admin).json()
        let key = try #require(made["key"] as? String)
        func send(_ events: [[String: Any]], key: String? = key) throws -> RawClient.Reply {
            try api.call("POST", "/v1/signage/events", json: ["events": events], headers: key.map { ["Authorization": "Bearer \($0)"] } ?? [:])
        }
        #expect(try send([SignageTests.sale("a", 100)], key: nil).status == 401)
        #expect(try send([SignageTests.sale("a", 100)], key: "yk_madeup").status == 401)
        #expect(try api.call("POST", "/v1/signage/events", json: ["events": [SignageTests.sale("a", 1)]], token: admin).status == 401, "a person's token is not a key")

        // One bad sale refuses the batch, naming each field; nothing is stored.
        let bad = try send([SignageTests.sale("ok", 100), SignageTests.sale("b", 100, channel: "Front Desk", currency: "yen")])
        #expect(bad.status == 400 && Set(TrainingTests.fields(bad)) == ["events[1].channel", "events[1].currency"], "\(bad.text)")
        let tooMany = try send((0...1_000).map { SignageTests.sale("m\($0)", 1) })
        #expect(tooMany.status == 400 && TrainingTests.fields(tooMany) == ["events"])
        #expect(try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM sales_events")?.int("n") } == 0)

        // Duplicates and late sales: counted once, in their own hour.
        let first = try send([SignageTests.sale("s1", 1_000), SignageTests.sale("s2", 2_500, channel: "online"),
                              SignageTests.sale("s1", 1_000), SignageTests.sale("s3", 700, at: "2026-12-01T09:59:59+09:00"),
                              SignageTests.sale("other", 9_999, campaign: "winter")]).json()
        #expect(first["accepted"] as? Int == 4 && first["duplicates"] as? Int == 1)
        #expect(try send([SignageTests.sale("s2", 2_500, channel: "online")]).json()["duplicates"] as? Int == 1)

        // A board: Dec 1 to Dec 4 in Tokyo, the beauty-week campaign, a goal.
        let body: [String: Any] = ["title": "Beauty week", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00",
                                   "endsAt": "2026-12-05T00:00:00+09:00", "campaign": "beauty-week", "goal": 1_000_000]
        var wrong = body
        wrong["endsAt"] = "2026-11-30T00:07:00+09:00"
        let refused = try api.call("POST", "/v1/signage/boards", json: wrong, token: admin)
        #expect(Set(TrainingTests.fields(refused)) == ["endsAt"], "\(refused.text)")
        let board = try api.call("POST", "/v1/signage/boards", json: body, token: admin).json()
        let link = try #require(board["wallURL"] as? String)
        let id = try #require((board["board"] as? [String: Any])?["id"] as? String)
        let token = try #require(link.components(separatedBy: "token=").last)
        let state = try request(running.port, "/v1/signage/boards/\(id)?token=\(token)").json()
        #expect(state["total"] as? Int == 4_200 && state["sales"] as? Int == 3)
        let channels = try #require(state["channels"] as? [[String: Any]])
        #expect(channels.map { $0["channel"] as? String } == ["online", "store"] && channels.map { $0["amount"] as? Int } == [2_500, 1_700])
        let hours = try #require(state["hours"] as? [[String: Any]])
        #expect(hours.count == 96 && hours[9]["amount"] as? Int == 700 && hours[10]["amount"] as? Int == 3_500)
        #expect(try request(running.port, "/v1/signage/boards/\(id)?token=nope").status == 404)
        #expect(try api.call("GET", "/v1/signage/boards/\(id)", token: member).status == 404)
        #expect(try api.call("GET", "/v1/signage/boards/\(id)", token: admin).status == 200)
        // A new link; the old one stops working.
        let renewed = try #require(try api.call("POST", "/v1/signage/boards/\(id)/link", token: admin).string("wallURL"))
        #expect(try request(running.port, "/v1/signage/boards/\(id)?token=\(token)").status == 404)
        #expect(try request(running.port, "/v1/signage/boards/\(id)?token=\(renewed.components(separatedBy: "token=").last!)").status == 200)
        // Revoked keys stop at once.
        #expect(try api.call("DELETE", "/v1/admin/api-keys/\(try #require(made["id"] as? String))", token: admin).status == 204)
        #expect(try send([SignageTests.sale("late", 1)]).status == 401)
    }

    /// A board made by an admin, with a key to send sales and its wall link's token.
    struct Live {
        var id: String
        var token: String
        var key: String
        let api: API
        let port: Int

        /// The same board, its link and key, through another node.
        init(_ live: Live, on running: RunningApp) {
            (id, token, key) = (live.id, live.token, live.key)
            api = API(running)
            port = running.port
        }

        init(_ running: RunningApp, startsAt: String = "2026-12-01T00:00:00+09:00", endsAt: String = "2026-12-05T00:00:00+09:00") async throws {
            api = API(running)
            port = running.port
            let admin = try await SignageTests.admin(running, api)
            key = try #require(try api.call("POST", "/v1/admin/api-keys", json: ["name": "sim", "scopes": ["signage:write"]], token: admin).string("key"))
            let board = try api.call("POST", "/v1/signage/boards", json: ["title": "Live", "currency": "JPY", "startsAt": startsAt,
                                                                            "endsAt": endsAt], token: admin).json()
            id = try #require((board["board"] as? [String: Any])?["id"] as? String)
            token = try #require((board["wallURL"] as? String)?.components(separatedBy: "token=").last)
        }

        func open(lastEventID: String? = nil, receiveBuffer: Int? = nil) throws -> RawClient {
            let client = try RawClient(port: port, timeout: 10, receiveBuffer: receiveBuffer)
            client.send("GET /v1/signage/boards/\(id)/stream?token=\(token) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
                        + (lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? "") + "\r\n")
            return client
        }

        func send(_ sales: [[String: Any]]) throws {
            #expect(try api.call("POST", "/v1/signage/events", json: ["events": sales], headers: ["Authorization": "Bearer \(key)"]).status == 200)
        }

        /// The board's state as one request reads it, without the parts that differ per read (the
        /// pace moves with the clock; `thePaceComparesTodayWithTheSameTimeYesterday` reads it).
        func now() throws -> BoardTotals {
            var state = try JSONCoding.decoder.decode(BoardTotals.self, from: Data(try api.call("GET", "/v1/signage/boards/\(id)?token=\(token)").body))
            state.version = 0
            state.at = .distantPast
            state.pace = nil
            return state
        }
    }

    /// The screen's state after the events read so far: the whole state, then each change applied.
    static func replay(_ text: String, into state: inout BoardTotals?) throws -> [ServerEvent] {
        var parser = ServerEventParser()
        let events = parser.feed(Array(text.utf8))
        for event in events {
            let data = Data(event.data.utf8)
            switch event.name {
            case "total": state = try JSONCoding.decoder.decode(BoardTotals.self, from: data)
            case "change": state?.apply(try JSONCoding.decoder.decode(BoardChange.self, from: data))
            default: break
            }
        }
        return events
    }

    /// A wall screen's page is framed only by the sites its board names; every other page of the
    /// app by none.
    @Test(arguments: Engine.allCases)
    func aWallPageMayBeFramedOnlyByTheSitesItsBoardNames(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let admin = try await SignageTests.admin(running, api)
        let window: [String: Any] = ["title": "Framed", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00", "endsAt": "2026-12-05T00:00:00+09:00"]
        for bad in [["https://x.example/path"], ["*"], ["javascript:alert(1)"], ["https://a.example; script-src *"],
                    (0..<11).map { "https://s\($0).example" }] {
            let refused = try api.call("POST", "/v1/signage/boards", json: window.merging(["embedOrigins": bad]) { $1 }, token: admin)
            #expect(refused.status == 400 && TrainingTests.fields(refused).contains("embedOrigins"), "\(bad)")
        }
        let made = try api.call("POST", "/v1/signage/boards", json: window.merging(["embedOrigins": ["https://Dash.Example", "http://tv.local:8080"]]) { $1 },
                                token: admin).json()
        let wallURL = try #require(made["wallURL"] as? String)
        #expect(wallURL.hasPrefix("/wall/") && wallURL.contains("?token="))
        let page = try request(running.port, wallURL)
        #expect(page.status == 200 && page.text.contains("<html") && page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["content-security-policy"]?.contains("frame-ancestors http://tv.local:8080 https://dash.example") == true,
                "\(page.headers["content-security-policy"] ?? "")")
        let board = try #require(made["board"] as? [String: Any])
        #expect(board["embedOrigins"] as? [String] == ["http://tv.local:8080", "https://dash.example"])
        // Changed to none: framed by none.
        let id = try #require(board["id"] as? String)
        #expect(try api.call("PUT", "/v1/signage/boards/\(id)", json: window, token: admin).status == 200)
        #expect(try request(running.port, "/wall/\(id)").headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
        #expect(try request(running.port, "/wall/\(UUID().uuidString)").headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
        #expect(try request(running.port, "/wall/not-an-id").status == 404)
    }

    /// A board in Tokyo at 14:07: today beside 14:07 yesterday and a week ago (sales before the
    /// board's window count there too), the lines, the projection and the goal; a sale moves the
    /// screen's pace by a change; an hour later with no sales the clock alone moves it.
    @Test(arguments: Engine.allCases)
    func thePaceComparesTodayWithTheSameTimeYesterday(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-12-04T14:07:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let admin = try await SignageTests.admin(running, api)
        let window: [String: Any] = ["title": "Today", "currency": "JPY", "startsAt": "2026-12-04T00:00:00+09:00", "endsAt": "2026-12-05T00:00:00+09:00",
                                     "goal": 40_000]
        let refused = try api.call("POST", "/v1/signage/boards", json: window.merging(["timeZone": "Mars/Olympus"]) { $1 }, token: admin)
        #expect(refused.status == 400 && TrainingTests.fields(refused) == ["timeZone"])
        let made = try api.call("POST", "/v1/signage/boards", json: window.merging(["timeZone": "Asia/Tokyo"]) { $1 }, token: admin).json()
        let board = try #require(made["board"] as? [String: Any])
        #expect(board["timeZone"] as? String == "Asia/Tokyo")
        let id = try #require(board["id"] as? String), token = try #require((made["wallURL"] as? String)?.components(separatedBy: "token=").last)
        let key = try #require(try api.call("POST", "/v1/admin/api-keys", json: ["name": "till", "scopes": ["signage:write"]], token: admin).string("key"))
        func send(_ sales: [[String: Any]]) throws {
            #expect(try api.call("POST", "/v1/signage/events", json: ["events": sales], headers: ["Authorization": "Bearer \(key)"]).status == 200)
        }
        try send([SignageTests.sale("y1", 4_000, at: "2026-12-03T09:00:00+09:00", campaign: nil),
                  SignageTests.sale("y2", 6_000, at: "2026-12-03T18:00:00+09:00", channel: "online", campaign: nil),
                  SignageTests.sale("w1", 10_000, at: "2026-11-27T10:00:00+09:00", campaign: nil),
                  SignageTests.sale("w2", 10_000, at: "2026-11-27T20:00:00+09:00", campaign: nil),
                  SignageTests.sale("t1", 1_000, at: "2026-12-04T09:00:00+09:00", campaign: nil),
                  SignageTests.sale("t2", -100, at: "2026-12-04T11:00:00+09:00", channel: "online", campaign: nil)])
        let state = try JSONCoding.decoder.decode(BoardTotals.self, from: Data(try api.call("GET", "/v1/signage/boards/\(id)?token=\(token)").body))
        let pace = try #require(state.pace)
        #expect(pace.day == "2026-12-04" && pace.timeZone == "Asia/Tokyo" && pace.todayTotal == 900 && state.total == 900)
        #expect(pace.yesterdayAtThisTime == 4_000 && pace.lastWeekAtThisTime == 10_000)
        #expect(pace.yesterday.last?.amount == 10_000 && pace.lastWeek.last?.amount == 20_000 && pace.today.last?.minute == 847)
        // By 14:07 yesterday had sold 40 % of its day, a week ago 50 %: 900 now makes 2,000 by midnight, short of 40,000.
        #expect(pace.projection == 2_000 && pace.projectedTotal == 2_000 && pace.goalMet == false)

        let wall = try RawClient(port: running.port, timeout: 10)
        wall.send("GET /v1/signage/boards/\(id)/stream?token=\(token) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        var screen: BoardTotals?
        _ = try SignageTests.replay(try await wall.waitFor("\n\n"), into: &screen)
        #expect(screen?.pace?.todayTotal == 900)
        try send([SignageTests.sale("t3", 45_000, at: "2026-12-04T14:05:00+09:00", campaign: nil)])
        let moved = try SignageTests.replay(try await wall.waitFor("\"todayTotal\":45900") + wall.waitFor("\n\n"), into: &screen)
        #expect(moved.contains { $0.name == "change" } && screen?.pace?.goalMet == true && screen?.pace?.today.last?.amount == 45_900)
        // An hour on, nothing sold: the same time yesterday is now 15:07, and the screen hears it within the hub's tick.
        clock.advance(3_600)
        running.app.areas.signage.hub.tickForTests()
        _ = try SignageTests.replay(try await wall.waitFor("\"minute\":907") + wall.waitFor("\n\n"), into: &screen)
        #expect(screen?.pace?.today.last == SalesPace.Point(minute: 907, amount: 45_900))
        var fresh = try JSONCoding.decoder.decode(BoardTotals.self, from: Data(try api.call("GET", "/v1/signage/boards/\(id)?token=\(token)").body))
        fresh.version = screen?.version ?? 0
        fresh.at = screen?.at ?? .distantPast
        #expect(screen == fresh, "the screen holds what a fresh read gives")
    }

    /// Products and stores ranked on the board (a tie to the one that got there first, names as
    /// sent), orders and refunds beside the total; a repeated sale adds nothing; an overtake reaches
    /// a screen as a change.
    @Test(arguments: Engine.allCases)
    func productsAndStoresAreRankedAndRefundsCounted(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let live = try await Live(running)
        func sale(_ id: String, _ amount: Int, _ product: String, _ store: String, at minute: Int) -> [String: Any] {
            var s = SignageTests.sale(id, amount, at: String(format: "2026-12-02T10:%02d:00+09:00", minute), campaign: nil)
            s["product"] = product
            s["productName"] = ["LIP": "Rose lip balm", "CRM": "Hand cream", "SOA": "Yuzu soap"][product]
            s["store"] = store
            s["staff"] = "Aoi"
            return s
        }
        try live.send([sale("a", 3_000, "LIP", "Shibuya", at: 5), sale("b", 2_000, "LIP", "Umeda", at: 6),
                       sale("c", 5_000, "CRM", "Umeda", at: 2),  // the same 5,000 as the lip balm, reached earlier
                       sale("d", 4_000, "SOA", "Shibuya", at: 7), sale("e", -1_000, "SOA", "Shibuya", at: 8)])  // a refund
        try live.send([sale("a", 3_000, "LIP", "Shibuya", at: 5)])  // sent again: nothing
        let state = try live.now()
        #expect(state.products.map(\.key) == ["CRM", "LIP", "SOA"] && state.products.map(\.amount) == [5_000, 5_000, 3_000])
        #expect(state.products.first?.name == "Hand cream" && state.products[1].sales == 2)
        #expect(state.stores.map(\.key) == ["Umeda", "Shibuya"] && state.stores.map(\.amount) == [7_000, 6_000])
        #expect(state.total == 13_000 && state.sales == 5 && state.orders == 4 && state.refunded == 1_000)

        let wall = try live.open()
        var screen: BoardTotals?
        _ = try SignageTests.replay(try await wall.waitFor("\n\n"), into: &screen)
        try live.send([sale("f", 1_500, "LIP", "Shibuya", at: 9)])  // the lip balm overtakes the cream
        _ = try SignageTests.replay(try await wall.waitFor("\"LIP\",\"name\"") + wall.waitFor("\n\n"), into: &screen)
        #expect(screen?.products.map(\.key) == ["LIP", "CRM", "SOA"] && screen?.stores.map(\.key) == ["Shibuya", "Umeda"])
        var replayed = try #require(screen)
        replayed.version = 0
        replayed.at = .distantPast
        replayed.pace = nil
        #expect(replayed == (try live.now()))
    }

    /// A day's sales as CSV on the board's clock (a sale at 23:59 in Tokyo is that day's, one at
    /// 00:00 the next's), in time order, with the product, store and staff; the hours of the window.
    @Test(arguments: Engine.allCases)
    func aDaysSalesAndTheHoursComeAsCSV(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let live = try await Live(running)
        let admin = try #require(try live.api.signIn("signage-admin@example.com", password: "admin password 1").string("accessToken"))
        #expect(try live.api.call("PUT", "/v1/signage/boards/\(live.id)", json: ["title": "Live", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00",
                                                                               "endsAt": "2026-12-05T00:00:00+09:00", "timeZone": "Asia/Tokyo"], token: admin).status == 200)
        var lip = SignageTests.sale("late", 1_200, at: "2026-12-02T23:59:00+09:00", campaign: nil)
        lip["product"] = "LIP"
        lip["productName"] = "=Rose, lip balm"
        lip["store"] = "渋谷"
        lip["staff"] = "Aoi"
        try live.send([SignageTests.sale("early", 800, at: "2026-12-02T00:00:00+09:00", campaign: nil), lip,
                       SignageTests.sale("next", 500, at: "2026-12-03T00:00:00+09:00", campaign: nil),
                       SignageTests.sale("refund", -300, at: "2026-12-02T12:00:00+09:00", channel: "online", campaign: nil)])
        let reply = try live.api.call("GET", "/v1/signage/boards/\(live.id)/sales.csv?date=2026-12-02", token: admin)
        #expect(reply.status == 200 && reply.headers["content-type"] == "text/csv; charset=utf-8")
        #expect(reply.headers["content-disposition"]?.contains("filename=\"Live-sales-2026-12-02.csv\"") == true)
        let lines = reply.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "id,occurred_at,amount_minor,amount,currency,channel,campaign,product,product_name,store,staff")
        #expect(lines.dropFirst().map { $0.split(separator: ",").first.map(String.init) ?? "" } == ["early", "refund", "late"])
        #expect(lines.last == "late,2026-12-02T23:59:00+09:00,1200,1200,JPY,store,,LIP,\"'=Rose, lip balm\",渋谷,Aoi")
        #expect(try live.api.call("GET", "/v1/signage/boards/\(live.id)/sales.csv?date=2026-13-02", token: admin).status == 400)
        let hours = try live.api.call("GET", "/v1/signage/boards/\(live.id)/hours.csv", token: admin)
        let rows = hours.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(hours.status == 200 && rows.count == 1 + 96 && rows.contains("2026-12-02T12:00:00+09:00,2026-12-02T13:00:00+09:00,-300,-300,JPY,0,1,300"))
        // Not for a member, nor for a board that is not there.
        let member = try live.api.signUp("csv-member@example.com").access
        #expect(try live.api.call("GET", "/v1/signage/boards/\(live.id)/sales.csv", token: member).status == 404)
        #expect(try live.api.call("GET", "/v1/signage/boards/\(UUID().uuidString)/hours.csv", token: admin).status == 404)
    }

    @Test(arguments: Engine.allCases)
    func theStreamSendsChangesCoalescedAndResumesWithTheNewestStateWhole(engine: Engine) async throws {
        // On the board's clock it is the 4th: the sales of the 1st are in neither of the pace's
        // lines (the 3rd and 27 November), which a change carries whole when a day of them moves.
        let clock = TestClock(try Date("2026-12-04T20:00:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(engine, clock: clock)
        let live = try await Live(running)
        let wall = try live.open()
        var screen: BoardTotals?
        let first = try SignageTests.replay(try await wall.waitFor("\n\n"), into: &screen)
        #expect(first.map(\.name) == ["total"] && screen?.total == 0 && screen?.hours.count == 96)
        // Forty batches as fast as they go, over channels and hours: far fewer changes reach the
        // screen, and replaying them gives exactly the state a fresh read gives.
        for batch in 0..<40 {
            let channel = ["store", "online", "app"][batch % 3]
            let hour = String(format: "%02d", 10 + batch % 7)
            try live.send((0..<25).map { SignageTests.sale("b\(batch)-\($0)", 100, at: "2026-12-01T\(hour):05:00+09:00", channel: channel, campaign: nil) })
        }
        let changes = try SignageTests.replay(try await wall.waitFor("\"total\":100000") + wall.waitFor("\n\n"), into: &screen)
        #expect(changes.allSatisfy { $0.name == "change" })
        #expect(changes.count >= 1 && changes.count < 40, "coalesced into \(changes.count) changes")
        #expect(changes.allSatisfy { $0.data.utf8.count < 1_000 }, "a change carries only what moved")
        var replayed = try #require(screen)
        replayed.version = 0
        replayed.at = .distantPast
        replayed.pace = nil
        let fresh = try live.now()
        #expect(replayed == fresh, "\(replayed) vs \(fresh)")
        #expect(replayed.channels.map(\.channel) == ["store", "app", "online"] && replayed.hours.filter { $0.amount > 0 }.count == 7)
        let lastID = try #require(changes.last?.id)

        // The connection drops; sales go on; a reconnect with the last id seen starts with a
        // state whole (not changes from the old id), and reaches the sale made meanwhile. On
        // PostgreSQL the news of that sale comes back through LISTEN, so the first state may
        // still be the one before it, followed by the change.
        wall.disconnect()
        try live.send([SignageTests.sale("after", 5_000, campaign: nil)])
        let again = try live.open(lastEventID: lastID)
        var resumed: BoardTotals?
        let events = try SignageTests.replay(try await again.waitFor("\"total\":105000") + again.waitFor("\n\n"), into: &resumed)
        #expect(events.first?.name == "total" && events.dropFirst().allSatisfy { $0.name == "change" } && resumed?.total == 105_000, "\(events)")
        // Ids are `version.milestones`: the state it starts with is never older than the one it had
        // (the same one when the server had not yet seen the drop and still held that state).
        func version(_ id: String?) -> UInt64? { id?.split(separator: ".").first.flatMap { UInt64($0) } }
        #expect(version(events.first?.id) ?? 0 >= version(lastID) ?? .max)
        #expect(await eventually(timeout: 5) { running.app.areas.signage.hub.watchers == 1 })
    }

    @Test(arguments: Engine.allCases)
    func aSaleMadeInsideTheServerReachesTheScreensLikeAnyOther(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let live = try await Live(running)
        let wall = try live.open()
        _ = try await wall.waitFor("\"total\":0,")
        // What a class payment does: one call, no API key.
        let at = try Date("2026-12-02T19:00:00+09:00", strategy: .iso8601)
        let sale = SaleEvent(id: "class-payment-1", amount: 3_300, currency: "JPY", occurredAt: at, channel: "classes")
        #expect(try await running.app.areas.signage.hub.record([sale], at: Date()).count == 1)
        #expect(try await running.app.areas.signage.hub.record([sale], at: Date()).isEmpty, "the same payment twice counts once")
        var screen: BoardTotals?
        _ = try SignageTests.replay(try await wall.waitFor("\"total\":3300,") + wall.waitFor("\n\n"), into: &screen)
        #expect(try live.now().channels == [BoardTotals.Channel(channel: "classes", amount: 3_300, sales: 1)])
    }

    @Test(arguments: Engine.allCases)
    func aScreenThatStopsReadingHoldsNobodyBackAndIsDropped(engine: Engine) async throws {
        let running = try await RunningApp(engine, arguments: ["--stream-buffer", "262144"])
        let live = try await Live(running)
        let stuck = try live.open(receiveBuffer: 4096)
        let reader = try live.open()
        _ = try await reader.waitFor("\"total\":0,")
        #expect(await eventually(timeout: 5) { running.app.areas.signage.hub.watchers == 2 })
        // Each batch of 2,500 sales over as many new channels makes a change of ~190 KB (under the
        // 256 KiB limit): the stuck screen's backlog passes the kernel's buffers and then the
        // limit within a few, while the reader gets every change at once.
        var total = 0
        var batches = 0
        while running.app.areas.signage.hub.watchers == 2 && batches < 40 {
            let prefix = "batch-\(batches)-" + String(repeating: "x", count: 25)
            for part in 0..<3 {
                try live.send((part * 1_000..<min(2_500, part * 1_000 + 1_000)).map {
                    SignageTests.sale("s\(batches)-\($0)", 7, channel: "\(prefix)-\($0)", campaign: nil)
                })
            }
            total += 7 * 2_500
            batches += 1
            // The reading screen gets each change while the stuck one is still attached (the read's timeout is the only ceiling).
            _ = try await reader.waitFor("\"total\":\(total),")
        }
        #expect(await eventually(timeout: 5) { running.app.areas.signage.hub.watchers == 1 }, "the stuck screen was dropped after \(batches) changes")
        stuck.setTimeout(10)
        #expect(stuck.isClosedByServer())
    }

    @Test(arguments: Engine.allCases)
    func theSimulatorSendsRealisticSalesForItsTimeAndRevokesItsKey(engine: Engine) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary), "build first: swift build")
        let running = try await RunningApp(engine)
        let hour = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 3_600).rounded(.down) * 3_600)
        let live = try await Live(running, startsAt: hour.formatted(.iso8601), endsAt: hour.addingTimeInterval(86_400).formatted(.iso8601))
        let simulate = ["sales", "simulate", "--board", live.id] + running.storeArguments + ["--url", "http://127.0.0.1:\(running.port)"]
        let result = try Command.run([BinaryTests.binary] + simulate + ["--rate", "100/s", "--duration", "3s", "--seed", "42"])
        #expect(result.status == 0, "\(result.output)")
        // "N sales sent: A new, D repeats ignored" last: what reached the board is what the server took.
        let last = try #require(result.output.split(separator: "\n").last(where: { $0.contains("sales sent") }))
        let numbers = last.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let (sent, accepted, repeats) = (numbers[0], numbers[1], numbers[2])
        #expect((200...420).contains(sent) && sent == accepted + repeats, "\(last)")
        let state = try live.now()
        #expect(state.sales == Int64(accepted))
        #expect(Set(state.channels.map(\.channel)).isSubset(of: ["store", "online", "app", "classes"]) && state.channels.count >= 3)
        #expect(state.total > Int64(accepted) * 1_000, "yen baskets, not pennies")
        let admin = try #require(try live.api.signIn("signage-admin@example.com", password: "admin password 1").string("accessToken"))
        let keys = try #require(try live.api.call("GET", "/v1/admin/api-keys", token: admin).json()["items"] as? [[String: Any]])
        #expect(keys.contains { ($0["name"] as? String)?.hasPrefix("sales simulator") == true && $0["revokedAt"] != nil })

        // Mistakes are one line each, and nothing is sent.
        for (extra, message) in [(["--rate", "fast"], "--rate must look like 50/s"), (["--duration", "soon"], "--duration must look like")] {
            let bad = try Command.spawn([BinaryTests.binary] + simulate + extra, captureOutput: true, captureError: true)
            #expect(bad.readAllErrors().contains(message))
            #expect(bad.wait() == 1)
        }
        let unknown = try Command.spawn([BinaryTests.binary, "sales", "simulate", "--board", UUID().uuidString] + running.storeArguments,
                                        captureOutput: true, captureError: true)
        #expect(unknown.readAllErrors().contains("no board"))
        #expect(unknown.wait() == 1)
        #expect(try live.now().sales == Int64(accepted))
    }
}
