import Foundation
import YarukiCore
import YarukiJSON

/// A record's change in a zone: the record as the API shows it, or a tombstone.
public struct SyncChange: APIModel, Equatable {
    public var id: UUID
    /// lifelogRecord, workout or routine
    public var type: String
    /// The server's version of this change (ascending within a person's zones).
    public var version: Int64
    public var deleted: Bool
    /// When the server took the change.
    public var changedAt: Date
    /// When the change was made, as the device that pushed it says (the server's time for its own routes), and that device.
    public var modifiedAt: Date
    public var device: String?
    /// The record, absent for a tombstone.
    public var record: JSONValue?

    public init(id: UUID, type: String, version: Int64, deleted: Bool, changedAt: Date, modifiedAt: Date, device: String?, record: JSONValue?) {
        self.id = id
        self.type = type
        self.version = version
        self.deleted = deleted
        self.changedAt = changedAt
        self.modifiedAt = modifiedAt
        self.device = device
        self.record = record
    }

    public static let example = SyncChange(id: Example.otherID, type: "lifelogRecord", version: 42, deleted: false, changedAt: Example.instant,
                                           modifiedAt: Example.instant, device: "Mina's iPhone",
                                           record: ["id": .string(Example.otherID.uuidString), "kind": "memo", "text": "Leg day, finally."])
}

/// `GET /v1/sync/{zone}/changes`: changes after the token, the token to ask with next, and whether more are waiting.
public struct SyncChanges: APIModel, Equatable {
    public var changes: [SyncChange]
    /// Opaque: send it back as `since`.
    public var token: String
    public var moreComing: Bool

    public init(changes: [SyncChange], token: String, moreComing: Bool) {
        self.changes = changes
        self.token = token
        self.moreComing = moreComing
    }

    public static let example = SyncChanges(changes: [SyncChange.example], token: "bGlmZWxvZzo0Mg", moreComing: false)
}

/// One record in a push: a write (`fields`, as the zone's PUT body takes them) or a delete,
/// against the version the device last saw (`baseVersion`, none for a new record).
public struct SyncPushRecord: APIModel, RuledModel, Equatable {
    public static let rules: [String: FieldRule] = ["type": .words(SyncZoneName.recordTypes), "changeId": .line(max: 100, required: false),
                                                    "device": .line(max: 100, required: false), "baseVersion": .integer(0...Int(Int32.max))]

    public var id: UUID
    public var type: String
    public var baseVersion: Int64?
    /// The device's id for this change: the same change sent again is recognised and not applied twice.
    public var changeId: String?
    public var fields: JSONValue?
    public var deleted: Bool?
    /// When the change was made on the device, by its clock, and the device's name: what a merge compares.
    public var modifiedAt: Date?
    public var device: String?

    public init(id: UUID, type: String, baseVersion: Int64?, changeId: String?, fields: JSONValue?, deleted: Bool? = nil, modifiedAt: Date? = nil,
                device: String? = nil) {
        self.id = id
        self.type = type
        self.baseVersion = baseVersion
        self.changeId = changeId
        self.fields = fields
        self.deleted = deleted
        self.modifiedAt = modifiedAt
        self.device = device
    }

    public static let example = SyncPushRecord(id: Example.otherID, type: "lifelogRecord", baseVersion: 41, changeId: "c6b1f7c2-phone-17",
                                               fields: ["kind": "memo", "occurredAt": "2026-11-30T08:15:00+09:00", "text": "Leg day, finally."])
}

/// `POST /v1/sync/{zone}/push`.
public struct SyncPush: APIModel, RuledModel, Equatable {
    public static let maxRecords = 500
    public static let rules: [String: FieldRule] = ["records": .list(1...maxRecords), "since": .line(max: 100, required: false)]

    public var records: [SyncPushRecord]
    /// All saved or none.
    public var atomic: Bool?
    /// The token of the device's last pull of the zone, or "" when it has pulled nothing and holds
    /// nothing from the server: the reply then says whether this push's records are all the zone
    /// changed since (`token`), so the device need not pull its own records back.
    public var since: String?

    public init(records: [SyncPushRecord], atomic: Bool? = nil, since: String? = nil) {
        self.records = records
        self.atomic = atomic
        self.since = since
    }

    public static let example = SyncPush(records: [SyncPushRecord.example], atomic: false, since: "bGlmZWxvZzo0Mg")
}

/// One record's outcome: saved (with its new version), a conflict (with the server's current
/// change), rejected (with the reason and the fields at fault), or aborted (another record of an
/// atomic push was not saved).
public struct SyncResult: APIModel, Equatable {
    public struct FieldProblem: Codable, Sendable, Equatable {
        public var field: String
        public var message: String

        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    public var id: UUID
    /// saved, conflict, rejected or aborted
    public var status: String
    public var version: Int64?
    public var current: SyncChange?
    public var reason: String?
    public var errors: [FieldProblem]?

    public init(id: UUID, status: String, version: Int64? = nil, current: SyncChange? = nil, reason: String? = nil, errors: [FieldProblem]? = nil) {
        self.id = id
        self.status = status
        self.version = version
        self.current = current
        self.reason = reason
        self.errors = errors
    }

    public static let example = SyncResult(id: Example.otherID, status: "saved", version: 43)
}

public struct SyncPushReply: APIModel, Equatable {
    public var results: [SyncResult]
    /// Given when the push named `since` and its saved records are all the zone changed after
    /// it: the device is up to date to this token (send it as the next pull's `since`).
    public var token: String?

    public init(results: [SyncResult], token: String? = nil) {
        self.results = results
        self.token = token
    }

    public static let example = SyncPushReply(results: [SyncResult.example], token: "bGlmZWxvZzo0Mw")
}

/// What the person's other devices hear on their event stream (`sync`) when a zone changes.
public struct SyncNudge: APIModel, Equatable {
    public var zone: String
    public var version: Int64

    public init(zone: String, version: Int64) {
        self.zone = zone
        self.version = version
    }

    public static let example = SyncNudge(zone: "lifelog", version: 43)
}

/// The zones and their record types.
public enum SyncZoneName {
    public static let zones = ["lifelog", "workouts", "routines"]
    public static let recordTypes = ["lifelogRecord", "workout", "routine"]

    /// The record type a zone holds.
    public static func recordType(of zone: String) -> String? {
        zones.firstIndex(of: zone).map { recordTypes[$0] }
    }
}

/// A push read without `JSONDecoder`: a first sync sends 500 records a push, and decoding each
/// record's fields through `Decodable` was a fifth of the server's work.
extension SyncPush: JSONReadable {
    public static func read(json: Data) throws -> SyncPush? {
        try JSONReader.body(json) { r in
            var records: [SyncPushRecord]?
            var push = SyncPush(records: [])
            try r.object { r, name in
                switch name {
                case "records": records = try r.objects(SyncPushRecord.read)
                case "atomic": push.atomic = try r.optionalBool()
                case "since": push.since = try r.optionalString()
                default: return false
                }
                return true
            }
            guard let records else { return nil }
            push.records = records
            return push
        }
    }
}

extension SyncPushRecord {
    /// The members of a record whose `{` was just read.
    static func read(_ r: inout JSONReader) throws -> SyncPushRecord {
        var (id, type): (UUID?, String?) = (nil, nil)
        // A placeholder id until the member is read (`UUID()` would read /dev/urandom per record).
        var record = SyncPushRecord(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), type: "", baseVersion: nil, changeId: nil, fields: nil)
        try r.uniqueMembers { r, name in
            switch name {
            case "id": id = try r.requiredUUID()
            case "type": type = try r.requiredString()
            case "baseVersion": record.baseVersion = try r.optionalInteger()
            case "changeId": record.changeId = try r.optionalString()
            case "device": record.device = try r.optionalString()
            case "deleted": record.deleted = try r.optionalBool()
            case "fields":
                guard let t = try r.next() else { throw JSONReader.Unusual() }
                record.fields = t == .null ? nil : try JSONValue.read(after: t, &r)
            case "modifiedAt": record.modifiedAt = try r.optionalString(RFC3339.date)
            default: return false
            }
            return true
        }
        guard let id, let type else { throw JSONReader.Unusual() }
        (record.id, record.type) = (id, type)
        return record
    }
}
