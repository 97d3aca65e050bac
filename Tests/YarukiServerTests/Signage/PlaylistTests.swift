import Foundation
import Testing
import YarukiAPI
import YarukiClient
import YarukiCore
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// Several boards on one wall link: made and edited by admins, read and heard by the screen on
/// its link alone, each board's stream opened through it, and closed when the link changes.
@Suite(.serialized) struct PlaylistTests {
    static func playlists(_ text: String) -> [[String: Any]] {
        var parser = ServerEventParser()
        return parser.feed(Array(text.utf8)).filter { $0.name == "playlist" }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.data.utf8)) as? [String: Any]
        }
    }

    /// Whether the server ended the stream: its last chunk (the connection itself may stay open for another request).
    static func ended(_ client: RawClient) async -> Bool {
        (try? await client.waitFor("\r\n0\r\n\r\n", within: 20)) != nil
    }

    static func board(_ api: API, _ admin: String, _ title: String, origins: [String] = []) throws -> String {
        let made = try api.call("POST", "/v1/signage/boards", json: ["title": title, "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00",
                                                                     "endsAt": "2026-12-05T00:00:00+09:00", "embedOrigins": origins], token: admin).json()
        return try #require((made["board"] as? [String: Any])?["id"] as? String)
    }

    static func open(_ port: Int, _ path: String) throws -> RawClient {
        let client = try RawClient(port: port, timeout: 30)
        client.send("GET \(path) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        return client
    }

    @Test(arguments: Engine.allCases)
    func aPlaylistShowsItsBoardsAndFollowsEdits(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let live = try await SignageTests.Live(running)
        let api = live.api
        let admin = try #require(try api.signIn("signage-admin@example.com", password: "admin password 1").string("accessToken"))
        let (member, _, _) = try api.signUp("member-playlist@example.com")
        let second = try Self.board(api, admin, "Second"), third = try Self.board(api, admin, "Not listed")
        let body: [String: Any] = ["title": "Shop floor", "boards": [live.id, second], "seconds": 10, "layout": "rotate"]

        // Refusals name the field; nothing is stored.
        #expect(try api.call("POST", "/v1/signage/playlists", json: body, token: member).status == 404)
        for (wrong, status, fields) in [(["boards": [String]()], 400, ["boards"]), (["boards": [live.id, live.id]], 400, ["boards[1]"]),
                                        (["boards": [live.id, UUID().uuidString]], 404, ["boards[1]"]), (["seconds": 2], 400, ["seconds"]),
                                        (["layout": "grid"], 400, ["layout"]), (["title": " "], 400, ["title"])] as [([String: Any], Int, [String])] {
            let refused = try api.call("POST", "/v1/signage/playlists", json: body.merging(wrong) { $1 }, token: admin)
            #expect(refused.status == status && TrainingTests.fields(refused) == fields, "\(wrong): \(refused.text)")
        }
        #expect((try api.call("GET", "/v1/signage/playlists", token: admin).json()["items"] as? [Any])?.isEmpty == true)

        let made = try api.call("POST", "/v1/signage/playlists", json: body, token: admin)
        #expect(made.status == 201, "\(made.text)")
        let link = try #require(try made.json()["wallURL"] as? String)
        let id = try #require((try made.json()["playlist"] as? [String: Any])?["id"] as? String)
        #expect(link == "/wall/playlist/\(id.lowercased())?token=\(link.components(separatedBy: "token=").last!)")
        let token = try #require(link.components(separatedBy: "token=").last)

        // The screen reads it with its link's token; another secret, or none, is no playlist.
        let read = try request(running.port, "/v1/signage/playlists/\(id)?token=\(token)")
        let shown = try read.json()
        #expect(read.status == 200 && (shown["boards"] as? [String])?.map { $0.lowercased() } == [live.id.lowercased(), second.lowercased()])
        #expect(shown["seconds"] as? Int == 10 && shown["layout"] as? String == "rotate")
        #expect(try request(running.port, "/v1/signage/playlists/\(id)?token=\(live.token)").status == 404, "a board's secret opens no playlist")
        #expect(try request(running.port, "/v1/signage/playlists/\(id)?token=nope").status == 404)
        #expect(try api.call("GET", "/v1/signage/playlists/\(id)", token: member).status == 404)
        #expect(try api.call("GET", "/v1/signage/playlists/\(id)", token: admin).status == 200)
        // Its boards through it; a board it does not show is not.
        #expect(try request(running.port, "/v1/signage/boards/\(second)?playlist=\(id)&token=\(token)").status == 200)
        #expect(try request(running.port, "/v1/signage/boards/\(third)?playlist=\(id)&token=\(token)").status == 404)
        #expect(try request(running.port, "/v1/signage/boards/\(second)?token=\(token)").status == 404, "the playlist's secret is not the board's")
        #expect(try request(running.port, "/v1/signage/boards/\(second)?playlist=\(id)&token=nope").status == 404)

        // The screen hears the playlist, then each edit; a board dropped from it loses its stream.
        let screen = try Self.open(running.port, "/v1/signage/playlists/\(id)/stream?token=\(token)")
        let first = Self.playlists(try await screen.waitFor("event: playlist") + screen.waitFor("\n\n"))
        #expect(first.count == 1 && (first.first?["boards"] as? [String])?.count == 2)
        let firstBoard = try Self.open(running.port, "/v1/signage/boards/\(live.id)/stream?playlist=\(id)&token=\(token)")
        _ = try await firstBoard.waitFor("event: total")
        let ownLink = try live.open()
        _ = try await ownLink.waitFor("event: total")
        let edited = try api.call("PUT", "/v1/signage/playlists/\(id)", json: body.merging(["boards": [second], "layout": "split", "seconds": 30]) { $1 },
                                  token: admin)
        #expect(try edited.status == 200 && edited.json()["layout"] as? String == "split", "\(edited.text)")
        let next = Self.playlists(try await screen.waitFor("event: playlist") + screen.waitFor("\n\n"))
        #expect((next.first?["boards"] as? [String])?.map { $0.lowercased() } == [second.lowercased()] && next.first?["seconds"] as? Int == 30)
        #expect(await Self.ended(firstBoard), "the board left the playlist: its stream through it ends")
        #expect(try request(running.port, "/v1/signage/boards/\(live.id)/stream?playlist=\(id)&token=\(token)").status == 404)
        try live.send([SignageTests.sale("p1", 700, campaign: nil)])
        _ = try await ownLink.waitFor("\"total\":700")  // the board's own screen is not touched

        // A board deleted leaves the playlist, and the screen hears it.
        #expect(try api.call("PUT", "/v1/signage/playlists/\(id)", json: body.merging(["boards": [second, third]]) { $1 }, token: admin).status == 200)
        _ = try await screen.waitFor("event: playlist")
        #expect(try api.call("DELETE", "/v1/signage/boards/\(third)", token: admin).status == 204)
        let afterDelete = Self.playlists(try await screen.waitFor("event: playlist") + screen.waitFor("\n\n"))
        #expect((afterDelete.last?["boards"] as? [String])?.map { $0.lowercased() } == [second.lowercased()], "\(afterDelete)")

        // A new link: the screen on the old one is closed and finds it no longer works.
        let renewed = try #require(try api.call("POST", "/v1/signage/playlists/\(id)/link", token: admin).string("wallURL"))
        #expect(await Self.ended(screen))
        #expect(try request(running.port, "/v1/signage/playlists/\(id)?token=\(token)").status == 404)
        let newToken = try #require(renewed.components(separatedBy: "token=").last)
        #expect(try request(running.port, "/v1/signage/playlists/\(id)?token=\(newToken)").status == 200)

        // Deleted: its screens close; its boards stay.
        let last = try Self.open(running.port, "/v1/signage/playlists/\(id)/stream?token=\(newToken)")
        _ = try await last.waitFor("event: playlist")
        #expect(try api.call("DELETE", "/v1/signage/playlists/\(id)", token: admin).status == 204)
        #expect(await Self.ended(last))
        #expect(try api.call("DELETE", "/v1/signage/playlists/\(id)", token: admin).status == 404)
        #expect(try request(running.port, "/v1/signage/boards/\(second)", headers: ["Authorization": "Bearer \(admin)"]).status == 200)
        #expect((try api.call("GET", "/v1/signage/playlists", token: admin).json()["items"] as? [Any])?.isEmpty == true)
    }

    /// A screen coming back to a board on a new EventSource names its last event in the query,
    /// and is sent the milestone it missed while another board was on screen.
    @Test func aBoardComingBackOnScreenCelebratesWhatItMissed() async throws {
        let running = try await RunningApp(.sqlite)
        let live = try await SignageTests.Live(running)
        let admin = try MilestoneStreamTests.celebrate(live)
        let made = try live.api.call("POST", "/v1/signage/playlists", json: ["title": "Two", "boards": [live.id], "seconds": 5, "layout": "rotate"],
                                     token: admin).json()
        let id = try #require((made["playlist"] as? [String: Any])?["id"] as? String)
        let token = try #require((made["wallURL"] as? String)?.components(separatedBy: "token=").last)
        let path = "/v1/signage/boards/\(live.id)/stream?playlist=\(id)&token=\(token)"
        let shown = try Self.open(running.port, path)
        let leftAt = try #require(MilestoneStreamTests.lastID(try await shown.waitFor("\n\n")))
        shown.disconnect()
        try live.send([SignageTests.sale("away", 12_000, campaign: nil)])
        // No screen watches the board meanwhile: the milestone is reached all the same.
        #expect(await eventuallyAsync(timeout: 20) {
            (try? await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM board_milestones")?.int("n") }) == 1
        })
        let back = try Self.open(running.port, path + "&lastEventId=\(leftAt)")
        let caught = try await back.waitFor("event: milestone") + back.waitFor("\n\n")
        #expect(MilestoneStreamTests.milestones(caught) == ["every-10000"])
        let fresh = try Self.open(running.port, path)
        #expect(MilestoneStreamTests.milestones(try await fresh.waitFor("\n\n")).isEmpty, "a screen new to the board has nothing to catch up on")
    }

    /// Two nodes on one PostgreSQL: an edit through one reaches a screen on the other.
    @Test func anEditOnOneNodeReachesAScreenOnAnother() async throws {
        let nodes = try await ClusterEventTests.nodes(2)
        let live = try await SignageTests.Live(nodes[0])
        let admin = try #require(try live.api.signIn("signage-admin@example.com", password: "admin password 1").string("accessToken"))
        let second = try Self.board(live.api, admin, "Second")
        let body: [String: Any] = ["title": "Floor", "boards": [live.id, second], "seconds": 15, "layout": "rotate"]
        let made = try live.api.call("POST", "/v1/signage/playlists", json: body, token: admin).json()
        let id = try #require((made["playlist"] as? [String: Any])?["id"] as? String)
        let token = try #require((made["wallURL"] as? String)?.components(separatedBy: "token=").last)
        let screen = try Self.open(nodes[1].port, "/v1/signage/playlists/\(id)/stream?token=\(token)")
        _ = try await screen.waitFor("event: playlist")
        #expect(try live.api.call("PUT", "/v1/signage/playlists/\(id)", json: body.merging(["boards": [second, live.id]]) { $1 }, token: admin).status == 200)
        let heard = Self.playlists(try await screen.waitFor("event: playlist") + screen.waitFor("\n\n"))
        #expect((heard.first?["boards"] as? [String])?.map { $0.lowercased() } == [second.lowercased(), live.id.lowercased()])
        #expect(try live.api.call("DELETE", "/v1/signage/playlists/\(id)", token: admin).status == 204)
        #expect(await Self.ended(screen))
    }

    /// A server whose one stream lets each screen in with `attach`, as a route does once the
    /// screen's link was checked; `attached` has an element when each is in.
    final class Joining: @unchecked Sendable {
        let server: HTTPServer
        let attached: AsyncStream<Void>

        init(_ attach: @escaping @Sendable (EventStream) async -> Void) throws {
            let (attached, done) = AsyncStream<Void>.makeStream()
            self.attached = attached
            var config = ServerConfiguration()
            config.port = 0
            config.loops = 1
            config.accessLog = .none
            var router = Router()
            router.get("/screen") { _ in
                .eventStream { stream in
                    Task {
                        await attach(stream)
                        done.yield()
                    }
                }
            }
            server = HTTPServer(configuration: config, handler: router.responder(fallback: nil))
            try server.start()
        }

        /// Screens let in to a playlist's `screens` on its link's `token` (nil: an admin's), with
        /// `checked` as their link check read it.
        convenience init(_ screens: PlaylistScreens, checked: SignagePlaylist, token: String?) throws {
            let link = PlaylistScreens.link(checked.id, token: token)
            try self.init { stream in await screens.attach(stream, playlist: checked, link: link) }
        }
    }

    /// An app with a live board, its admin, and a playlist of that board shown 10 s each (its id,
    /// its link's token and the body it was made with).
    struct Made {
        let running: RunningApp
        let live: SignageTests.Live
        let admin: String
        let id: UUID
        let token: String
        let body: [String: Any]

        init(_ engine: Engine) async throws {
            running = try await RunningApp(engine)
            live = try await SignageTests.Live(running)
            admin = try #require(try live.api.signIn("signage-admin@example.com", password: "admin password 1").string("accessToken"))
            body = ["title": "Door", "boards": [live.id], "seconds": 10, "layout": "rotate"]
            let made = try live.api.call("POST", "/v1/signage/playlists", json: body, token: admin).json()
            let text = (made["playlist"] as? [String: Any])?["id"] as? String
            id = try #require(text.flatMap { UUID(uuidString: $0) })
            token = try #require((made["wallURL"] as? String)?.components(separatedBy: "token=").last)
        }
    }

    /// A screen joins its playlist's screens after its link was checked: an edit, a new link or a
    /// deletion landing in between went out to the others before it joined. Joined, it reads the
    /// playlist again as its link opened it, and gets the edit or is closed.
    @Test(arguments: Engine.allCases)
    func aScreenLetInAfterAnEditGetsItAndOneOnAReplacedLinkIsClosed(engine: Engine) async throws {
        let made = try await Made(engine)
        let (running, live, admin, id, token, body) = (made.running, made.live, made.admin, made.id, made.token, made.body)
        let database = running.app.database
        let checked = try #require(try await database.read(PlaylistScreens.link(id, token: token)))
        #expect(try live.api.call("PUT", "/v1/signage/playlists/\(id)", json: body.merging(["seconds": 20]) { $1 }, token: admin).status == 200)
        let screens = PlaylistScreens(database: database)

        let edited = try Joining(screens, checked: checked, token: token)
        defer { edited.server.shutdown() }
        let screen = try Self.open(edited.server.port, "/screen")
        let seen = Self.playlists(try await screen.waitFor("\"seconds\":20", within: 10) + screen.waitFor("\n\n", within: 10))
        #expect(seen.map { $0["seconds"] as? Int } == [10, 20], "\(seen)")

        // A new link between another screen's check and its joining: that screen is closed.
        #expect(try live.api.call("POST", "/v1/signage/playlists/\(id)/link", token: admin).string("wallURL") != nil)
        let replaced = try Joining(screens, checked: checked, token: token)
        defer { replaced.server.shutdown() }
        let onOldLink = try Self.open(replaced.server.port, "/screen")
        _ = try await onOldLink.waitFor("event: playlist", within: 10)
        #expect(await Self.ended(onOldLink), "the link was replaced before the screen joined: its stream ends")

        // An admin's screen (no link) of a playlist deleted before it joined: closed too.
        #expect(try live.api.call("DELETE", "/v1/signage/playlists/\(id)", token: admin).status == 204)
        let admins = try Joining(screens, checked: checked, token: nil)
        defer { admins.server.shutdown() }
        let deleted = try Self.open(admins.server.port, "/screen")
        _ = try await deleted.waitFor("event: playlist", within: 10)
        #expect(await Self.ended(deleted))
        screen.disconnect()
        #expect(await eventually(timeout: 10) { screens.watchers == 0 }, "\(screens.watchers) screens still held")
    }

    /// A screen's own read of its playlist and an edit's read for every screen both under way, the
    /// older ending last: the screen keeps the newer playlist.
    @Test(arguments: Engine.allCases)
    func anOlderReadEndingLastDoesNotUndoANewerOne(engine: Engine) async throws {
        let made = try await Made(engine)
        let (running, live, admin, id, token, body) = (made.running, made.live, made.admin, made.id, made.token, made.body)
        func edit(_ seconds: Int) throws {
            #expect(try live.api.call("PUT", "/v1/signage/playlists/\(id)", json: body.merging(["seconds": seconds]) { $1 }, token: admin).status == 200)
        }
        let checked = try #require(try await running.app.database.read(PlaylistScreens.link(id, token: token)))
        try edit(20)
        let held = HeldReads(running.app.database)
        let screens = PlaylistScreens(database: held)
        let joining = try Joining(screens, checked: checked, token: token)
        defer { joining.server.shutdown() }
        var holds = held.holds.makeAsyncIterator()
        var attached = joining.attached.makeAsyncIterator()

        let screen = try Self.open(joining.server.port, "/screen")
        var text = try await screen.waitFor("\"seconds\":10", within: 10)
        _ = await holds.next()  // the screen's own read, joined, has read 20 and is held
        try edit(30)
        let refreshed = Task { try await screens.refresh(id) }
        _ = await holds.next()  // the edit's read has read 30 and is held
        held.releaseNewest()
        #expect(try await refreshed.value?.seconds == 30)
        held.releaseAll()
        _ = await attached.next()  // the screen's own read has ended (with 20)
        try edit(40)
        #expect(try await screens.refresh(id)?.seconds == 40)
        text += try await screen.waitFor("\"seconds\":40", within: 10) + screen.waitFor("\n\n", within: 10)
        let seen = Self.playlists(text)
        #expect(seen.map { $0["seconds"] as? Int } == [10, 30, 40], "the older read's 20 came after the newer's 30: \(seen)")
    }

    /// A board's screen joins the board's screens after its link was checked: a new link, or the
    /// board taken out of the playlist whose link opened it, landing in between closed the screens
    /// joined then. Joined, its link is checked again; one that no longer opens the board closes it.
    @Test(arguments: Engine.allCases)
    func aBoardScreenLetInAfterItsLinkStoppedOpeningItIsClosed(engine: Engine) async throws {
        let made = try await Made(engine)
        let (running, live, admin, playlist, playlistToken, body) = (made.running, made.live, made.admin, made.id, made.token, made.body)
        let board = try #require(UUID(uuidString: live.id))
        let (database, hub) = (running.app.database, running.app.areas.signage.hub)
        func screen(_ token: String, via: UUID?) async throws -> (Joining, RawClient) {
            let link = WallScreen.link(board: board, token: token, playlist: via)
            let checked = try #require(try await database.read(link))
            let joining = try Joining { stream in await hub.attach(stream, board: checked, via: via, link: link) }
            return (joining, try Self.open(joining.server.port, "/screen"))
        }
        // Links that still open the board: the screens stay, and hear the next sale.
        let (own, ownScreen) = try await screen(live.token, via: nil)
        let (through, throughScreen) = try await screen(playlistToken, via: playlist)
        defer { own.server.shutdown(); through.server.shutdown() }
        var ownIn = own.attached.makeAsyncIterator(), throughIn = through.attached.makeAsyncIterator()
        _ = await ownIn.next()
        _ = await throughIn.next()
        try live.send([SignageTests.sale("joined", 900, campaign: nil)])
        _ = try await ownScreen.waitFor("\"total\":900", within: 10)
        _ = try await throughScreen.waitFor("\"total\":900", within: 10)

        // Checked, then the board's link replaced before the screen joined.
        let link = WallScreen.link(board: board, token: live.token, playlist: nil)
        let checked = try #require(try await database.read(link))
        #expect(try live.api.call("POST", "/v1/signage/boards/\(live.id)/link", token: admin).string("wallURL") != nil)
        let late = try Joining { stream in await hub.attach(stream, board: checked, link: link) }
        defer { late.server.shutdown() }
        let onOldLink = try Self.open(late.server.port, "/screen")
        #expect(await Self.ended(onOldLink), "the board's link was replaced before its screen joined")

        // Checked through the playlist, then the board taken out of it before the screen joined.
        let viaLink = WallScreen.link(board: board, token: playlistToken, playlist: playlist)
        let viaChecked = try #require(try await database.read(viaLink))
        let second = try Self.board(live.api, admin, "Second")
        #expect(try live.api.call("PUT", "/v1/signage/playlists/\(playlist)", json: body.merging(["boards": [second]]) { $1 }, token: admin).status == 200)
        let left = try Joining { stream in await hub.attach(stream, board: viaChecked, via: playlist, link: viaLink) }
        defer { left.server.shutdown() }
        let dropped = try Self.open(left.server.port, "/screen")
        #expect(await Self.ended(dropped), "the board left the playlist before its screen joined")
    }
}
