extension Migrations {
    // How often each kind of data changed, for replies kept on several nodes: a node gives a kept
    // reply only while the versions of what it was made from are the ones it read before making it.
    static let v35ReplyVersions = Migration(35, "reply versions") { _ in
        ["CREATE TABLE reply_versions (tag TEXT PRIMARY KEY, version BIGINT NOT NULL)"]
    }
}
