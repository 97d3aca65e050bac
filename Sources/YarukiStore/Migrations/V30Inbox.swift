extension Migrations {
    // The notification inbox belongs to the platform: a row says which kind (an area registers
    // it), for whom, from whom, and what it is about (a subject, and a detail within it), so a
    // new kind needs no new column. Rows about something deleted are withdrawn by the store that
    // deletes it. The old table's rows move over: a post, routine or order becomes the subject,
    // a comment the detail.
    static let v30Inbox = Migration(30, "platform inbox") { _ in
        ["""
         CREATE TABLE inbox (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             kind TEXT NOT NULL,
             actor_id TEXT REFERENCES users(id) ON DELETE CASCADE,
             subject_id TEXT,
             detail_id TEXT,
             read_at BIGINT,
             created_at BIGINT NOT NULL)
         """,
         """
         INSERT INTO inbox (id, user_id, kind, actor_id, subject_id, detail_id, read_at, created_at)
         SELECT id, user_id, kind, actor_id, COALESCE(post_id, routine_id, order_id), comment_id, read_at, created_at FROM notifications
         """,
         "DROP TABLE notifications",
         "CREATE INDEX inbox_user ON inbox (user_id, created_at, id)",
         "CREATE INDEX inbox_subject ON inbox (subject_id)"]
    }
}
