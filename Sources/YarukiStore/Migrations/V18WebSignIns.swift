extension Migrations {
    // Sign in with Apple or Google in the browser (the authorization-code flow with PKCE): one
    // row per attempt, found by the hash of its `state` when the provider sends the person back
    // and by the hash of the browser's binding when the page finishes it. The PKCE verifier and
    // the nonce never leave the server; a row lives ten minutes and is used once.
    static let v18WebSignIns = Migration(18, "web sign-ins") { _ in
        ["""
         CREATE TABLE web_sign_ins (
             id TEXT PRIMARY KEY,
             provider TEXT NOT NULL,
             state_hash TEXT NOT NULL UNIQUE,
             binding_hash TEXT NOT NULL UNIQUE,
             nonce TEXT NOT NULL,
             verifier TEXT NOT NULL,
             code TEXT,
             error TEXT,
             created_at BIGINT NOT NULL,
             expires_at BIGINT NOT NULL)
         """,
         "CREATE INDEX web_sign_ins_expiry ON web_sign_ins (expires_at)"]
    }
}
