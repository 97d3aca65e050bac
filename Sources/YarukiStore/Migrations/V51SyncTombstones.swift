extension Migrations {
    // Only tombstones are ever looked up by when they were made (to forget the old ones), so the
    // index holds them alone: writing a live record, which nearly every write is, updates one
    // index fewer.
    static let v51SyncTombstones = Migration(51, "sync tombstones index") { _ in
        ["DROP INDEX sync_records_tombstones",
         "CREATE INDEX sync_records_tombstones ON sync_records (changed_at) WHERE deleted = 1"]
    }
}
