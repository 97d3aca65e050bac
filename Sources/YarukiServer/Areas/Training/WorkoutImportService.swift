import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Brings in another app's log (Strong or Hevy CSV). The file is read twice: first to check every
/// row and gather the exercise names (nothing lands if a row is bad, or a name maps to nothing
/// and the person did not ask to create it), then to land the workouts 100 at a time. Each
/// workout's id comes from the person and the workout's start and title, so importing the same
/// file again adds nothing. Progress goes to the person's event stream as `workout-import`.
struct WorkoutImportService: Sendable {
    let context: AppContext
    /// Told once an import landed (a group's challenge may count its minutes).
    let training: TrainingService
    var database: Database { context.database }

    /// Imports into `me`'s log from a request; progress to their event stream, the kept replies of their log let go.
    func run(_ path: String, _ options: WorkoutImporter.Options, _ me: Principal) async throws -> WorkoutImportReport {
        let (events, user, account) = (context.events, me.userID, try await me.account())
        let importer = WorkoutImporter(database: database, now: context.now) { events.publish("workout-import", $0, to: [user]) }
        do {
            let report = try await importer.run(path, options, user: user, account: account)
            await context.replies.invalidate([TrainingService.changed(user)])
            training.moved(user)
            return report
        } catch let unmapped as WorkoutImporter.Unmapped {
            let names = unmapped.names
            throw Refusal(.unprocessable, "\(names.count) exercise name\(names.count == 1 ? "" : "s") of the file map to nothing: "
                          + names.prefix(10).map { "'\($0.name)'" }.joined(separator: ", ")
                          + ". Map them (PUT /v1/me/imports/names), or create them as your own exercises (createMissing=true). Nothing was imported.",
                          fields: names.prefix(50).map { .init(field: "names", message: "'\($0.name.prefix(80))' maps to no exercise") })
        } catch {
            await context.replies.invalidate([TrainingService.changed(user)])  // a page may have landed before a failure
            throw error
        }
    }
}

extension WorkoutImportService {
    static let maxNames = 2000

    func names(_ me: Principal) async throws -> [String: String] {
        try await database.read { c in try WorkoutImportStore.importNames(user: me.userID, c) }
    }

    /// Remembers what each name means; an exercise the person cannot log is 404, and nothing is kept.
    func map(_ names: [String: String], _ me: Principal) async throws -> [String: String] {
        var errors: [FieldRuleError] = []
        if names.isEmpty || names.count > 500 { errors.append(.init(field: "names", message: "must map 1 to 500 names")) }
        for name in names.keys.sorted() where TextRule.isBlank(name) || TextRule.length(name) > 200 {
            errors.append(.init(field: "names", message: "holds a name that is empty or longer than 200 characters"))
        }
        try FieldCheck(errors).done()
        return try await context.transaction(changing: [TrainingService.changed(me.userID)]) { c in
            let known = try TrainingStore.units(of: Array(Set(names.values)), visibleTo: me.userID, c)
            if let unknown = names.values.sorted().first(where: { known[$0] == nil }) {
                throw Refusal.notFound("'\(unknown)' is not an exercise you can log.")
            }
            guard try WorkoutImportStore.importNames(user: me.userID, c).count + names.count <= Self.maxNames else {
                throw Refusal.conflict("Only \(Self.maxNames) names are remembered.")
            }
            try WorkoutImportStore.rememberImportNames(user: me.userID, names, c)
            return try WorkoutImportStore.importNames(user: me.userID, c)
        }
    }

    /// The whole log, newest first, in Strong's current CSV: a page of workouts in memory at a time.
    func strongCSV(_ me: Principal) async throws -> Data {
        let account = try await me.account()
        let zone = TimeZone(identifier: account.timeZone) ?? .gmt
        let names = try await database.read { c in try TrainingStore.exercises(visibleTo: me.userID, c) }
            .reduce(into: [String: String]()) { $0[$1.id] = $1.names["en"] ?? $1.id }
        var out = Data(StrongCSV.header.utf8)
        var cursor: (Date, UUID)?
        while true {
            let page = try await database.read { [cursor] c in
                try TrainingStore.workouts(user: me.userID, from: .distantPast, to: .distantFuture, after: cursor, limit: 200, c)
            }
            for w in page { out.append(contentsOf: Data(StrongCSV.rows(w, names: names, timeZone: zone, unit: account.weightUnit).utf8)) }
            guard page.count == 200, let last = page.last else { return out }
            cursor = (last.startedAt, last.id)
        }
    }
}

/// The import itself, for the server's route and the command line alike (`yaruki import strong|hevy`).
public struct WorkoutImporter: Sendable {
    let database: Database
    let now: Date
    let progress: @Sendable (WorkoutImportProgress) -> Void
    private let reading = BlockingWork(name: "workout-imports", width: 1, maxWaiting: 100)

    public init(database: Database, now: Date, progress: @escaping @Sendable (WorkoutImportProgress) -> Void) {
        self.database = database
        self.now = now
        self.progress = progress
    }

    /// Names of the file that map to nothing, when the person did not ask to create them: nothing landed.
    public struct Unmapped: Error {
        public var names: [WorkoutImportReport.Name]
    }

    public struct Options: Sendable {
        public var weightUnit: WorkoutImport.WeightUnit = .kg
        public var distanceUnit: WorkoutImport.DistanceUnit = .km
        public var createMissing = false
        public var dryRun = false
        /// The app the caller says it is (the command line's `strong` or `hevy`); nil takes what the file is.
        public var app: String?

        public init() {}
    }

    static let batch = 100

    public func run(_ path: String, _ options: Options, user: UUID, account: Account) async throws -> WorkoutImportReport {
        let calendar = PersonalCalendar(of: account)
        let zone = TimeZone(identifier: account.timeZone) ?? .gmt
        // First pass: every row checked, the names gathered.
        let scanner = try WorkoutFileScanner(path: path, timeZone: zone, options)
        var counts: [String: Int] = [:], order: [String] = []
        var kindsOf: [String: ExerciseKind] = [:]
        var workouts = 0, sets = 0
        var first: Date?, last: Date?
        var problem: CSVReader.Failure?
        while true {
            let page = try await reading.run { try scanner.next(Self.batch) }
            if page.isEmpty { break }
            for w in page {
                workouts += 1
                first = min(first ?? w.startedAt, w.startedAt)
                last = max(last ?? w.startedAt, w.startedAt)
                for entry in w.entries {
                    if counts[entry.name] == nil {
                        order.append(entry.name)
                        kindsOf[entry.name] = Self.kind(of: entry.sets)  // for a name made one's own exercise
                    }
                    counts[entry.name, default: 0] += entry.sets.count
                    sets += entry.sets.count
                }
                if problem == nil, let error = Workout.check(Self.workout(w, id: UUID(), ids: { _ in "x" }, units: ["x": .reps]), units: ["x": .reps], now: now).first {
                    problem = CSVReader.Failure(line: w.line, "\(error.field) \(error.message)")
                }
            }
            progress(WorkoutImportProgress(phase: "reading", bytesRead: scanner.bytesRead, bytesTotal: scanner.bytesTotal, workouts: workouts))
        }
        guard let format = scanner.format else { throw Refusal.malformed("The file is empty.", fields: [.init(field: "file", message: "is empty")]) }
        if let app = options.app, app != format.app {
            throw Refusal.malformed("This is a \(format.app) file, not a \(app) one.", fields: [.init(field: "file", message: "is a \(format.app) export, not \(app)")])
        }
        if let problem { throw Refusal.malformed("The file cannot be imported: \(problem).", fields: [.init(field: "file", message: problem.description)]) }
        guard workouts > 0 else { throw Refusal.malformed("The file holds no workout.", fields: [.init(field: "file", message: "holds no workout")]) }
        // The names, mapped.
        let (items, remembered) = try await database.read { c in
            (try TrainingStore.exercises(visibleTo: user, c), try WorkoutImportStore.importNames(user: user, c))
        }
        let matcher = ExerciseMatcher(items, remembered: remembered)
        var names = order.map { name in
            let m = matcher.match(name)
            return WorkoutImportReport.Name(name: name, sets: counts[name] ?? 0, exerciseId: m.exerciseId, how: m.how, suggestions: m.suggestions)
        }
        var report = WorkoutImportReport(format: format, workouts: workouts, sets: sets, firstDay: first.map(calendar.day(of:)),
                                         lastDay: last.map(calendar.day(of:)), names: names, landed: false)
        if options.dryRun { return report }
        let unmapped = names.filter { $0.exerciseId == nil }
        if !unmapped.isEmpty && !options.createMissing { throw Unmapped(names: unmapped) }
        // Names nothing matched become the person's own exercises, of the kind their first sets suggest.
        if !unmapped.isEmpty {
            let made = try names.filter { $0.exerciseId == nil }.map { name in
                (name.name, try TrainingService.ownExercise(OwnExerciseBody(names: ["en": String(TextRule.trim(name.name).prefix(Exercise.maxName))],
                                                                          kind: kindsOf[name.name] ?? .weightReps)))
            }
            try await database.transaction { [now] c in for (_, exercise) in made { _ = try TrainingService.addOwn(exercise, user: user, at: now, c) } }
            for (name, exercise) in made {
                if let i = names.firstIndex(where: { $0.name == name }) { names[i].exerciseId = exercise.id }
                report.created.append(name)
            }
        }
        let ids = Dictionary(names.compactMap { n in n.exerciseId.map { (n.name, $0) } }, uniquingKeysWith: { a, _ in a })
        try await database.transaction { c in try WorkoutImportStore.rememberImportNames(user: user, ids, c) }
        let units = try await database.read { c in try TrainingStore.units(of: Array(Set(ids.values)), visibleTo: user, c) }
        // Second pass: the workouts land, 100 at a time; those already there are left as they are.
        let landing = try WorkoutFileScanner(path: path, timeZone: zone, options)
        var done = 0
        while true {
            let page = try await reading.run { try landing.next(Self.batch) }
            if page.isEmpty { break }
            let made = page.map { Self.workout($0, id: Self.id(of: $0, user: user, app: format.app), ids: { ids[$0] }, units: units) }
            let added = try await database.transaction { [now] c in
                let there = Set(try TrainingStore.workouts(ids: made.map(\.id), user: user, c).map(\.id))
                for w in made where !there.contains(w.id) { try TrainingStore.save(w, user: user, at: now, exists: false, c) }
                return made.count - there.count
            }
            report.added += added
            report.alreadyThere += made.count - added
            done += made.count
            progress(WorkoutImportProgress(phase: "landing", bytesRead: landing.bytesRead, bytesTotal: landing.bytesTotal, workouts: done))
        }
        report.names = names
        report.landed = true
        return report
    }

    /// The same workout of the same app's file always has the same id for the same person.
    static func id(of w: WorkoutImport.Imported, user: UUID, app: String) -> UUID {
        var bytes = [UInt8](Crypto.sha256(Data("\(user.lowercasedString)\u{1F}\(app)\u{1F}\(w.key)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5's shape (a name-based id)
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10], bytes[11],
                           bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// The workout of an imported one: each name as the exercise it maps to, each set with what
    /// its exercise counts (reps, or seconds), the rest as the file said it.
    static func workout(_ w: WorkoutImport.Imported, id: UUID, ids: (String) -> String?, units: [String: ExerciseUnit]) -> Workout {
        let entries = w.entries.map { entry in
            let exercise = ids(entry.name) ?? ""
            let sets = entry.sets.map { set in
                var set = set
                switch units[exercise] {
                case .seconds?: set.seconds = set.seconds ?? 0
                default: set.reps = set.reps ?? 0
                }
                return set
            }
            return WorkoutEntry(exerciseId: exercise, sets: sets, notes: entry.notes, superset: entry.superset)
        }
        return Workout(id: id, startedAt: w.startedAt, endedAt: w.endedAt, notes: w.title + (w.notes.isEmpty ? "" : "\n\n" + w.notes), exercises: entries)
    }

    /// The kind an exercise of one's own is made with, from the sets the file has of it.
    static func kind(of sets: [WorkoutSet]) -> ExerciseKind {
        if sets.contains(where: { ($0.distanceM ?? 0) > 0 }) { return sets.contains { ($0.weightKg ?? 0) > 0 } ? .weightDistance : .distanceDuration }
        if sets.allSatisfy({ ($0.reps ?? 0) == 0 }) && sets.contains(where: { ($0.seconds ?? 0) > 0 }) { return .duration }
        return sets.contains { ($0.weightKg ?? 0) > 0 } ? .weightReps : .bodyweightReps
    }
}

/// A Strong or Hevy file read a piece at a time: the workouts it holds, a page at a call.
final class WorkoutFileScanner: @unchecked Sendable {
    private let handle: FileHandle
    let bytesTotal: Int
    private(set) var bytesRead = 0
    private var csv: CSVReader?
    private var importer: WorkoutImport?
    private var ready: [WorkoutImport.Imported] = []
    private var ended = false
    private let timeZone: TimeZone
    private let options: WorkoutImporter.Options

    static let piece = 256 * 1024

    init(path: String, timeZone: TimeZone, _ options: WorkoutImporter.Options) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Refusal.malformed("The upload is missing.") }
        self.handle = handle
        bytesTotal = Int((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        self.timeZone = timeZone
        self.options = options
    }

    deinit { try? handle.close() }

    var format: WorkoutImport.Format? { importer?.format }

    /// Up to `count` workouts, in the file's order; none once the file is read.
    func next(_ count: Int) throws -> [WorkoutImport.Imported] {
        do {
            while ready.count < count && !ended {
                let data = try handle.read(upToCount: Self.piece) ?? Data()
                bytesRead += data.count
                if csv == nil { csv = CSVReader(separator: CSVReader.separator(ofFirstLine: data.prefix(4096))) }
                if data.isEmpty {
                    ended = true
                    try csv!.finish(take)
                    if let last = importer?.finish() { ready.append(last) }
                } else {
                    try data.withUnsafeBytes { bytes in try csv!.feed(bytes.bindMemory(to: UInt8.self), take) }
                }
            }
        } catch let failure as CSVReader.Failure {
            throw Refusal.malformed("The file cannot be imported: \(failure).", fields: [.init(field: "file", message: failure.description)])
        }
        let page = Array(ready.prefix(count))
        ready.removeFirst(page.count)
        return page
    }

    private func take(_ row: [String], _ line: Int) throws {
        guard var reader = importer else {
            importer = try WorkoutImport(header: row, timeZone: timeZone, weightUnit: options.weightUnit, distanceUnit: options.distanceUnit)
            return
        }
        importer = nil
        defer { importer = reader }
        if let finished = try reader.take(row, line: line) { ready.append(finished) }
    }
}
