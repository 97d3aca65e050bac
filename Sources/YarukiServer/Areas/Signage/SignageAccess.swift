import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
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

    /// A wall screen: the board its link's token (`?token=`) names, or any board for a signed-in admin.
    var wall: Access<SalesBoard> {
        let (database, authenticator) = (database, context.authenticator)
        return Access(security: [.boardToken, .bearer]) { request in
            let id = try request.id("id", "board")
            if let token = request.queryItem("token") {
                guard let board = try await database.read({ c in try SignageStore.board(id, tokenHash: Crypto.tokenHash(token), c) }) else {
                    throw Refusal.notFound("No such board, or the link was replaced.")
                }
                return board
            }
            _ = try await authenticator.authenticate(request.bearerFromQuery(), atLeast: .admin)
            guard let board = try await database.read({ c in try SignageStore.board(id, c) }) else { throw Refusal.notFound("No such board.") }
            return board
        }
    }
}
