import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// A person's body measures over time: weight (which counts the body's share of body-weight
/// exercises), body fat and girths. Seen by the person alone.
struct BodyService: Sendable {
    let context: AppContext
    var database: Database { context.database }

    static let pageMost = 1000

    func days(before: String?, limit: Int, _ me: Principal) async throws -> [BodyDay] {
        if let before, !PersonalCalendar.accepts(before) { throw Refusal.validation([.init(field: "before", message: "must be a day, YYYY-MM-DD")]) }
        return try await database.read { c in try BodyStore.days(user: me.userID, before: before, limit: min(max(limit, 1), Self.pageMost), c) }
    }

    /// Sets and removes the day's measures; answers the day as it now is (no measures when none is left).
    func write(day: String, _ body: BodyDayBody, _ me: Principal) async throws -> BodyDay {
        let today = try await me.calendar().day(of: context.now.addingTimeInterval(86_400))  // a day ahead: the zones east of the server's
        let changes = body.changes
        try FieldCheck(body.problems + BodyDay.check(day: day, changes: changes, today: today)).done()
        let now = context.now
        return try await context.transaction(changing: [TrainingService.changed(me.userID)]) { c in
            try BodyStore.write(user: me.userID, day: day, changes, at: now, c)
            return try BodyStore.day(user: me.userID, day, c) ?? BodyDay(day: day, measures: [:])
        }
    }

    func delete(day: String, _ me: Principal) async throws {
        guard PersonalCalendar.accepts(day) else { throw Refusal.validation([.init(field: "day", message: "must be a day, YYYY-MM-DD")]) }
        let removed = try await context.transaction(changing: [TrainingService.changed(me.userID)]) { c in try BodyStore.delete(user: me.userID, day: day, c) }
        if removed == 0 { throw Refusal.notFound("Nothing was measured on \(day).") }
    }

    /// The person's weighings as instants (each day's start in their zone), for `SetCounting`.
    static func weighings(user: UUID, calendar: PersonalCalendar, _ c: SQLConnection) throws -> [SetCounting.Weighing] {
        try BodyStore.weights(user: user, c).compactMap { day, kg in calendar.start(ofDay: day).map { SetCounting.Weighing(at: $0, kg: kg) } }
    }

    // MARK: progress photos

    static let maxPhotos = 1000

    func photos(_ me: Principal) async throws -> [BodyPhoto] {
        try await database.read { c in try BodyStore.photos(user: me.userID, limit: Self.maxPhotos, c) }.map(Self.reply)
    }

    /// Takes an uploaded photo (re-encoded, its metadata gone) as the person's for `day`.
    func addPhoto(_ file: BodyFile, day: String, _ me: Principal) async throws -> BodyPhoto {
        let today = try await me.calendar().day(of: context.now.addingTimeInterval(86_400))
        var errors: [FieldRuleError] = []
        if !PersonalCalendar.accepts(day) {
            errors.append(.init(field: "day", message: "must be a day, YYYY-MM-DD"))
        } else if day > today {
            errors.append(.conflict("day", "is after today (\(today))"))
        }
        try FieldCheck(errors).done()
        let stored = try await context.photos.ingest(file)
        let photo = BodyStore.Photo(id: UUID.timeOrdered(), day: day, sha256: stored.sha256, width: stored.width, height: stored.height)
        let now = context.now
        do {
            try await database.transaction { c in
                guard try BodyStore.photoCount(user: me.userID, c) < Self.maxPhotos else {
                    throw Refusal.conflict("You have \(Self.maxPhotos) progress photos: delete one first.")
                }
                try BodyStore.addPhoto(photo, user: me.userID, size: stored.size, at: now, c)
            }
        } catch {
            try? await removeUnused([stored.sha256])
            throw error
        }
        return Self.reply(photo)
    }

    /// A copy of one of the person's photos; anyone else's, or none, is 404.
    func photoFile(_ id: UUID, copy: String, _ me: Principal) async throws -> FileReply {
        guard let copy = PhotoFiles.Copy(rawValue: copy),
              let photo = try await database.read({ c in try BodyStore.photo(id, user: me.userID, c) }) else {
            throw Refusal.notFound("No such photo.")
        }
        return context.photos.file(photo.sha256, copy, cacheControl: "private, no-store")
    }

    func deletePhoto(_ id: UUID, _ me: Principal) async throws {
        guard let sha = try await database.transaction({ c in try BodyStore.deletePhoto(id, user: me.userID, c) }) else {
            throw Refusal.notFound("No such photo.")
        }
        try await removeUnused([sha])
    }

    private func removeUnused(_ shas: Set<String>) async throws {
        for sha in try await database.read({ c in try MediaFileStore.unusedPhotos(shas, c) }) { context.photos.remove(sha) }
    }

    static func reply(_ p: BodyStore.Photo) -> BodyPhoto { BodyPhoto(id: p.id, day: p.day, width: p.width, height: p.height) }
}
