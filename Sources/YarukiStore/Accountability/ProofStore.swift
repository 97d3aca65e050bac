import Foundation
import YarukiCore
import YarukiJSON

/// Proof rows and the media rows they point at. A media row lives as long as a proof uses it.
public enum ProofStore {
    private static let columns = """
        p.id, p.recorded_at, p.recorded_day, p.uploaded_at, p.exercise_id, p.workout_id, \(MediaRow.columns)
        """

    /// `recordedDay` is the local date the proof counts for, fixed when it is filed (moving to
    /// another time zone later does not move past days).
    /// `backdated`: filed under a day before the one it was uploaded on.
    public static func insert(id: UUID, user: UUID, media: MediaRow, exercise: String?, workout: UUID?, recordedAt: Date, recordedDay: String,
                              uploadedAt: Date, backdated: Bool = false, _ c: SQLConnection) throws {
        try MediaFileStore.add(media, at: uploadedAt, c)
        try c.execute("""
            INSERT INTO proofs (id, user_id, media_sha256, workout_id, exercise_id, recorded_at, recorded_day, uploaded_at, backdated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, id, user, media.sha256, workout, exercise, recordedAt, recordedDay, uploadedAt, backdated)
        try GroupStore.forgetStreak(user, c)
    }

    /// The proofs a video file (by its SHA-256) already is: whose, and which day each proves.
    public static func proofs(ofFile sha: String, _ c: SQLConnection) throws -> [(id: UUID, user: UUID, day: String)] {
        try c.query("SELECT id, user_id, recorded_day FROM proofs WHERE media_sha256 = ? ORDER BY uploaded_at, id", sha).map { r in
            (try r.uuid("id"), try r.uuid("user_id"), try r.string("recorded_day"))
        }
    }

    /// The proof and its media, only when `user` owns it.
    public static func proof(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> (Proof, MediaRow)? {
        try c.queryOne("SELECT \(columns) FROM proofs p JOIN media m ON m.sha256 = p.media_sha256 WHERE p.id = ? AND p.user_id = ?", id, user)
            .map(row)
    }

    /// The proof for its owner, or (`user` nil: a link the server signed for it) for anyone who holds the link.
    public static func proof(_ id: UUID, user: UUID?, _ c: SQLConnection) throws -> (Proof, MediaRow)? {
        if let user { return try proof(id, user: user, c) }
        return try c.queryOne("SELECT \(columns) FROM proofs p JOIN media m ON m.sha256 = p.media_sha256 WHERE p.id = ?", id).map(row)
    }

    public static func proofs(user: UUID, from: Date, to: Date, _ c: SQLConnection) throws -> [(Proof, MediaRow)] {
        try proofsLater(user: user, from: from, to: to, c).value()
    }

    /// `proofs`, answered later (it goes out with the next statement waited for: `queryLater`).
    public static func proofsLater(user: UUID, from: Date, to: Date, _ c: SQLConnection) throws -> Later<[(Proof, MediaRow)]> {
        try c.queryLater("""
            SELECT \(columns) FROM proofs p JOIN media m ON m.sha256 = p.media_sha256
            WHERE p.user_id = ? AND p.recorded_at >= ? AND p.recorded_at < ? ORDER BY p.recorded_at DESC, p.id DESC LIMIT 1000
            """, user, from, to).map { try $0.map(row) }
    }

    /// The local day each of a person's proofs recorded in [from, to) counts for.
    public static func recordedDays(user: UUID, from: Date, to: Date, _ c: SQLConnection) throws -> [String] {
        try c.query("SELECT recorded_day FROM proofs WHERE user_id = ? AND recorded_at >= ? AND recorded_at < ?", user, from, to)
            .map { try $0.string("recorded_day") }
    }

    private static func row(_ r: Row) throws -> (Proof, MediaRow) {
        let media = try MediaRow(r)
        let proof = Proof(id: try r.uuid("id"), recordedAt: try r.date("recorded_at"), recordedDay: try r.string("recorded_day"),
                          uploadedAt: try r.date("uploaded_at"),
                          exerciseId: try r.optionalString("exercise_id"), workoutId: try r.optionalString("workout_id").flatMap(UUID.init(strict:)),
                          type: media.kind, size: media.size, durationMs: media.durationMs, hasThumbnail: media.hasThumbnail)
        return (proof, media)
    }

    /// Deletes the proof; returns its media when no other proof uses it (its row is gone too,
    /// and the caller removes the files after the transaction).
    public static func delete(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> (deleted: Bool, orphan: MediaRow?) {
        guard let (_, media) = try proof(id, user: user, c) else { return (false, nil) }
        try c.execute("DELETE FROM proofs WHERE id = ? AND user_id = ?", id, user)
        try GroupStore.forgetStreak(user, c)
        let unused = try MediaFileStore.forgetUnused(media: [media.sha256], photos: [], c)
        return (true, unused.contains(media.sha256) ? media : nil)
    }

    // MARK: a person's part (account deletion and export)

    /// Deletes every proof of the person; returns how many and the media they used (whose rows
    /// and files go when nobody else's proof or voice note uses them).
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> (count: Int, media: [MediaRow]) {
        let media = try c.query("""
            SELECT DISTINCT \(MediaRow.columns) FROM media m JOIN proofs p ON p.media_sha256 = m.sha256 WHERE p.user_id = ?
            """, user).map(MediaRow.init)
        return (try c.execute("DELETE FROM proofs WHERE user_id = ?", user), media)
    }

    /// The person's proofs, oldest first, after `cursor` (recorded time and id).
    public static func page(user: UUID, after cursor: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [(Proof, MediaRow)] {
        var values: [SQLValue] = [user.sqlValue]
        var clause = ""
        if let (at, id) = cursor {
            clause = "AND (p.recorded_at > ? OR (p.recorded_at = ? AND p.id > ?))"
            values += [at.sqlValue, at.sqlValue, id.sqlValue]
        }
        return try c.query("""
            SELECT \(columns) FROM proofs p JOIN media m ON m.sha256 = p.media_sha256
            WHERE p.user_id = ? \(clause) ORDER BY p.recorded_at, p.id LIMIT ?
            """, values + [.integer(Int64(limit))]).map(row)
    }
}
