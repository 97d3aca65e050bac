import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Shareable routines. A like on someone's public routine saves it to the liker's "My routines"
/// (their own are there too); unliking takes it out; "copy" makes an editable routine of one's
/// own. Someone else's private routine, or one between two people where one blocked the other,
/// answers 404.
struct RoutineService: Sendable {
    let context: AppContext
    let likes: LikeToggle
    let workouts: any WorkoutLog
    var database: Database { context.database }

    static func reply(_ r: RoutineStore.RoutineRow, viewer: UUID) -> Routine {
        Routine(id: r.id, author: Person(id: r.authorID, displayName: r.authorName), title: r.draft.title, description: r.draft.description,
                public: r.draft.isPublic, items: r.draft.items, copiedFrom: r.copiedFrom, saveCount: r.saveCount, savedByMe: r.savedByMe,
                mine: r.authorID == viewer, createdAt: r.createdAt, updatedAt: r.updatedAt)
    }

    /// Writes a routine under `id` (new when the person has none there) or rewrites the author's
    /// own, checked against the catalog, in the caller's transaction (`ifVersion`: 412 unless it is
    /// at that version). Someone else's id is 404.
    func save(_ submitted: RoutineDraft, id: UUID, user: UUID, now: Date, mustExist: Bool, ifVersion: Int64? = nil, _ c: SQLConnection) throws -> RoutineStore.RoutineRow {
        let draft = submitted.normalized
        let exists = try RoutineStore.isAuthor(id, user: user, c)
        if !exists, try mustExist || RoutineStore.exists(id, c) { throw Refusal.notFound("No such routine.") }
        try SyncVersions.require(ifVersion, user: user, .routines, id, c) {
            try RoutineStore.routine(id, viewer: user, c).map { try SyncVersions.json(RoutineService.reply($0, viewer: user)) }
        }
        var errors = RoutineDraft.check(submitted, units: try workouts.units(visibleTo: user, c))
        // One's own exercises are seen by nobody else: a routine others may start uses the catalog's.
        if draft.isPublic {
            let own = try workouts.ownExerciseIDs(of: user, c)
            for (i, item) in draft.items.enumerated() where own.contains(item.exerciseId) {
                errors.append(.init(field: "items[\(i)].exerciseId", message: "is an exercise of your own, which others cannot see: a public routine uses the catalog's"))
            }
        }
        try FieldCheck(errors).done()
        if exists {
            _ = try RoutineStore.update(id, author: user, draft, at: now, c)
        } else {
            try RoutineStore.insert(id: id, author: user, draft, copiedFrom: nil, at: now, c)
        }
        guard let saved = try RoutineStore.routine(id, viewer: user, c) else { throw Refusal.bug() }
        return saved
    }

    /// A new routine (`id` nil) or the author's own rewritten, in a transaction of its own; with its version.
    func save(_ submitted: RoutineDraft, id existing: UUID?, by principal: Principal, ifVersion: Int64? = nil) async throws -> (Routine, version: Int64) {
        let (id, now, user) = (existing ?? UUID.timeOrdered(), context.now, principal.userID)
        let (saved, version) = try await context.transaction(changing: PostService.tags, nudging: .routines) { c in
            let saved = try save(submitted, id: id, user: user, now: now, mustExist: existing != nil, ifVersion: ifVersion, c)
            return ((saved, try SyncVersions.version(user: user, .routines, id, c)), nudge: [user])
        }
        return (RoutineService.reply(saved, viewer: user), version)
    }

    func search(_ principal: Principal, text: String?, exercise: String?, before: (Date, UUID)?, limit: Int) async throws -> Page<Routine> {
        let found = try await database.read { c in
            try RoutineStore.search(viewer: principal.userID, text: text, exercise: exercise, before: before, limit: limit + 1, c)
        }
        return Paging.page(found, limit: limit, key: { ($0.createdAt, $0.id) }) { RoutineService.reply($0, viewer: principal.userID) }
    }

    func mine(_ principal: Principal) async throws -> [Routine] {
        try await database.read { c in try RoutineStore.mine(principal.userID, c) }.map { RoutineService.reply($0, viewer: principal.userID) }
    }

    func routine(_ id: UUID, _ principal: Principal) async throws -> Routine {
        guard let found = try await database.read({ c in try RoutineStore.routine(id, viewer: principal.userID, c) }) else {
            throw Refusal.notFound("No such routine.")
        }
        return RoutineService.reply(found, viewer: principal.userID)
    }

    /// Deletes the author's routine (an admin's: anyone's) in the caller's transaction, leaving a tombstone.
    func remove(_ id: UUID, user: UUID, admin: Bool = false, now: Date, ifVersion: Int64? = nil, _ c: SQLConnection) throws -> Bool {
        try SyncVersions.require(ifVersion, user: user, .routines, id, c) {
            try RoutineStore.routine(id, viewer: user, c).map { try SyncVersions.json(RoutineService.reply($0, viewer: user)) }
        }
        return try RoutineStore.delete(id, author: user, admin: admin, at: now, c)
    }

    func delete(_ id: UUID, _ principal: Principal, ifVersion: Int64? = nil) async throws {
        let now = context.now
        let deleted = try await context.transaction(changing: PostService.tags, nudging: .routines) { c in
            let deleted = try remove(id, user: principal.userID, admin: principal.role == .admin, now: now, ifVersion: ifVersion, c)
            return (deleted, nudge: deleted ? [principal.userID] : [])
        }
        guard deleted else { throw Refusal.notFound("No such routine.") }
    }

    /// A like saves someone's public routine to my list; one's own are there already (400).
    func save(_ saved: Bool, _ id: UUID, _ principal: Principal) async throws -> Saves {
        let count = try await likes.set(saved, .routine, id, by: principal) { c in
            guard let routine = try RoutineStore.routine(id, viewer: principal.userID, c) else { throw Refusal.notFound("No such routine.") }
            guard routine.authorID != principal.userID else { throw Refusal(.unprocessable, "Your own routines are in your list already.") }
            return routine.authorID
        }
        return Saves(liked: saved, saveCount: count)
    }

    /// A private copy of a routine the person can see, theirs to edit.
    func copy(_ id: UUID, _ principal: Principal) async throws -> Routine {
        let (copy, now) = (UUID.timeOrdered(), context.now)
        let saved = try await context.transaction(changing: PostService.tags, nudging: .routines) { c -> (RoutineStore.RoutineRow?, nudge: [UUID]) in
            guard var draft = try RoutineStore.routine(id, viewer: principal.userID, c)?.draft else { throw Refusal.notFound("No such routine.") }
            draft.isPublic = false
            try RoutineStore.insert(id: copy, author: principal.userID, draft, copiedFrom: id, at: now, c)
            return (try RoutineStore.routine(copy, viewer: principal.userID, c), nudge: [principal.userID])
        }
        guard let saved else { throw Refusal.bug() }
        return RoutineService.reply(saved, viewer: principal.userID)
    }
}
