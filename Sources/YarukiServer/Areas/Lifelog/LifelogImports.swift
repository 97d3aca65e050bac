import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Imports of location history (`LifelogImport`'s formats), each in three steps the person sees:
/// the upload is read once for a preview (its days, check-ins, routes and track, and an outline
/// for the map), nothing landing; landing reads it again and writes it a batch at a time (visits
/// become check-ins under ids made from what they are, so a second import of the same history
/// adds none; paths and fixes become the track, one point an instant); and an import that landed
/// can be undone as a whole: exactly the check-ins it added (left as tombstones for devices) and
/// its points. Each step is a job with progress on the person's event stream (`lifelog-import`).
/// The file stays on the node that took it until the import lands, fails or is discarded.
final class LifelogImports: @unchecked Sendable {
    let context: AppContext
    let lifelog: LifelogService
    let directory: String
    static let job = "lifelog.import"
    /// Check-ins and points landed in one transaction.
    static let batch = 1_000
    private let reading = BlockingWork(name: "lifelog-imports", width: 1, maxWaiting: 10_000)
    private let lock = NSLock()
    private var progress: [UUID: Int] = [:]

    struct Work: Codable {
        enum Step: String, Codable { case read, land, undo }
        var id: UUID
        var user: UUID
        var timeZone: String
        var step: Step
    }

    init(context: AppContext, lifelog: LifelogService) {
        self.context = context
        self.lifelog = lifelog
        directory = context.settings.dataDirectory + "/lifelog-imports"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // An import a stop cut off is told so; a preview nobody landed in a week lets its file go.
        let (database, now) = (context.database, context.now)
        MediaFiles.removeFiles(in: directory, changedBefore: now.addingTimeInterval(-7 * 86_400))
        context.followUps.start {
            _ = try? await database.transaction { c in
                try LifelogImportStore.abandon(before: now.addingTimeInterval(-6 * 3600), message: "The server stopped during the import: upload the file again.",
                                               at: now, c)
            }
        }
    }

    var jobs: [JobRunner.Kind] {
        [JobRunner.Kind(name: LifelogImports.job, maxAttempts: 3, lease: 60, firstRetry: 5) { [weak self] job in
            guard let self else { return }
            try await self.run(try JSONDecoder().decode(Work.self, from: Data(job.payload.utf8)))
        }]
    }

    private func path(_ id: UUID) -> String { directory + "/\(id.lowercasedString)" }

    private func enqueue(_ work: Work, _ c: SQLConnection) throws {
        try context.jobs.enqueue(LifelogImports.job, payload: String(decoding: try JSONEncoder().encode(work), as: UTF8.self),
                                 uniqueKey: "\(LifelogImports.job):\(work.step.rawValue):\(work.id.lowercasedString)", c)
    }

    // MARK: asked for

    /// Takes the upload and queues its preview.
    func start(_ file: BodyFile, fileName: String, user: UUID, timeZone: TimeZone) async throws -> LifelogImportInfo {
        let id = UUID.timeOrdered()
        guard rename(file.path, path(id)) == 0 else { throw Refusal.bug() }
        let now = context.now
        do {
            try await context.database.transaction { c in
                try LifelogImportStore.start(id, user: user, fileName: fileName, bytes: file.size, at: now, c)
                try self.enqueue(Work(id: id, user: user, timeZone: timeZone.ianaName, step: .read), c)
            }
        } catch {
            unlink(path(id))
            throw error
        }
        return try await one(id, user: user)
    }

    /// Lands a previewed import (409 unless it is ready).
    func land(_ id: UUID, user: UUID, timeZone: TimeZone) async throws -> LifelogImportInfo {
        try await context.database.transaction { c in
            guard let row = try LifelogImportStore.find(id, user: user, c) else { throw Refusal.notFound("No such import.") }
            guard try LifelogImportStore.move(id, user: user, from: ["ready"], to: "importing", c) else {
                throw Refusal(.conflict, code: "import-not-ready", "This import is \(row.state): only a previewed one can land.")
            }
            try self.enqueue(Work(id: id, user: user, timeZone: timeZone.ianaName, step: .land), c)
        }
        let info = try await one(id, user: user)
        context.events.publish("lifelog-import", info, to: [user])
        return info
    }

    /// Undoes an import that landed (409 otherwise).
    func undo(_ id: UUID, user: UUID) async throws -> LifelogImportInfo {
        try await context.database.transaction { c in
            guard let row = try LifelogImportStore.find(id, user: user, c) else { throw Refusal.notFound("No such import.") }
            guard try LifelogImportStore.move(id, user: user, from: ["done"], to: "undoing", c) else {
                throw Refusal(.conflict, code: "import-not-landed", "This import is \(row.state): only one that landed can be undone.")
            }
            try self.enqueue(Work(id: id, user: user, timeZone: "UTC", step: .undo), c)
        }
        let info = try await one(id, user: user)
        context.events.publish("lifelog-import", info, to: [user])
        return info
    }

    /// Discards an import that has not landed (its file goes), or forgets one undone or failed.
    func discard(_ id: UUID, user: UUID) async throws {
        try await context.database.transaction { c in
            guard let row = try LifelogImportStore.find(id, user: user, c) else { throw Refusal.notFound("No such import.") }
            guard ["reading", "ready", "failed", "undone"].contains(row.state) else {
                throw Refusal(.conflict, code: "import-busy", row.state == "done"
                              ? "This import landed: undo it first (POST /v1/lifelog/imports/{id}/undo)." : "This import is \(row.state): wait until it has finished.")
            }
            try LifelogImportStore.delete(id, user: user, c)
        }
        unlink(path(id))
    }

    /// The person's days [from, to) as a GPX file, refused (422) past `maxPoints` track points.
    func gpx(user: UUID, from: Date, to: Date, name: String, maxPoints: Int) async throws -> Data {
        var bytes = Data()
        do {
            try await LifelogGPX(database: context.database).write(user: user, from: from, to: to, name: name, maxPoints: maxPoints) {
                bytes.append(contentsOf: Array($0.utf8))
            }
        } catch is LifelogGPX.TooLong {
            throw Refusal(.unprocessable, "These days hold more than \(maxPoints) track points: ask for fewer days at a time.",
                          fields: [.init(field: "from", message: "is too far before to for one file")])
        }
        return bytes
    }

    func list(user: UUID) async throws -> [LifelogImportInfo] {
        try await context.database.read { c in try LifelogImportStore.imports(user: user, limit: 20, c) }.map(reply)
    }

    func one(_ id: UUID, user: UUID) async throws -> LifelogImportInfo {
        guard let row = try await context.database.read({ c in try LifelogImportStore.find(id, user: user, c) }) else {
            throw Refusal.notFound("No such import.")
        }
        return reply(row)
    }

    func reply(_ row: LifelogImportStore.Row) -> LifelogImportInfo {
        let state = LifelogImportState(rawValue: row.state) ?? .failed
        let read = lock.withLock { progress[row.id] }
        let finished = [.ready, .done, .undone].contains(state)
        return LifelogImportInfo(id: row.id, fileName: row.fileName, state: state, bytesRead: read ?? (finished ? row.bytesTotal : 0), bytesTotal: row.bytesTotal,
                                 preview: row.preview.flatMap { try? JSONDecoder().decode(LifelogImportPreview.self, from: Data($0.utf8)) },
                                 addedVisits: row.addedVisits, addedPoints: row.addedPoints, message: row.message, createdAt: row.createdAt,
                                 finishedAt: row.finishedAt)
    }

    // MARK: the jobs

    private func run(_ work: Work) async throws {
        guard let row = try await context.database.read({ c in try LifelogImportStore.find(work.id, user: work.user, c) }) else {
            unlink(path(work.id))
            return
        }
        let zone = TimeZone(identifier: work.timeZone) ?? .gmt
        switch (work.step, row.state) {
        case (.read, "reading"): try await read(row, user: work.user, zone: zone)
        case (.land, "importing"): try await landing(row, user: work.user, zone: zone)
        case (.undo, "undoing"): try await undo(row, user: work.user)
        default: return  // done already, or discarded
        }
    }

    /// Reads a file through its format's reader, `chunk` bytes at a time, telling `progress` the bytes read so far.
    static func stream(_ path: String, format: LifelogImport.Format, progress: @escaping (Int) -> Void,
                       _ each: (LifelogImport.Item) throws -> Void) throws {
        guard let file = FileHandle(forReadingAtPath: path) else { throw LifelogImport.Failure(line: nil, offset: 0, reason: "the upload is gone") }
        defer { try? file.close() }
        var read = 0
        try LifelogImport.read(format, {
            let data = try file.read(upToCount: 1 << 20) ?? Data()
            read += data.count
            progress(read)
            return data.isEmpty ? nil : [UInt8](data)
        }, emit: each)
    }

    /// The file's format, from its name and first bytes (a clear failure when it is none Yaruki reads).
    static func format(_ path: String, name: String) throws -> LifelogImport.Format {
        let head = (try? FileHandle(forReadingAtPath: path).map { handle in
            defer { try? handle.close() }
            return [UInt8](try handle.read(upToCount: 4096) ?? Data())
        }) ?? nil
        guard let format = LifelogImport.format(name: name, head: head ?? []) else {
            throw LifelogImport.Failure(line: nil, offset: 0, reason: """
                this is none of the files Yaruki reads: Google Takeout's Records.json or Semantic Location History, \
                the Timeline export, an OwnTracks .rec file, or GPX
                """)
        }
        return format
    }

    /// A whole pass over the file for its preview; nothing is written.
    static func preview(_ path: String, name: String, zone: TimeZone, on queue: BlockingWork,
                        progress: @escaping @Sendable (Int) -> Void) async throws -> LifelogImportPreview {
        try await queue.run {
            let format = try format(path, name: name)
            var preview = PreviewBuilder(format: format, zone: zone)
            try stream(path, format: format, progress: progress) { preview.add($0) }
            guard preview.hasAny else { throw LifelogImport.Failure(line: nil, offset: 0, reason: "the file holds no place with a time") }
            return preview.preview
        }
    }

    /// Lands the file under import `id`, a batch a transaction: check-ins the person has not got
    /// yet (noted as the import's) and track points; what it added. The server's job and
    /// `yaruki import lifelog` both land through here.
    static func land(_ path: String, format: LifelogImport.Format, id: UUID, user: UUID, zone: TimeZone, database: Database, now: Date,
                     on queue: BlockingWork, progress: @escaping @Sendable (Int) -> Void) async throws -> (visits: Int, points: Int) {
        try await queue.run {
            var visits: [(UUID, LifelogDraft)] = []
            var points: [LifelogImportStore.TrackPoint] = []
            var added = (visits: 0, points: 0)
            func flush() throws {
                let (v, p) = (visits, points)
                (visits, points) = ([], [])
                let counted = try BlockingWork.wait {
                    try await database.transaction { c -> (Int, Int) in
                        var new = 0
                        for (record, draft) in v where try LifelogStore.record(record, user: user, c) == nil {
                            guard try !LifelogStore.isOthers(record, user: user, c) else { continue }
                            try LifelogStore.insert(id: record, user: user, draft, at: now,
                                                    wire: try LifelogService.wire(id: record, draft, createdAt: now, updatedAt: now), c)
                            try LifelogImportStore.added(record: record, by: id, c)
                            new += 1
                        }
                        let track = try LifelogImportStore.addTrack(p, user: user, importID: id, c)
                        try LifelogImportStore.count(id, visits: new, points: track, c)
                        return (new, track)
                    }
                }
                added.visits += counted.0
                added.points += counted.1
            }
            try stream(path, format: format, progress: progress) { item in
                switch item {
                case let .visit(v): visits.append((recordID(user: user, v), draft(v, zone: zone)))
                case let .path(path): points += path.map { track($0, zone: zone, path: true) }
                case let .point(p): points.append(track(p, zone: zone, path: false))
                }
                if visits.count + points.count >= batch { try flush() }
            }
            try flush()
            return added
        }
    }

    /// Progress for the person's event stream, at most four times a second.
    private func reporter(_ row: LifelogImportStore.Row, user: UUID) -> @Sendable (Int) -> Void {
        let info = reply(row)
        let told = Told()
        return { [self] read in
            lock.withLock { progress[row.id] = read }
            guard told.due() else { return }
            var event = info
            event.bytesRead = read
            context.events.publish("lifelog-import", event, to: [user])
        }
    }

    private final class Told: @unchecked Sendable {
        private let lock = NSLock()
        private var last = Date.distantPast
        func due() -> Bool {
            lock.withLock {
                guard Date().timeIntervalSince(last) >= 0.25 else { return false }
                last = Date()
                return true
            }
        }
    }

    /// The preview job.
    private func read(_ row: LifelogImportStore.Row, user: UUID, zone: TimeZone) async throws {
        let id = row.id
        defer { _ = lock.withLock { progress.removeValue(forKey: id) } }
        do {
            let preview = try await Self.preview(path(id), name: row.fileName, zone: zone, on: reading, progress: reporter(row, user: user))
            let json = try JSONBytes.text(preview)
            try await context.database.transaction { c in
                try LifelogImportStore.previewed(id, user: user, format: preview.format.rawValue, preview: json, c)
            }
        } catch {
            try await fail(id, user: user, error, at: context.now)
        }
        await tell(id, user: user)
    }

    private func fail(_ id: UUID, user: UUID, _ error: Error, at now: Date) async throws {
        let message = (error as? LifelogImport.Failure).map { "The file cannot be imported: \($0)." } ?? "The import failed: \(error)"
        try await context.database.transaction { c in try LifelogImportStore.finish(id, user: user, state: "failed", message: message, at: now, c) }
        unlink(path(id))
    }

    private func tell(_ id: UUID, user: UUID) async {
        if let row = try? await context.database.read({ c in try LifelogImportStore.find(id, user: user, c) }) {
            context.events.publish("lifelog-import", reply(row), to: [user])
        }
    }

    /// The landing job. What landed before a failure stays listed under the import, so undoing it still takes it all away.
    private func landing(_ row: LifelogImportStore.Row, user: UUID, zone: TimeZone) async throws {
        let id = row.id
        defer { _ = lock.withLock { progress.removeValue(forKey: id) } }
        guard let format = row.format.flatMap(LifelogImport.Format.init(rawValue:)) else { throw Refusal.bug() }
        let now = context.now
        var message: String?
        do {
            _ = try await Self.land(path(id), format: format, id: id, user: user, zone: zone, database: context.database, now: now, on: reading,
                                    progress: reporter(row, user: user))
        } catch {
            message = "Stopped part way: \((error as? LifelogImport.Failure)?.description ?? "\(error)"). Undo it to take back what landed."
        }
        // Kept replies go before the import says it is done: whoever reads the days then sees them.
        await settle(user)
        try await context.database.transaction { c in try LifelogImportStore.finish(id, user: user, state: "done", message: message, at: now, c) }
        unlink(path(id))
        await tell(id, user: user)
    }

    /// Takes back what an import added: its check-ins (as deletions devices hear of) and its points.
    private func undo(_ row: LifelogImportStore.Row, user: UUID) async throws {
        let (id, now) = (row.id, context.now)
        var effects: [SyncEffects] = []
        while true {
            let lifelog = self.lifelog
            let (slice, done) = try await context.database.transaction { c -> ([SyncEffects], Bool) in
                let ids = try LifelogImportStore.records(of: id, limit: 500, c)
                var found: [SyncEffects] = []
                for record in ids { if let e = try lifelog.remove(record, user: user, now: now, c) { found.append(e) } }
                try LifelogImportStore.forget(records: ids, of: id, c)
                return (found, ids.count < 500)
            }
            effects += slice
            if done { break }
        }
        try await context.database.transaction { c in _ = try LifelogImportStore.removeTrack(of: id, c) }
        for effect in effects { for work in effect.afterwards { work() } }
        // Kept replies go before the import says it is undone: whoever reads the days then sees them gone.
        await settle(user)
        try await context.database.transaction { c in try LifelogImportStore.finish(id, user: user, state: "undone", message: nil, at: now, c) }
        await tell(id, user: user)
    }

    /// The person's lifelog changed: kept replies and playback plans go, and their devices hear.
    private func settle(_ user: UUID) async {
        await context.replies.invalidate([LifelogService.changed(user)])
        lifelog.plans.forget(user: user)
        await context.nudge(user, .lifelog)
    }

    // MARK: what items become

    /// A visit's check-in id, made from whose it is, when and where: the same visit imported again is the same record.
    static func recordID(user: UUID, _ v: LifelogImport.Visit) -> UUID {
        let key = "\(user.lowercasedString)|visit|\(Int64((v.start.timeIntervalSince1970 * 1000).rounded()))|"
            + String(format: "%.5f|%.5f", v.position.latitude, v.position.longitude)
        var bytes = Array(Crypto.sha256(Data(key.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // a name-based UUID (version 5's layout)
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    static func offset(_ given: Int?, at date: Date, zone: TimeZone) -> Int {
        given.flatMap { abs($0) <= 14 * 3600 && $0 % 60 == 0 ? $0 : nil } ?? zone.secondsFromGMT(for: date)
    }

    /// A visit as a check-in: its place's name (or address, or where it is) at its start.
    static func draft(_ v: LifelogImport.Visit, zone: TimeZone) -> LifelogDraft {
        let named = [v.name, v.address].compactMap { $0.map(TextRule.trim) }.first { !$0.isEmpty }
        let place = named.map { String($0.prefix(LifelogDraft.maxPlace)) } ?? String(format: "%.5f, %.5f", v.position.latitude, v.position.longitude)
        return LifelogDraft(kind: .checkin, occurredAt: OffsetDateTime(date: v.start, utcOffset: offset(v.offset, at: v.start, zone: zone)),
                            place: place, position: v.position, source: .import)
    }

    static func track(_ p: LifelogImport.Point, zone: TimeZone, path: Bool) -> LifelogImportStore.TrackPoint {
        LifelogImportStore.TrackPoint(at: Date(timeIntervalSince1970: (p.at.timeIntervalSince1970 * 1000).rounded() / 1000),
                                      utcOffset: offset(p.offset, at: p.at, zone: zone), position: p.position,
                                      altitude: p.altitude.flatMap { $0.isFinite ? $0 : nil }, accuracy: p.accuracy.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil },
                                      path: path)
    }
}

/// What a preview counts as the file streams past: items by local day, and an outline that
/// halves itself whenever it grows past a thousand points (so it stays even over the whole file).
struct PreviewBuilder {
    let format: LifelogImport.Format
    let zone: TimeZone
    var visits = 0, paths = 0, pathPoints = 0, fixes = 0
    var days: [Int: (visits: Int, points: Int)] = [:]
    var outline: [GeoPoint] = []
    var stride = 1
    var seen = 0

    var hasAny: Bool { visits + pathPoints + fixes > 0 }

    mutating func add(_ item: LifelogImport.Item) {
        switch item {
        case let .visit(v):
            visits += 1
            day(v.start, v.offset, visit: true)
            sketch(v.position)
        case let .path(points):
            paths += 1
            pathPoints += points.count
            for p in points { day(p.at, p.offset, visit: false); sketch(p.position) }
        case let .point(p):
            fixes += 1
            day(p.at, p.offset, visit: false)
            sketch(p.position)
        }
    }

    private mutating func day(_ at: Date, _ offset: Int?, visit: Bool) {
        let local = at.timeIntervalSince1970 + Double(LifelogImports.offset(offset, at: at, zone: zone))
        let day = Int((local / 86_400).rounded(.down))
        var counts = days[day] ?? (0, 0)
        if visit { counts.visits += 1 } else { counts.points += 1 }
        days[day] = counts
    }

    private mutating func sketch(_ p: GeoPoint) {
        defer { seen += 1 }
        guard seen % stride == 0 else { return }
        outline.append(p)
        if outline.count > 1000 {
            outline = outline.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
            stride *= 2
        }
    }

    var preview: LifelogImportPreview {
        let sorted = days.keys.sorted()
        let shown = outline.count > 500 ? outline.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil } : outline
        return LifelogImportPreview(format: format, firstDay: sorted.first.map(DayNumber.day), lastDay: sorted.last.map(DayNumber.day), visits: visits,
                                    paths: paths, pathPoints: pathPoints, fixes: fixes,
                                    days: sorted.prefix(3660).map { LifelogImportDay(date: DayNumber.day($0), visits: days[$0]?.visits ?? 0, points: days[$0]?.points ?? 0) },
                                    outline: shown.map { [($0.latitude * 1e5).rounded() / 1e5, ($0.longitude * 1e5).rounded() / 1e5] })
    }
}
