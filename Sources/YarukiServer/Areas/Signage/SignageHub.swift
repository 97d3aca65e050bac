import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Wall screens' streams, per board.
///
/// A screen gets its board's whole state when it connects (`total`), then only what moved
/// (`change`). The hub keeps each watched board's last state, so ten thousand screens
/// connecting cost one query, and each update is computed and encoded once for all of them.
///
/// Sales mark the watched boards they count on as changed and wake the flusher. It sends at
/// once after a quiet spell, then at most once per `interval` while sales keep coming
/// (coalescing: a burst of a thousand sales is one update). Writes only queue bytes on each
/// connection, so a screen that reads slowly holds nobody back; one that lets too much pile
/// up is dropped by its connection and, on reconnecting, gets the newest state whole.
///
/// Every node's hub hears of every node's sales through the `EventBus` (topic `signage`, not
/// kept: a screen rebuilds whole): which quarter hours of which currency, campaign and channel
/// got sales, so each node re-reads the boards they count on once, for all its screens. Board
/// changes travel the same way. A node whose listener reconnected re-reads every watched board.
final class SignageHub: @unchecked Sendable {
    /// Where new sales landed: a currency's quarter hour of a campaign and channel.
    struct Touch: Codable, Hashable, Sendable {
        var currency: String
        /// The quarter hour's start, ms since 1970.
        var bucket: Int64
        var campaign: String?
        var channel: String
    }

    /// What goes between nodes.
    struct News: Codable, Sendable {
        var touched: [Touch]?
        /// Every watched board may have changed (more places than a notification carries).
        var all: Bool?
        var board: UUID?
        var definition: SalesBoard?
        var deleted: Bool?
        var linkReplaced: Bool?
        /// A playlist changed (its screens get it again), or was closed (deleted or its link replaced).
        var playlist: UUID?
        var playlistClosed: Bool?
    }

    static let topic = "signage"
    /// More places than this in one batch go as "every board".
    static let maxTouches = 40
    private struct Watched {
        var board: SalesBoard
        var streams: [ObjectIdentifier: EventStream] = [:]
        /// The playlist each stream that came through one came through (closed with its link).
        var via: [ObjectIdentifier: UUID] = [:]
        var state: BoardTotals
        /// `state` as a `total` event, encoded when a screen first needs it.
        var whole: [UInt8]?
        var dirty = false
        /// How many milestones the board had reached at `state` (the second part of each event's id).
        var reached: Int = 0

        /// Kept with no screen: a running board with milestones, so one crossed while no screen
        /// watches (a wall off at night, a playlist showing another board) is still reached,
        /// told to its maker, and sent to the screens that come back.
        var pinned: Bool { board.milestones != nil }
    }

    private let lock = NSLock()
    private var watched: [UUID: Watched] = [:]
    private var sequence: UInt64 = 0
    /// Counts the sales and board changes heard, so a board's first read can tell whether one
    /// came while it was on its way (and is then read again, not kept stale until the tick).
    private var heardCount: UInt64 = 0
    private let wake: AsyncStream<Void>.Continuation
    let database: Database
    let clock: @Sendable () -> Date
    let bus: EventBus
    let inbox: Inbox?
    /// Playlists' own screens (which boards, how long each), on this node.
    let playlists: PlaylistScreens

    init(database: Database, bus: EventBus, inbox: Inbox? = nil, interval: Double = 0.25, tick: Double = 60, clock: @escaping @Sendable () -> Date) {
        self.inbox = inbox
        self.database = database
        self.clock = clock
        self.bus = bus
        playlists = PlaylistScreens(database: database)
        let (signals, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        let pause = UInt64(interval * 1_000_000_000)
        // Holds the hub only while flushing: a hub whose server is gone is freed, which ends this.
        Task.detached { [weak self] in
            for await _ in signals {
                guard await self?.flush() != nil else { return }
                try? await Task.sleep(nanoseconds: pause)
            }
        }
        bus.subscribe(SignageHub.topic) { [weak self] entry in
            guard let news = try? JSONDecoder().decode(News.self, from: Data(entry.data.utf8)) else { return }
            self?.heard(news)
        }
        bus.onResync { [weak self] in self?.heard(News(all: true)) }
        // The clock moves the pace without sales (the same time yesterday is later every minute,
        // and at midnight the lines start again): each watched board is worked out again each `tick`.
        let beat = UInt64(tick * 1_000_000_000)
        Task.detached { [weak self] in
            while true {
                try? await Task.sleep(nanoseconds: beat)
                guard let self else { return }
                await self.pinMilestoneBoards()
                self.heard(News(all: true))
            }
        }
        Task.detached { [weak self] in await self?.pinMilestoneBoards() }
    }

    /// Watches every running board that has milestones, with or without screens (each node:
    /// the first to store a milestone tells the maker), and lets go of ended ones nobody watches.
    func pinMilestoneBoards() async {
        let now = clock()
        guard let boards = try? await database.read({ c in try SignageStore.boardsWithMilestones(endingAfter: now, c) }) else { return }
        let running = Set(boards.map(\.id))
        lock.withLock {
            for (id, entry) in watched where entry.streams.isEmpty && !running.contains(id) { watched[id] = nil }
        }
        for board in boards { _ = await watch(board) }
    }

    /// Starts watching a board (its state and how many milestones it has reached) unless it is
    /// watched already; false when it cannot be read. A sale heard while the state was being
    /// read may not be in it, and `heard` passed over the board, not yet watched: such a board
    /// starts out changed, so the flusher reads it again.
    private func watch(_ board: SalesBoard) async -> Bool {
        guard let before = lock.withLock({ watched[board.id] == nil ? heardCount : nil }) else { return true }
        guard let state = try? await totals(board), let reached = try? await database.read({ c in try SignageStore.reached(board.id, c) }) else {
            return false
        }
        let stale = lock.withLock { () -> Bool in
            guard watched[board.id] == nil else { return false }
            var entry = Watched(board: board, state: state, reached: reached.count)
            entry.dirty = heardCount != before
            watched[board.id] = entry
            return entry.dirty
        }
        if stale { wake.yield() }
        return true
    }

    deinit { wake.finish() }

    /// A board's state now, from its quarter-hour sums: its window's, and for its pace those
    /// from midnight a week ago in its zone to now, in the same read.
    func totals(_ board: SalesBoard) async throws -> BoardTotals {
        let now = clock()
        let zone = TimeZone(identifier: board.timeZone) ?? .gmt
        let since = SalesPace.since(now, zone: zone)
        let (sums, recent, products, stores) = try await database.read { c in
            (try SignageStore.sums(currency: board.currency, from: board.startsAt, to: board.endsAt, campaign: board.campaign, channel: board.channel, c),
             try SignageStore.sums(currency: board.currency, from: since, to: now.addingTimeInterval(Double(SalesBucket.seconds)), campaign: board.campaign,
                                   channel: board.channel, c),
             try SignageStore.ranks("product", currency: board.currency, from: board.startsAt, to: board.endsAt, campaign: board.campaign,
                                    channel: board.channel, limit: SalesRank.shown, c),
             try SignageStore.ranks("store", currency: board.currency, from: board.startsAt, to: board.endsAt, campaign: board.campaign,
                                    channel: board.channel, limit: SalesRank.shown, c))
        }
        let version = lock.withLock { () -> UInt64 in
            sequence += 1
            return sequence
        }
        var byBucket: [Int64: Int64] = [:]
        for sum in recent { byBucket[sum.bucket, default: 0] += sum.amount }
        let total = sums.reduce(0) { $0 + $1.amount }
        let pace = SalesPace.at(now, zone: zone, sums: byBucket, boardTotal: total, goal: board.goal, boardEnd: board.endsAt)
        return BoardTotals.summing(board, sums, pace: pace, products: products, stores: stores, version: version, at: now)
    }

    /// An event whose id is `version.reached`: the state's version, and how many milestones the
    /// board had reached then (all nodes count them alike), so a screen that comes back names
    /// which it may have missed.
    static func encoded<T: JSONWritable>(_ value: T, event: String, version: UInt64, reached: Int = 0) -> [UInt8] {
        let json = (try? JSONBytes.encode(value)) ?? Array("{}".utf8)
        return ServerSentEvent(id: "\(version).\(reached)", event: event, data: String(decoding: json, as: UTF8.self), retry: 2000).encoded
    }

    /// The milestones a screen missed: those after the count its last event's id names.
    static func missed(lastEventID: String?, reached: [Milestone]) -> [Milestone] {
        guard let id = lastEventID, let seen = id.split(separator: ".").dropFirst().first.flatMap({ Int($0) }), seen < reached.count else { return [] }
        return Array(reached[max(0, seen)...])
    }

    /// Starts a screen: the board's newest state (also after a reconnect: the newest state is
    /// all a wall needs), then its changes. `playlist`: the playlist whose link opened it.
    /// `link`: the check its link passed. A link replaced (or a board taken out of the playlist)
    /// between that check and the screen's joining closed the screens then joined, so once joined
    /// the screen's link is checked again, and a link that no longer opens the board closes it.
    func attach(_ stream: EventStream, board: SalesBoard, via playlist: UUID? = nil,
                link: (@Sendable (SQLConnection) throws -> SalesBoard?)? = nil, lastEventID: String? = nil) async {
        guard await watch(board) else {
            stream.close()
            return
        }
        // A screen coming back after milestones were reached is sent those it missed, after the state.
        let reached = lastEventID == nil ? [] : ((try? await database.read { c in try SignageStore.reached(board.id, c) }) ?? [])
        let attached = lock.withLock { () -> Bool in
            // Read and changed in place: a copy of the entry alive while its streams change would
            // copy them all (ten thousand screens joining at once took 2.4 s, mostly copying).
            guard let (state, reachedCount, kept) = watched[board.id].map({ ($0.state, $0.reached, $0.whole) }) else { return false }
            let whole = kept ?? SignageHub.encoded(state, event: "total", version: state.version, reached: reachedCount)
            watched[board.id]!.whole = whole
            watched[board.id]!.streams[ObjectIdentifier(stream)] = stream
            if let playlist { watched[board.id]!.via[ObjectIdentifier(stream)] = playlist }
            // Under the lock, so a change computed meanwhile is queued after this, not before.
            stream.send(encoded: whole)
            let missed = SignageHub.missed(lastEventID: lastEventID, reached: reached)
            for (i, milestone) in missed.enumerated() {
                stream.send(encoded: SignageHub.encoded(milestone, event: "milestone", version: state.version, reached: reached.count - missed.count + i + 1))
            }
            return true
        }
        guard attached else {
            stream.close()  // the board was deleted meanwhile
            return
        }
        stream.onClose { [weak self, weak stream] in
            guard let self, let stream else { return }
            self.lock.withLock {
                self.watched[board.id]?.streams.removeValue(forKey: ObjectIdentifier(stream))
                self.watched[board.id]?.via.removeValue(forKey: ObjectIdentifier(stream))
                if let entry = self.watched[board.id], entry.streams.isEmpty, !entry.pinned { self.watched[board.id] = nil }
            }
        }
        guard let link else { return }
        do {
            if try await database.read(link) == nil { stream.close() }
        } catch {
            return  // the database is away: the screen stays, as the others do
        }
    }

    /// Files sales and sends them on to the screens: the one way in, for the API's senders and
    /// for sales made inside the server (class payments). `also` runs in the same transaction.
    /// Returns the sales that were new (a repeat of a known id is ignored).
    @discardableResult
    func record(_ sales: [SaleEvent], at now: Date, also: ((SQLConnection) throws -> Void)? = nil) async throws -> [SaleEvent] {
        let ingest = SaleIngest(sales, at: now)
        let fresh = try await database.transaction { c -> [SaleEvent] in
            let fresh = try SignageStore.ingest(ingest, c)
            try also?(c)
            return fresh
        }
        if !fresh.isEmpty {
            let touched = Set(fresh.map { Touch(currency: $0.currency, bucket: SalesBucket.start(of: $0.occurredAt), campaign: $0.campaign, channel: $0.channel) })
            tell(touched.count > SignageHub.maxTouches ? News(all: true) : News(touched: Array(touched)))
        }
        return fresh
    }

    private func tell(_ news: News) {
        guard let json = try? JSONEncoder().encode(news) else { return }
        bus.publish(SignageHub.topic, name: "signage", audience: "", data: String(decoding: json, as: UTF8.self), kept: false)
    }

    /// What some node (this one too) did: its screens here follow.
    private func heard(_ news: News) {
        if let id = news.playlist {
            Task { await playlistHeard(id, closed: news.playlistClosed == true) }
            return
        }
        if let id = news.board {
            if news.linkReplaced == true { closeScreens(id) } else { definitionChanged(id, news.deleted == true ? nil : news.definition) }
            return
        }
        let touched = news.touched ?? []
        let now = clock()
        let any = lock.withLock { () -> Bool in
            heardCount += 1
            var any = false
            for (id, entry) in watched where !entry.dirty {
                let counts = news.all == true || touched.contains { t in
                    let at = Date(timeIntervalSince1970: Double(t.bucket) / 1000)
                    return entry.board.counts(currency: t.currency, at: at, campaign: t.campaign, channel: t.channel)
                        || entry.board.countsForPace(currency: t.currency, at: at, campaign: t.campaign, channel: t.channel, now: now)
                }
                if counts {
                    watched[id]?.dirty = true
                    any = true
                }
            }
            return any
        }
        if any { wake.yield() }
    }

    /// A board's link was replaced (on any node): its screens are closed, and those on the old
    /// link find on reconnecting that it no longer works.
    func linkReplaced(_ id: UUID) {
        tell(News(board: id, linkReplaced: true))
    }

    /// A board's definition changed (or it was deleted: nil), on any node; its screens get the new state whole.
    func boardChanged(_ id: UUID, _ board: SalesBoard?) {
        tell(News(board: id, definition: board, deleted: board == nil))
    }

    /// A playlist changed or was closed (on any node): its screens here get it again, and the
    /// boards' streams opened through it for boards it no longer shows are closed (all of them
    /// when it was closed; those screens find on reconnecting that the link no longer works).
    func playlistChanged(_ id: UUID, closed: Bool = false) {
        tell(News(playlist: id, playlistClosed: closed))
    }

    private func playlistHeard(_ id: UUID, closed: Bool) async {
        let shown: SignagePlaylist?
        do { shown = closed ? nil : try await playlists.refresh(id) } catch { return }  // the database is away: the screens keep what they have
        let keep = Set(shown?.boards ?? [])
        let closing: [EventStream] = lock.withLock {
            var closing: [EventStream] = []
            for (board, entry) in watched where !keep.contains(board) {
                for (key, via) in entry.via where via == id {
                    if let stream = entry.streams[key] { closing.append(stream) }
                }
            }
            return closing
        }
        for stream in closing { stream.close() }
        if shown == nil { playlists.close(id) }
    }

    private func closeScreens(_ id: UUID) {
        let closing = lock.withLock { () -> [EventStream] in
            guard var entry = watched[id] else { return [] }
            let streams = Array(entry.streams.values)
            (entry.streams, entry.via) = ([:], [:])
            watched[id] = entry.pinned ? entry : nil
            return streams
        }
        for stream in closing { stream.close() }
    }

    private func definitionChanged(_ id: UUID, _ board: SalesBoard?) {
        let closing: [EventStream] = lock.withLock {
            heardCount += 1
            guard let board else { return Array(watched.removeValue(forKey: id)?.streams.values ?? [:].values) }
            watched[id]?.board = board
            watched[id]?.dirty = true
            if let entry = watched[id], entry.streams.isEmpty, !entry.pinned { watched[id] = nil }
            return []
        }
        for stream in closing { stream.close() }
        if board?.milestones != nil { Task { await pinMilestoneBoards() } }
        if board != nil { wake.yield() }
    }

    /// What the minute's tick does, at once (tests move a clock of their own).
    func tickForTests() { heard(News(all: true)) }

    /// The state a board's screens here hold, if it is watched (for tests).
    func stateForTests(_ id: UUID) -> BoardTotals? { lock.withLock { watched[id]?.state } }

    var watchers: Int { lock.withLock { watched.values.reduce(0) { $0 + $1.streams.count } } }

    /// Sends each changed board's new state to its screens.
    func flush() async {
        let due: [(SalesBoard, UInt64)] = lock.withLock {
            var due: [(SalesBoard, UInt64)] = []
            for (id, entry) in watched where entry.dirty {
                watched[id]?.dirty = false
                due.append((entry.board, entry.state.version))
            }
            return due
        }
        for (board, previous) in due {
            guard let next = try? await totals(board) else {
                lock.withLock { watched[board.id]?.dirty = true }
                continue
            }
            // Milestones crossed from the state the screens hold: stored once for all nodes (the
            // first to store one tells the board's maker), celebrated by this node's screens.
            let old = lock.withLock { watched[board.id]?.state }
            var crossed: [Milestone] = []
            var reachedCount: Int?
            if let rules = board.milestones, let old, old.version == previous {
                crossed = rules.crossed(from: old, to: next)
                if !crossed.isEmpty {
                    let now = clock()
                    let outcome = try? await database.transaction { c -> ([Milestone], [Milestone], UUID?) in
                        let stored = try SignageStore.reach(board.id, crossed, at: now, c)
                        return (stored, try SignageStore.reached(board.id, c), try SignageStore.maker(board.id, c))
                    }
                    if let (stored, all, maker) = outcome {
                        reachedCount = all.count
                        crossed = crossed.map { m in all.first { $0.key == m.key } ?? m }
                        if let inbox, let maker, !stored.isEmpty {
                            let notices = try? await database.transaction { c in try stored.map { _ in try inbox.add(SignageArea.milestone, to: maker, subject: board.id, at: now, c) } }
                            inbox.deliver(notices ?? [])
                        }
                    }
                }
            }
            lock.withLock {
                // The state the change is from must still be the screens' (not replaced by a
                // first screen's fresh one meanwhile), and every one of them gets it.
                guard var entry = watched[board.id], entry.state.version == previous else { return }
                let old = entry.state
                entry.state = next
                entry.whole = nil
                let before = entry.reached
                if let reachedCount { entry.reached = max(entry.reached, reachedCount) }
                var bytes: [UInt8] = []
                if let change = old.change(to: next) {
                    bytes = SignageHub.encoded(change, event: "change", version: next.version, reached: entry.reached)
                } else if old.needsWhole(next) {
                    bytes = SignageHub.encoded(next, event: "total", version: next.version, reached: entry.reached)
                    entry.whole = bytes
                }
                // Each milestone crossed, after the figures that crossed it.
                for (i, milestone) in crossed.enumerated() {
                    bytes += SignageHub.encoded(milestone, event: "milestone", version: next.version, reached: min(entry.reached, before + i + 1))
                }
                watched[board.id] = entry
                guard !bytes.isEmpty else { return }
                EventStream.send(encoded: bytes, to: entry.streams.values)
            }
        }
    }
}
