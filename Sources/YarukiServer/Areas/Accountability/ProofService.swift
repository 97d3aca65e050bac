import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Proof videos: filed from an upload, listed, played and deleted. Only the owner ever sees one.
struct ProofService: Sendable {
    let context: AppContext
    let events: StandingsEvents
    let workouts: any WorkoutLog
    var database: Database { context.database }

    /// How long a proof's playback links work.
    static let linkLifetime: TimeInterval = 600

    /// Proof metadata as the owner sees it, with signed links to the video and thumbnail.
    func info(_ proof: Proof, _ row: MediaRow) -> ProofInfo {
        let base = "/v1/proofs/\(proof.id.lowercasedString)"
        return ProofInfo(id: proof.id, recordedAt: proof.recordedAt, recordedDay: proof.recordedDay, uploadedAt: proof.uploadedAt,
                         exerciseId: proof.exerciseId, workoutId: proof.workoutId,
                         type: MediaFiles.Kind(rawValue: row.kind)?.contentType ?? "video/mp4", size: proof.size, durationMs: proof.durationMs,
                         videoURL: context.links.link(base + "/video", lifetime: ProofService.linkLifetime),
                         thumbnailURL: row.hasThumbnail ? context.links.link(base + "/thumbnail", lifetime: ProofService.linkLifetime) : nil)
    }

    struct Upload: Sendable {
        var file: BodyFile
        /// When the app says it was recorded.
        var recordedAt: Date?
        var exerciseId: String?
        var workoutId: UUID?
    }

    /// Files an upload as a proof of `principal`'s, once its exercise is in the catalog and its
    /// workout (if any) is theirs (404 naming the field otherwise):
    /// the file first (its kind by its bytes, its duration and thumbnail), then the row. The day
    /// it proves is the one the video says it was recorded on, when it says (the camera's tag
    /// wins over the app's word), at most seven days back; one recorded on an earlier day than it
    /// was sent is backdated, and the group sees that. One file proves one day: sent again for the
    /// same day it is the same proof (`created` false), for another day or by someone else it is
    /// refused (409).
    func file(_ upload: Upload, by principal: Principal) async throws -> (ProofInfo, created: Bool) {
        var check = FieldCheck()
        let uploadedAt = principal.now
        let sentAt = Proof.recordingTime(sent: upload.recordedAt, uploadedAt: uploadedAt)
        if upload.recordedAt != nil, sentAt == nil { check.conflict("recordedAt", "is more than 7 days before the upload") }
        let known = try await database.read { [workouts] c in
            try workouts.known(exercise: upload.exerciseId, workout: upload.workoutId, of: principal.userID, c)
        }
        if !known.exercise { check.missing("exerciseId", "is not in the exercise catalog") }
        if !known.workout { check.missing("workoutId", "is not one of your workouts") }
        try check.done()
        let account = try await principal.account()
        let stored = try await context.media.ingest(upload.file)
        let row = stored.row
        let (id, now) = (UUID.timeOrdered(), uploadedAt)
        let calendar = PersonalCalendar(of: account)
        let recordedAt: Date
        if let tagged = stored.recordedAt {
            guard let accepted = Proof.recordingTime(sent: tagged, uploadedAt: now) else {
                throw Refusal.validation([.init(field: "video", message: "was recorded on \(calendar.day(of: tagged)), more than 7 days before the upload")],
                                         detail: "This video was recorded on \(calendar.day(of: tagged)): a proof counts for the last seven days only.")
            }
            recordedAt = accepted
        } else {
            recordedAt = sentAt ?? now
        }
        let day = calendar.day(of: recordedAt)
        let backdated = day < calendar.day(of: now)
        let user = principal.userID
        let saved = try await database.transaction { c -> (Proof, MediaRow, Bool, [UUID])? in
            let earlier = try ProofStore.proofs(ofFile: row.sha256, c)
            if let mine = earlier.first(where: { $0.user == user && $0.day == day }) {
                return try ProofStore.proof(mine.id, user: user, c).map { ($0.0, $0.1, false, []) }
            }
            if let other = earlier.first {
                throw Refusal(.conflict, code: "video-used", other.user == user
                              ? "This video already proves \(other.day). Record a new one for this day."
                              : "This video is already someone's proof. Record one of your own.")
            }
            try ProofStore.insert(id: id, user: user, media: row, exercise: upload.exerciseId, workout: upload.workoutId,
                                  recordedAt: recordedAt, recordedDay: day, uploadedAt: now, backdated: backdated, c)
            guard let filed = try ProofStore.proof(id, user: user, c) else { return nil }
            return (filed.0, filed.1, true, try CrewFeed.proofFiled(filed.0, backdated: backdated, by: user, c))
        }
        guard let (proof, media, created, feeds) = saved else { throw Refusal.bug() }
        if created {
            await events.changed(of: principal.userID)
            await events.crew.tell(feeds)
        }
        return (info(proof, media), created)
    }

    func proofs(_ principal: Principal, from: Date, to: Date) async throws -> [(Proof, MediaRow)] {
        try await database.read { c in try ProofStore.proofs(user: principal.userID, from: from, to: to, c) }
    }

    /// The proof, only for its owner (or a link signed for it); 404 otherwise.
    func proof(_ id: UUID, for owner: UUID?) async throws -> (Proof, MediaRow) {
        guard let found = try await database.read({ c in try ProofStore.proof(id, user: owner, c) }) else {
            throw Refusal.notFound("No such proof.")
        }
        return found
    }

    /// A proof's video, to its owner or a link signed for it (`owner` nil).
    func videoFile(_ id: UUID, for owner: UUID?) async throws -> FileReply {
        let (_, media) = try await proof(id, for: owner)
        guard let kind = MediaFiles.Kind(rawValue: media.kind) else { throw Refusal.notFound("No such proof.") }
        return context.media.file(media.sha256, kind, cacheControl: "private, max-age=600")
    }

    func thumbnailFile(_ id: UUID, for owner: UUID?) async throws -> FileReply {
        let (_, media) = try await proof(id, for: owner)
        guard media.hasThumbnail else { throw Refusal.notFound("This proof has no thumbnail.") }
        return context.media.thumbnail(media.sha256, cacheControl: "private, max-age=600")
    }

    func delete(_ id: UUID, _ principal: Principal) async throws {
        let (deleted, orphan, feeds) = try await database.transaction { c in
            let (deleted, orphan) = try ProofStore.delete(id, user: principal.userID, c)
            return (deleted, orphan, deleted ? try CrewFeed.withdraw(id, c) : [])
        }
        guard deleted else { throw Refusal.notFound("No such proof.") }
        if let orphan, let kind = MediaFiles.Kind(rawValue: orphan.kind) { context.media.remove(orphan.sha256, kind) }
        await events.changed(of: principal.userID)
        await events.crew.tell(feeds)
    }
}
