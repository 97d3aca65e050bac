extension Migrations {
    // A lifelog photo's kept copy has a size, as a community photo's does, so what a person
    // stores can be summed for their storage quota (rows from before count as nothing).
    static let v28PhotoBytes = Migration(28, "lifelog photo bytes") { _ in
        ["ALTER TABLE lifelog_records ADD COLUMN photo_bytes BIGINT"]
    }
}
