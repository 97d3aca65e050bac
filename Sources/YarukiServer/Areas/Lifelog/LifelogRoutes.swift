import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The lifelog: memos and check-ins (JSON, under the id the device made), photos and voice notes
/// (uploads), and the timeline of a day, week or month with workouts and proofs merged in. Only
/// the owner sees a record: anyone else gets 404.
struct LifelogRoutes {
    let auth: AuthService
    let media: MediaStore
    let photos: PhotoStore
    let proofs: ProofRoutes
    /// Playback plans' parts, forgotten when the person's records change.
    let plans = PlaybackRoutes.PartsCache()
    var database: Database { auth.database }

    struct Position: Codable, Equatable {
        var latitude: Double
        var longitude: Double
        var altitude: Double?
        var accuracy: Double?
    }

    struct RecordBody: Decodable {
        var id: UUID?
        var kind: String
        var occurredAt: OffsetDateTime
        var text: String?
        var place: String?
        var position: Position?
        var source: String?
    }

    struct PhotoReply: Encodable {
        var width: Int
        var height: Int
        var url: String
        var thumbnailURL: String
    }

    struct VoiceReply: Encodable {
        var type: String
        var size: Int
        var durationMs: Int?
        var url: String
    }

    struct RecordReply: Encodable {
        var id: UUID
        var kind: LifelogKind
        var occurredAt: OffsetDateTime
        /// The local date it happened on, where it happened.
        var day: String
        var text: String
        var place: String?
        var position: Position?
        var source: LifelogSource
        var photo: PhotoReply?
        var voice: VoiceReply?
        var createdAt: Date
        var updatedAt: Date
    }

    func reply(_ r: LifelogStore.Record, user: UUID) -> RecordReply {
        let d = r.draft
        return RecordReply(id: r.id, kind: d.kind, occurredAt: d.occurredAt, day: d.occurredAt.day, text: d.text, place: d.place,
                           position: d.position.map { Position(latitude: $0.latitude, longitude: $0.longitude, altitude: d.altitude, accuracy: d.accuracy) },
                           source: d.source,
                           photo: r.photo.map { PhotoReply(width: $0.width, height: $0.height, url: auth.photoLink($0.sha256, .display),
                                                           thumbnailURL: auth.photoLink($0.sha256, .thumbnail)) },
                           voice: r.voice.map { VoiceReply(type: MediaStore.Kind(rawValue: $0.kind)?.contentType ?? "audio/mp4", size: $0.size,
                                                           durationMs: $0.durationMs, url: audioLink(r.id, user: user)) },
                           createdAt: r.createdAt, updatedAt: r.updatedAt)
    }

    // MARK: voice links

    /// A voice note's audio, signed for the owner until the end of the next hour (an `<audio>`
    /// element sends no bearer token).
    func audioLink(_ id: UUID, user: UUID) -> String {
        let expires = auth.hourlyLinkExpiry()
        return "/v1/lifelog/records/\(id.uuidString.lowercased())/audio?expires=\(expires)&sig=\(audioSignature(id, user: user, expires: expires))"
    }

    func audioSignature(_ id: UUID, user: UUID, expires: Int) -> String {
        auth.linkSignature("lifelog-audio", "\(id.uuidString.lowercased())|\(user.uuidString.lowercased())|\(expires)")
    }

    // MARK: reading requests

    static func recordID(_ request: Request) throws -> UUID {
        guard let id = UUID(uuidString: try request.parameter("id")) else { throw HTTPError.notFound("No such record.") }
        return id
    }

    /// The draft a JSON body describes, or the 400 that names every wrong field.
    func draft(_ body: RecordBody, now: Date) throws -> LifelogDraft {
        var check = FieldCheck()
        let kind = LifelogKind(rawValue: body.kind)
        if kind == nil { check.fail("kind", "must be memo, checkin, photo or voice") }
        let source = LifelogSource(rawValue: body.source ?? "web")
        if source == nil { check.fail("source", "must be phone, watch, web or import") }
        try check.done()
        let p = body.position
        let d = LifelogDraft(kind: kind!, occurredAt: body.occurredAt, text: body.text ?? "", place: body.place,
                             position: p.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }, altitude: p?.altitude,
                             accuracy: p?.accuracy, source: source!)
        try FieldCheck(LifelogDraft.check(d, now: now)).done()
        return d
    }

    /// The fields of an upload, sent in the query: what the device knows, which the file's own
    /// metadata may replace.
    struct UploadFields {
        var id: UUID?
        var occurredAt: OffsetDateTime?
        var text: String
        var position: GeoPoint?
        var altitude: Double?
        var accuracy: Double?
        var source: LifelogSource
    }

    static func uploadFields(_ request: Request) throws -> UploadFields {
        var check = FieldCheck()
        func number(_ name: String) -> Double? {
            guard let text = request.queryItem(name) else { return nil }
            guard let value = Double(text), value.isFinite else { check.fail(name, "is not a number"); return nil }
            return value
        }
        let id = request.queryItem("id")
        let parsedID = id.flatMap(UUID.init(uuidString:))
        if id != nil, parsedID == nil { check.fail("id", "is not a UUID") }
        let time = request.queryItem("occurredAt")
        let occurredAt = time.flatMap(OffsetDateTime.parse)
        if time != nil, occurredAt == nil { check.fail("occurredAt", "is not an RFC 3339 date-time") }
        let latitude = number("latitude"), longitude = number("longitude")
        if (latitude == nil) != (longitude == nil) { check.fail(latitude == nil ? "latitude" : "longitude", "is required with the other coordinate") }
        let source = LifelogSource(rawValue: request.queryItem("source") ?? "web")
        if source == nil { check.fail("source", "must be phone, watch, web or import") }
        let fields = UploadFields(id: parsedID, occurredAt: occurredAt, text: request.queryItem("text") ?? "",
                                  position: latitude.flatMap { lat in longitude.map { GeoPoint(latitude: lat, longitude: $0) } },
                                  altitude: number("altitude"), accuracy: number("accuracy"), source: source ?? .web)
        try check.done()
        return fields
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

    /// An upload under an id already stored: the same record again (a retry), or 404 when it is
    /// someone else's.
    func existing(_ id: UUID?, user: UUID) async throws -> LifelogStore.Record? {
        guard let id else { return nil }
        return try await database.read { c in
            if try LifelogStore.isOthers(id, user: user, c) { throw HTTPError.notFound("No such record.") }
            return try LifelogStore.record(id, user: user, c)
        }
    }

    static let recordSchema = OpenAPI.object(["id": .string, "kind": .string, "occurredAt": .string, "day": .string, "text": .string,
                                              "place": .string, "position": .object, "source": .string, "photo": .object, "voice": .object,
                                              "createdAt": .string, "updatedAt": .string],
                                             required: ["id", "kind", "occurredAt", "day", "text", "source", "createdAt", "updatedAt"])
    static let recordBodySchema = OpenAPI.object(["id": .string, "kind": .string, "occurredAt": .string, "text": .string, "place": .string,
                                                  "position": .object, "source": .string], required: ["kind", "occurredAt"])

    func add(to router: inout Router) {
        let routes = self

        router.put("/v1/lifelog/records/{id}", RouteDoc("Write a memo or check-in under the id my device made, or change any of my records",
                                                        tag: "lifelog",
                                                        responses: [200: "Changed", 201: "Written", 400: "A field is not valid", 404: "Not mine"],
                                                        requestBody: Self.recordBodySchema, responseBody: Self.recordSchema,
                                                        authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try LifelogRoutes.recordID(request)
            let body = try request.decode(RecordBody.self)
            if let bodyID = body.id, bodyID != id {
                throw HTTPError.badRequest("The id in the body differs from the path.", errors: [.init(field: "id", message: "must match the path")])
            }
            let now = routes.auth.clock()
            let draft = try routes.draft(body, now: now)
            let (record, created) = try await routes.database.transaction { c -> (LifelogStore.Record, Bool) in
                if try LifelogStore.isOthers(id, user: principal.userID, c) { throw HTTPError.notFound("No such record.") }
                let before = try LifelogStore.record(id, user: principal.userID, c)
                if let before {
                    guard before.draft.kind == draft.kind else {
                        throw HTTPError.badRequest("A record keeps its kind.", errors: [.init(field: "kind", message: "must stay \(before.draft.kind.rawValue)")])
                    }
                    _ = try LifelogStore.update(id, user: principal.userID, draft, at: now, c)
                } else {
                    guard draft.kind == .memo || draft.kind == .checkin else {
                        throw HTTPError.badRequest("Photos and voice notes begin as uploads.",
                                                   errors: [.init(field: "kind", message: "is made by POST /v1/lifelog/\(draft.kind == .photo ? "photos" : "voice")")])
                    }
                    try LifelogStore.insert(id: id, user: principal.userID, draft, at: now, c)
                }
                guard let saved = try LifelogStore.record(id, user: principal.userID, c) else { throw HTTPError.internal() }
                return (saved, before == nil)
            }
            routes.plans.forget(user: principal.userID)
            return try .json(routes.reply(record, user: principal.userID), status: created ? 201 : 200)
        }

        router.post("/v1/lifelog/photos", RouteDoc("""
            Add a photo to my lifelog (the body is the image; ?id=&occurredAt=&latitude=&longitude=&altitude=&accuracy=&source=&text=). \
            Its EXIF time and GPS position win over the query's; the stored copies keep no metadata. The same id again returns the record.
            """, tag: "lifelog", responses: [200: "Already stored under this id", 201: "Stored", 400: "A field is not valid or the image is unreadable",
                                             401: "Not signed in", 404: "The id is someone else's", 413: "Larger than the photo limit",
                                             415: "Not JPEG, PNG, WebP or HEIC"],
            responseBody: Self.recordSchema, authenticated: true)) { request in
            try await routes.upload(request, kind: .photo)
        }

        router.post("/v1/lifelog/voice", RouteDoc("""
            Add a voice note (the body is the audio: M4A/AAC, WebM, Ogg, MP3 or WAV; ?id=&occurredAt=&latitude=&longitude=&accuracy=&source=&text= \
            where text is the transcript). The same id again returns the record.
            """, tag: "lifelog", responses: [200: "Already stored under this id", 201: "Stored", 400: "A field is not valid", 401: "Not signed in",
                                             404: "The id is someone else's", 413: "Larger than the voice limit", 415: "Not audio"],
            responseBody: Self.recordSchema, authenticated: true)) { request in
            try await routes.upload(request, kind: .voice)
        }

        router.get("/v1/lifelog/records/{id}", RouteDoc("One of my records", tag: "lifelog", responses: [200: "The record", 404: "Not mine, or none"],
                                                        responseBody: Self.recordSchema, authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try LifelogRoutes.recordID(request)
            guard let record = try await routes.database.read({ c in try LifelogStore.record(id, user: principal.userID, c) }) else {
                throw HTTPError.notFound("No such record.")
            }
            return try .json(routes.reply(record, user: principal.userID))
        }

        router.delete("/v1/lifelog/records/{id}", RouteDoc("Delete one of my records (its photo or audio goes when nothing else uses it)",
                                                           tag: "lifelog", responses: [204: "Deleted", 404: "Not mine, or none"],
                                                           authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let id = try LifelogRoutes.recordID(request)
            let (deleted, photo, voice) = try await routes.database.transaction { c in try LifelogStore.delete(id, user: principal.userID, c) }
            guard deleted else { throw HTTPError.notFound("No such record.") }
            routes.plans.forget(user: principal.userID)
            if let photo { routes.photos.remove(photo) }
            if let voice, let kind = MediaStore.Kind(rawValue: voice.kind) { routes.media.remove(voice.sha256, kind) }
            return .noContent()
        }

        router.get("/v1/lifelog/records/{id}/audio", RouteDoc("A voice note's audio, by a signed link or my token (Range requests welcome)",
                                                              tag: "lifelog",
                                                              responses: [200: "The audio", 206: "Part of it", 401: "A bad or expired link",
                                                                          404: "Not mine, or none"],
                                                              produces: "audio/mp4", authenticated: true)) { request in
            let id = try LifelogRoutes.recordID(request)
            let user = try await routes.auth.mediaOwner(
                request, expired: "This link has expired. Load the page again for a fresh one.",
                lookup: { c in try c.queryOne("SELECT user_id FROM lifelog_records WHERE id = ?", id)?.uuid("user_id") },
                signature: { owner, expires in routes.audioSignature(id, user: owner, expires: expires) })
            guard let record = try await routes.database.read({ c in try LifelogStore.record(id, user: user, c) }),
                  let voice = record.voice, let kind = MediaStore.Kind(rawValue: voice.kind) else { throw HTTPError.notFound("No such voice note.") }
            return try StaticFiles.file(at: routes.media.path(voice.sha256, kind), contentType: kind.contentType,
                                        cacheControl: "private, max-age=3600", for: request)
        }

        router.get("/v1/lifelog/timeline", RouteDoc("""
            My day, week or month (?range=day|week|month&date=YYYY-MM-DD, in my time zone; today by default): records, workouts and proofs \
            in time order
            """, tag: "lifelog", responses: [200: "The timeline", 400: "A bad range or date"],
            responseBody: OpenAPI.object(["range": .string, "first": .string, "last": .string, "previous": .string, "next": .string,
                                          "timeZone": .string, "items": .array(.object), "truncated": .boolean]),
            authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let account = try await routes.auth.account(principal)
            let zone = TimeZone(identifier: account.timeZone) ?? .gmt
            let range = try LifelogRoutes.range(request, calendar: PersonalCalendar(timeZone: zone, weekStart: account.weekStart),
                                                now: routes.auth.clock())
            let limit = LifelogRoutes.timelineLimit
            let (records, workouts, proofs) = try await routes.database.read { c in
                (try LifelogStore.records(user: principal.userID, from: range.start, to: range.stop, limit: limit + 1, c),
                 try TrainingStore.workouts(user: principal.userID, from: range.start, to: range.stop, after: nil, limit: limit + 1, c),
                 try ProofStore.proofs(user: principal.userID, from: range.start, to: range.stop, c))
            }
            var items: [TimelineItem] = records.prefix(limit).map { .record(routes.reply($0, user: principal.userID)) }
            items += workouts.prefix(limit).map {
                .workout($0, at: OffsetDateTime(date: $0.startedAt, utcOffset: zone.secondsFromGMT(for: $0.startedAt)))
            }
            items += proofs.map {
                .proof(routes.proofs.reply($0.0, $0.1, user: principal.userID),
                       at: OffsetDateTime(date: $0.0.recordedAt, utcOffset: zone.secondsFromGMT(for: $0.0.recordedAt)))
            }
            items.sort { $0.at == $1.at ? $0.order < $1.order : $0.at < $1.at }
            let truncated = records.count > limit || workouts.count > limit || items.count > limit
            return try .json(Timeline(range: range.kind, first: range.first, last: range.last, previous: range.previous, next: range.next,
                                      timeZone: zone.identifier, items: Array(items.prefix(limit)), truncated: truncated))
        }
    }

    /// At most this many items in one timeline (a month of a very busy life).
    static let timelineLimit = 10_000

    /// The range a request names (`range`, `date`), today's day by default.
    static func range(_ request: Request, calendar: PersonalCalendar, now: Date) throws -> LifelogRange {
        var check = FieldCheck()
        let kind = LifelogRange.Kind(rawValue: request.queryItem("range") ?? "day")
        if kind == nil { check.fail("range", "must be day, week or month") }
        let date = request.queryItem("date") ?? calendar.day(of: now)
        let range = kind.flatMap { LifelogRange($0, date: date, calendar: calendar) }
        if kind != nil, range == nil { check.fail("date", "must be a date like 2026-11-30") }
        try check.done()
        return range!
    }

    struct Timeline: Encodable {
        var range: LifelogRange.Kind
        var first: String
        var last: String
        var previous: String
        var next: String
        var timeZone: String
        var items: [TimelineItem]
        var truncated: Bool
    }

    /// One thing that happened: `{"type": "record", "at": …, "record": {…}}` (or workout, proof).
    enum TimelineItem: Encodable {
        case record(RecordReply)
        case workout(Workout, at: OffsetDateTime)
        case proof(ProofRoutes.ProofReply, at: OffsetDateTime)

        var at: OffsetDateTime {
            switch self {
            case let .record(r): r.occurredAt
            case let .workout(_, at), let .proof(_, at): at
            }
        }

        /// Ties in time: workouts first, then their proofs, then records.
        var order: Int {
            switch self {
            case .workout: 0
            case .proof: 1
            case .record: 2
            }
        }

        enum Keys: String, CodingKey { case type, at, record, workout, proof }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(at, forKey: .at)
            switch self {
            case let .record(r):
                try c.encode("record", forKey: .type)
                try c.encode(r, forKey: .record)
            case let .workout(w, _):
                try c.encode("workout", forKey: .type)
                try c.encode(w, forKey: .workout)
            case let .proof(p, _):
                try c.encode("proof", forKey: .type)
                try c.encode(p, forKey: .proof)
            }
        }
    }

    /// A photo or voice note upload: checked, its file stored, then its record in one transaction.
    /// A file no record ends up using is removed again.
    func upload(_ request: Request, kind: LifelogKind) async throws -> Response {
        let principal = try await auth.authenticate(request)
        let account = try await auth.account(principal)
        let fields = try LifelogRoutes.uploadFields(request)
        if let record = try await existing(fields.id, user: principal.userID) {
            return try .json(reply(record, user: principal.userID))
        }
        guard let file = request.bodyFile else {
            throw HTTPError.badRequest("Send the \(kind == .photo ? "photo" : "audio") as the request body.",
                                       errors: [.init(field: "body", message: "is required")])
        }
        let now = auth.clock()
        let zone = TimeZone(identifier: account.timeZone) ?? .gmt
        // The device's own fields are checked before any work on the file.
        let sent = LifelogRoutes.uploadDraft(kind, fields, exif: nil, zone: zone, now: now)
        try FieldCheck(LifelogDraft.check(sent, now: now)).done()
        var photo: LifelogStore.PhotoFile?
        var voice: ProofStore.MediaRow?
        var draft = sent
        if kind == .photo {
            let exif = try await media.tools.run { () -> PhotoMetadata? in
                guard let handle = FileHandle(forReadingAtPath: file.path) else { return nil }
                defer { try? handle.close() }
                return PhotoMetadata.read([UInt8](handle.readData(ofLength: 1 << 20)))
            }
            draft = LifelogRoutes.uploadDraft(kind, fields, exif: exif, zone: zone, now: now)
            let stored = try await photos.ingest(file)
            photo = LifelogStore.PhotoFile(sha256: stored.sha256, width: stored.width, height: stored.height)
        } else {
            let stored = try await media.ingest(file, as: .audio)
            voice = ProofStore.MediaRow(sha256: stored.sha256, kind: stored.kind.rawValue, size: stored.size, durationMs: stored.durationMs,
                                        hasThumbnail: false)
        }
        let id = fields.id ?? UUID()
        do {
            try FieldCheck(LifelogDraft.check(draft, now: now)).done()
            let (record, created) = try await database.transaction { c -> (LifelogStore.Record, Bool) in
                if try LifelogStore.isOthers(id, user: principal.userID, c) { throw HTTPError.notFound("No such record.") }
                // A retry that raced this one: the first stored wins.
                if let record = try LifelogStore.record(id, user: principal.userID, c) { return (record, false) }
                try LifelogStore.insert(id: id, user: principal.userID, draft, photo: photo, voice: voice, at: now, c)
                guard let saved = try LifelogStore.record(id, user: principal.userID, c) else { throw HTTPError.internal() }
                return (saved, true)
            }
            if created { plans.forget(user: principal.userID) } else { try await removeIfUnused(photo: photo, voice: voice) }
            return try .json(reply(record, user: principal.userID), status: created ? 201 : 200)
        } catch {
            try? await removeIfUnused(photo: photo, voice: voice)
            throw error
        }
    }

    private func removeIfUnused(photo: LifelogStore.PhotoFile?, voice: ProofStore.MediaRow?) async throws {
        let (photoFree, voiceFree) = try await database.read { c in
            (try photo.map { try !PostStore.unusedFiles([$0.sha256], c).isEmpty } ?? false,
             try voice.map { try ProofStore.mediaUnused($0.sha256, c) } ?? false)
        }
        if photoFree, let photo { photos.remove(photo.sha256) }
        if voiceFree, let voice, let kind = MediaStore.Kind(rawValue: voice.kind) {
            // The media row may exist without users only inside a failed transaction, which rolled back.
            media.remove(voice.sha256, kind)
        }
    }
}
