import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiStore

/// One area's syncable records (lifelog records, workouts, routines), declared by the area: how
/// to read them as the API shows them, and how to write and delete them inside sync's
/// transaction through the same code the area's own routes use. Sync knows none of their tables.
protocol SyncZone: Sendable {
    /// A pushed record's fields, read and checked.
    associatedtype Draft: Sendable
    var zone: SyncStore.Zone { get }
    /// The `type` a pushed record of this zone carries.
    var recordType: String { get }
    /// The person's records among `ids`, as the API shows them.
    func records(_ ids: [UUID], user: UUID, _ c: SQLConnection) throws -> [UUID: JSONValue]
    /// Pushed fields read and checked as the area's PUT would (throwing a 4xx problem), before
    /// any transaction.
    func prepare(_ fields: JSONValue, id: UUID, user: UUID, now: Date) throws -> Draft
    /// Writes one record in the batch's transaction, as the area's PUT would.
    func write(_ id: UUID, _ draft: Draft, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncEffects
    /// Writes records the server has never had, together, each noted with its stamp; their
    /// versions in order. Throws when any one cannot be written as new (sync then writes them
    /// one at a time, to say which). A zone without a way of its own writes them one by one.
    func create(_ records: [(id: UUID, draft: Draft, stamp: SyncStore.Stamp)], user: UUID, now: Date,
                _ c: SQLConnection) throws -> (SyncEffects, [Int64])
    /// Deletes the person's record in the batch's transaction (nothing when it is gone already).
    func delete(_ id: UUID, user: UUID, now: Date, _ c: SQLConnection) throws -> SyncEffects
}

extension SyncZone {
    func create(_ records: [(id: UUID, draft: Draft, stamp: SyncStore.Stamp)], user: UUID, now: Date,
                _ c: SQLConnection) throws -> (SyncEffects, [Int64]) {
        var effects = SyncEffects()
        var versions: [Int64] = []
        for (id, draft, stamp) in records {
            let effect = try write(id, draft, user: user, now: now, c)
            effects.tags += effect.tags
            effects.afterwards += effect.afterwards
            guard let version = try SyncStore.noteChange(user: user, zone, id, stamp, c) else { throw Refusal.bug() }
            versions.append(version)
        }
        return (effects, versions)
    }
}

/// What a write or delete leaves for after its transaction: kept replies to forget, caches and
/// files to let go of.
struct SyncEffects: Sendable {
    var tags: [ReplyCache.Tag] = []
    var afterwards: [@Sendable () -> Void] = []
}

/// Optimistic concurrency for the areas' own PUTs and DELETEs: `If-Match` names the version the
/// client last saw (`"v12"` as the record's ETag gives it, or `12`); another version answers 412
/// with the record as it now stands.
enum SyncVersions {
    /// The version `If-Match` names; nil when the header is absent (or `*`). 400 for anything else.
    static func expected(_ request: Request) throws -> Int64? {
        guard let header = request.headers["If-Match"]?.trimmingCharacters(in: .whitespaces), header != "*" else { return nil }
        var text = Substring(header)
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = text.dropFirst().dropLast() }
        if text.hasPrefix("v") { text = text.dropFirst() }
        guard let version = Int64(text), version >= 0 else {
            throw Refusal.malformed("If-Match must name a record's version, as its ETag gives it (\"v12\").")
        }
        return version
    }

    /// The ETag a record's reply carries: its version.
    static func etag(_ version: Int64) -> (String, String) { ("ETag", "\"v\(version)\"") }

    /// Throws 412 with the current record when the record's version is not `expected`.
    static func require(_ expected: Int64?, user: UUID, _ zone: SyncStore.Zone, _ id: UUID, _ c: SQLConnection,
                        current: () throws -> JSONValue?) throws {
        guard let expected else { return }
        let entry = try SyncStore.entry(user: user, zone, id, c)
        let version = entry?.version ?? 0
        guard version != expected else { return }
        var problem = Refusal(.stale, entry?.deleted == true ? "The record was deleted (version \(version))."
                              : "The record is at version \(version), not \(expected).")
        problem.extensions = ["version": version, "deleted": entry?.deleted ?? (version == 0), "current": try current() ?? JSONValue.null]
        throw problem
    }

    /// The record's version now (0 when it has none).
    static func version(user: UUID, _ zone: SyncStore.Zone, _ id: UUID, _ c: SQLConnection) throws -> Int64 {
        try SyncStore.entry(user: user, zone, id, c)?.version ?? 0
    }

    /// An API value as JSON, for a change's record or a 412's current one.
    static func json(_ value: some Encodable) throws -> JSONValue {
        try JSONCoding.decoder.decode(JSONValue.self, from: JSONCoding.encoder.encode(value))
    }
}

/// Pushed fields read as the zone's PUT body: a field of the wrong type is a 400 naming it, as
/// the route's own decoding would say; an id among the fields must be the record's.
enum SyncFields {
    static func decode<T: Decodable>(_ type: T.Type, _ fields: JSONValue, id: UUID?) throws -> T {
        if let id, case let .object(members) = fields, case let .string(given)? = members["id"], UUID(strict: given) != id {
            throw Refusal(.unprocessable, "The id in the fields differs from the record's.", fields: [.init(field: "id", message: "must match the record")])
        }
        do {
            // The fields back to bytes by JSONValue's own writer (no `Encoder` walk), for the body's decoder.
            var bytes = JSONWriter(capacity: 256)
            try fields.writeJSON(to: &bytes)
            return try JSONCoding.decoder.decode(T.self, from: bytes.data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw Refusal.malformed("'\(key.stringValue)' is required.", fields: [.init(field: key.stringValue, message: "is required")])
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw Refusal.malformed("'\(field)' has the wrong type.", fields: [.init(field: field, message: "has the wrong type")])
        } catch let DecodingError.dataCorrupted(context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw Refusal.malformed("'\(field)' is not valid.", fields: [.init(field: field, message: "is not valid")])
        }
    }
}

extension AppContext {
    /// Devices to tell once a write has committed: on PostgreSQL by statements that follow its
    /// COMMIT in the same round trip (`Database.transaction(_:then:)`), on SQLite by `tell`.
    struct Nudges: Sendable {
        var statements: [SQLStatement] = []
        fileprivate var later: [(user: UUID, zone: SyncStore.Zone, version: Int64)] = []
    }

    /// Within a write transaction: each person's devices are to hear (`sync` on their event
    /// stream) of the version the write leaves them at, whichever way it changed a zone (a sync
    /// push or an area's own route). Run the `statements` after its COMMIT and `tell` the rest.
    ///
    /// A passing event, not logged: a device pulls when its stream is `ready` (after every
    /// reconnect) and on each nudge, so a nudge missed while it was away asks for nothing it would
    /// not pull anyway. On PostgreSQL it is a `NOTIFY` sent right after the COMMIT, in the same
    /// round trip, its version read there by the database: no round trip or transaction of the
    /// event bus's own, and not in the write's transaction, where PostgreSQL's lock for queueing
    /// notifications would be held through the commit's flush and put the writes of every node
    /// through one flush at a time. On SQLite the version is read here and told once the write
    /// has committed.
    func nudge(_ users: some Sequence<UUID>, _ zone: SyncStore.Zone, with c: SQLConnection) throws -> Nudges {
        var nudges = Nudges()
        for user in Set(users).sorted(by: { $0.uuidString < $1.uuidString }) {
            if c.dialect == .postgres {
                let (before, after) = try SyncNudge.around(zone)
                nudges.statements.append(SyncStore.notifyVersion(user: user, channel: EventLogStore.channel,
                                                                 before: events.notificationHead("sync", to: user) + before, after: after))
            } else {
                let version = try SyncStore.latest(user: user, c)
                if version > 0 { nudges.later.append((user, zone, version)) }
            }
        }
        return nudges
    }

    /// Once the write has committed: the nudges SQLite could not send with it.
    func tell(_ nudges: Nudges) {
        for nudge in nudges.later {
            events.publish("sync", SyncNudge(zone: nudge.zone.rawValue, version: nudge.version), to: [nudge.user], kept: false)
        }
    }

    /// A write transaction that changes the data under `tags` (`transaction(changing:_:)`) and
    /// tells the devices of the people `work` names of `zone`'s new version (`nudge(_:_:with:)`).
    func transaction<T>(changing tags: [ReplyCache.Tag], nudging zone: SyncStore.Zone,
                        _ work: @escaping (SQLConnection) throws -> (T, nudge: [UUID])) async throws -> T {
        let context = self
        let (value, nudges) = try await transaction(changing: tags, then: \.1.statements) { c in
            let (value, people) = try work(c)
            return (value, try context.nudge(people, zone, with: c))
        }
        tell(nudges)
        return value
    }

    /// Tells the person's devices of their version now, after writes of several transactions.
    func nudge(_ user: UUID, _ zone: SyncStore.Zone) async {
        let context = self
        guard let (nudges, _) = try? await database.transaction({ c in try context.nudge([user], zone, with: c) }, then: \.statements) else { return }
        tell(nudges)
    }
}

extension SyncNudge {
    /// A nudge's JSON as `JSONBytes` writes it, before its version and after it: the database
    /// writes the version between them (`SyncStore.notifyVersion`). Worked out once per zone.
    static func around(_ zone: SyncStore.Zone) throws -> (before: String, after: String) {
        guard let parts = arounds[zone] else { throw DatabaseError.decoding("a sync nudge's JSON has no version") }
        return parts
    }

    private static let arounds: [SyncStore.Zone: (before: String, after: String)] = Dictionary(uniqueKeysWithValues: SyncStore.Zone.allCases.compactMap { zone in
        guard let bytes = try? JSONBytes.encode(SyncNudge(zone: zone.rawValue, version: 0)) else { return nil }
        let json = String(decoding: bytes, as: UTF8.self)
        guard let version = json.range(of: "\"version\":0") else { return nil }
        return (zone, (String(json[..<json.index(before: version.upperBound)]), String(json[version.upperBound...])))
    })
}
