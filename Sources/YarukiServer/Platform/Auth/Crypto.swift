import COpenSSL
import Foundation
import YarukiAPI

/// The few primitives the platform and its areas need, from OpenSSL's libcrypto.
enum Crypto {
    /// Bytes from OpenSSL's CSPRNG.
    static func randomBytes(_ count: Int) -> Data {
        var data = Data(count: count)
        let ok = data.withUnsafeMutableBytes { RAND_bytes($0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(count)) }
        // RAND_bytes fails only when the OS has no entropy source at all; nothing safe can go on.
        precondition(ok == 1, "OpenSSL's random generator failed")
        return data
    }

    static func sha256(_ data: some DataProtocol) -> Data {
        let input = Data(data)
        var out = Data(count: 32)
        var length: UInt32 = 0
        input.withUnsafeBytes { raw in
            out.withUnsafeMutableBytes { o in
                _ = EVP_Digest(raw.baseAddress, raw.count, o.baseAddress!.assumingMemoryBound(to: UInt8.self), &length,
                               EVP_sha256(), nil)
            }
        }
        return out
    }

    static func hmacSHA256(key: some DataProtocol, _ data: some DataProtocol) -> Data {
        let key = Data(key), input = Data(data)
        var out = Data(count: 32)
        var length: UInt32 = 0
        key.withUnsafeBytes { k in
            input.withUnsafeBytes { raw in
                out.withUnsafeMutableBytes { o in
                    _ = HMAC(EVP_sha256(), k.baseAddress, Int32(k.count), raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                             raw.count, o.baseAddress!.assumingMemoryBound(to: UInt8.self), &length)
                }
            }
        }
        return out
    }

    /// Compares without an early exit, so the time taken says nothing of where they differ.
    static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 } }
    }

    static func hex(_ data: Data) -> String {
        data.map { String(format: "%02x", $0) }.joined()
    }

    /// A secret for a link or a key: `bytes` random bytes, URL-safe.
    static func randomToken(_ bytes: Int) -> String {
        Base64URL.encode(randomBytes(bytes))
    }

    /// What is stored of a secret token (refresh tokens, feed and wall links, API keys): its SHA-256 in hex.
    static func tokenHash(_ token: String) -> String {
        hex(sha256(Data(token.utf8)))
    }
}

/// Base64 with the URL alphabet and no padding (RFC 4648 §5), as JOSE uses it.
enum Base64URL {
    static func encode(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// nil for anything outside the URL alphabet, padding included.
    static func decode(_ text: some StringProtocol) -> Data? {
        guard text.utf8.allSatisfy({ c in
            (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 45 || c == 95
        }), text.utf8.count % 4 != 1 else { return nil }
        var s = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        s += String(repeating: "=", count: (4 - s.utf8.count % 4) % 4)
        return Data(base64Encoded: s)
    }
}
