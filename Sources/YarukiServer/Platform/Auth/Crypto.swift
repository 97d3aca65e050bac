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

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func hex(_ data: Data) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(data.count * 2)
        for byte in data { out.append(hexDigits[Int(byte >> 4)]); out.append(hexDigits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
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
/// Base64 with the URL alphabet and no padding (RFC 4648 §5), written byte by byte: the links of
/// a feed page sign dozens of paths, and Foundation's string replacing cost more than the HMACs.
enum Base64URL {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    static func encode(_ data: some DataProtocol) -> String {
        let bytes = Array(data)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(n >> 18)]); out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)]); out.append(alphabet[Int(n & 63)])
            i += 3
        }
        if bytes.count - i == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out.append(alphabet[Int(n >> 18)]); out.append(alphabet[Int(n >> 12 & 63)]); out.append(alphabet[Int(n >> 6 & 63)])
        } else if bytes.count - i == 1 {
            let n = UInt32(bytes[i]) << 16
            out.append(alphabet[Int(n >> 18)]); out.append(alphabet[Int(n >> 12 & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// nil for anything outside the URL alphabet, padding included, and for a length no encoding has.
    static func decode(_ text: some StringProtocol) -> Data? {
        let chars = Array(text.utf8)
        guard chars.count % 4 != 1 else { return nil }
        var out = Data(capacity: chars.count * 3 / 4)
        var n: UInt32 = 0, bits = 0
        for c in chars {
            let v = values[Int(c)]
            guard v != 255 else { return nil }
            n = n << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: n >> UInt32(bits)))
            }
        }
        // Leftover bits must be zero, as in a canonical encoding (Foundation's decoder refuses others too).
        guard n & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return out
    }
}
