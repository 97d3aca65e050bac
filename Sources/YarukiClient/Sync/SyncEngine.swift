import Foundation
import YarukiAPI
import YarukiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Offline-first sync for an app, as CKSyncEngine does it for CloudKit: the app writes records
/// locally at any time (no network needed), and `sync()` sends what is pending in batches, each
/// against the version the device last saw, then pulls every zone until nothing more is coming.
/// Its state lives in a SQLite file of the device's own (the change token per zone, the pending
/// changes with their ids, the local copy and the server's last copy of each record), written in
/// transactions, so a restart or a crash at any point loses nothing and applies nothing twice: a
/// change sent again after a crash carries the same id and the server answers it the same.
/// Conflicts go to the app's merge policy (by default field-wise last writer wins, `SyncMerge`).
public actor SyncEngine {
    public enum ChangeKind: String, Sendable {
        /// A record arrived from the server (made or changed on another device).
        case received
        /// A record was deleted on another device.
        case deleted
        /// A local change reached the server.
        case saved
        /// A local change met another device's; the merge policy's result is what the device shows.
        case merged
        /// The server refused a local change; the server's copy is back.
        case rejected
    }

    public struct Change: Sendable, Equatable {
        public var kind: ChangeKind
        public var zone: String
        public var id: UUID
        /// The server's reason, for a rejection.
        public var reason: String?

        public init(kind: ChangeKind, zone: String, id: UUID, reason: String? = nil) {
            self.kind = kind
            self.zone = zone
            self.id = id
            self.reason = reason
        }
    }

    /// What one `sync()` did.
    public struct Report: Sendable, Equatable {
        public var sent = 0
        public var received = 0
        /// Changes the pulls brought, its own coming back included (a first sync that the server
        /// says is up to date after its pushes brings none).
        public var pulled = 0
        public var merged = 0
        public var rejected = 0
        public var bytesSent = 0
        public var resynced = false

        public init() {}
    }

    public let device: String
    public nonisolated let changes: AsyncStream<Change>
    private let continuation: AsyncStream<Change>.Continuation
    private let client: YarukiClient
    private let store: SyncLocalStore
    private let zones: [String]
    private let merge: @Sendable (SyncConflict) -> SyncResolution
    private let clock: @Sendable () -> Date
    private let batchSize: Int
    private let pageSize: Int
    /// Waits before each retry of a failed network call (seconds).
    private let backoff: [Double]
    /// For tests of crash safety: called after a push was answered and before its results are kept.
    private let afterPush: (@Sendable () throws -> Void)?

    public init(client: YarukiClient, path: String, device: String, zones: [String] = SyncZoneName.zones,
                merge: @escaping @Sendable (SyncConflict) -> SyncResolution = SyncMerge.fieldWise, clock: @escaping @Sendable () -> Date = { Date() },
                batchSize: Int = 200, pageSize: Int = 500, backoff: [Double] = [0.5, 1, 2, 4, 8], afterPush: (@Sendable () throws -> Void)? = nil) throws {
        self.client = client
        self.device = device
        self.zones = zones
        self.merge = merge
        self.clock = clock
        self.batchSize = batchSize
        self.pageSize = pageSize
        self.backoff = backoff
        self.afterPush = afterPush
        (changes, continuation) = AsyncStream.makeStream(of: Change.self, bufferingPolicy: .bufferingNewest(10_000))
        store = try SyncLocalStore(path: path)
    }

    deinit { continuation.finish() }

    // MARK: local writes

    /// Writes a record on this device; it is sent at the next `sync()`. A new record's id is
    /// best made with `UUID.timeOrdered()`: the server's indexes keep records by id, and ids in
    /// time order are appended where random ones land anywhere (a first sync's pushes write fewer
    /// pages).
    public func save(_ zone: String, _ id: UUID, fields: [String: JSONValue]) throws {
        try store.change(zone, id, fields: fields, changeID: newChangeID(), at: clock())
    }

    /// Deletes a record on this device; the delete is sent at the next `sync()`.
    public func delete(_ zone: String, _ id: UUID) throws {
        try store.change(zone, id, fields: nil, changeID: newChangeID(), at: clock())
    }

    private func newChangeID() -> String { "\(device):\(UUID().uuidString)" }

    // MARK: local reads

    /// A record as this device shows it; nil when it has none or it was deleted.
    public func record(_ zone: String, _ id: UUID) throws -> [String: JSONValue]? { try store.fields(zone, id) }

    /// Every record of a zone this device shows.
    public func records(_ zone: String) throws -> [UUID: [String: JSONValue]] { try store.all(zone) }

    /// Changes made here that the server does not have yet.
    public func pendingCount() throws -> Int { try store.pendingCount() }

    /// The server version this device last saw of a record (0: none).
    public func version(_ zone: String, _ id: UUID) throws -> Int64 { try store.version(zone, id) }

    // MARK: syncing

    /// Sends every pending change and pulls every zone until nothing more is coming; what merges
    /// produce is sent in the same call. Network failures are retried with backoff.
    @discardableResult
    public func sync() async throws -> Report {
        var report = Report()
        var attempt = 0
        while true {
            do {
                for _ in 0..<8 {
                    for zone in zones { try await push(zone, &report) }
                    for zone in zones { try await pull(zone, &report) }
                    if try pendingCount() == 0 { break }
                }
                return report
            } catch let error where SyncEngine.isTransient(error) && attempt < backoff.count {
                try await Task.sleep(for: .seconds(backoff[attempt]))
                attempt += 1
            }
        }
    }

    /// Network trouble and a server that is down or restarting are worth trying again.
    static func isTransient(_ error: Error) -> Bool {
        if error is URLError { return true }
        if case let YarukiClientError.problem(problem) = error { return problem.status >= 500 || problem.status == 429 }
        if case let YarukiClientError.unexpectedResponse(status) = error { return status >= 500 || status == 0 }
        return false
    }

    /// Sends the zone's pending changes in batches, keeping each reply in one local transaction.
    /// The next batch goes out as soon as a reply is in, before that reply is kept, so the server
    /// works on one while the device keeps the other (a first sync ran the two in turn, each side
    /// idle half the time). Replies are still kept in order; a batch whose reply is never kept
    /// (an error, a crash) is sent again under the same change ids and answered the same.
    private func push(_ zone: String, _ report: inout Report) async throws {
        guard let type = SyncZoneName.recordType(of: zone) else { return }
        // Up to date before this push (a token, or nothing from the server at all): the reply
        // may say the device is up to date after it too, and its own records are not pulled back.
        var batch = try store.nextBatch(zone, limit: batchSize)
        var sending = send(zone, type, batch, since: try store.token(zone) ?? (try store.holdsServerRecords(zone) ? nil : ""))
        while let flight = sending {
            let (records, reply, bytes) = try await flight.value
            report.bytesSent += bytes
            try afterPush?()
            let next = try store.nextBatch(zone, limit: batchSize, after: batch)
            // This push's token, if it gave one, says where the next starts from.
            sending = send(zone, type, next, since: reply.token)
            let progressed: Bool
            do {
                progressed = try keep(zone, (batch, records), reply, &report)
            } catch {
                sending?.cancel()
                throw error
            }
            guard progressed else {
                sending?.cancel()
                return
            }
            batch = next
        }
    }

    private typealias Sent = (records: [SyncPushRecord], reply: SyncPushReply, bytes: Int)

    /// A batch on its way to the server (nil when there is none).
    private func send(_ zone: String, _ type: String, _ batch: [SyncLocalStore.Pending], since: String?) -> Task<Sent, Error>? {
        guard !batch.isEmpty else { return nil }
        let records = batch.map { p in
            SyncPushRecord(id: p.id, type: type, baseVersion: p.version == 0 ? nil : p.version, changeId: p.changeID,
                           fields: p.deleted ? nil : p.fields.map(JSONValue.object), deleted: p.deleted ? true : nil, modifiedAt: p.modifiedAt, device: device)
        }
        return Task { [client] in
            let (reply, bytes) = try await client.sending(zone: zone, SyncPush(records: records, since: since))
            return (records, reply, bytes)
        }
    }

    /// A push's results, kept in one local transaction; whether any record was answered.
    private func keep(_ zone: String, _ pushed: (batch: [SyncLocalStore.Pending], records: [SyncPushRecord]), _ reply: SyncPushReply,
                      _ report: inout Report) throws -> Bool {
        var progressed = false
        var changes: [Change] = []
        try store.transaction {
            for ((pending, record), result) in zip(zip(pushed.batch, pushed.records), reply.results) {
                let kind: ChangeKind
                switch result.status {
                case "saved":
                    try store.saved(zone, record.id, version: result.version ?? 0, fields: pending.text, modifiedAt: record.modifiedAt ?? clock(),
                                    device: device, changeID: record.changeId ?? "")
                    (kind, report.sent) = (.saved, report.sent + 1)
                case "conflict":
                    try resolve(zone, record, current: result.current)
                    (kind, report.merged) = (.merged, report.merged + 1)
                case "rejected":
                    try store.rejected(zone, record.id)
                    (kind, report.rejected) = (.rejected, report.rejected + 1)
                default:
                    continue
                }
                progressed = true
                changes.append(Change(kind: kind, zone: zone, id: record.id, reason: result.reason))
            }
            if let token = reply.token { try store.setToken(zone, token) }
        }
        for change in changes { continuation.yield(change) }
        return progressed
    }

    /// Another device changed the record first: the merge policy decides, and unless the server's
    /// copy is the answer, the result goes out again against the server's version.
    private func resolve(_ zone: String, _ record: SyncPushRecord, current: SyncChange?) throws {
        let remoteFields = current?.deleted == false ? current?.record.flatMap(SyncLocalStore.object) : nil
        let remote = SyncSide(fields: remoteFields, modifiedAt: current?.modifiedAt ?? .distantPast, device: current?.device ?? "server")
        let local = SyncSide(fields: record.fields.flatMap(SyncLocalStore.object), modifiedAt: record.modifiedAt ?? clock(), device: device)
        let resolution = merge(SyncConflict(zone: zone, id: record.id, base: try store.base(zone, record.id), local: local, remote: remote))
        let result: [String: JSONValue]? = if case let .fields(fields) = resolution { fields } else { nil }
        try store.resolved(zone, record.id, version: current?.version ?? 0, remote: remoteFields, remoteModified: remote.modifiedAt,
                           remoteDevice: remote.device, result: result, changeID: newChangeID(), at: max(local.modifiedAt, remote.modifiedAt))
    }

    /// Pulls the zone's changes page by page, each applied in one local transaction. The next page
    /// is asked for as soon as one arrives, before it is applied, so the server reads one while
    /// the device keeps the other.
    private func pull(_ zone: String, _ report: inout Report) async throws {
        let since = try store.token(zone)
        var full = since == nil
        if full { try store.markUnseen(zone) }
        var fetching: Task<SyncChanges, Error>? = fetch(zone, since: since)
        while let flight = fetching {
            let page: SyncChanges
            do {
                page = try await flight.value
            } catch let YarukiClientError.problem(problem) where problem.status == 410 {
                // Deletions since the token are gone from the server: start again from nothing.
                try store.setToken(zone, nil)
                try store.markUnseen(zone)
                full = true
                report.resynced = true
                fetching = fetch(zone, since: nil)
                continue
            }
            fetching = page.moreComing ? fetch(zone, since: page.token) : nil
            var changes: [Change] = []
            report.pulled += page.changes.count
            do {
                try store.transaction {
                    for change in page.changes {
                        if let kind = try apply(zone, change) {
                            changes.append(Change(kind: kind, zone: zone, id: change.id))
                            report.received += 1
                        }
                    }
                    // A full sync: what the server no longer has (and was not changed here) is gone.
                    if !page.moreComing, full { changes += try store.dropUnseen(zone).map { Change(kind: .deleted, zone: zone, id: $0) } }
                    try store.setToken(zone, page.token)
                }
            } catch {
                fetching?.cancel()
                throw error
            }
            for change in changes { continuation.yield(change) }
        }
    }

    /// A page of changes on its way.
    private func fetch(_ zone: String, since: String?) -> Task<SyncChanges, Error> {
        Task { [client, pageSize] in try await client.syncChanges(zone: zone, since: since, limit: pageSize) }
    }

    /// One change from the server; what it did to what the device shows (nil: nothing, e.g. its own change coming back).
    private func apply(_ zone: String, _ change: SyncChange) throws -> ChangeKind? {
        let remote = change.deleted ? nil : change.record.flatMap(SyncLocalStore.object)
        let pending = try store.hasPending(zone, change.id)
        if let known = try store.known(zone, change.id), known >= change.version {
            try store.echo(zone, change.id, remote: remote, adopt: known == change.version && !pending)
            return nil
        }
        // Changed here too: keep this device's copy; the next push meets the server's and merges.
        try store.received(zone, change.id, version: change.version, remote: remote, modifiedAt: change.modifiedAt, device: change.device ?? "server",
                           show: !pending)
        if pending { return nil }
        return change.deleted ? .deleted : .received
    }
}
