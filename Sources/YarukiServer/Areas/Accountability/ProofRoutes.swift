import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Proof videos: upload (streamed to disk), list, metadata, playback with Range, thumbnail,
/// delete. Only the owner ever sees one: anyone else signed in gets 404, nobody signed in 401.
/// A `<video>` element cannot send a bearer token, so metadata carries playback links signed for
/// ten minutes, bound to the proof and its owner.
struct ProofRoutes {
    let auth: AuthService
    let media: MediaStore
    let events: EventHub
    var database: Database { auth.database }

    static let linkLifetime: TimeInterval = 600

    /// Proof metadata as the owner sees it, with signed links to the video and thumbnail.
    struct ProofReply: Encodable {
        var id: UUID
        var recordedAt: Date
        var recordedDay: String
        var uploadedAt: Date
        var exerciseId: String?
        var workoutId: UUID?
        var type: String
        var size: Int
        var durationMs: Int?
        var videoURL: String
        var thumbnailURL: String?
    }

    func reply(_ proof: Proof, _ row: ProofStore.MediaRow, user: UUID) -> ProofReply {
        let expires = Int(auth.clock().timeIntervalSince1970 + ProofRoutes.linkLifetime)
        let base = "/v1/proofs/\(proof.id.uuidString.lowercased())"
        func link(_ part: String) -> String {
            "\(base)/\(part)?expires=\(expires)&sig=\(signature(proof.id, user: user, part: part, expires: expires))"
        }
        return ProofReply(id: proof.id, recordedAt: proof.recordedAt, recordedDay: proof.recordedDay, uploadedAt: proof.uploadedAt, exerciseId: proof.exerciseId,
                          workoutId: proof.workoutId, type: MediaStore.Kind(rawValue: row.kind)?.contentType ?? "video/mp4",
                          size: proof.size, durationMs: proof.durationMs, videoURL: link("video"),
                          thumbnailURL: row.hasThumbnail ? link("thumbnail") : nil)
    }

    func signature(_ proof: UUID, user: UUID, part: String, expires: Int) -> String {
        auth.linkSignature("media", "\(proof.uuidString.lowercased())|\(user.uuidString.lowercased())|\(part)|\(expires)")
    }

    /// The owner of a media request: by bearer token, or by a signed link that has not expired.
    func owner(_ request: Request, proof: UUID, part: String) async throws -> UUID {
        try await auth.mediaOwner(request, expired: "This link has expired. Open the proof again for a fresh one.",
                                  lookup: { c in try c.queryOne("SELECT user_id FROM proofs WHERE id = ?", proof)?.uuid("user_id") },
                                  signature: { owner, expires in signature(proof, user: owner, part: part, expires: expires) })
    }

    static func proofID(_ request: Request) throws -> UUID {
        guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such proof.") }
        return id
    }

    static let proofSchema = OpenAPI.object(["id": .string, "recordedAt": .string, "recordedDay": .string, "uploadedAt": .string, "exerciseId": .string,
                                             "workoutId": .string, "type": .string, "size": .integer, "durationMs": .integer,
                                             "videoURL": .string, "thumbnailURL": .string],
                                            required: ["id", "recordedAt", "recordedDay", "uploadedAt", "type", "size", "videoURL"])

    func add(to router: inout Router) {
        let routes = self
        router.post("/v1/proofs", RouteDoc("Upload a proof video (the body is the video; ?recordedAt=&exerciseId=&workoutId=)", tag: "accountability",
                                           responses: [201: "Stored", 400: "A query field is not valid", 401: "Not signed in",
                                                       413: "Larger than the upload limit", 415: "Not MP4, MOV or WebM"],
                                           responseBody: Self.proofSchema, produces: "application/json", authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let account = try await routes.auth.account(principal)
            guard let upload = request.bodyFile else {
                throw HTTPError.badRequest("Send the video as the request body.", errors: [.init(field: "body", message: "is required")])
            }
            let now = routes.auth.clock()
            var check = FieldCheck()
            let text = request.queryItem("recordedAt")
            let sent = text.flatMap(JSONCoding.parseDate)
            if text != nil, sent == nil { check.fail("recordedAt", "is not an RFC 3339 date-time") }
            let recordedAt = Proof.recordingTime(sent: sent, uploadedAt: now)
            if sent != nil, recordedAt == nil { check.fail("recordedAt", "is more than 7 days before the upload") }
            let exercise = request.queryItem("exerciseId")
            let workout = request.queryItem("workoutId")
            let workoutID = workout.flatMap(UUID.init(uuidString:))
            if workout != nil, workoutID == nil { check.fail("workoutId", "is not a UUID") }
            let (knownExercise, ownWorkout) = try await routes.database.read { c in
                (try exercise.map { try TrainingStore.exercise($0, c) != nil } ?? true,
                 try workoutID.map { try TrainingStore.workout($0, user: principal.userID, c) != nil } ?? true)
            }
            if !knownExercise { check.fail("exerciseId", "is not in the exercise catalog") }
            if !ownWorkout { check.fail("workoutId", "is not one of your workouts") }
            try check.done()
            let stored = try await routes.media.ingest(upload)
            let row = ProofStore.MediaRow(sha256: stored.sha256, kind: stored.kind.rawValue, size: stored.size, durationMs: stored.durationMs,
                                          hasThumbnail: stored.hasThumbnail)
            let id = UUID()
            let proof = try await routes.database.transaction { c -> (Proof, ProofStore.MediaRow)? in
                let calendar = PersonalCalendar(timeZone: TimeZone(identifier: account.timeZone) ?? .gmt, weekStart: account.weekStart)
                try ProofStore.insert(id: id, user: principal.userID, media: row, exercise: exercise, workout: workoutID,
                                      recordedAt: recordedAt ?? now, recordedDay: calendar.day(of: recordedAt ?? now), uploadedAt: now, c)
                return try ProofStore.proof(id, user: principal.userID, c)
            }
            guard let (saved, media) = proof else { throw HTTPError.internal() }
            await routes.events.standingsChanged(of: principal.userID, routes.database)
            return try .json(routes.reply(saved, media, user: principal.userID), status: 201)
        }

        router.get("/v1/proofs", RouteDoc("My proofs recorded between two dates (?from=&to=, YYYY-MM-DD in my time zone)", tag: "accountability",
                                          responseBody: OpenAPI.object(["items": .array(.object)]), authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let account = try await routes.auth.account(principal)
            let (from, to) = try TrainingRoutes.range(request.queryItem("from"), request.queryItem("to"),
                                                      zone: TimeZone(identifier: account.timeZone) ?? .gmt, now: routes.auth.clock())
            let items = try await routes.database.read { c in try ProofStore.proofs(user: principal.userID, from: from, to: to, c) }
            struct Items: Encodable { var items: [ProofReply] }
            return try .json(Items(items: items.map { routes.reply($0.0, $0.1, user: principal.userID) }))
        }

        router.get("/v1/proofs/{id}", RouteDoc("One of my proofs, with playback links valid for ten minutes", tag: "accountability",
                                               responses: [200: "The proof", 401: "Not signed in", 404: "Not mine, or none"],
                                               responseBody: Self.proofSchema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try ProofRoutes.proofID(request)
            guard let (proof, media) = try await routes.database.read({ c in try ProofStore.proof(id, user: principal.userID, c) }) else {
                throw HTTPError.notFound("No such proof.")
            }
            return try .json(routes.reply(proof, media, user: principal.userID))
        }

        for part in ["video", "thumbnail"] {
            router.get("/v1/proofs/{id}/\(part)", RouteDoc(part == "video" ? "Play a proof (Range requests welcome)" : "A proof's thumbnail (JPEG)",
                                                          tag: "accountability",
                                                          responses: [200: "The file", 206: "Part of it", 401: "Not signed in or a bad link",
                                                                      404: "Not mine, or none", 416: "The range is outside the file"],
                                                          produces: part == "video" ? "video/mp4" : "image/jpeg", authenticated: true)) { request in
                let id = try ProofRoutes.proofID(request)
                let user = try await routes.owner(request, proof: id, part: part)
                guard let (_, media) = try await routes.database.read({ c in try ProofStore.proof(id, user: user, c) }),
                      let kind = MediaStore.Kind(rawValue: media.kind) else { throw HTTPError.notFound("No such proof.") }
                if part == "thumbnail" {
                    guard media.hasThumbnail else { throw HTTPError.notFound("This proof has no thumbnail.") }
                    return try StaticFiles.file(at: routes.media.thumbnailPath(media.sha256), contentType: "image/jpeg",
                                                cacheControl: "private, max-age=600", for: request)
                }
                return try StaticFiles.file(at: routes.media.path(media.sha256, kind), contentType: kind.contentType,
                                            cacheControl: "private, max-age=600", for: request)
            }
        }

        router.delete("/v1/proofs/{id}", RouteDoc("Delete one of my proofs (its file goes when nothing else uses it)", tag: "accountability",
                                                  responses: [204: "Deleted", 404: "Not mine, or none"], authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try ProofRoutes.proofID(request)
            let (deleted, orphan) = try await routes.database.transaction { c in try ProofStore.delete(id, user: principal.userID, c) }
            guard deleted else { throw HTTPError.notFound("No such proof.") }
            if let orphan, let kind = MediaStore.Kind(rawValue: orphan.kind) { routes.media.remove(orphan.sha256, kind) }
            await routes.events.standingsChanged(of: principal.userID, routes.database)
            return .noContent()
        }
    }
}

extension AuthService {
    /// A quick check at head time, before a body is read: a bearer token that verifies and has
    /// not expired. The handler still authenticates fully (session still standing).
    func looksSignedIn(_ headers: HTTPHeaders) -> Bool {
        (try? verifiedAccessToken(headers, now: clock())) != nil
    }
}
