import COpenSSL
import Foundation
import YarukiAPI

/// A Web Push message's body, encrypted for one subscription as RFC 8291 says (`aes128gcm`,
/// RFC 8188): an ECDH secret between a fresh key of ours and the browser's `p256dh` key, mixed
/// with the subscription's `auth` secret through HKDF-SHA-256, then AES-128-GCM over the payload
/// in one record. Only the browser that made the subscription can read it; the push service
/// carries bytes it cannot open.
public enum WebPushCrypto {
    enum Failure: Error, Equatable {
        case badKey(String)
        case tooLarge
        case openSSL(String)
    }

    /// The largest payload a push service must accept is 4,096 bytes of body (RFC 8030 §7.2):
    /// 86 bytes of header and 17 of padding delimiter and tag leave this much for the message.
    static let maxPlaintext = 3993

    /// One message for one subscription, as delivery encrypts it (bench/push measures this).
    public static func encrypt(_ plaintext: Data, p256dh: Data, auth: Data) throws -> Data {
        try encrypt(plaintext, p256dh: p256dh, auth: auth, salt: Crypto.randomBytes(16), senderKey: nil)
    }

    /// The body to POST: salt ‖ record size ‖ key id length ‖ our public key ‖ the one record.
    /// `salt` and `senderKey` are fresh for every message unless a test fixes them.
    static func encrypt(_ plaintext: Data, p256dh: Data, auth: Data, salt: Data = Crypto.randomBytes(16),
                        senderKey: EVPKey? = nil) throws -> Data {
        guard plaintext.count <= maxPlaintext else { throw Failure.tooLarge }
        guard auth.count == 16 else { throw Failure.badKey("auth must be 16 bytes") }
        guard salt.count == 16 else { throw Failure.badKey("the salt must be 16 bytes") }
        let browser = try EVPKey.p256(point: p256dh)
        let ours = try senderKey ?? EVPKey.generateP256()
        let ourPoint = try ours.publicPoint()
        let secret = try ours.sharedSecret(with: browser)
        // RFC 8291 §3.4: the input keying material from the ECDH secret and the auth secret.
        let keyInfo = Data("WebPush: info".utf8) + [0] + p256dh + ourPoint
        let ikm = hkdf(salt: auth, secret: secret, info: keyInfo, length: 32)
        // RFC 8188 §2.2–2.3: the content encryption key and the nonce (one record: sequence 0).
        let cek = hkdf(salt: salt, secret: ikm, info: Data("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
        let nonce = hkdf(salt: salt, secret: ikm, info: Data("Content-Encoding: nonce".utf8) + [0], length: 12)
        let sealed = try aes128gcm(key: cek, nonce: nonce, plaintext: plaintext + [2])  // 0x02: the last record
        let recordSize = UInt32(4096)  // the one record is shorter, as a last record may be
        var body = salt
        body.append(contentsOf: withUnsafeBytes(of: recordSize.bigEndian, Array.init))
        body.append(UInt8(ourPoint.count))
        body.append(ourPoint)
        body.append(sealed)
        return body
    }

    /// HKDF-SHA-256 (RFC 5869), for outputs of at most 32 bytes (one block of expansion).
    static func hkdf(salt: Data, secret: Data, info: Data, length: Int) -> Data {
        let prk = Crypto.hmacSHA256(key: salt, secret)
        return Crypto.hmacSHA256(key: prk, info + [1]).prefix(length)
    }

    /// AES-128-GCM: the ciphertext followed by its 16-byte tag.
    static func aes128gcm(key: Data, nonce: Data, plaintext: Data) throws -> Data {
        guard key.count == 16, nonce.count == 12 else { throw Failure.badKey("AES-128-GCM takes a 16-byte key and a 12-byte nonce") }
        guard let context = EVP_CIPHER_CTX_new() else { throw Failure.openSSL("out of memory") }
        defer { EVP_CIPHER_CTX_free(context) }
        var out = [UInt8](repeating: 0, count: plaintext.count + 16)
        var written: Int32 = 0, finished: Int32 = 0
        let ok: Bool = key.withUnsafeBytes { k in
            nonce.withUnsafeBytes { n in
                plaintext.withUnsafeBytes { p in
                    EVP_EncryptInit_ex(context, EVP_aes_128_gcm(), nil, k.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                       n.baseAddress!.assumingMemoryBound(to: UInt8.self)) == 1
                        && EVP_EncryptUpdate(context, &out, &written, p.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(p.count)) == 1
                        && out.withUnsafeMutableBufferPointer { o in
                            EVP_EncryptFinal_ex(context, o.baseAddress! + Int(written), &finished) == 1
                        }
                }
            }
        }
        guard ok else { throw Failure.openSSL("encryption failed") }
        var tag = [UInt8](repeating: 0, count: 16)
        guard EVP_CIPHER_CTX_ctrl(context, yaruki_evp_ctrl_gcm_get_tag, 16, &tag) == 1 else { throw Failure.openSSL("no tag") }
        return Data(out.prefix(Int(written + finished))) + tag
    }
}

extension EVPKey {
    /// A P-256 public key from its uncompressed point (a browser's `p256dh`); a point off the curve is refused.
    static func p256(point: Data) throws -> EVPKey {
        let bytes = [UInt8](point)
        guard bytes.count == 65, bytes[0] == 4 else { throw WebPushCrypto.Failure.badKey("p256dh must be an uncompressed P-256 point (65 bytes)") }
        do {
            return try p256(uncompressed: point)
        } catch {
            throw WebPushCrypto.Failure.badKey("p256dh is not a point on P-256")
        }
    }

    /// ECDH with `peer`: the shared secret (the x coordinate, 32 bytes).
    func sharedSecret(with peer: EVPKey) throws -> Data {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { throw WebPushCrypto.Failure.openSSL("out of memory") }
        defer { EVP_PKEY_CTX_free(context) }
        var length = 0
        // The peer is not checked again here (a full key check, 70 µs, two thirds of the derivation):
        // `p256(point:)` has already refused a point off the curve, and on P-256 (cofactor 1) a
        // point on the curve is in the group.
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer_ex(context, peer.pointer, 0) == 1,
              EVP_PKEY_derive(context, nil, &length) == 1 else { throw WebPushCrypto.Failure.openSSL("ECDH failed") }
        var secret = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_derive(context, &secret, &length) == 1 else { throw WebPushCrypto.Failure.openSSL("ECDH failed") }
        return Data(secret.prefix(length))
    }
}
