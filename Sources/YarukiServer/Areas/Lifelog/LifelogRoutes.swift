import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Records (written, uploaded, read, deleted), a voice note's audio, and the timeline.
struct LifelogRoutes: RouteCollection {
    let lifelog: LifelogService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "lifelog")
        me.put("/v1/lifelog/records/{id}", Doc("Write a memo or check-in under the id my device made, or change any of my records",
                                               [200: "Changed", 201: "Written", 400: "A field is not valid", 404: "Not mine",
                                                422: "Fields that do not fit together (a memo without text, a check-in without a place)"]), write)
        let uploadAnswers = [200: "Already stored under this id", 201: "Stored", 400: "A field is not valid", 401: "Not signed in",
                             404: "The id is someone else's", 409: "The id is a record of another kind", 413: "Larger than the limit",
                             415: "Not a readable file of a kind it takes",
                             422: "Fields that do not fit together"]
        let uploadQuery: [Parameter] = [
            .id("id", "The record's id, as the device made it (a new one when left out)"),
            .text("occurredAt", LifelogRecordBody.occurredAtRule, "When, RFC 3339 with the offset of the place"),
            Parameter(name: "latitude", type: "number", rule: .number(-90...90), description: "Where: with longitude"),
            Parameter(name: "longitude", type: "number", rule: .number(-180...180), description: "Where: with latitude"),
            Parameter(name: "altitude", type: "number", rule: .number(-1000...10_000), description: "Metres, with latitude and longitude"),
            Parameter(name: "accuracy", type: "number", rule: .number(0...100_000), description: "Metres, with latitude and longitude"),
            .words("source", LifelogSource.allCases.map(\.rawValue), "What made it (web when left out)"),
            .text("text", .paragraph(max: LifelogDraft.maxText), "A caption, or a voice note's transcript"),
        ]
        me.post("/v1/lifelog/photos", Doc("""
            Add a photo to my lifelog (the body is the image: JPEG, PNG, WebP or HEIC). Its EXIF time and GPS position win over the query's; \
            the stored copies keep no metadata. The same id again returns the record.
            """, uploadAnswers, query: uploadQuery, upload: ["image/jpeg", "image/png", "image/webp", "image/heic"]), uploadPhoto)
        me.post("/v1/lifelog/voice", Doc("""
            Add a voice note (the body is the audio: M4A/AAC, WebM, Ogg, MP3 or WAV; text is the transcript). The same id again returns the record.
            """, uploadAnswers, query: uploadQuery.filter { $0.name != "altitude" },
            upload: ["audio/mp4", "audio/webm", "audio/ogg", "audio/mpeg", "audio/wav"]), uploadVoice)
        me.get("/v1/lifelog/records/{id}", Doc("One of my records", [200: "The record", 404: "Not mine, or none"]), record)
        me.delete("/v1/lifelog/records/{id}", Doc("Delete one of my records (its photo or audio goes when nothing else uses it)",
                                                  [204: "Deleted", 404: "Not mine, or none"]), delete)
        routes.media(tag: "lifelog").get("/v1/lifelog/records/{id}/audio", Doc("A voice note's audio, by a signed link or my token (Range requests welcome)",
                                                                              [200: "The audio", 206: "Part of it", 401: "A bad or expired link",
                                                                               404: "Not mine, or none"], produces: "audio/mp4"), audio)
        addReads(me)
    }

    /// The ways to look back: a range of days, a search, the same day in years before.
    private func addReads(_ me: RouteGroup<Principal>) {
        me.get("/v1/lifelog/search", Doc("My records whose text or place holds the words, newest first, across every day",
                                         [200: "A page of records", 400: "No words, or a bad limit or cursor"],
                                         query: [.text("q", FieldRule(minLength: 1, maxLength: 200), "The words"), .limit(), .cursor]), search)
        me.get("/v1/lifelog/timeline", Doc("My day, week or month, in my time zone: records, workouts and proofs in time order",
                                           [200: "The timeline", 400: "A bad range or date"],
                                           query: [.words("range", LifelogRange.Kind.allCases.map(\.rawValue), "day, week or month (day when left out)"),
                                                   .day("date", "A day of the range (today when left out)")]), timeline)
        me.get("/v1/lifelog/on-this-day", Doc("My records of the same date in each of the ten years before, newest first (\"On this day\")",
                                              [200: "The records", 400: "A bad date"], query: [.day("date", "The day (today when left out)")]), onThisDay)
    }

    func write(_ request: Request, _ me: Principal, _ body: LifelogRecordBody) async throws -> Reply<LifelogRecord> {
        let id = try request.id("id", "record")
        if let bodyID = body.id, bodyID != id {
            throw HTTPError(422, detail: "The id in the body differs from the path.", errors: [.init(field: "id", message: "must match the path")])
        }
        let draft = try LifelogService.draft(body, now: me.now)
        let (record, created, version) = try await lifelog.write(id, draft, by: me, ifVersion: try SyncVersions.expected(request))
        return Reply(record, status: created ? 201 : 200, headers: [SyncVersions.etag(version)])
    }

    func uploadPhoto(_ request: Request, _ me: Principal) async throws -> Reply<LifelogRecord> {
        let (record, created) = try await lifelog.upload(.photo, request.bodyFile, try LifelogRoutes.uploadFields(request), by: me)
        return Reply(record, status: created ? 201 : 200)
    }

    func uploadVoice(_ request: Request, _ me: Principal) async throws -> Reply<LifelogRecord> {
        let (record, created) = try await lifelog.upload(.voice, request.bodyFile, try LifelogRoutes.uploadFields(request), by: me)
        return Reply(record, status: created ? 201 : 200)
    }

    func search(_ request: Request, _ me: Principal) async throws -> Reply<Page<LifelogRecord>> {
        let text = PostDraft.normalize(request.queryItem("q") ?? "")
        guard !text.isEmpty else {
            throw HTTPError(400, detail: "Say what to search for.", errors: [.init(field: "q", message: "must hold a word")])
        }
        return Reply(try await lifelog.search(String(text.prefix(200)), before: Paging.cursor(request), limit: Paging.limit(request), me))
    }

    func record(_ request: Request, _ me: Principal) async throws -> Reply<LifelogRecord> {
        let (record, version) = try await lifelog.versioned(try request.id("id", "record"), me)
        return Reply(record, headers: [SyncVersions.etag(version)])
    }

    func delete(_ request: Request, _ me: Principal) async throws -> Response {
        try await lifelog.delete(try request.id("id", "record"), me, ifVersion: try SyncVersions.expected(request))
        return .noContent()
    }

    /// What an upload's query says of it (each item checked by its declaration).
    static func uploadFields(_ request: Request) throws -> LifelogService.UploadFields {
        var check = FieldCheck()
        let latitude = request.value("latitude", as: Double.self), longitude = request.value("longitude", as: Double.self)
        if (latitude == nil) != (longitude == nil) { check.conflict(latitude == nil ? "latitude" : "longitude", "is required with the other coordinate") }
        let time = request.queryItem("occurredAt")
        let occurredAt = time.flatMap(OffsetDateTime.parse)
        if time != nil, occurredAt == nil { check.fail("occurredAt", "is not an RFC 3339 date-time") }
        try check.done()
        return LifelogService.UploadFields(id: request.value("id", as: UUID.self), occurredAt: occurredAt, text: request.queryItem("text") ?? "",
                                           position: latitude.flatMap { lat in longitude.map { GeoPoint(latitude: lat, longitude: $0) } },
                                           altitude: request.value("altitude", as: Double.self), accuracy: request.value("accuracy", as: Double.self),
                                           source: request.value("source", as: LifelogSource.self) ?? .web)
    }

    func audio(_ request: Request, _ caller: MediaCaller) async throws -> FileReply {
        try await lifelog.voiceFile(try request.id("id", "record"), for: caller.restrictedTo)
    }

    func onThisDay(_ request: Request, _ me: Principal) async throws -> Reply<Items<LifelogRecord>> {
        let calendar = try await me.calendar()
        return Reply(Items(try await lifelog.onThisDay(request.queryItem("date") ?? calendar.day(of: me.now), calendar: calendar, me)))
    }

    func timeline(_ request: Request, _ me: Principal) async throws -> Reply<Timeline> {
        try await me.kept(request, tags: LifelogService.tags(me.userID)) {
            let account = try await me.account()
            let range = try LifelogService.range(request.value("range", as: LifelogRange.Kind.self), date: request.queryItem("date"),
                                                 calendar: PersonalCalendar(of: account), now: me.now)
            return try await lifelog.timeline(range, zone: TimeZone(identifier: account.timeZone) ?? .gmt, me)
        }
    }
}
