import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Playlists' screens on this node: each gets its playlist (`playlist` event) when it connects
/// and again after every edit, read once for all of them; a playlist deleted or given a new
/// link closes them, and on reconnecting they find the link no longer works.
///
/// A screen joins after its link was checked, so an edit (or a new link) that lands in between
/// is read for the others before it joins: once joined, it reads its playlist again. Reads take
/// a ticket before they start, and a screen is sent only what a read with a later ticket than
/// its last found, so an older read that ends last never takes a newer one's place.
final class PlaylistScreens: @unchecked Sendable {
    private struct Screen {
        var stream: EventStream
        /// The ticket of the read its last playlist came from (0: the one its link was checked with).
        var shown: UInt64
        /// That playlist.
        var playlist: SignagePlaylist
    }

    private let lock = NSLock()
    private var screens: [UUID: [ObjectIdentifier: Screen]] = [:]
    private var sequence: UInt64 = 0
    private var tickets: UInt64 = 0
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

    private func ticket() -> UInt64 {
        lock.withLock {
            tickets += 1
            return tickets
        }
    }

    /// The check of a playlist's screen, as a read: the playlist its link's `token` opens (none
    /// once the link was replaced or the playlist deleted), or by its id alone for an admin (nil).
    static func link(_ id: UUID, token: String?) -> @Sendable (SQLConnection) throws -> SignagePlaylist? {
        guard let token else { return { c in try PlaylistStore.playlist(id, c) } }
        let hash = Crypto.tokenHash(token)
        return { c in try PlaylistStore.playlist(id, tokenHash: hash, c) }
    }

    /// A screen that opened `playlist`'s stream, having passed `link`, gets it now, then runs
    /// `link` again: an edit made since is sent, a playlist deleted or given a new link since
    /// closes the stream.
    func attach(_ stream: EventStream, playlist: SignagePlaylist, link: @escaping @Sendable (SQLConnection) throws -> SignagePlaylist?) async {
        let (id, key, bytes) = (playlist.id, ObjectIdentifier(stream), encoded(playlist))
        lock.withLock {
            screens[id, default: [:]][key] = Screen(stream: stream, shown: 0, playlist: playlist)
            // One path for every event to a screen, so they arrive in the order they were sent.
            EventStream.send(encoded: bytes, to: [stream])
        }
        stream.onClose { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                self.screens[id]?.removeValue(forKey: key)
                if self.screens[id]?.isEmpty == true { self.screens[id] = nil }
            }
        }
        let ticket = ticket()
        let now: SignagePlaylist?
        do {
            now = try await database.read(link)
        } catch {
            return  // the database is away: the screen keeps what it has, as the others do
        }
        guard let now else {
            stream.close()
            return
        }
        let again = encoded(now)
        lock.withLock {
            guard let screen = screens[id]?[key], screen.shown < ticket else { return }
            screens[id]?[key] = Screen(stream: stream, shown: ticket, playlist: now)
            if screen.playlist != now { EventStream.send(encoded: again, to: [screen.stream]) }
        }
    }

    /// Reads a playlist again and sends it to its screens here; nil when it is gone.
    func refresh(_ id: UUID) async throws -> SignagePlaylist? {
        let ticket = ticket()
        guard let playlist = try await database.read({ c in try PlaylistStore.playlist(id, c) }) else { return nil }
        let bytes = encoded(playlist)
        lock.withLock {
            guard var mine = screens[id] else { return }
            var to: [EventStream] = []
            for (key, screen) in mine where screen.shown < ticket {
                mine[key] = Screen(stream: screen.stream, shown: ticket, playlist: playlist)
                to.append(screen.stream)
            }
            screens[id] = mine
            EventStream.send(encoded: bytes, to: to)
        }
        return playlist
    }

    func close(_ id: UUID) {
        let closing = lock.withLock { screens.removeValue(forKey: id)?.values.map(\.stream) ?? [] }
        for stream in closing { stream.close() }
    }

    var watchers: Int { lock.withLock { screens.values.reduce(0) { $0 + $1.count } } }
}
