import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The lifelog: memos and check-ins (JSON, under the id the device made), photos and voice notes
/// (uploads), and the timeline of a day, week or month with workouts and proofs merged in. Only
/// the owner sees a record: anyone else gets 404.
struct LifelogService: Sendable {
    let context: AppContext
    let proofs: any ProofLog
    let workouts: any WorkoutLog
    /// Playback plans' parts, forgotten when the person's records change.
    let plans: PlaybackParts
    /// The named place the map has within a few tens of metres of a point (nil where there is
    /// none, or no map): what a new memo, photo or voice note is said to be at.
    var placeNear: @Sendable (GeoPoint) -> String? = { _ in nil }

    /// A new record's place, or a changed one's: a check-in's as given; any other kind's as given,
    /// empty to have none, or when left out what it was (a device that knows nothing of places
    /// keeps it), and for a new one the nearest named place.
    func placed(_ draft: LifelogDraft, before: LifelogDraft?) -> LifelogDraft {
        guard draft.kind != .checkin else { return draft }
        var placed = draft
        if let place = draft.place {
            placed.place = TextRule.isBlank(place) ? nil : place
        } else if let before {
            placed.place = before.place
        } else {
            placed.place = draft.position.flatMap(placeNear)
        }
        return placed
    }
    var database: Database { context.database }

    /// At most this many items in one timeline (a month of a very busy life).
    static let timelineLimit = 10_000

    func reply(_ r: LifelogStore.Record) -> LifelogRecord {
        var record = Self.stored(id: r.id, r.draft, createdAt: r.createdAt, updatedAt: r.updatedAt)
        record.photo = r.photo.map { photo($0) }
        record.voice = r.voice.map { voice($0, of: r.id) }
        return record
    }

    private func photo(_ p: LifelogStore.PhotoFile) -> LifelogPhoto {
        let links = context.photoLinks(p.sha256)
        return LifelogPhoto(width: p.width, height: p.height, url: links.url, thumbnailURL: links.thumbnail)
    }

    private func voice(_ v: MediaRow, of id: UUID) -> LifelogVoice {
        LifelogVoice(type: MediaFiles.Kind(rawValue: v.kind)?.contentType ?? "audio/mp4", size: v.size, durationMs: v.durationMs,
                     url: context.links.hourlyLink(LifelogService.audioPath(id)))
    }

    /// What is stored of a record for replies: all of it but the photo and the voice note, whose
    /// links are signed when they are read.
    static func stored(id: UUID, _ d: LifelogDraft, createdAt: Date, updatedAt: Date) -> LifelogRecord {
        LifelogRecord(id: id, kind: d.kind, occurredAt: d.occurredAt, day: d.occurredAt.day, text: d.text, place: d.place,
                      position: d.position.map { LifelogPosition(latitude: $0.latitude, longitude: $0.longitude, altitude: d.altitude, accuracy: d.accuracy) },
                      source: d.source, photo: nil, voice: nil, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// `stored`'s JSON: the record's `wire` in the store.
    static func wire(id: UUID, _ d: LifelogDraft, createdAt: Date, updatedAt: Date) throws -> String {
        try JSONBytes.text(stored(id: id, d, createdAt: createdAt, updatedAt: updatedAt))
    }

    /// A record's reply from its stored JSON, with its photo and voice note written in where
    /// `JSONEncoder` puts them (keys are sorted: `photo` right after `occurredAt`, whose value is
    /// the first that is not a fixed shape, and `voice` last); the same bytes as `reply`'s.
    func reply(_ w: LifelogStore.Written, wire: String) throws -> Prewritten<LifelogRecord> {
        guard w.photo != nil || w.voice != nil else { return Prewritten(json: wire) }
        let wire = Array(wire.utf8)
        var out = JSONWriter(capacity: wire.count + 512)
        var rest = wire[...].dropLast()  // without the closing brace
        if let p = w.photo {
            let split = Self.afterOccurredAt(wire)
            out.raw(bytes: rest[..<split])
            out.raw(#","photo":"#)
            try photo(p).writeJSON(to: &out)
            rest = rest[split...]
        }
        out.raw(bytes: rest)
        if let v = w.voice {
            out.raw(#","voice":"#)
            try voice(v, of: w.id).writeJSON(to: &out)
        }
        out.raw("}")
        return Prewritten(json: out.text)
    }

    /// Where `occurredAt`'s value ends in a stored record: the members before it are a date, a
    /// day, a UUID and a kind, so the first `"` after its opening one closes it.
    private static func afterOccurredAt(_ wire: [UInt8]) -> Int {
        let key = Array(#""occurredAt":""#.utf8)
        var i = 0
        while i + key.count <= wire.count, !wire[i..<(i + key.count)].elementsEqual(key) { i += 1 }
        i += key.count
        while i < wire.count, wire[i] != UInt8(ascii: "\"") { i += 1 }
        return min(i + 1, wire.count - 1)
    }

    /// Stores the JSON of records that have none, or one older than their last change (written
    /// before this was kept, or changed by an older node); how many it wrote.
    static func writeUnwritten(limit: Int, _ c: SQLConnection) throws -> Int {
        let stale = try LifelogStore.unwritten(limit: limit, c)
        for (_, r) in stale {
            try LifelogStore.setWire(r.id, try wire(id: r.id, r.draft, createdAt: r.createdAt, updatedAt: r.updatedAt), updatedAt: r.updatedAt, c)
        }
        return stale.count
    }

    /// What a person's timeline is made from, for kept replies.
    static func tags(_ user: UUID) -> [ReplyCache.Tag] { [changed(user), .account(user)] }

    /// What a write of a person's lifelog changes: theirs, not their account.
    static func changed(_ user: UUID) -> ReplyCache.Tag { .init("lifelog", user) }

    static func audioPath(_ id: UUID) -> String { "/v1/lifelog/records/\(id.lowercasedString)/audio" }

    /// A memo or check-in as a PUT body says it, checked (400 or 422 naming the field).
    static func draft(_ body: LifelogRecordBody, now: Date) throws -> LifelogDraft {
        var check = FieldCheck()
        let kind = LifelogKind(rawValue: body.kind)
        if kind == nil { check.fail("kind", "must be memo, checkin, photo or voice") }
        let source = LifelogSource(rawValue: body.source ?? "web")
        if source == nil { check.fail("source", "must be phone, watch, web or import") }
        try check.done()
        guard let kind, let source else { throw Refusal.bug() }
        let p = body.position
        let draft = LifelogDraft(kind: kind, occurredAt: body.occurredAt, text: body.text ?? "", place: body.place,
                                 position: p.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }, altitude: p?.altitude,
                                 accuracy: p?.accuracy, source: source)
        try FieldCheck(LifelogDraft.check(draft, now: now)).done()
        return draft
    }

    /// Writes a memo or check-in under the device's id, or changes any record of the person's, in
    /// the caller's transaction (`ifVersion`: 412 unless the record is at that version).
    /// Returns whether the record is new.
    @discardableResult
    func save(_ id: UUID, _ draft: LifelogDraft, user: UUID, now: Date, ifVersion: Int64? = nil, _ c: SQLConnection) throws -> Bool {
        if try LifelogStore.isOthers(id, user: user, c) { throw Refusal.notFound("No such record.") }
        let before = try LifelogStore.record(id, user: user, c)
        let draft = placed(draft, before: before?.draft)
        try SyncVersions.require(ifVersion, user: user, .lifelog, id, c) { try before.map { try SyncVersions.json(reply($0)) } }
        if let before {
            guard before.draft.kind == draft.kind else {
                throw Refusal(.unprocessable, "A record keeps its kind.", fields: [.init(field: "kind", message: "must stay \(before.draft.kind.rawValue)")])
            }
            _ = try LifelogStore.update(id, user: user, draft, at: now, wire: try Self.wire(id: id, draft, createdAt: before.createdAt, updatedAt: now), c)
        } else {
            guard draft.kind == .memo || draft.kind == .checkin else {
                throw Refusal(.unprocessable, "Photos and voice notes begin as uploads.",
                              fields: [.init(field: "kind", message: "is made by POST /v1/lifelog/\(draft.kind == .photo ? "photos" : "voice")")])
            }
            try LifelogStore.insert(id: id, user: user, draft, at: now, wire: try Self.wire(id: id, draft, createdAt: now, updatedAt: now), c)
        }
        return before == nil
    }

    /// Writes through `save` in a transaction of its own; the record, whether it is new, and its version.
    func write(_ id: UUID, _ draft: LifelogDraft, by principal: Principal, ifVersion: Int64? = nil) async throws -> (LifelogRecord, created: Bool, version: Int64) {
        let (user, now) = (principal.userID, context.now)
        let (record, created, version) = try await context.transaction(changing: [LifelogService.changed(user)], nudging: .lifelog) { c in
            let created = try save(id, draft, user: user, now: now, ifVersion: ifVersion, c)
            guard let record = try LifelogStore.record(id, user: user, c) else { throw Refusal.bug() }
            return ((record, created, try SyncVersions.version(user: user, .lifelog, id, c)), nudge: [user])
        }
        plans.forget(user: user)
        return (reply(record), created, version)
    }

    /// The record, for its owner (or a link signed for its audio: `user` nil); 404 otherwise.
    func record(_ id: UUID, for user: UUID?) async throws -> LifelogStore.Record {
        guard let record = try await database.read({ c in try LifelogStore.record(id, user: user, c) }) else {
            throw Refusal.notFound("No such record.")
        }
        return record
    }

    /// A record's voice note, to its owner or a link signed for it (`user` nil).
    func voiceFile(_ id: UUID, for user: UUID?) async throws -> FileReply {
        guard let voice = try await record(id, for: user).voice, let kind = MediaFiles.Kind(rawValue: voice.kind) else {
            throw Refusal.notFound("No such voice note.")
        }
        return context.media.file(voice.sha256, kind, cacheControl: "private, max-age=3600")
    }

    /// My records whose text or place holds `text`, newest first, across every day.
    func search(_ text: String, before cursor: (Date, UUID)?, limit: Int, _ principal: Principal) async throws -> Page<LifelogRecord> {
        let user = principal.userID
        let rows = try await database.read { c in try LifelogStore.search(user: user, text: text, before: cursor, limit: limit + 1, c) }
        return Paging.page(rows, limit: limit, key: { ($0.draft.occurredAt.date, $0.id) }) { reply($0) }
    }

    /// The owner's record with its version.
    func versioned(_ id: UUID, _ principal: Principal) async throws -> (LifelogRecord, version: Int64) {
        let user = principal.userID
        guard let (record, version) = try await database.read({ c in
            try LifelogStore.record(id, user: user, c).map { ($0, try SyncVersions.version(user: user, .lifelog, id, c)) }
        }) else { throw Refusal.notFound("No such record.") }
        return (reply(record), version)
    }

    /// Deletes a record of the person's in the caller's transaction, leaving a tombstone; what to
    /// do once it has committed (its photo or audio goes when nothing else uses it).
    func remove(_ id: UUID, user: UUID, now: Date, ifVersion: Int64? = nil, _ c: SQLConnection) throws -> SyncEffects? {
        try SyncVersions.require(ifVersion, user: user, .lifelog, id, c) { try LifelogStore.record(id, user: user, c).map { try SyncVersions.json(reply($0)) } }
        let (deleted, photo, voice) = try LifelogStore.delete(id, user: user, at: now, c)
        guard deleted else { return nil }
        let (context, plans) = (self.context, self.plans)
        return SyncEffects(tags: [LifelogService.changed(user)], afterwards: [{
            plans.forget(user: user)
            if let photo { context.photos.remove(photo) }
            if let voice, let kind = MediaFiles.Kind(rawValue: voice.kind) { context.media.remove(voice.sha256, kind) }
        }])
    }

    func delete(_ id: UUID, _ principal: Principal, ifVersion: Int64? = nil) async throws {
        let now = context.now
        guard let effects = try await context.transaction(changing: [LifelogService.changed(principal.userID)], nudging: .lifelog, { c in
            let effects = try remove(id, user: principal.userID, now: now, ifVersion: ifVersion, c)
            return (effects, nudge: effects == nil ? [] : [principal.userID])
        }) else { throw Refusal.notFound("No such record.") }
        for work in effects.afterwards { work() }
    }

    /// A day, week or month: records, workouts and proofs in time order (ties: workouts, their
    /// proofs, then records), at most `timelineLimit`.
    func timeline(_ range: LifelogRange, zone: TimeZone, _ principal: Principal) async throws -> Timeline {
        let (user, limit) = (principal.userID, LifelogService.timelineLimit)
        // The three asked together: one round trip on PostgreSQL.
        let (records, workouts, proofRows, unwritten) = try await database.readTogether { c in
            let (recordsLater, workoutsLater, proofsLater) = (try LifelogStore.writtenLater(user: user, from: range.start, to: range.stop, limit: limit + 1, c),
                                                              try self.workouts.writtenWorkouts(user: user, from: range.start, to: range.stop, limit: limit + 1, c),
                                                              try proofs.proofs(user: user, from: range.start, to: range.stop, c))
            return Later {
                let records = try recordsLater.value()
                // Records stored before their JSON was kept: read once the answers are in (rare).
                let missing = records.prefix(limit).filter { $0.wire == nil }.map(\.id)
                return (records, try workoutsLater.value(), try proofsLater.value(),
                        missing.isEmpty ? [:] : Dictionary(try LifelogStore.records(ids: missing, user: user, c).map { ($0.id, $0) }) { a, _ in a })
            }
        }
        func at(_ date: Date) -> OffsetDateTime { OffsetDateTime(date: date, utcOffset: zone.secondsFromGMT(for: date)) }
        // Placed by small keys first (each item is a large value to move); then only the items
        // shown are made, once each, in their order. Ties: workouts, proofs, then records.
        let (workoutRank, proofRank, recordRank) = (0, 1, 2)
        let shown = records.indices.prefix(limit).filter { records[$0].wire != nil || unwritten[records[$0].id] != nil }
        var places: [(at: Date, rank: Int, index: Int)] = []
        places.reserveCapacity(shown.count + min(limit, workouts.count) + proofRows.count)
        places += shown.map { (records[$0].occurredAt.date, recordRank, $0) }
        places += workouts.indices.prefix(limit).map { (workouts[$0].startedAt, workoutRank, $0) }
        places += proofRows.indices.map { (proofRows[$0].0.recordedAt, proofRank, $0) }
        places.sort { $0.at == $1.at ? ($0.rank, $0.index) < ($1.rank, $1.index) : $0.at < $1.at }
        var items: [TimelineItem] = []
        items.reserveCapacity(min(limit, places.count))
        for place in places.prefix(limit) {
            switch place.rank {
            case workoutRank: items.append(.workout(workouts[place.index].json, at: at(workouts[place.index].startedAt)))
            case proofRank:
                let (proof, media) = proofRows[place.index]
                items.append(.proof(proofs.info(proof, media), at: at(proof.recordedAt)))
            default:
                let w = records[place.index]
                if let wire = w.wire {
                    items.append(TimelineItem(type: "record", at: w.occurredAt, record: try reply(w, wire: wire)))
                } else if let record = unwritten[w.id] {
                    items.append(try .record(reply(record)))
                }
            }
        }
        return Timeline(range: range.kind, first: range.first, last: range.last, previous: range.previous, next: range.next, timeZone: zone.ianaName,
                        items: items, truncated: records.count > limit || workouts.count > limit || places.count > limit)
    }

    /// "On this day": my records of the same date in each of the ten years before `day`, newest
    /// first, each year's day in my calendar (a 29 February looks back only to leap years).
    func onThisDay(_ day: String, calendar: PersonalCalendar, _ principal: Principal) async throws -> [LifelogRecord] {
        guard let year = Int(day.prefix(4)), PersonalCalendar.accepts(day) else {
            throw Refusal.malformed("'\(day)' is not a date.", fields: [.init(field: "date", message: "must be a date like 2026-11-30")])
        }
        let days = (1...10).map { String(format: "%04d", year - $0) + day.dropFirst(4) }.filter(PersonalCalendar.accepts)
        let ranges = days.compactMap { past -> (Date, Date)? in
            guard let start = calendar.start(ofDay: past), let number = DayNumber.of(past),
                  let end = calendar.start(ofDayNumber: number + 1) else { return nil }
            return (start, end)
        }
        let user = principal.userID
        let rows = try await database.read { c in
            try ranges.flatMap { try LifelogStore.records(user: user, from: $0.0, to: $0.1, limit: 50, c).reversed() }
        }
        return rows.map { reply($0) }
    }

    /// The range asked for: a day, week or month (a day when left out) around `date` (today when left out).
    static func range(_ kind: LifelogRange.Kind?, date: String?, calendar: PersonalCalendar, now: Date) throws -> LifelogRange {
        guard let range = LifelogRange(kind ?? .day, date: date ?? calendar.day(of: now), calendar: calendar) else {
            throw Refusal.malformed("'\(date ?? "")' is not a date.", fields: [.init(field: "date", message: "must be a date like 2026-11-30")])
        }
        return range
    }
}
