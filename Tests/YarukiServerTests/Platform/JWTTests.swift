import Foundation
import YarukiAPI
import Testing
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// JWS verification against the published examples of RFC 7515 (Appendix A) and against keys
/// and signatures made by the `openssl` command, independent of the code under test.
@Suite struct JWTTests {
    // RFC 7515 A.2: RS256.
    static let rsaN = "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ"
    static let payload = "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
    static let rs256 = "eyJhbGciOiJSUzI1NiJ9." + payload + ".cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw"
    // RFC 7515 A.3: ES256.
    static let ecX = "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU"
    static let ecY = "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"
    static let es256 = "eyJhbGciOiJFUzI1NiJ9." + payload + ".DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"
    // RFC 7515 A.1: HS256, used here to check the HMAC primitive.
    static let hmacKey = "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"
    static let hs256 = "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9." + payload + ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

    static var rsaKey: EVPKey { get throws { try EVPKey.publicKey(jwk: JSONWebKey(kty: "RSA", n: rsaN, e: "AQAB")) } }
    static var ecKey: EVPKey { get throws { try EVPKey.publicKey(jwk: JSONWebKey(kty: "EC", crv: "P-256", x: ecX, y: ecY)) } }

    /// The URL alphabet without padding, both ways, against Foundation's Base64 for every length.
    @Test func base64URLRoundTripsAndRefusesOtherText() {
        for count in 0..<100 {
            let data = Data((0..<count).map { _ in UInt8.random(in: 0...255) })
            let expected = data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(data) == expected)
            #expect(Base64URL.decode(expected) == data)
        }
        for bad in ["a", "ab=", "a+b/", "ab c", "abcde", "é"] {
            #expect(Base64URL.decode(bad) == nil, "\(bad)")
        }
        #expect(Base64URL.decode("AB") == nil, "bits past the last byte must be zero")
        #expect(Base64URL.decode("AA") == Data([0]) && Base64URL.decode("AAA") == Data([0, 0]))
    }

    @Test func rfc7515RS256ExampleVerifies() throws {
        let jwt = try JWT.parse(Self.rs256)
        let key = try Self.rsaKey
        try jwt.verify(allowed: [.rs256]) { _ in key }
        #expect(jwt.string("iss") == "joe")
        #expect(jwt.number("exp") == 1_300_819_380)
        #expect(jwt.claims["http://example.com/is_root"] as? Bool == true)
    }

    /// RFC 7515's ES256 example (A.3) signs with a high s: its bytes verify, but the server takes
    /// only the low-s spelling of a signature (one token, one spelling), so the example is refused
    /// and its low-s twin, the same signature, verifies.
    @Test func rfc7515ES256ExampleVerifiesInItsLowSForm() throws {
        let key = try Self.ecKey
        let parts = Self.es256.split(separator: ".")
        let signature = try #require(Base64URL.decode(parts[2]))
        #expect(EVPKey.isHighS(signature))
        #expect(throws: JWTError.badSignature) { try JWT.parse(Self.es256).verify(allowed: [.es256]) { _ in key } }
        let twin = "\(parts[0]).\(parts[1]).\(Base64URL.encode(EVPKey.lowS(signature)))"
        try JWT.parse(twin).verify(allowed: [.es256]) { _ in key }
    }

    @Test func rfc7515HMACExampleMatchesOurHMAC() throws {
        let parts = Self.hs256.split(separator: ".")
        let mac = Crypto.hmacSHA256(key: Base64URL.decode(Self.hmacKey)!, Data("\(parts[0]).\(parts[1])".utf8))
        #expect(Base64URL.encode(mac) == String(parts[2]))
    }

    @Test func tamperedTokensFail() throws {
        let key = try Self.rsaKey
        // A changed payload (exp pushed later) keeps the old signature.
        let forged = Self.rs256.replacingOccurrences(of: "MDA4MTkzODAs", with: "MDA4MTkzODEs")
        #expect(forged != Self.rs256)
        #expect(throws: JWTError.badSignature) { try JWT.parse(forged).verify(allowed: [.rs256]) { _ in key } }
        var signature = Array(Base64URL.decode(Self.es256.split(separator: ".")[2])!)
        signature[10] ^= 1
        let parts = Self.es256.split(separator: ".")
        let flipped = "\(parts[0]).\(parts[1]).\(Base64URL.encode(Data(signature)))"
        let ec = try Self.ecKey
        #expect(throws: JWTError.badSignature) { try JWT.parse(flipped).verify(allowed: [.es256]) { _ in ec } }
    }

    @Test func algorithmConfusionIsRefused() throws {
        let rsa = try Self.rsaKey
        // alg none, with and without a signature.
        let none = Base64URL.encode(Data(#"{"alg":"none"}"#.utf8)) + "." + Self.payload + "."
        #expect(throws: JWTError.algorithmNotAllowed("none")) { try JWT.parse(none).verify(allowed: [.rs256, .es256]) { _ in rsa } }
        // HS256 "signed" with the RSA public key as the secret, where RS256 is expected.
        let header = Base64URL.encode(Data(#"{"alg":"HS256"}"#.utf8))
        let secret = Data(Self.rsaN.utf8)
        let mac = Crypto.hmacSHA256(key: secret, Data("\(header).\(Self.payload)".utf8))
        let confused = "\(header).\(Self.payload).\(Base64URL.encode(mac))"
        #expect(throws: JWTError.algorithmNotAllowed("HS256")) { try JWT.parse(confused).verify(allowed: [.rs256]) { _ in rsa } }
        // An ES256 header presented with an RSA key: the key's algorithm decides.
        #expect(throws: JWTError.badSignature) { try JWT.parse(Self.es256).verify(allowed: [.rs256, .es256]) { _ in rsa } }
        // No key for the kid.
        #expect(throws: JWTError.unknownKey(nil)) { try JWT.parse(Self.rs256).verify(allowed: [.rs256]) { _ in nil } }
    }

    @Test func malformedTokensAreRefused() {
        for token in ["", "a.b", "a.b.c.d", "!!!.e30.", "e30.e30.sig", "eyJhbGciOiJSUzI1NiJ9.bm90LWpzb24.c2ln",
                      String(repeating: "a", count: 20_000)] {
            #expect(throws: JWTError.self) { try JWT.parse(token).verify(allowed: [.rs256]) { _ in nil } }
        }
    }

    @Test func badKeysAreRefused() {
        #expect(throws: JOSEKeyError.self) { try EVPKey.publicKey(jwk: JSONWebKey(kty: "RSA", n: "AQAB", e: "AQAB")) }  // 24-bit modulus
        #expect(throws: JOSEKeyError.self) {  // a point that is not on the curve
            try EVPKey.publicKey(jwk: JSONWebKey(kty: "EC", crv: "P-256", x: Self.ecX, y: Base64URL.encode(Data(repeating: 7, count: 32))))
        }
        #expect(throws: JOSEKeyError.unsupported("EC curve P-384")) {
            try EVPKey.publicKey(jwk: JSONWebKey(kty: "EC", crv: "P-384", x: Self.ecX, y: Self.ecY))
        }
        #expect(throws: JOSEKeyError.unsupported("key type oct")) { try EVPKey.publicKey(jwk: JSONWebKey(kty: "oct")) }
    }

    @Test func ourSignaturesVerifyAndRoundTripThroughPEM() throws {
        let key = try EVPKey.generateP256()
        let token = try JWT.sign(claims: ["sub": "x", "exp": 2_000_000_000, "iat": 1_000], kid: "k1", typ: "at+jwt", key: key)
        let reloaded = try EVPKey.readPrivatePEM(try key.privatePEM())
        let publicKey = try EVPKey.publicKey(jwk: try reloaded.publicJWK(kid: "k1"))
        let jwt = try JWT.parse(token)
        try jwt.verify(allowed: [.es256]) { kid in kid == "k1" ? publicKey : nil }
        #expect(jwt.header.typ == "at+jwt" && jwt.header.kid == "k1")
        try jwt.checkTimes(now: Date(timeIntervalSince1970: 1_500), leeway: 0)
        #expect(throws: JWTError.expired) { try jwt.checkTimes(now: Date(timeIntervalSince1970: 2_000_000_001), leeway: 0) }
        #expect(throws: JWTError.notYetValid) { try jwt.checkTimes(now: Date(timeIntervalSince1970: 900), leeway: 5) }
    }

    /// Keys and signatures from the `openssl` command: an implementation other than ours.
    @Test func verifiesTokensSignedByTheOpenSSLCommand() throws {
        let keys = try OpenSSLKeys()
        for algorithm in [JWSAlgorithm.rs256, .es256] {
            let token = try keys.sign(["iss": "https://example.test", "sub": "42", "exp": 2_000_000_000], algorithm: algorithm, kid: "k")
            let jwk = algorithm == .rs256 ? keys.rsaJWK : keys.ecJWK
            let key = try EVPKey.publicKey(jwk: jwk)
            try JWT.parse(token).verify(allowed: [algorithm]) { _ in key }
            // The same token checked against the other key type fails.
            let other = try EVPKey.publicKey(jwk: algorithm == .rs256 ? keys.ecJWK : keys.rsaJWK)
            #expect(throws: JWTError.self) { try JWT.parse(token).verify(allowed: [.rs256, .es256]) { _ in other } }
        }
    }
}

/// An RSA 2048 and a P-256 key pair made with the `openssl` command, and JWS signing with it.
struct OpenSSLKeys {
    let directory: String
    let rsaJWK: JSONWebKey
    let ecJWK: JSONWebKey

    init(kid: String = "k") throws {
        directory = NSTemporaryDirectory() + "yaruki-keys-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = try OpenSSLKeys.openssl(["genpkey", "-quiet", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", directory + "/rsa.pem"])
        _ = try OpenSSLKeys.openssl(["genpkey", "-quiet", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", directory + "/ec.pem"])
        let modulus = try OpenSSLKeys.openssl(["rsa", "-in", directory + "/rsa.pem", "-noout", "-modulus"])
        let hex = modulus.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "Modulus=", with: "")
        rsaJWK = JSONWebKey(kty: "RSA", kid: kid, alg: "RS256", use: "sig", n: Base64URL.encode(OpenSSLKeys.bytes(hex: hex)), e: "AQAB")
        _ = try OpenSSLKeys.openssl(["pkey", "-in", directory + "/ec.pem", "-pubout", "-outform", "DER", "-out", directory + "/ec.der"])
        let der = try Data(contentsOf: URL(fileURLWithPath: directory + "/ec.der"))
        let point = der.suffix(65)  // SubjectPublicKeyInfo ends with the uncompressed point
        ecJWK = JSONWebKey(kty: "EC", kid: kid, alg: "ES256", use: "sig", crv: "P-256",
                    x: Base64URL.encode(point.dropFirst().prefix(32)), y: Base64URL.encode(point.suffix(32)))
    }

    func jwks(kid: String) -> Data {
        var rsa = rsaJWK, ec = ecJWK
        rsa.kid = kid + "-rsa"
        ec.kid = kid + "-ec"
        return try! JSONEncoder().encode(JSONWebKeySet(keys: [rsa, ec]))
    }

    /// A compact JWS signed by `openssl dgst`; ES256's DER signature becomes r‖s by reading
    /// `openssl asn1parse`'s output, not with the code under test.
    /// A JWS over `claims`; an ES256 signature is given with its low s (as verifiers want it), or
    /// with `highS` its twin r‖(n − s).
    func sign(_ claims: [String: Any], algorithm: JWSAlgorithm, kid: String, header extra: [String: Any] = [:], highS: Bool = false) throws -> String {
        var header: [String: Any] = ["alg": algorithm.rawValue, "kid": kid, "typ": "JWT"]
        header.merge(extra) { $1 }
        let input = Base64URL.encode(try JSONSerialization.data(withJSONObject: header)) + "."
            + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims))
        let inputPath = directory + "/input-\(UUID().uuidString)"
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let keyPath = directory + (algorithm == .rs256 ? "/rsa.pem" : "/ec.pem")
        let sigPath = inputPath + ".sig"
        _ = try OpenSSLKeys.openssl(["dgst", "-sha256", "-sign", keyPath, "-out", sigPath, inputPath])
        var signature = try Data(contentsOf: URL(fileURLWithPath: sigPath))
        if algorithm == .es256 {
            let parsed = try OpenSSLKeys.openssl(["asn1parse", "-inform", "DER", "-in", sigPath])
            let integers = parsed.split(separator: "\n").compactMap { line -> String? in
                guard line.contains("INTEGER"), let colon = line.lastIndex(of: ":") else { return nil }
                return String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            }
            guard integers.count == 2 else { throw CocoaError(.coderReadCorrupt) }
            signature = integers.map { OpenSSLKeys.bytes(hex: $0) }.map { Data(repeating: 0, count: max(0, 32 - $0.count)) + $0.suffix(32) }
                .reduce(Data(), +)
            signature = EVPKey.lowS(signature)
            if highS { signature = EVPKey.negatedS(signature) }
        }
        return input + "." + Base64URL.encode(signature)
    }

    static func openssl(_ arguments: [String]) throws -> String {
        let result = try Command.run(["/usr/bin/openssl"] + arguments)
        guard result.status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "openssl \(arguments.joined(separator: " ")) failed"])
        }
        return result.output
    }

    static func bytes(hex: String) -> Data {
        var data = Data()
        var chars = Array(hex.utf8)
        if chars.count % 2 == 1 { chars.insert(48, at: 0) }
        for i in stride(from: 0, to: chars.count, by: 2) {
            data.append(UInt8(String(decoding: chars[i..<i + 2], as: UTF8.self), radix: 16)!)
        }
        return data
    }
}

/// Hourly links are kept for the hour they were made in: the same bytes all hour, a new
/// signature when the hour turns, and each one verifies until it expires.
@Suite struct SignedLinkTests {
    @Test func anHourlyLinkIsTheSameAllHourAndNewAfterIt() throws {
        let clock = TestClock(try Date("2026-12-03T10:05:00Z", strategy: .iso8601))
        let signer = LinkSigner(secret: Data("secret".utf8), clock: { clock.now })
        let first = signer.hourlyLink("/v1/photos/abc/large")
        let noon = Int(try Date("2026-12-03T12:00:00Z", strategy: .iso8601).timeIntervalSince1970)
        #expect(first.contains("expires=\(noon)&sig="))
        clock.advance(50 * 60)
        #expect(signer.hourlyLink("/v1/photos/abc/large") == first)
        #expect(signer.hourlyLink("/v1/photos/abd/large") != first)
        clock.advance(10 * 60)  // 11:05
        let next = signer.hourlyLink("/v1/photos/abc/large")
        #expect(next != first && next == signer.link("/v1/photos/abc/large", expires: noon + 3600))
        for link in [first, next] { try signer.verify(Request(method: .get, target: link)) }
        clock.advance(3600)  // 12:05: the first has expired, the second has not
        #expect(throws: HTTPError.self) { try signer.verify(Request(method: .get, target: first)) }
        try signer.verify(Request(method: .get, target: next))
        #expect(throws: HTTPError.self) { try signer.verify(Request(method: .get, target: next.replacingOccurrences(of: "abc", with: "abd"))) }
    }

    /// A pair of links kept by what they name (a photo's hash) are their own paths' links, the
    /// paths written only when the hour has none yet for that name, another name or form its own.
    @Test func linksKeptByWhatTheyNameAreTheirPathsLinks() throws {
        let clock = TestClock(try Date("2026-12-03T10:05:00Z", strategy: .iso8601))
        let signer = LinkSigner(secret: Data("secret".utf8), clock: { clock.now })
        var written = 0
        func photo(_ sha: String, form: UInt8 = 1) -> (String, String) {
            signer.hourlyLinks(LinkSigner.HourlyKey(name: sha, form: form)) { written += 1; return ("/v1/photos/\(sha)/photo", "/v1/photos/\(sha)/thumb") }
        }
        let (display, thumbnail) = photo("abc")
        #expect(display == signer.hourlyLink("/v1/photos/abc/photo") && thumbnail == signer.hourlyLink("/v1/photos/abc/thumb") && display != thumbnail)
        #expect(photo("abc") == (display, thumbnail) && photo("abd").0 != display && written == 2)
        #expect(photo("abc", form: 2) == (display, thumbnail) && written == 3, "another form is another entry")
        for link in [display, thumbnail] { try signer.verify(Request(method: .get, target: link)) }
        clock.advance(3600)
        #expect(photo("abc").0 != display && written == 4)
    }
}
