extension Migrations {
    // A proof filed under a day before the one it was uploaded on (recorded yesterday, sent
    // today) says so, and the group sees it as such.
    static let v29BackdatedProofs = Migration(29, "backdated proofs") { _ in
        ["ALTER TABLE proofs ADD COLUMN backdated INTEGER NOT NULL DEFAULT 0"]
    }
}
