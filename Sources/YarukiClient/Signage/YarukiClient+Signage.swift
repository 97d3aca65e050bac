import Foundation
import YarukiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension YarukiClient {
    /// A sales board's totals as they change, for as long as the caller iterates: the whole
    /// state first, then the state after each change the server sends. `token` is the wall
    /// link's secret. A dropped connection is reopened (1 s, doubling to 30 s) and starts again
    /// with the newest state whole; a replaced link or a deleted board ends the stream with
    /// `unexpectedResponse(status: 404)`.
    public func boardTotals(_ board: UUID, token: String) -> AsyncThrowingStream<BoardTotals, Error> {
        let screen = BoardScreen()
        let url = boardURL(board, "/stream", token: token)
        return reopening(from: nil, renewOn401: false, request: { _, lastEventID in
            var request = URLRequest(url: url)
            if let lastEventID { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
            return request
        }, healthy: { $0.name == "total" }, transform: { event in
            try screen.take(event).map { [$0] } ?? []
        })
    }

    /// A board's state now, once (`token` is the wall link's secret).
    public func board(_ board: UUID, token: String) async throws -> BoardTotals {
        try await send(URLRequest(url: boardURL(board, "", token: token)))
    }

    private func boardURL(_ board: UUID, _ suffix: String, token: String) -> URL {
        var components = URLComponents(url: url("/v1/signage/boards/\(board.lowercasedString)\(suffix)"), resolvingAgainstBaseURL: true)
        components?.queryItems = [URLQueryItem(name: "token", value: token)]
        return components?.url ?? url("/")
    }
}

/// What a screen holds: the last whole state with each change since applied.
final class BoardScreen: @unchecked Sendable {
    private let lock = NSLock()
    private var state: BoardTotals?

    func take(_ event: ServerEvent) throws -> BoardTotals? {
        try lock.withLock {
            switch event.name {
            case "total":
                state = try event.decode(BoardTotals.self)
            case "change":
                guard state != nil else { return nil }
                state!.apply(try event.decode(BoardChange.self))
            default:
                return nil
            }
            return state
        }
    }
}
