import Foundation

/// The rows that point at stored files, across the areas that keep them: a video or audio file
/// (a `media` row) is used by proofs and voice notes, a photo's copies by community photos and
/// lifelog photos. A file goes only when none of them uses it.
public enum MediaFileStore {
    /// True when no proof, lifelog voice note or exercise's follow-along video uses the media.
    public static func mediaUnused(_ sha: String, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("""
            SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM proofs WHERE media_sha256 = ?) OR EXISTS (SELECT 1 FROM lifelog_records WHERE media_sha256 = ?)
            OR EXISTS (SELECT 1 FROM exercises WHERE video_sha256 = ?)
            """, sha, sha, sha) == nil
    }

    /// The photo files among `shas` that no community photo and no lifelog photo uses.
    public static func unusedPhotos(_ shas: Set<String>, _ c: SQLConnection) throws -> [String] {
        try shas.filter { sha in
            try c.queryOne("""
                SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM photos WHERE sha256 = ?) OR EXISTS (SELECT 1 FROM lifelog_records WHERE photo_sha256 = ?)
                """, sha, sha) == nil
        }.sorted()
    }

    /// Of the files some rows stopped using, those nobody uses now: their media rows are deleted
    /// here, and the caller removes their files once the transaction has committed.
    public static func forgetUnused(media: [String], photos: [String], _ c: SQLConnection) throws -> Set<String> {
        var unused = Set(try unusedPhotos(Set(photos), c))
        for sha in Set(media) where try mediaUnused(sha, c) {
            try c.execute("DELETE FROM media WHERE sha256 = ?", sha)
            unused.insert(sha)
        }
        return unused
    }
}
