extension Migrations {
    // What an account has signed in from before: a device (a random token it keeps, stored here
    // as a hash) or a network (a keyed hash of its IPv4 address or IPv6 /64). Guesses from
    // strangers count against an account's ceiling; attempts from a device or network the owner
    // used before do not, so a flood of strangers cannot lock the owner out.
    static let v27SignInTrust = Migration(27, "sign-in trust") { _ in
        ["""
         CREATE TABLE sign_in_trust (
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             key_hash TEXT NOT NULL,
             kind TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             last_used_at BIGINT NOT NULL,
             PRIMARY KEY (user_id, key_hash))
         """,
         "CREATE INDEX sign_in_trust_used ON sign_in_trust (last_used_at)"]
    }
}
