import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiStore

/// Who may call the signage routes besides people: a machine by its API key, a wall screen by its link.
extension SignageService {
    /// A machine with an API key (`Authorization: Bearer yk_…`) that holds `scope`.
    func apiKey(_ scope: String) -> Access<SignageStore.APIKey> {
        let database = database
        return Access(security: [.apiKey]) { request in
            guard let header = request.headers["Authorization"], header.hasPrefix("Bearer yk_") else {
                throw Refusal.unauthenticated("Send an API key: Authorization: Bearer yk_…")
            }
            let hash = Crypto.tokenHash(String(header.dropFirst("Bearer ".count)))
            guard let key = try await database.read({ c in try SignageStore.key(hash: hash, c) }) else {
                throw Refusal.unauthenticated("This API key is not valid or was revoked.")
            }
            guard key.scopes.contains(scope) else { throw Refusal(.forbidden, "This key may not send sales.") }
            return key
        }
    }

    /// A wall screen: the board its link's token (`?token=`) names; a board of the playlist whose
    /// token it is (`?playlist=ID&token=`); or any board for a signed-in admin.
    var wall: Access<WallScreen> {
        let (database, authenticator) = (database, context.authenticator)
        return Access(security: [.boardToken, .bearer]) { request in
            let id = try request.id("id", "board")
            let playlist = try request.queryItem("playlist").map { text -> UUID in
                guard let playlist = UUID(strict: text), request.queryItem("token") != nil else {
                    throw Refusal.notFound("No such board in this playlist, or the link was replaced.")
                }
                return playlist
            }
            if let token = request.queryItem("token") {
                let link = WallScreen.link(board: id, token: token, playlist: playlist)
                guard let board = try await database.read(link) else {
                    throw Refusal.notFound(playlist == nil ? "No such board, or the link was replaced." : "No such board in this playlist, or the link was replaced.")
                }
                return WallScreen(board: board, playlist: playlist, link: link)
            }
            _ = try await authenticator.authenticate(request.bearerFromQuery(), atLeast: .admin)
            guard let board = try await database.read({ c in try SignageStore.board(id, c) }) else { throw Refusal.notFound("No such board.") }
            return WallScreen(board: board, playlist: nil, link: nil)
        }
    }

    /// A playlist's screen: the playlist its link's token names, or any for a signed-in admin.
    var playlistScreen: Access<SignagePlaylist> {
        let (database, authenticator) = (database, context.authenticator)
        return Access(security: [.boardToken, .bearer]) { request in
            let id = try request.id("id", "playlist")
            let token = request.queryItem("token")
            if token == nil { _ = try await authenticator.authenticate(request.bearerFromQuery(), atLeast: .admin) }
            guard let playlist = try await database.read(PlaylistScreens.link(id, token: token)) else {
                throw Refusal.notFound(token == nil ? "No such playlist." : "No such playlist, or the link was replaced.")
            }
            return playlist
        }
    }
}

/// What a wall screen's link opens: a board, reached through a playlist's link or not.
struct WallScreen: Sendable {
    var board: SalesBoard
    var playlist: UUID?
    /// The link's check, as a read (nil: an admin's screen, opened without one): the board it
    /// opens now, or none once the link was replaced, the board deleted or left the playlist.
    var link: (@Sendable (SQLConnection) throws -> SalesBoard?)?

    /// The check of the board `token` opens, or (`playlist`) the board of the playlist whose token it is.
    static func link(board id: UUID, token: String, playlist: UUID?) -> @Sendable (SQLConnection) throws -> SalesBoard? {
        let hash = Crypto.tokenHash(token)
        guard let playlist else { return { c in try SignageStore.board(id, tokenHash: hash, c) } }
        return { c in
            guard try PlaylistStore.playlist(playlist, tokenHash: hash, c)?.boards.contains(id) == true else { return nil }
            return try SignageStore.board(id, c)
        }
    }
}
