import COpenSSL
import Foundation
import YarukiAPI

/// The two signature algorithms accepted anywhere: RS256 (Google, Apple) and ES256 (our own
/// access tokens, and providers that use it). "none" and the HMAC family never verify.
enum JWSAlgorithm: String, Sendable {
    case rs256 = "RS256"
    case es256 = "ES256"
}

enum JOSEKeyError: Error, Equatable {
    case unsupported(String)
    case invalid(String)
}

/// An OpenSSL key (public, or a private one of ours), freed with its owner.
final class EVPKey: @unchecked Sendable {
    let pointer: OpaquePointer
    let algorithm: JWSAlgorithm

    init(_ pointer: OpaquePointer, algorithm: JWSAlgorithm) {
        self.pointer = pointer
        self.algorithm = algorithm
    }

    deinit { EVP_PKEY_free(pointer) }

    /// A public key from its JWK members: RSA `n`/`e` or EC P-256 `x`/`y`.
    static func publicKey(jwk: JSONWebKey) throws -> EVPKey {
        switch jwk.kty {
        case "RSA":
            guard let n = jwk.n.flatMap(Base64URL.decode), let e = jwk.e.flatMap(Base64URL.decode), n.count >= 256 else {
                throw JOSEKeyError.invalid("an RSA key needs n (2048 bits or more) and e")
            }
            return try fromData("RSA", algorithm: .rs256) { builder in
                try builder.push(OSSL_PKEY_PARAM_RSA_N, n)
                try builder.push(OSSL_PKEY_PARAM_RSA_E, e)
            }
        case "EC":
            guard jwk.crv == "P-256" else { throw JOSEKeyError.unsupported("EC curve \(jwk.crv ?? "none")") }
            guard let x = jwk.x.flatMap(Base64URL.decode), let y = jwk.y.flatMap(Base64URL.decode), x.count == 32, y.count == 32 else {
                throw JOSEKeyError.invalid("a P-256 key needs 32-byte x and y")
            }
            return try p256(uncompressed: Data([4]) + x + y)
        default:
            throw JOSEKeyError.unsupported("key type \(jwk.kty)")
        }
    }

    /// A P-256 public key from its uncompressed point (0x04 ‖ x ‖ y); OpenSSL refuses a point off the curve.
    static func p256(uncompressed point: Data) throws -> EVPKey {
        try fromData("EC", algorithm: .es256) { builder in
            try builder.push(OSSL_PKEY_PARAM_GROUP_NAME, text: "P-256")
            try builder.push(OSSL_PKEY_PARAM_PUB_KEY, octets: point)
        }
    }

    /// OpenSSL's parameter builder keeps pointers to what is pushed (names included) until the
    /// parameters are made, so names and values live here until then.
    private final class ParamBuilder {
        let builder: OpaquePointer
        private var numbers: [OpaquePointer] = []
        private var buffers: [UnsafeMutableRawBufferPointer] = []

        init() throws {
            guard let builder = OSSL_PARAM_BLD_new() else { throw JOSEKeyError.invalid("out of memory") }
            self.builder = builder
        }

        deinit {
            for bn in numbers { BN_free(bn) }
            for buffer in buffers { buffer.deallocate() }
            OSSL_PARAM_BLD_free(builder)
        }

        private func cString(_ text: String) -> UnsafeMutablePointer<CChar> {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: text.utf8.count + 1, alignment: 1)
            buffers.append(buffer)
            buffer.copyBytes(from: text.utf8)
            buffer[text.utf8.count] = 0
            return buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
        }

        func push(_ name: String, _ bytes: Data) throws {
            let bn = bytes.withUnsafeBytes { BN_bin2bn($0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32($0.count), nil) }
            guard let bn else { throw JOSEKeyError.invalid("a number could not be read") }
            numbers.append(bn)
            guard OSSL_PARAM_BLD_push_BN(builder, cString(name), bn) == 1 else { throw JOSEKeyError.invalid("a number could not be set") }
        }

        func push(_ name: String, text: String) throws {
            guard OSSL_PARAM_BLD_push_utf8_string(builder, cString(name), cString(text), 0) == 1 else {
                throw JOSEKeyError.invalid("\(name) could not be set")
            }
        }

        func push(_ name: String, octets: Data) throws {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, octets.count), alignment: 1)
            buffers.append(buffer)
            buffer.copyBytes(from: octets)
            guard OSSL_PARAM_BLD_push_octet_string(builder, cString(name), buffer.baseAddress, octets.count) == 1 else {
                throw JOSEKeyError.invalid("\(name) could not be set")
            }
        }
    }

    private static func fromData(_ type: String, algorithm: JWSAlgorithm, _ fill: (ParamBuilder) throws -> Void) throws -> EVPKey {
        let builder = try ParamBuilder()
        try fill(builder)
        guard let params = OSSL_PARAM_BLD_to_param(builder.builder) else { throw JOSEKeyError.invalid("the key parameters are invalid") }
        defer { OSSL_PARAM_free(params) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else { throw JOSEKeyError.invalid("no \(type) support") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1,
              EVP_PKEY_fromdata(context, &key, yaruki_evp_pkey_public_key, params) == 1, let key else {
            throw JOSEKeyError.invalid("OpenSSL refused the \(type) key")
        }
        // A point off the curve must not become a key.
        if type == "EC" {
            guard let check = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else { EVP_PKEY_free(key); throw JOSEKeyError.invalid("no check") }
            defer { EVP_PKEY_CTX_free(check) }
            guard EVP_PKEY_public_check(check) == 1 else {
                EVP_PKEY_free(key)
                throw JOSEKeyError.invalid("the point is not on P-256")
            }
        }
        return EVPKey(key, algorithm: algorithm)
    }

    /// Verifies a JWS signature (RS256: PKCS #1 v1.5; ES256: the 64-byte r‖s of RFC 7518 §3.4).
    /// An ES256 signature with a high s is refused: (r, n − s) verifies as well as (r, s), so
    /// without the rule one token has two spellings, and a token remembered by its hash (to be
    /// used once) could be played again as its twin.
    func verify(_ message: Data, signature: Data) -> Bool {
        var der = signature
        if algorithm == .es256 {
            guard signature.count == 64, !EVPKey.isHighS(signature), let converted = EVPKey.derSignature(fromRaw: signature) else { return false }
            der = converted
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pointer) == 1 else { return false }
        return message.withUnsafeBytes { m in
            der.withUnsafeBytes { s in
                EVP_DigestVerify(context, s.baseAddress!.assumingMemoryBound(to: UInt8.self), s.count,
                                 m.baseAddress!.assumingMemoryBound(to: UInt8.self), m.count) == 1
            }
        }
    }

    /// Signs with a private P-256 key; returns r‖s as JWS wants it.
    func signES256(_ message: Data) throws -> Data {
        guard let context = EVP_MD_CTX_new() else { throw JOSEKeyError.invalid("out of memory") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer) == 1 else { throw JOSEKeyError.invalid("not a signing key") }
        var length = 0
        var der = Data(count: 80)
        let ok = message.withUnsafeBytes { m in
            der.withUnsafeMutableBytes { d -> Int32 in
                length = d.count
                return EVP_DigestSign(context, d.baseAddress!.assumingMemoryBound(to: UInt8.self), &length,
                                      m.baseAddress!.assumingMemoryBound(to: UInt8.self), m.count)
            }
        }
        guard ok == 1, let raw = EVPKey.rawSignature(fromDER: der.prefix(length)) else { throw JOSEKeyError.invalid("signing failed") }
        return EVPKey.lowS(raw)
    }

    /// P-256's group order n, and n / 2, big-endian.
    static let order: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                 0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51]
    static let halfOrder: [UInt8] = [0x7F, 0xFF, 0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                     0xDE, 0x73, 0x7D, 0x56, 0xD3, 0x8B, 0xCF, 0x42, 0x79, 0xDC, 0xE5, 0x61, 0x7E, 0x31, 0x92, 0xA8]

    /// Whether the s of a 64-byte r‖s is above n / 2.
    static func isHighS(_ raw: Data) -> Bool {
        let s = Array(raw.suffix(32))
        return s.lexicographicallyPrecedes(halfOrder) == false && s != halfOrder
    }

    /// The same signature with its low s (n − s when s is high), the one spelling verifiers accept.
    static func lowS(_ raw: Data) -> Data {
        guard raw.count == 64, isHighS(raw) else { return raw }
        return negatedS(raw)
    }

    /// r‖(n − s): the signature's twin, which ECDSA verifies as well.
    static func negatedS(_ raw: Data) -> Data {
        let s = Array(raw.suffix(32))
        var out = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for i in stride(from: 31, through: 0, by: -1) {
            var d = Int(order[i]) - Int(s[i]) - borrow
            borrow = d < 0 ? 1 : 0
            if d < 0 { d += 256 }
            out[i] = UInt8(d)
        }
        return raw.prefix(32) + Data(out)
    }

    static func derSignature(fromRaw raw: Data) -> Data? {
        guard let sig = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(sig) }
        let r = raw.prefix(32).withUnsafeBytes { BN_bin2bn($0.baseAddress!.assumingMemoryBound(to: UInt8.self), 32, nil) }
        let s = raw.suffix(32).withUnsafeBytes { BN_bin2bn($0.baseAddress!.assumingMemoryBound(to: UInt8.self), 32, nil) }
        guard let r, let s, ECDSA_SIG_set0(sig, r, s) == 1 else { return nil }
        var out: UnsafeMutablePointer<UInt8>?
        let n = i2d_ECDSA_SIG(sig, &out)
        guard n > 0, let out else { return nil }
        defer { CRYPTO_free(out, #file, #line) }
        return Data(bytes: out, count: Int(n))
    }

    static func rawSignature(fromDER der: Data) -> Data? {
        der.withUnsafeBytes { raw -> Data? in
            var p: UnsafePointer<UInt8>? = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
            guard let sig = d2i_ECDSA_SIG(nil, &p, raw.count) else { return nil }
            defer { ECDSA_SIG_free(sig) }
            var out = Data(count: 64)
            let ok = out.withUnsafeMutableBytes { o -> Bool in
                let base = o.baseAddress!.assumingMemoryBound(to: UInt8.self)
                return BN_bn2binpad(ECDSA_SIG_get0_r(sig), base, 32) == 32 && BN_bn2binpad(ECDSA_SIG_get0_s(sig), base + 32, 32) == 32
            }
            return ok ? out : nil
        }
    }

    // MARK: our own keys

    /// A new P-256 private key.
    static func generateP256() throws -> EVPKey {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw JOSEKeyError.invalid("no EC support") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
              EVP_PKEY_generate(context, &key) == 1, let key else { throw JOSEKeyError.invalid("key generation failed") }
        return EVPKey(key, algorithm: .es256)
    }

    /// Reads a PEM private key (PKCS #8) written by `writePEM`.
    static func readPrivatePEM(_ pem: Data) throws -> EVPKey {
        let bio = pem.withUnsafeBytes { BIO_new_mem_buf($0.baseAddress, Int32($0.count)) }
        guard let bio else { throw JOSEKeyError.invalid("out of memory") }
        defer { BIO_free(bio) }
        guard let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil) else { throw JOSEKeyError.invalid("not a PEM private key") }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else {
            EVP_PKEY_free(key)
            throw JOSEKeyError.unsupported("signing keys must be P-256")
        }
        return EVPKey(key, algorithm: .es256)
    }

    func privatePEM() throws -> Data {
        guard let bio = BIO_new(BIO_s_mem()) else { throw JOSEKeyError.invalid("out of memory") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil) == 1 else { throw JOSEKeyError.invalid("PEM export failed") }
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = BIO_read(bio, &buffer, Int32(buffer.count))
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<Int(n)])
        }
        return out
    }

    /// The public half as a JWK (for /.well-known/jwks.json).
    func publicJWK(kid: String) throws -> JSONWebKey {
        let point = [UInt8](try publicPoint())
        return JSONWebKey(kty: "EC", kid: kid, alg: "ES256", use: "sig", crv: "P-256",
                          x: Base64URL.encode(point[1..<33]), y: Base64URL.encode(point[33..<65]))
    }

    /// The public point, uncompressed: 0x04 ‖ x ‖ y, 65 bytes.
    func publicPoint() throws -> Data {
        var point = [UInt8](repeating: 0, count: 65)
        var length = 0
        guard EVP_PKEY_get_octet_string_param(pointer, OSSL_PKEY_PARAM_PUB_KEY, &point, point.count, &length) == 1,
              length == 65, point[0] == 4 else { throw JOSEKeyError.invalid("the public point could not be read") }
        return Data(point)
    }
}
