import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Playlists: admins make and edit them; a wall screen on a playlist's link reads it and hears each edit.
struct PlaylistRoutes: RouteCollection {
    let signage: SignageService

    func add(to routes: RouteTable) {
        let admin = routes.admin(tag: "signage")
        admin.post("/v1/signage/playlists", Doc("Make a playlist of boards for one wall link (admins only); the answer holds the link, shown once",
                                                [201: "Made", 400: "Not valid", 404: "Not an admin, or a board named is none"]), make)
        admin.get("/v1/signage/playlists", Doc("Every playlist (admins only)"), list)
        admin.put("/v1/signage/playlists/{id}", Doc("Change a playlist (admins only); its screens follow at once",
                                                    [200: "Changed", 400: "Not valid", 404: "Not an admin, no such playlist, or a board named is none"]),
                  change)
        admin.post("/v1/signage/playlists/{id}/link", Doc("A new wall link for a playlist; the old one stops working (admins only)",
                                                          [200: "The new link", 404: "Not an admin, or no such playlist"]), newLink)
        admin.delete("/v1/signage/playlists/{id}", Doc("Delete a playlist (admins only); its screens are closed (the boards stay)",
                                                       [204: "Deleted", 404: "Not an admin, or no such playlist"]), delete)
        routes.open(tag: "signage").get("/wall/playlist/{id}", Doc("""
            A playlist's wall screen page (the browser app, showing the playlist of ?token=): other sites may show it in a frame only when \
            every board in it names them in embedOrigins
            """, [200: "The page", 404: "Not a playlist id, or no browser app is served"], produces: "text/html"), page)
        let screen = routes.group(signage.playlistScreen, tag: "signage")
        screen.get("/v1/signage/playlists/{id}", Doc("A playlist: its boards in order, seconds each, layout (?token= of its wall link, or an admin)",
                                                     [200: "The playlist", 404: "No such playlist, or a replaced link"]), read)
        screen.get("/v1/signage/playlists/{id}/stream", Doc("""
            A playlist (Server-Sent Event `playlist`) and again after each edit; the stream ends when the playlist is deleted or its link \
            replaced. Each board's own stream is opened with ?playlist=ID&token= of the same link
            """, [200: "The stream", 404: "No such playlist, or a replaced link"], produces: "text/event-stream"), stream)
    }

    func make(_: Request, _ me: Principal, _ body: PlaylistBody) async throws -> Reply<MadePlaylist> {
        .created(try await signage.makePlaylist(body, by: me))
    }

    func list(_: Request, _: Principal) async throws -> Reply<Items<SignagePlaylist>> {
        Reply(Items(try await signage.playlists()))
    }

    func change(_ request: Request, _: Principal, _ body: PlaylistBody) async throws -> Reply<SignagePlaylist> {
        Reply(try await signage.changePlaylist(try request.id("id", "playlist"), body))
    }

    func newLink(_ request: Request, _: Principal) async throws -> Reply<WallLink> {
        Reply(try await signage.newPlaylistLink(try request.id("id", "playlist")))
    }

    func delete(_ request: Request, _: Principal) async throws -> Response {
        try await signage.deletePlaylist(try request.id("id", "playlist"))
        return .noContent()
    }

    func page(_ request: Request, _: Visitor) async throws -> Response {
        SignageService.page(try await signage.playlistPage(try request.id("id", "playlist")))
    }

    func read(_: Request, _ playlist: SignagePlaylist) async throws -> Reply<SignagePlaylist> {
        Reply(playlist)
    }

    func stream(_ request: Request, _ playlist: SignagePlaylist) async throws -> Response {
        let (screens, link) = (signage.hub.playlists, PlaylistScreens.link(playlist.id, token: request.queryItem("token")))
        return .eventStream { stream in Task { await screens.attach(stream, playlist: playlist, link: link) } }
    }
}
