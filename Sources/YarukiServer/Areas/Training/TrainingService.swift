import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The exercise catalog and each person's workout log. Another person's workout answers 404 for
/// read, write and delete, as if it did not exist.
struct TrainingService: Sendable {
    let context: AppContext
    /// Told when a workout is saved (a group's challenge may count its minutes), a session
    /// finished or a workout deleted (the groups' feeds show them).
    var activity: Interfaces.Later<any GroupActivity>? = nil
    /// New workouts from requests at once, written together.
    let newWorkouts = WorkGroups<NewWorkout, NewWorkoutOutcome>()

    /// After a person's workouts changed other than through `save` (a sync push, an import): the
    /// groups' challenges count them again.
    func moved(_ user: UUID) { try? activity?.get().moved(user) }
    var database: Database { context.database }

    /// What a person's workout list is made from, for kept replies.
    static func tags(_ user: UUID) -> [ReplyCache.Tag] { [changed(user), .account(user)] }

    /// What a write of a person's workouts changes: theirs, not their account.
    static func changed(_ user: UUID) -> ReplyCache.Tag { .init("workouts", user) }
    static let catalog = [ReplyCache.Tag("catalog")]

    /// The catalog, or with a query or a filter what `ExerciseSearch` finds in it, best first.
    func exercises(matching query: String, category: ExerciseCategory?, muscle: String?, equipment: ExerciseEquipment?,
                   language: String) async throws -> [Exercise] {
        var items = try await database.read { c in try TrainingStore.exercises(c) }
        if let category { items = items.filter { $0.category == category } }
        guard !query.isEmpty || muscle != nil || equipment != nil else { return items }
        return ExerciseSearch.search(items, query: query, language: language, muscle: muscle, equipment: equipment)
    }

    func exercise(_ id: String) async throws -> Exercise {
        guard let exercise = try await database.read({ c in try TrainingStore.exercise(id, c) }) else {
            throw Refusal.notFound("No exercise '\(id)' in the catalog.")
        }
        return exercise
    }

    /// Adds (`replacing: false`, 409 when the id is taken) or edits (404 when unknown) a catalog
    /// entry, for everyone: coaches' and admins'.
    func save(_ submitted: Exercise, replacing: Bool, by principal: Principal) async throws -> Exercise {
        guard principal.role >= .coach else { throw Refusal.notFound("Only coaches and admins add exercises for everyone.") }
        var exercise = submitted
        exercise.builtIn = false
        var errors = Exercise.check(exercise)
        if exercise.id.hasPrefix(Self.ownPrefix) { errors.append(.init(field: "id", message: "may not start with '\(Self.ownPrefix)', kept for people's own exercises")) }
        try FieldCheck(errors).done()
        let now = context.now
        let saved = try await context.transaction(changing: TrainingService.catalog) { c -> Exercise? in
            let existing = try TrainingStore.exercise(exercise.id, c)
            guard (existing != nil) == replacing else { return nil }
            exercise.builtIn = existing?.builtIn ?? false
            try TrainingStore.upsert(exercise, replace: replacing, at: now, c)
            return exercise
        }
        guard let saved else {
            if replacing { throw Refusal.notFound("No exercise '\(exercise.id)' in the catalog.") }
            throw Refusal.conflict("An exercise with the id '\(exercise.id)' exists; edit it instead.")
        }
        return saved
    }

    // MARK: a person's own exercises

    static let ownPrefix = "my-"
    static let maxOwn = 500

    func ownExercises(_ me: Principal) async throws -> [Exercise] {
        try await database.read { c in try TrainingStore.ownExercises(of: me.userID, c) }
    }

    /// Adds an exercise that `me` alone sees and logs.
    func addOwn(_ body: OwnExerciseBody, _ me: Principal) async throws -> Exercise {
        let exercise = try Self.ownExercise(body)
        let now = context.now
        return try await context.transaction(changing: Self.tags(me.userID)) { c in try Self.addOwn(exercise, user: me.userID, at: now, c) }
    }

    /// The exercise a body describes, under a new id of one's own; checked.
    static func ownExercise(_ body: OwnExerciseBody) throws -> Exercise {
        let exercise = body.exercise(id: ownPrefix + UUID().lowercasedString.replacingOccurrences(of: "-", with: "").prefix(12))
        try FieldCheck(Exercise.checkLanguages(body.names) + checkOwn(exercise)).done()
        return exercise
    }

    /// Adds it, unless the person has as many of their own as one may have.
    static func addOwn(_ exercise: Exercise, user: UUID, at now: Date, _ c: SQLConnection) throws -> Exercise {
        guard try TrainingStore.ownExercises(of: user, c).count < maxOwn else {
            throw Refusal.validation([.init(field: "names", message: "is one more than the \(maxOwn) exercises of your own one may have")],
                                     detail: "You have \(maxOwn) exercises of your own: merge or delete one first.")
        }
        try TrainingStore.addOwn(exercise, owner: user, at: now, c)
        return exercise
    }

    /// Renames or changes one's own exercise; its id, and so its history, stays. Another's is 404.
    func editOwn(_ id: String, _ body: OwnExerciseBody, _ me: Principal) async throws -> Exercise {
        let exercise = body.exercise(id: id)
        try FieldCheck(Exercise.checkLanguages(body.names) + Self.checkOwn(exercise)).done()
        let now = context.now
        let changed = try await context.transaction(changing: Self.tags(me.userID)) { c in
            try TrainingStore.editOwn(exercise, owner: me.userID, at: now, c)
        }
        guard changed else { throw Refusal.notFound("No exercise of yours with the id '\(id)'.") }
        return exercise
    }

    /// One's own exercise merged into another one may log: its sets move there, and it goes.
    /// 409 while a routine or a proof still names it.
    func mergeOwn(_ id: String, into target: String, _ me: Principal) async throws {
        guard target != id else {
            throw Refusal.validation([.init(field: "into", message: "must be another exercise")], detail: "An exercise cannot be merged into itself.")
        }
        let now = context.now
        do {
            try await context.transaction(changing: Self.tags(me.userID)) { c in
                guard try TrainingStore.exercise(target, visibleTo: me.userID, c) != nil else {
                    throw Refusal.validation([.init(field: "into", message: "is not an exercise you can log")], detail: "No exercise '\(target)' to merge into.")
                }
                guard try TrainingStore.mergeOwn(id, into: target, owner: me.userID, at: now, c) else {
                    throw Refusal.notFound("No exercise of yours with the id '\(id)'.")
                }
            }
        } catch DatabaseError.foreignKeyViolation {
            throw Refusal.conflict("A routine or a proof still names this exercise: change it there first, then merge.")
        }
    }

    /// Deletes one's own exercise that nothing names; 409 while a workout, routine or proof does.
    func deleteOwn(_ id: String, _ me: Principal) async throws {
        do {
            let gone = try await context.transaction(changing: Self.tags(me.userID)) { c in
                try TrainingStore.deleteOwn(id, owner: me.userID, c)
            }
            guard gone else { throw Refusal.notFound("No exercise of yours with the id '\(id)'.") }
        } catch DatabaseError.foreignKeyViolation {
            throw Refusal.conflict("Your log, a routine or a proof names this exercise: merge it into another instead.")
        }
    }

    static func checkOwn(_ e: Exercise) -> [FieldRuleError] {
        if e.names.values.allSatisfy(\.isEmpty) { return [.init(field: "names", message: "needs a name in at least one language")] }
        return Exercise.check(e).filter { $0.field != "id" }
    }

    // MARK: follow-along videos

    /// Coaches and admins attach follow-along videos; anyone else is told there is no such thing.
    static func mayAttach(_ principal: Principal) throws {
        guard principal.role >= .coach else { throw Refusal.notFound("Only coaches and admins attach follow-along videos.") }
    }

    /// An uploaded video (MP4, MOV or WebM, checked by its bytes and ffprobe) becomes the exercise's follow-along video.
    func attachVideo(_ id: String, file: BodyFile, by principal: Principal) async throws -> Exercise {
        try Self.mayAttach(principal)
        _ = try await exercise(id)
        let stored = try await context.media.ingest(file, as: .video)
        let row = stored.row
        return try await setVideo(id, media: row, link: .none)
    }

    /// A link to a video elsewhere replaces an upload; nil removes both.
    func linkVideo(_ id: String, url: String?, by principal: Principal) async throws -> Exercise {
        try Self.mayAttach(principal)
        if let url { try FieldCheck(Exercise.checkVideoURL(url, field: "url")).done() }
        return try await setVideo(id, media: nil, link: .some(url))
    }

    private func setVideo(_ id: String, media: MediaRow?, link: String??) async throws -> Exercise {
        let now = context.now
        let (saved, forgotten) = try await context.transaction(changing: TrainingService.catalog) { c -> (Exercise?, [(String, String)]) in
            let before = try TrainingStore.video(of: id, c)
            guard try TrainingStore.setVideo(of: id, media: media, link: link, at: now, c) != nil else { return (nil, []) }
            let unused = try MediaFileStore.forgetUnused(media: before.map { [$0.sha256] } ?? [], photos: [], c)
            return (try TrainingStore.exercise(id, c), before.map { unused.contains($0.sha256) ? [($0.sha256, $0.kind)] : [] } ?? [])
        }
        for (sha, kind) in forgotten { if let kind = MediaFiles.Kind(rawValue: kind) { context.media.remove(sha, kind) } }
        guard let saved else { throw Refusal.notFound("No exercise '\(id)' in the catalog.") }
        return saved
    }

    /// The uploaded follow-along video's hash and type.
    /// An exercise's uploaded video, addressed with `?v=` and the file's hash, so a copy may be kept for a long time.
    func videoFile(_ id: String) async throws -> FileReply {
        guard let video = try await database.read({ c in try TrainingStore.video(of: id, c) }),
              let kind = MediaFiles.Kind(rawValue: video.kind) else { throw Refusal.notFound("This exercise has no uploaded video.") }
        return context.media.file(video.sha256, kind, cacheControl: "public, max-age=86400")
    }

    /// Checks the workout against the catalog and saves it in the caller's transaction
    /// (`ifVersion`: 412 unless the workout is at that version).
    /// Saves the workout for its owner; returns it as stored, whether it is new, and its version.
    /// Two round trips for a new workout on PostgreSQL: its owner and the units of its exercises
    /// (asked together), then the workout, its sets and its sync record with the COMMIT. The
    /// stored workout is what was written, not read back; its version is answered later.
    /// `fresh`: the server has just made the id, so no workout has it and its owner is not asked.
    func save(_ workout: Workout, user: UUID, now: Date, ifVersion: Int64? = nil, fresh: Bool = false,
              _ c: SQLConnection) throws -> (Workout, created: Bool, version: Later<Int64>) {
        let ownerOf = fresh ? nil : try TrainingStore.ownerLater(of: workout.id, c)
        let units = try TrainingStore.units(of: workout.exercises.map(\.exerciseId), visibleTo: user, c)
        let owner = try ownerOf?.value() ?? nil
        if let owner, owner != user { throw Refusal.notFound("No such workout.") }
        try SyncVersions.require(ifVersion, user: user, .workouts, workout.id, c) {
            try TrainingStore.workout(workout.id, user: user, c).map(SyncVersions.json)
        }
        try FieldCheck(Workout.check(workout, units: units, now: now)).done()
        let version = try TrainingStore.save(workout, user: user, at: now, exists: owner != nil, c)
        return (TrainingStore.asStored(workout), owner == nil, version)
    }

    /// `save` for a person: the workout, whether it is new, and its version. The person's
    /// challenges are counted again afterwards only if they are in one, asked with the write's
    /// first statements, so most writes make no read of their own for it.
    ///
    /// On PostgreSQL a new workout (no version to match) is written with the new workouts of
    /// other requests that wait meanwhile, in one transaction (`WorkGroups`, `writeTogether`):
    /// alone, each would wait for a commit's flush of its own while holding the person's sync
    /// counter, and take two round trips of its own. SQLite's writer already commits
    /// the transactions that wait together (`SQLiteDatabase`), so there each is written alone.
    func save(_ workout: Workout, _ principal: Principal, ifVersion: Int64? = nil, fresh: Bool = false) async throws -> (Workout, created: Bool, version: Int64) {
        let (user, now, activity) = (principal.userID, context.now, try? activity?.get())
        let new = NewWorkout(item: TrainingStore.NewWorkout(workout, user: user, at: now), fresh: fresh)
        let saved: Saved
        if ifVersion == nil, database.dialect == .postgres {
            switch try await newWorkouts.run(new, together: { [context] in try await TrainingService.writeTogether($0, context, activity) },
                                               alone: { [self] in .saved(try await writeAlone($0, ifVersion: nil, activity)) }) {
            case let .saved(written): saved = written
            case let .refused(error): throw error
            case .exists: saved = try await writeAlone(NewWorkout(item: new.item, fresh: false), ifVersion: nil, activity)
            }
        } else {
            saved = try await writeAlone(new, ifVersion: ifVersion, activity)
        }
        // Not known (the answer failed): counted again.
        if let activity, saved.inChallenge ?? true { activity.moved(user) }
        return (TrainingStore.asStored(workout), saved.created, saved.version)
    }

    /// A new workout waiting to be written with others; `fresh`: its id was made by the server.
    struct NewWorkout: Sendable {
        var item: TrainingStore.NewWorkout
        var fresh: Bool
    }

    /// What became of a new workout written with others: saved (new, or found and replaced when
    /// written alone), refused (its own checks failed, or another person's workout has the id),
    /// or an existing workout of the person's, to be replaced as any other.
    enum NewWorkoutOutcome: Sendable {
        case saved(Saved)
        case refused(any Error)
        case exists
    }

    /// A workout saved (its person's devices told): its version, whether it is new, and whether
    /// its person is in a challenge (nil: not known).
    struct Saved: Sendable {
        var version: Int64
        var created: Bool
        var inChallenge: Bool?
    }

    /// New workouts of requests at once in one transaction of two round trips: every check the
    /// workouts need (each person's units of the exercises they log, whether they are in a
    /// challenge, the owner of an id a client sent), then the workouts that pass them, their sets
    /// and their sync records, with the COMMIT (`TrainingStore.saveNew`). A workout that fails
    /// its own checks is refused without holding up the others.
    static func writeTogether(_ items: [NewWorkout], _ context: AppContext, _ activity: (any GroupActivity)?) async throws -> [NewWorkoutOutcome] {
        let tags = Array(Set(items.map { changed($0.item.user) }))
        let (checked, saving, versions) = try await context.transaction(changing: tags, nudging: .workouts) { c in
            var units: [UUID: Later<[String: ExerciseUnit]>] = [:], counts: [UUID: Later<Bool>] = [:]
            for (user, mine) in Dictionary(grouping: items, by: \.item.user) {
                units[user] = try TrainingStore.unitsLater(of: mine.flatMap { $0.item.workout.exercises.map(\.exerciseId) }, visibleTo: user, c)
                counts[user] = try activity?.countsLater(user, c)
            }
            let owners = try items.map { $0.fresh ? nil : try TrainingStore.ownerLater(of: $0.item.workout.id, c) }
            var checked: [NewWorkoutOutcome?] = [], saving: [Int] = []
            for (i, new) in items.enumerated() {
                let (workout, user) = (new.item.workout, new.item.user)
                if let owner = try owners[i]?.value() ?? nil {
                    checked.append(owner == user ? .exists : .refused(Refusal.notFound("No such workout.")))
                    continue
                }
                do {
                    try FieldCheck(Workout.check(workout, units: try units[user]?.value() ?? [:], now: new.item.at)).done()
                    checked.append(nil)
                    saving.append(i)
                } catch let refusal as Refusal {
                    checked.append(.refused(refusal))
                }
            }
            let inChallenge = counts.mapValues { try? $0.value() }
            // Each person's devices hear once, of their newest version: they pull whatever came before it with it.
            let written = saving.map { items[$0].item }
            return ((checked, saving, (try TrainingStore.saveNew(written, c), inChallenge)), nudge: written.map(\.user))
        }
        let (saved, inChallenge) = (try versions.0.value(), versions.1)
        // Each workout was either answered by its checks or saved.
        var outcomes = checked
        for (k, i) in saving.enumerated() {
            outcomes[i] = .saved(Saved(version: saved[k], created: true, inChallenge: inChallenge[items[i].item.user] ?? nil))
        }
        return outcomes.map { $0 ?? .refused(DatabaseError.decoding("a workout of a group was neither checked nor saved")) }
    }

    /// A workout written in a transaction of its own (`ifVersion`: 412 unless it is at that
    /// version): on SQLite, a replacement, or a new one whose group could not be written together.
    /// The person's challenges are asked with the write's first statements.
    private func writeAlone(_ new: NewWorkout, ifVersion: Int64?, _ activity: (any GroupActivity)?) async throws -> Saved {
        let user = new.item.user
        let (counts, saved) = try await context.transaction(changing: [TrainingService.changed(user)], nudging: .workouts) { c in
            // Asked first, with the catalog's units: asked after the writes it would hold their row locks a statement longer.
            ((try activity?.countsLater(user, c), try save(new.item.workout, user: user, now: new.item.at, ifVersion: ifVersion, fresh: new.fresh, c)),
             nudge: [user])
        }
        return Saved(version: try saved.version.value(), created: saved.created, inChallenge: try? counts?.value())
    }

    /// A page of the person's workouts as their stored JSON (`TrainingStore.writtenWorkouts`).
    func workouts(_ principal: Principal, from: Date, to: Date, after cursor: (Date, UUID)?,
                  limit: Int) async throws -> [(startedAt: Date, id: UUID, json: String)] {
        try await database.readTogether { c in
            try TrainingStore.writtenWorkoutsLater(user: principal.userID, from: from, to: to, after: cursor, limit: limit, c)
        }
    }

    /// The person's workout with its version.
    func workout(_ id: UUID, _ principal: Principal) async throws -> (Workout, version: Int64) {
        let user = principal.userID
        guard let found = try await database.read({ c in
            try TrainingStore.workout(id, user: user, c).map { ($0, try SyncVersions.version(user: user, .workouts, id, c)) }
        }) else { throw Refusal.notFound("No such workout.") }
        return found
    }

    /// Deletes the person's workout in the caller's transaction, leaving a tombstone, and takes it
    /// out of their groups' feeds; nil when there is none, else the groups to tell (`told`).
    func remove(_ id: UUID, user: UUID, now: Date, ifVersion: Int64? = nil, _ c: SQLConnection) throws -> [UUID]? {
        try SyncVersions.require(ifVersion, user: user, .workouts, id, c) { try TrainingStore.workout(id, user: user, c).map(SyncVersions.json) }
        guard try TrainingStore.delete(id, user: user, at: now, c) else { return nil }
        return try activity?.get().withdraw(workout: id, c) ?? []
    }

    /// After a commit: the groups whose feeds changed are told.
    func told(_ groups: [UUID]) { try? activity?.get().told(groups) }

    func delete(_ id: UUID, _ principal: Principal, ifVersion: Int64? = nil) async throws {
        let now = context.now
        guard let feeds = try await context.transaction(changing: [TrainingService.changed(principal.userID)], nudging: .workouts, { c in
            let feeds = try remove(id, user: principal.userID, now: now, ifVersion: ifVersion, c)
            return (feeds, nudge: feeds == nil ? [] : [principal.userID])
        }) else { throw Refusal.notFound("No such workout.") }
        told(feeds)
    }
}
