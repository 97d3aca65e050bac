import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Daily activity: apps' reports per source and day, the days as they show (one figure per
/// metric, zeros where nothing came), goals with their streak, and Apple Health imports that run
/// in the background with their progress on the person's event stream.
struct HealthService: StepLog {
    let context: AppContext
    let imports: HealthImports
    /// Told when a person's days change (a group's challenge may count their steps).
    let activity: Interfaces.Later<any GroupActivity>?
    var database: Database { context.database }

    /// The longest range one request may ask for.
    static let maxRange = 1000

    init(context: AppContext, activity: Interfaces.Later<any GroupActivity>? = nil) {
        self.context = context
        self.activity = activity
        imports = HealthImports(context: context)
    }

    /// A person's steps over days `first` to `last`, each day's sources merged as its page shows them.
    func steps(user: UUID, first: Int, last: Int, _ c: SQLConnection) throws -> Int {
        try HealthStore.totals(user: user, from: first, to: last, c).reduce(0) { $0 + Int($1.totals.steps.rounded()) }
    }

    /// What a person's days reply is made from, for kept replies (the account: its time zone).
    static func tags(_ user: UUID) -> [ReplyCache.Tag] { [changed(user), .account(user)] }

    /// What a write of a person's health data changes: theirs, not their account.
    static func changed(_ user: UUID) -> ReplyCache.Tag { .init("health", user) }

    /// Writes each report over what its source said of that day before.
    func report(_ reports: [(day: Int, report: HealthDayReport)], by principal: Principal) async throws -> Int {
        let (user, now) = (principal.userID, context.now)
        let days = reports.map { HealthStore.SourceDay(day: $0.day, source: $0.report.source, totals: $0.report.totals, devices: [$0.report.source]) }
        try await context.transaction(changing: [HealthService.changed(user)]) { c in try HealthStore.put(user: user, days, at: now, c) }
        try? activity?.get().moved(user)
        return reports.count
    }

    func goals(_ principal: Principal) async throws -> HealthGoals {
        try await database.read { c in try HealthStore.goals(user: principal.userID, c) } ?? .standard
    }

    func setGoals(_ goals: HealthGoals, _ principal: Principal) async throws -> HealthGoals {
        let now = context.now
        try await context.transaction(changing: [HealthService.changed(principal.userID)]) { c in try HealthStore.setGoals(user: principal.userID, goals, at: now, c) }
        return goals
    }

    /// Today's day number in the person's time zone.
    func today(_ principal: Principal) async throws -> Int {
        try await principal.calendar().dayNumber(of: context.now)
    }

    /// Every day from `from` to `to` in the person's calendar, with the goals and the streak up to `today`.
    func days(from: Int, to: Int, today: Int, _ principal: Principal) async throws -> HealthDays {
        let user = principal.userID
        // Up to today when today is near (a page of last month read this month): the streak's
        // first window then comes with the same query.
        let through = today > to && today - to <= 31 ? today : to
        // The three asked together: one round trip on PostgreSQL.
        let (rows, goals, span) = try await database.readTogether { c in
            let (days, goals, span) = (try HealthStore.totalsLater(user: user, from: from, to: through, c), try HealthStore.goalsLater(user: user, c),
                                       try HealthStore.spanLater(user: user, c))
            return Later { (try days.value(), try goals.value() ?? .standard, try span.value()) }
        }
        // The rows come in day order, a day without figures without one: one pass makes the days
        // shown and notes the days met up to today for the streak.
        var days: [HealthDay] = []
        days.reserveCapacity(max(0, to - from + 1))
        var met: Set<Int> = []
        var next = rows.startIndex
        for day in from...max(from, through) {
            while next < rows.endIndex && rows[next].day < day { next += 1 }
            let row = next < rows.endIndex && rows[next].day == day ? rows[next] : nil
            let totals = row?.totals ?? .zero
            if day <= to { days.append(Self.reply(day, totals, devices: row?.devices ?? [], goals: goals)) }
            if day <= today && row != nil && goals.met(totals) { met.insert(day) }
        }
        return HealthDays(days: days, goals: goals, streak: try await streak(user: user, today: today, goals: goals, read: (from, through, met)),
                          today: DayNumber.day(today), firstDate: span.map { DayNumber.day($0.first) })
    }

    /// Days met in a row up to today, at most ten years. The days already `read`, when they reach
    /// today, answer a streak shorter than them (most are). A longer one is read further back in
    /// windows twice as long each time, each only the days before the last, and of them only the
    /// numbers of the days met: a streak of 400 days reads 480 days, where windows of 31, 366 and
    /// 3,660 days from today read 4,060, every row of ten years among them.
    private func streak(user: UUID, today: Int, goals: HealthGoals, read: (from: Int, to: Int, met: Set<Int>)) async throws -> Int {
        let longest = 3660
        if read.to >= today && read.from < today {
            let streak = HealthGoals.streak(today: today, met: read.met)
            if streak < today - read.from { return streak }
        }
        var met: Set<Int> = []
        var (from, to, length) = (today - 31, today, 32)
        while true {
            let (start, end) = (from, to)
            met.formUnion(try await database.read { c in try HealthStore.metDays(user: user, from: start, to: end, goals: goals, c) })
            let streak = HealthGoals.streak(today: today, met: met)
            // Done when the day before the run was read (and so is not met), or ten years back.
            let runStart = met.contains(today) ? today : today - 1
            if runStart - streak >= from || from <= today - longest { return min(streak, longest) }
            length *= 2
            (from, to) = (max(from - length, today - longest), from - 1)
        }
    }

    static func reply(_ day: Int, _ t: HealthTotals, devices: [String], goals: HealthGoals) -> HealthDay {
        let p = goals.progress(t)
        func tenth(_ v: Double) -> Double { (v * 10).rounded() / 10 }
        func hundredth(_ v: Double) -> Double { (v * 100).rounded() / 100 }
        return HealthDay(date: DayNumber.day(day), steps: Int(t.steps.rounded()), distanceMeters: tenth(t.distanceMeters),
                         activeEnergyKcal: tenth(t.activeEnergyKcal), standMinutes: Int(t.standMinutes.rounded()), standHours: Int(t.standHours.rounded()),
                         exerciseMinutes: Int(t.exerciseMinutes.rounded()), sources: devices,
                         progress: HealthProgress(steps: hundredth(p.steps), activeEnergyKcal: hundredth(p.energy), standHours: hundredth(p.standHours)),
                         met: goals.met(t))
    }

    // MARK: imports

    /// Lands an import's days in one transaction (what the CLI and the background job share);
    /// the same export again writes the same figures. A server's caller forgets the person's
    /// kept replies afterwards; the CLI writes from another process, whose changes a running
    /// server's kept replies show within their minute.
    static func land(_ outcome: HealthImporter.Outcome, user: UUID, importID: UUID?, database: Database, now: Date) async throws {
        try await database.transaction { c in
            try HealthStore.put(user: user, outcome.days, at: now, c)
            if let importID {
                try HealthStore.finishImport(importID, user: user, state: HealthImportState.done.rawValue, records: outcome.records, days: outcome.days.count,
                                             first: outcome.days.first?.day, last: outcome.days.last?.day, message: HealthService.note(outcome), at: now, c)
            }
        }
    }

    /// What an import passed over, when anything.
    static func note(_ o: HealthImporter.Outcome) -> String? {
        o.skipped > 0 ? "\(o.skipped) records of kept kinds were skipped (a unit or time that could not be read)." : nil
    }

    static func reply(_ row: HealthStore.Import, bytesRead: Int? = nil) -> HealthImport {
        HealthImport(id: row.id, fileName: row.fileName, state: HealthImportState(rawValue: row.state) ?? .failed,
                     bytesRead: bytesRead ?? (row.state == "done" ? row.bytesTotal : 0), bytesTotal: row.bytesTotal, records: row.records, days: row.days,
                     firstDate: row.firstDay.map(DayNumber.day), lastDate: row.lastDay.map(DayNumber.day), message: row.message,
                     startedAt: row.createdAt, finishedAt: row.finishedAt)
    }
}

/// Apple Health imports started from the browser: the upload is moved aside into the shared
/// data folder and read by an import job, on whichever node's runner takes it (one import at a
/// time per node), and landed whole or not at all. A node that stops mid-import leaves the job
/// to be read again from the start once its lease runs out. Progress goes to the person's event
/// stream (`health-import`) at most four times a second, from whichever node reads it, and to
/// anyone who asks the node that reads it.
final class HealthImports: @unchecked Sendable {
    let context: AppContext
    let directory: String
    static let job = "health.import"
    private let reading = BlockingWork(name: "health-imports", width: 1, maxWaiting: 10_000)
    private let lock = NSLock()
    private var progress: [UUID: HealthImporter.Progress] = [:]

    /// What an import job carries.
    struct Work: Codable {
        var id: UUID
        var user: UUID
        var timeZone: String
    }

    init(context: AppContext) {
        self.context = context
        directory = context.settings.dataDirectory + "/health-imports"
        // Imports still running after six hours never will (their job has given up): their
        // uploads go and they say so. Nothing younger is touched; a job may be reading it.
        let (database, now) = (context.database, context.now)
        let start = now.addingTimeInterval(-6 * 3600)
        MediaFiles.removeFiles(in: directory, changedBefore: start)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        context.followUps.start {
            _ = try? await database.transaction { c in
                try HealthStore.abandonImports(startedBefore: start, message: "The server stopped during the import: upload the file again.", at: now, c)
            }
        }
    }

    /// Reading an uploaded export (three tries, each holding the import a minute at a time).
    var jobs: [JobRunner.Kind] {
        [JobRunner.Kind(name: HealthImports.job, maxAttempts: 3, lease: 60, firstRetry: 5) { [weak self] job in
            guard let self else { return }
            try await self.read(try JSONDecoder().decode(Work.self, from: Data(job.payload.utf8)))
        }]
    }

    func bytesRead(_ id: UUID) -> Int? { lock.withLock { progress[id]?.bytesRead } }

    /// Takes the uploaded file and queues its reading; the reply is the running import.
    func start(_ file: BodyFile, fileName: String, user: UUID, timeZone: TimeZone) async throws -> HealthImport {
        let id = UUID.timeOrdered()
        let path = directory + "/\(id.lowercasedString)"
        guard rename(file.path, path) == 0 else { throw Refusal.bug() }
        let now = context.now
        let work = String(decoding: try JSONEncoder().encode(Work(id: id, user: user, timeZone: timeZone.ianaName)), as: UTF8.self)
        do {
            try await context.database.transaction { c in
                try HealthStore.startImport(id, user: user, fileName: fileName, bytes: file.size, at: now, c)
                try self.context.jobs.enqueue(HealthImports.job, payload: work, uniqueKey: "\(HealthImports.job):\(id.lowercasedString)", c)
            }
        } catch {
            unlink(path)
            throw error
        }
        return HealthImport(id: id, fileName: fileName, state: .running, bytesRead: 0, bytesTotal: file.size, records: 0, days: 0, firstDate: nil,
                            lastDate: nil, message: nil, startedAt: now, finishedAt: nil)
    }

    /// The import job: reads the upload, lands it (or notes why not), and lets the file go.
    private func read(_ work: Work) async throws {
        let (id, user) = (work.id, work.user)
        let path = directory + "/\(id.lowercasedString)"
        guard let row = try await context.database.read({ c in try HealthStore.importRow(id, user: user, c) }), row.state == "running" else {
            unlink(path)
            return
        }
        lock.withLock { progress[id] = HealthImporter.Progress(bytesRead: 0, bytesTotal: row.bytesTotal, records: 0) }
        defer { _ = lock.withLock { progress.removeValue(forKey: id) } }
        let importer = HealthImporter(timeZone: TimeZone(identifier: work.timeZone) ?? .gmt, scratch: directory)
        let reply = HealthService.reply(row)
        let result: Result<HealthImporter.Outcome, Error>
        do {
            result = .success(try await reading.run { [self] in
                var last = Date.distantPast
                return try importer.read(path) { p in
                    lock.withLock { progress[id] = p }
                    if Date().timeIntervalSince(last) >= 0.25 {
                        last = Date()
                        var event = reply
                        (event.bytesRead, event.records) = (p.bytesRead, p.records)
                        self.context.events.publish("health-import", event, to: [user])
                    }
                }
            })
        } catch {
            result = .failure(error)
        }
        await finish(id, user: user, result)
        unlink(path)
    }

    private func finish(_ id: UUID, user: UUID, _ result: Result<HealthImporter.Outcome, Error>) async {
        let (database, now) = (context.database, context.now)
        do {
            try await HealthService.land(try result.get(), user: user, importID: id, database: database, now: now)
            await context.replies.invalidate([HealthService.changed(user)])
        } catch {
            let message = (error as? HealthImporter.Failure)?.description ?? "The import failed: \(error)"
            _ = try? await database.transaction { c in
                try HealthStore.finishImport(id, user: user, state: HealthImportState.failed.rawValue, records: 0, days: 0, first: nil, last: nil,
                                             message: message, at: now, c)
            }
        }
        if let row = try? await database.read({ c in try HealthStore.importRow(id, user: user, c) }) {
            context.events.publish("health-import", HealthService.reply(row), to: [user])
        }
    }
}

extension HealthImports {
    func list(user: UUID) async throws -> [HealthImport] {
        try await context.database.read { c in try HealthStore.imports(user: user, limit: 10, c) }.map { HealthService.reply($0, bytesRead: bytesRead($0.id)) }
    }

    func one(_ id: UUID, user: UUID) async throws -> HealthImport {
        guard let row = try await context.database.read({ c in try HealthStore.importRow(id, user: user, c) }) else {
            throw Refusal.notFound("No such import.")
        }
        return HealthService.reply(row, bytesRead: bytesRead(id))
    }
}
