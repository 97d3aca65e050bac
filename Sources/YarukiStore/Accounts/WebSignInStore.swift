import Foundation

/// Attempts at Sign in with Apple or Google in the browser (`web_sign_ins`), each used once.
public enum WebSignInStore {
    public struct Attempt: Sendable, Equatable {
        public var id: UUID
        public var provider: String
        public var nonce: String
        public var verifier: String
        public var code: String?
        public var error: String?

        public init(id: UUID, provider: String, nonce: String, verifier: String, code: String? = nil, error: String? = nil) {
            self.id = id
            self.provider = provider
            self.nonce = nonce
            self.verifier = verifier
            self.code = code
            self.error = error
        }
    }

    /// Starts an attempt; attempts that ran out are swept at the same time.
    public static func start(_ attempt: Attempt, stateHash: String, bindingHash: String, at now: Date, expires: Date,
                             _ c: SQLConnection) throws {
        _ = try c.execute("DELETE FROM web_sign_ins WHERE expires_at < ?", now)
        _ = try c.execute("""
            INSERT INTO web_sign_ins (id, provider, state_hash, binding_hash, nonce, verifier, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, attempt.id, attempt.provider, stateHash, bindingHash, attempt.nonce, attempt.verifier, now, expires)
    }

    /// The provider sent the person back with a code or an error: kept on the attempt its state
    /// names, once. False when no live attempt has that state or it was already answered.
    public static func answer(stateHash: String, code: String?, error: String?, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            UPDATE web_sign_ins SET code = ?, error = ?
            WHERE state_hash = ? AND expires_at >= ? AND code IS NULL AND error IS NULL
            """, code, error, stateHash, now) == 1
    }

    /// Takes the answered attempt the browser's binding names, deleting it so it is used once.
    public static func take(bindingHash: String, at now: Date, _ c: SQLConnection) throws -> Attempt? {
        guard let row = try c.queryOne("""
            SELECT id, provider, nonce, verifier, code, error FROM web_sign_ins WHERE binding_hash = ? AND expires_at >= ?
            """, bindingHash, now) else { return nil }
        let attempt = Attempt(id: try row.uuid("id"), provider: try row.string("provider"), nonce: try row.string("nonce"),
                              verifier: try row.string("verifier"), code: try row.optionalString("code"), error: try row.optionalString("error"))
        guard attempt.code != nil || attempt.error != nil else { return attempt }
        guard try c.execute("DELETE FROM web_sign_ins WHERE id = ?", attempt.id) == 1 else { return nil }
        return attempt
    }
}
