import Foundation

/// A stored video or audio file's row, one per file whichever area keeps it (a proof, a voice
/// note, an exercise's follow-along video). Made on the way in by `MediaFiles.Stored.row`, and
/// from a query by `init(_:)`.
public struct MediaRow: Sendable, Equatable {
    public var sha256: String
    public var kind: String
    public var size: Int
    public var durationMs: Int?
    public var hasThumbnail: Bool

    public init(sha256: String, kind: String, size: Int, durationMs: Int?, hasThumbnail: Bool) {
        self.sha256 = sha256
        self.kind = kind
        self.size = size
        self.durationMs = durationMs
        self.hasThumbnail = hasThumbnail
    }

    /// What a query selects from the `media` table (as `m`) to read one back; its kind is named
    /// `media_kind`, so it never meets the kind of the row it hangs on.
    public static let columns = "m.sha256, m.kind AS media_kind, m.size, m.duration_ms, m.has_thumbnail"

    /// From a row holding `columns`.
    public init(_ r: Row) throws {
        self.init(sha256: try r.string("sha256"), kind: try r.string("media_kind"), size: try r.int("size"),
                  durationMs: try r.optionalInt("duration_ms"), hasThumbnail: try r.bool("has_thumbnail"))
    }
}

extension MediaFileStore {
    /// Adds the file's row, once: a file already known by its hash keeps the row it has.
    public static func add(_ media: MediaRow, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO media (sha256, kind, size, duration_ms, has_thumbnail, created_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (sha256) DO NOTHING
            """, media.sha256, media.kind, media.size, media.durationMs, media.hasThumbnail, now)
    }
}
