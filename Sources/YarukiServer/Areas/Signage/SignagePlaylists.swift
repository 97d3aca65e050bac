import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Playlists: several boards on one wall link, edited by admins while the screen shows them.
extension SignageService {
    static func playlistLink(_ id: UUID, token: String) -> String { "/wall/playlist/\(id.lowercasedString)?token=\(token)" }

    /// A playlist from its body, each board listed once and existing.
    func playlist(_ body: PlaylistBody, id: UUID) async throws -> SignagePlaylist {
        var check = FieldCheck()
        check.note(TextRule.check(body.title, field: "title", max: 80, required: true))
        if !(1...SignagePlaylist.maxBoards).contains(body.boards.count) { check.fail("boards", "must list 1 to \(SignagePlaylist.maxBoards) boards") }
        if !SignagePlaylist.seconds.contains(body.seconds) {
            check.fail("seconds", "must be \(SignagePlaylist.seconds.lowerBound) to \(SignagePlaylist.seconds.upperBound)")
        }
        var seen = Set<UUID>()
        for (i, board) in body.boards.enumerated() where !seen.insert(board).inserted { check.fail("boards[\(i)]", "is listed twice") }
        let boards = body.boards
        let existing = try await database.read { c in try PlaylistStore.existing(boards, c) }
        for (i, board) in body.boards.enumerated() where !existing.contains(board) { check.missing("boards[\(i)]", "is no board") }
        try check.done()
        return SignagePlaylist(id: id, title: PostDraft.normalize(body.title), boards: body.boards, seconds: body.seconds, layout: body.layout,
                               updatedAt: context.now)
    }

    func makePlaylist(_ body: PlaylistBody, by principal: Principal) async throws -> MadePlaylist {
        let playlist = try await playlist(body, id: UUID.timeOrdered())
        let token = Crypto.randomToken(24)
        try await database.transaction { c in try PlaylistStore.insert(playlist, tokenHash: Crypto.tokenHash(token), by: principal.userID, c) }
        return MadePlaylist(playlist: playlist, wallURL: SignageService.playlistLink(playlist.id, token: token))
    }

    func playlists() async throws -> [SignagePlaylist] {
        try await database.read { c in try PlaylistStore.playlists(c) }
    }

    /// A playlist changed: its screens follow at once, on every node.
    func changePlaylist(_ id: UUID, _ body: PlaylistBody) async throws -> SignagePlaylist {
        let playlist = try await playlist(body, id: id)
        guard try await database.transaction({ c in try PlaylistStore.update(playlist, c) }) else { throw Refusal.notFound("No such playlist.") }
        hub.playlistChanged(id)
        return playlist
    }

    /// A new link; screens on the old one are closed and find it no longer works.
    func newPlaylistLink(_ id: UUID) async throws -> WallLink {
        let token = Crypto.randomToken(24)
        guard try await database.transaction({ c in try PlaylistStore.setToken(id, tokenHash: Crypto.tokenHash(token), c) }) else {
            throw Refusal.notFound("No such playlist.")
        }
        hub.playlistChanged(id, closed: true)
        return WallLink(wallURL: SignageService.playlistLink(id, token: token))
    }

    func deletePlaylist(_ id: UUID) async throws {
        guard try await database.transaction({ c in try PlaylistStore.delete(id, c) }) else { throw Refusal.notFound("No such playlist.") }
        hub.playlistChanged(id, closed: true)
    }

    /// A playlist's screen page: framed only by the sites every one of its boards lets frame it.
    func playlistPage(_ id: UUID) async throws -> (page: Data, policy: String) {
        guard let web = context.settings.webDirectory, let page = FileManager.default.contents(atPath: web + "/index.html") else {
            throw Refusal.notFound("This server serves no browser app.")
        }
        let origins = try await database.read { c -> [String] in
            let boards = try PlaylistStore.playlist(id, c)?.boards ?? []
            var shared: Set<String>?
            for board in boards {
                let allowed = Set(try SignageStore.board(board, c)?.embedOrigins ?? [])
                shared = shared.map { $0.intersection(allowed) } ?? allowed
            }
            return (shared ?? []).sorted()
        }
        return (page, PagePolicy.contentSecurity(tileURL: context.settings.tileURL, frameAncestors: origins))
    }
}
