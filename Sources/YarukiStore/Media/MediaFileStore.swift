import Foundation

/// The rows that point at stored files, across the areas that keep them: a video or audio file
/// (a `media` row) is used by proofs and voice notes, a photo's copies by community photos,
/// lifelog photos and progress photos. A file goes only when none of them uses it.
public enum MediaFileStore {
    /// True when no proof, lifelog voice note or exercise's follow-along video uses the media.
    public static func mediaUnused(_ sha: String, _ c: SQLConnection) throws -> Bool {
        try c.queryOne("""
            SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM proofs WHERE media_sha256 = ?) OR EXISTS (SELECT 1 FROM lifelog_records WHERE media_sha256 = ?)
            OR EXISTS (SELECT 1 FROM exercises WHERE video_sha256 = ?)
            """, sha, sha, sha) == nil
    }

    /// The photo files among `shas` that no community photo, lifelog photo or progress photo uses.
    public static func unusedPhotos(_ shas: Set<String>, _ c: SQLConnection) throws -> [String] {
        try shas.filter { sha in
            try c.queryOne("""
                SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM photos WHERE sha256 = ?) OR EXISTS (SELECT 1 FROM lifelog_records WHERE photo_sha256 = ?)
                OR EXISTS (SELECT 1 FROM body_photos WHERE sha256 = ?)
                """, sha, sha, sha) == nil
        }.sorted()
    }

    /// What a person's uploads take on disk, by kind: proof videos, photos (posts and lifelog,
    /// their kept copies), voice notes, and Apple Health exports waiting to be read.
    public struct Usage: Sendable, Equatable {
        public var videos: Int64
        public var photos: Int64
        public var voice: Int64
        public var imports: Int64
        public var total: Int64 { videos + photos + voice + imports }
    }

    public static func usage(of user: UUID, _ c: SQLConnection) throws -> Usage {
        let row = try c.queryOne("""
            SELECT (SELECT COALESCE(SUM(m.size), 0) FROM proofs p JOIN media m ON m.sha256 = p.media_sha256 WHERE p.user_id = ?) AS videos,
                   (SELECT COALESCE(SUM(size), 0) FROM photos WHERE owner_id = ?)
                   + (SELECT COALESCE(SUM(photo_bytes), 0) FROM lifelog_records WHERE user_id = ? AND photo_sha256 IS NOT NULL)
                   + (SELECT COALESCE(SUM(size), 0) FROM body_photos WHERE user_id = ?) AS photos,
                   (SELECT COALESCE(SUM(m.size), 0) FROM lifelog_records l JOIN media m ON m.sha256 = l.media_sha256 WHERE l.user_id = ?) AS voice,
                   (SELECT COALESCE(SUM(bytes_total), 0) FROM health_imports WHERE user_id = ? AND state = 'running') AS imports
            """, user, user, user, user, user, user)
        return Usage(videos: Int64(try row?.int("videos") ?? 0), photos: Int64(try row?.int("photos") ?? 0), voice: Int64(try row?.int("voice") ?? 0),
                     imports: Int64(try row?.int("imports") ?? 0))
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
