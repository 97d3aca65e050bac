import CArgon2
import Foundation
import YarukiAPI

/// argon2id through libargon2. The encoded form (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`)
/// keeps each hash's parameters, so they can be raised later: a login that verifies against
/// weaker parameters re-hashes with the current ones.
public struct PasswordHasher: Sendable {
    public struct Parameters: Sendable, Equatable {
        /// OWASP's minimum for argon2id: 19 MiB, two passes, one lane.
        public var memoryKiB: UInt32
        public var iterations: UInt32
        public var parallelism: UInt32

        public init(memoryKiB: UInt32 = 19 * 1024, iterations: UInt32 = 2, parallelism: UInt32 = 1) {
            self.memoryKiB = memoryKiB
            self.iterations = iterations
            self.parallelism = parallelism
        }

        /// libargon2's least (8 KiB, one pass): for tests only, where a sign-up must not cost 19 MiB.
        public static let cheapest = Parameters(memoryKiB: 8, iterations: 1, parallelism: 1)

        var description: String { "argon2id m=\(memoryKiB) KiB, t=\(iterations), p=\(parallelism)" }
    }

    public var parameters: Parameters

    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    static let saltLength = 16
    static let hashLength = 32

    func hash(_ password: String) throws -> String {
        let salt = Crypto.randomBytes(PasswordHasher.saltLength)
        let length = argon2_encodedlen(parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                                       UInt32(PasswordHasher.saltLength), UInt32(PasswordHasher.hashLength), Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        var password = password
        let status = password.withUTF8 { pwd in
            salt.withUnsafeBytes { s in
                argon2id_hash_encoded(parameters.iterations, parameters.memoryKiB, parameters.parallelism, pwd.baseAddress, pwd.count,
                                      s.baseAddress, s.count, PasswordHasher.hashLength, &encoded, length)
            }
        }
        guard status == ARGON2_OK.rawValue else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: String(cString: argon2_error_message(status))])
        }
        return String(nulTerminated: encoded)
    }

    /// libargon2 recomputes the hash with the encoded parameters and compares in constant time.
    func verify(_ password: String, against encoded: String) -> Bool {
        var password = password
        return password.withUTF8 { pwd in argon2id_verify(encoded, pwd.baseAddress, pwd.count) == ARGON2_OK.rawValue }
    }

    /// True when `encoded` used weaker parameters than the current ones (or another variant).
    func needsRehash(_ encoded: String) -> Bool {
        guard encoded.hasPrefix("$argon2id$v=19$") else { return true }
        let fields = encoded.split(separator: "$")
        guard fields.count >= 4 else { return true }
        var values: [String: UInt32] = [:]
        for pair in fields[2].split(separator: ",") {
            let kv = pair.split(separator: "=")
            if kv.count == 2, let v = UInt32(kv[1]) { values[String(kv[0])] = v }
        }
        return (values["m"] ?? 0) < parameters.memoryKiB || (values["t"] ?? 0) < parameters.iterations
            || (values["p"] ?? 0) < parameters.parallelism
    }
}
