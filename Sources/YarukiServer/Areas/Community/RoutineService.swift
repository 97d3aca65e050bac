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
    var database: Database { context.database }

    static func reply(_ r: RoutineStore.RoutineRow, viewer: UUID) -> Routine {
        Routine(id: r.id, author: Person(id: r.authorID, displayName: r.authorName), title: r.draft.title, description: r.draft.description,
                public: r.draft.isPublic, items: r.draft.items, copiedFrom: r.copiedFrom, saveCount: r.saveCount, savedByMe: r.savedByMe,
                mine: r.authorID == viewer, createdAt: r.createdAt, updatedAt: r.updatedAt)
    }

    /// Writes a new routine (`id` nil) or rewrites the author's own, checked against the catalog.
    func save(_ submitted: RoutineDraft, id existing: UUID?, by principal: Principal) async throws -> Routine {
        let draft = submitted.normalized
        let (id, now) = (existing ?? UUID(), context.now)
        let saved = try await context.transaction(changing: PostService.tags) { c -> RoutineStore.RoutineRow? in
            if existing != nil, try !RoutineStore.isAuthor(id, user: principal.userID, c) { throw HTTPError.notFound("No such routine.") }
            try FieldCheck(RoutineDraft.check(submitted, units: try TrainingStore.units(c))).done()
            if existing == nil {
                try RoutineStore.insert(id: id, author: principal.userID, draft, copiedFrom: nil, at: now, c)
            } else {
                _ = try RoutineStore.update(id, author: principal.userID, draft, at: now, c)
            }
            return try RoutineStore.routine(id, viewer: principal.userID, c)
        }
        guard let saved else { throw HTTPError.internal() }
        return RoutineService.reply(saved, viewer: principal.userID)
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
            throw HTTPError.notFound("No such routine.")
        }
        return RoutineService.reply(found, viewer: principal.userID)
    }

    func delete(_ id: UUID, _ principal: Principal) async throws {
        let deleted = try await context.transaction(changing: PostService.tags) { c in try RoutineStore.delete(id, author: principal.userID, admin: principal.role == .admin, c) }
        guard deleted else { throw HTTPError.notFound("No such routine.") }
    }

    /// A like saves someone's public routine to my list; one's own are there already (400).
    func save(_ saved: Bool, _ id: UUID, _ principal: Principal) async throws -> Saves {
        let count = try await likes.set(saved, .routine, id, by: principal) { c in
            guard let routine = try RoutineStore.routine(id, viewer: principal.userID, c) else { throw HTTPError.notFound("No such routine.") }
            guard routine.authorID != principal.userID else { throw HTTPError(422, detail: "Your own routines are in your list already.") }
            return routine.authorID
        }
        return Saves(liked: saved, saveCount: count)
    }

    /// A private copy of a routine the person can see, theirs to edit.
    func copy(_ id: UUID, _ principal: Principal) async throws -> Routine {
        let (copy, now) = (UUID(), context.now)
        let saved = try await context.transaction(changing: PostService.tags) { c -> RoutineStore.RoutineRow? in
            guard var draft = try RoutineStore.routine(id, viewer: principal.userID, c)?.draft else { throw HTTPError.notFound("No such routine.") }
            draft.isPublic = false
            try RoutineStore.insert(id: copy, author: principal.userID, draft, copiedFrom: id, at: now, c)
            return try RoutineStore.routine(copy, viewer: principal.userID, c)
        }
        guard let saved else { throw HTTPError.internal() }
        return RoutineService.reply(saved, viewer: principal.userID)
    }
}
