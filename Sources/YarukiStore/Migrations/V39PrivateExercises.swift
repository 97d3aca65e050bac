extension Migrations {
    // A person's own exercises: `owner_id` set, seen and logged by that person only, gone with
    // the account. Entries without an owner are the catalog everyone shares.
    static let v39PrivateExercises = Migration(39, "private exercises") { _ in
        ["ALTER TABLE exercises ADD COLUMN owner_id TEXT REFERENCES users(id) ON DELETE CASCADE",
         "CREATE INDEX exercises_owner ON exercises (owner_id)"]
    }
}
