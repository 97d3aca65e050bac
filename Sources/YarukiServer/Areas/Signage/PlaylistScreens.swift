import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Playlists' screens on this node: each gets its playlist (`playlist` event) when it connects
/// and again after every edit, read once for all of them; a playlist deleted or given a new
/// link closes them, and on reconnecting they find the link no longer works.
final class PlaylistScreens: @unchecked Sendable {
    private let lock = NSLock()
    private var screens: [UUID: [ObjectIdentifier: EventStream]] = [:]
    private var sequence: UInt64 = 0
    let database: Database

    init(database: Database) { self.database = database }

    private func encoded(_ playlist: SignagePlaylist) -> [UInt8] {
        let id = lock.withLock { () -> UInt64 in
            sequence += 1
            return sequence
        }
        let json = (try? JSONBytes.encode(playlist)) ?? Array("{}".utf8)
        return ServerSentEvent(id: "\(id)", event: "playlist", data: String(decoding: json, as: UTF8.self), retry: 2000).encoded
    }

    func attach(_ stream: EventStream, playlist: SignagePlaylist) {
        let (key, bytes) = (ObjectIdentifier(stream), encoded(playlist))
        lock.withLock {
            screens[playlist.id, default: [:]][key] = stream
            stream.send(encoded: bytes)
        }
        stream.onClose { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                self.screens[playlist.id]?.removeValue(forKey: key)
                if self.screens[playlist.id]?.isEmpty == true { self.screens[playlist.id] = nil }
            }
        }
    }

    /// Reads a playlist again and sends it to its screens here; nil when it is gone.
    func refresh(_ id: UUID) async throws -> SignagePlaylist? {
        guard let playlist = try await database.read({ c in try PlaylistStore.playlist(id, c) }) else { return nil }
        let bytes = encoded(playlist)
        lock.withLock { EventStream.send(encoded: bytes, to: (screens[id] ?? [:]).values) }
        return playlist
    }

    func close(_ id: UUID) {
        let closing = lock.withLock { Array(screens.removeValue(forKey: id)?.values ?? [:].values) }
        for stream in closing { stream.close() }
    }

    var watchers: Int { lock.withLock { screens.values.reduce(0) { $0 + $1.count } } }
}
