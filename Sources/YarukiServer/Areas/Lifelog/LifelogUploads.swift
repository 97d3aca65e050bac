import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Photo and voice note uploads: the device's fields from the query, the file's own metadata
/// (a photo's EXIF time and place win), the file stored, then the record in one transaction. A
/// file no record ends up using is removed again; the same id again returns the stored record.
extension LifelogService {
    /// The fields of an upload, sent in the query: what the device knows, which the file's own
    /// metadata may replace.
    struct UploadFields: Sendable {
        var id: UUID?
        var occurredAt: OffsetDateTime?
        var text: String
        var position: GeoPoint?
        var altitude: Double?
        var accuracy: Double?
        var source: LifelogSource
    }

    /// The seconds east of UTC that `zone` has at a wall-clock time (read as if UTC).
    static func offset(in zone: TimeZone, atWallClock local: Int) -> Int {
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local)))
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local - guess)))
    }

    /// A photo's or voice note's draft: the file's EXIF time and place when it has them, else what
    /// the device sent, else now where the person lives.
    static func uploadDraft(_ kind: LifelogKind, _ f: UploadFields, exif: PhotoMetadata?, zone: TimeZone, now: Date) -> LifelogDraft {
        let fallback: (Int) -> Int = { local in f.occurredAt?.utcOffset ?? offset(in: zone, atWallClock: local) }
        let occurredAt = exif?.taken(fallbackOffset: fallback).map { OffsetDateTime(date: $0.at, utcOffset: $0.utcOffset) }
            ?? f.occurredAt ?? OffsetDateTime(date: now, utcOffset: zone.secondsFromGMT(for: now))
        var d = LifelogDraft(kind: kind, occurredAt: occurredAt, text: f.text, position: f.position, altitude: f.altitude,
                             accuracy: f.accuracy, source: f.source)
        if let place = exif?.position {
            d.position = place
            d.altitude = exif?.altitude
            d.accuracy = nil
        }
        return d
    }

    /// An upload under an id already stored: the same record again (a retry), or 404 when it is someone else's.
    func existing(_ id: UUID?, user: UUID) async throws -> LifelogStore.Record? {
        guard let id else { return nil }
        return try await database.read { c in
            if try LifelogStore.isOthers(id, user: user, c) { throw Refusal.notFound("No such record.") }
            return try LifelogStore.record(id, user: user, c)
        }
    }

    private struct Attachment: Sendable {
        var draft: LifelogDraft
        var photo: LifelogStore.PhotoFile?
        var voice: MediaRow?
    }

    /// Stores the file: a photo's copies (its EXIF read first), or the audio (checked by its bytes and ffprobe).
    private func store(_ kind: LifelogKind, _ file: BodyFile, _ fields: UploadFields, zone: TimeZone, now: Date) async throws -> Attachment {
        if kind == .photo {
            let exif = try await context.media.tools.run { PhotoFiles.metadata(file.path) }
            let stored = try await context.photos.ingest(file)
            return Attachment(draft: LifelogService.uploadDraft(kind, fields, exif: exif, zone: zone, now: now),
                              photo: LifelogStore.PhotoFile(sha256: stored.sha256, width: stored.width, height: stored.height, bytes: stored.size))
        }
        let stored = try await context.media.ingest(file, as: .audio)
        return Attachment(draft: LifelogService.uploadDraft(kind, fields, exif: nil, zone: zone, now: now),
                          voice: stored.row)
    }

    /// Files an upload as a record; returns it and whether it is new. The same upload again (a
    /// retry, the body sent anew) returns the stored record; an id that is a record of another
    /// kind is a 409.
    func upload(_ kind: LifelogKind, _ file: BodyFile?, _ fields: UploadFields, by principal: Principal) async throws -> (LifelogRecord, created: Bool) {
        let user = principal.userID
        guard let file, file.size > 0 else {
            throw Refusal(.unsupportedMedia, "The body is empty: send the \(kind == .photo ? "photo" : "audio") itself as the request body.")
        }
        if let record = try await existing(fields.id, user: user) {
            guard record.draft.kind == kind else {
                throw Refusal.conflict("The id is a \(record.draft.kind.rawValue) of yours, not a \(kind.rawValue).")
            }
            return (reply(record), false)
        }
        let now = context.now
        let zone = TimeZone(identifier: try await principal.account().timeZone) ?? .gmt
        // The device's own fields are checked before any work on the file.
        try FieldCheck(LifelogDraft.check(LifelogService.uploadDraft(kind, fields, exif: nil, zone: zone, now: now), now: now)).done()
        var attached = try await store(kind, file, fields, zone: zone, now: now)
        attached.draft = placed(attached.draft, before: nil)
        let id = fields.id ?? UUID.timeOrdered()
        do {
            try FieldCheck(LifelogDraft.check(attached.draft, now: now)).done()
            let (record, created) = try await context.transaction(changing: [LifelogService.changed(user)], nudging: .lifelog) { c -> ((LifelogStore.Record, Bool), nudge: [UUID]) in
                if try LifelogStore.isOthers(id, user: user, c) { throw Refusal.notFound("No such record.") }
                // A retry that raced this one: the first stored wins.
                if let record = try LifelogStore.record(id, user: user, c) { return ((record, false), nudge: []) }
                try LifelogStore.insert(id: id, user: user, attached.draft, photo: attached.photo, voice: attached.voice, at: now,
                                        wire: try LifelogService.wire(id: id, attached.draft, createdAt: now, updatedAt: now), c)
                guard let saved = try LifelogStore.record(id, user: user, c) else { throw Refusal.bug() }
                return ((saved, true), nudge: [user])
            }
            if created {
                plans.forget(user: user)
            } else {
                try await removeIfUnused(attached)
            }
            return (reply(record), created)
        } catch {
            try? await removeIfUnused(attached)
            throw error
        }
    }

    private func removeIfUnused(_ attached: Attachment) async throws {
        let (photo, voice) = (attached.photo, attached.voice)
        let (photoFree, voiceFree) = try await database.read { c in
            (try photo.map { try !MediaFileStore.unusedPhotos([$0.sha256], c).isEmpty } ?? false,
             try voice.map { try MediaFileStore.mediaUnused($0.sha256, c) } ?? false)
        }
        if photoFree, let photo { context.photos.remove(photo.sha256) }
        // The media row may exist without users only inside a failed transaction, which rolled back.
        if voiceFree, let voice, let kind = MediaFiles.Kind(rawValue: voice.kind) { context.media.remove(voice.sha256, kind) }
    }
}
