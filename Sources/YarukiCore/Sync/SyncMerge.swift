import Foundation

/// One side of a conflict: a record's fields (nil: deleted), when they were changed and on which device.
public struct SyncSide: Sendable, Equatable {
    public var fields: [String: JSONValue]?
    public var modifiedAt: Date
    public var device: String

    public init(fields: [String: JSONValue]?, modifiedAt: Date, device: String) {
        self.fields = fields
        self.modifiedAt = modifiedAt
        self.device = device
    }

    /// Whether this side's change wins a tie-free comparison with `other`: later, or as late and
    /// from the device whose name sorts last.
    public func isLater(than other: SyncSide) -> Bool {
        modifiedAt != other.modifiedAt ? modifiedAt > other.modifiedAt : device > other.device
    }
}

/// A record changed on this device and, meanwhile, on the server: the copy both started from, the
/// device's, and the server's.
public struct SyncConflict: Sendable, Equatable {
    public var zone: String
    public var id: UUID
    /// The server's copy the device last saw (nil: the record was new on the device).
    public var base: [String: JSONValue]?
    public var local: SyncSide
    public var remote: SyncSide

    public init(zone: String, id: UUID, base: [String: JSONValue]?, local: SyncSide, remote: SyncSide) {
        self.zone = zone
        self.id = id
        self.base = base
        self.local = local
        self.remote = remote
    }
}

/// What a merge decides: the fields to keep (written against the server's version), or deleted.
public enum SyncResolution: Sendable, Equatable {
    case fields([String: JSONValue])
    case deleted
}

/// The default merge: field by field, the last writer wins. A field only one side changed since
/// the copy both started from keeps that side's value; a field both changed goes to the later
/// change by its device's clock, a tie to the device whose name sorts last. A delete against an
/// edit: the later of the two wins, the same way. Every device that sees the same conflict
/// decides the same, so they converge.
public enum SyncMerge {
    public static func fieldWise(_ conflict: SyncConflict) -> SyncResolution {
        let (local, remote) = (conflict.local, conflict.remote)
        guard let mine = local.fields, let theirs = remote.fields else {
            // One side deleted: the later change wins whole.
            let winner = local.isLater(than: remote) ? local : remote
            return winner.fields.map(SyncResolution.fields) ?? .deleted
        }
        let base = conflict.base ?? [:]
        var merged: [String: JSONValue] = [:]
        for key in Set(mine.keys).union(theirs.keys) {
            let (b, l, r) = (base[key], mine[key], theirs[key])
            let value: JSONValue?
            if l == r { value = l }
            else if l == b { value = r }          // only the server's side changed it
            else if r == b { value = l }          // only this device changed it
            else { value = local.isLater(than: remote) ? l : r }
            if let value { merged[key] = value }
        }
        return .fields(merged)
    }
}
