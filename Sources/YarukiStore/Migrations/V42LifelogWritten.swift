extension Migrations {
    // Each lifelog record's JSON without its photo and voice (whose links are signed when read),
    // written when it is saved, so a day's timeline sends stored bytes instead of reading and
    // writing every column. `wire_at` is the `updated_at` it was written for: a record changed
    // without it (by a node from before this) is read from its columns until written again.
    static let v42LifelogWritten = Migration(42, "lifelog records written") { _ in
        ["ALTER TABLE lifelog_records ADD COLUMN wire TEXT",
         "ALTER TABLE lifelog_records ADD COLUMN wire_at BIGINT"]
    }
}
