extension Migrations {
    // An admin may suspend an account (a ban from the moderation page): while `banned_at` is set
    // its sessions are ended and it cannot sign in.
    static let v37AccountBans = Migration(37, "account bans") { _ in
        ["ALTER TABLE users ADD COLUMN banned_at BIGINT"]
    }
}
