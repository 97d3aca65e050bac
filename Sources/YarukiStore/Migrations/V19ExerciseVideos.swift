extension Migrations {
    // A follow-along video uploaded for an exercise (by a coach or an admin): the media row it
    // plays from. A link (`video_url`) stays possible; an upload wins over it.
    static let v19ExerciseVideos = Migration(19, "exercise videos") { _ in
        ["ALTER TABLE exercises ADD COLUMN video_sha256 TEXT"]
    }
}
