import Foundation
import Testing
import YarukiAPI
import YarukiTestSupport
@testable import YarukiServer

/// Web Push's message encryption (RFC 8291) and VAPID (RFC 8292): the RFC's own example to the
/// byte, and fresh messages read back by other implementations (`http-ece`, `py-vapid`).
@Suite struct WebPushTests {
    static func bytes(_ text: String) -> Data { Base64URL.decode(text)! }

    /// A private P-256 key from its scalar and point, as a SEC 1 PEM (RFC 5915) OpenSSL reads.
    static func privateKey(d: String, point: String) throws -> EVPKey {
        let der = Data([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20]) + bytes(d)
            + Data([0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0xA1, 0x44, 0x03, 0x42, 0x00]) + bytes(point)
        let pem = "-----BEGIN EC PRIVATE KEY-----\n" + der.base64EncodedString(options: [.lineLength64Characters]) + "\n-----END EC PRIVATE KEY-----\n"
        return try EVPKey.readPrivatePEM(Data(pem.utf8))
    }

    /// RFC 8291 Appendix A: the same keys, salt and message give the same bytes.
    @Test func theRFCsExampleEncryptsToTheByte() throws {
        let sender = try Self.privateKey(d: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
                                         point: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let body = try WebPushCrypto.encrypt(Data("When I grow up, I want to be a watermelon".utf8),
                                             p256dh: Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
                                             auth: Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"), salt: Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"), senderKey: sender)
        #expect(Base64URL.encode(body) == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test func badKeysAndLargeMessagesAreRefused() throws {
        let browser = try EVPKey.generateP256().publicPoint()
        #expect(throws: WebPushCrypto.Failure.self) { try WebPushCrypto.encrypt(Data("x".utf8), p256dh: browser, auth: Data(count: 8)) }
        #expect(throws: WebPushCrypto.Failure.self) { try WebPushCrypto.encrypt(Data("x".utf8), p256dh: browser.prefix(33), auth: Data(count: 16)) }
        var offCurve = browser
        offCurve[64] ^= 1
        #expect(throws: WebPushCrypto.Failure.self) { try WebPushCrypto.encrypt(Data("x".utf8), p256dh: offCurve, auth: Data(count: 16)) }
        #expect(throws: WebPushCrypto.Failure.tooLarge) {
            try WebPushCrypto.encrypt(Data(count: WebPushCrypto.maxPlaintext + 1), p256dh: browser, auth: Data(count: 16))
        }
        let most = try WebPushCrypto.encrypt(Data(count: WebPushCrypto.maxPlaintext), p256dh: browser, auth: Data(count: 16))
        #expect(most.count == 4096, "the largest message fills what every push service must take")
    }

    /// A fresh message, with a fresh key and salt each time, decrypts with the browser's private key
    /// and auth secret in `http-ece`; the VAPID header verifies in `py-vapid`, for the endpoint's origin.
    @Test func anotherImplementationReadsWhatWeSend() throws {
        let folder = NSTemporaryDirectory() + "webpush-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let browser = try EVPKey.generateP256()
        let auth = Crypto.randomBytes(16)
        let message = Data(#"{"title":"Mina: 喝!","url":"/#/accountability"}"#.utf8)
        let first = try WebPushCrypto.encrypt(message, p256dh: try browser.publicPoint(), auth: auth)
        let second = try WebPushCrypto.encrypt(message, p256dh: try browser.publicPoint(), auth: auth)
        #expect(first != second, "a fresh salt and key for every message")
        try browser.privatePEM().write(to: URL(fileURLWithPath: folder + "/browser.pem"))
        try first.write(to: URL(fileURLWithPath: folder + "/body"))
        let vapid = try VAPID.load(keysDirectory: folder + "/keys", subject: "mailto:ops@yaruki.example")
        let again = try VAPID.load(keysDirectory: folder + "/keys", subject: "mailto:ops@yaruki.example")
        #expect(again.publicKey == vapid.publicKey, "made once, then read")
        let now = Date()
        let header = try vapid.authorization(for: URL(string: "https://push.example.net:8443/wpush/v2/abc?x=1")!, now: now)
        let script = """
            import base64, json, sys, http_ece, py_vapid
            from cryptography.hazmat.primitives import serialization
            folder, auth, header = sys.argv[1], sys.argv[2], sys.argv[3]
            key = serialization.load_pem_private_key(open(folder + "/browser.pem", "rb").read(), password=None)
            plain = http_ece.decrypt(open(folder + "/body", "rb").read(), private_key=key,
                                     auth_secret=base64.urlsafe_b64decode(auth + "=="), version="aes128gcm")
            assert py_vapid.Vapid02.verify(header), "the VAPID token does not verify"
            claims = json.loads(base64.urlsafe_b64decode(header.split("t=")[1].split(".")[1] + "=="))
            print(json.dumps({"plain": plain.decode(), "claims": claims}))
            """
        let run = try Command.run(["/usr/bin/env", "python3", "-c", script, folder, Base64URL.encode(auth), header])
        #expect(run.status == 0, "\(run.output)")
        let read = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(read?["plain"] as? String == String(decoding: message, as: UTF8.self))
        let claims = read?["claims"] as? [String: Any]
        #expect(claims?["aud"] as? String == "https://push.example.net:8443")
        #expect(claims?["sub"] as? String == "mailto:ops@yaruki.example")
        let exp = claims?["exp"] as? Int ?? 0
        #expect(abs(exp - Int(now.timeIntervalSince1970) - 12 * 3600) <= 1)
        // One token per push service for half its life: the same an hour later, a new one after six hours, one per origin.
        let endpoint = URL(string: "https://push.example.net:8443/wpush/v2/other")!
        #expect(try vapid.authorization(for: endpoint, now: now.addingTimeInterval(3600)) == header)
        #expect(try vapid.authorization(for: endpoint, now: now.addingTimeInterval(6 * 3600 + 1)) != header)
        #expect(try vapid.authorization(for: URL(string: "https://fcm.googleapis.com/fcm/send/x")!, now: now) != header)
    }

    /// The server POSTs to what a subscription names: only a push service's public https host,
    /// unless the operator runs their own (`--push-endpoints any`).
    @Test func endpointsMustBeAPushServicesPublicHost() {
        for good in ["https://fcm.googleapis.com/fcm/send/abc", "https://updates.push.services.mozilla.com/wpush/v2/x", "https://web.push.apple.com/QGuQ"] {
            #expect(WebPush.endpointProblem(good, anyEndpoint: false) == nil, "\(good)")
        }
        for bad in ["http://fcm.googleapis.com/fcm/send/abc", "https://localhost/x", "https://127.0.0.1/x", "https://10.0.0.5/x", "https://[::1]/x",
                    "https://intranet/x", "https://printer.local/x", "https://metadata.google.internal/x", "ftp://push.example/x", "not a url",
                    "https://push.example/" + String(repeating: "a", count: 2100)] {
            #expect(WebPush.endpointProblem(bad, anyEndpoint: false) != nil, "\(bad)")
        }
        #expect(WebPush.endpointProblem("http://127.0.0.1:8089/push/a", anyEndpoint: true) == nil)
        #expect(WebPush.endpointProblem("ftp://127.0.0.1/push/a", anyEndpoint: true) != nil)
    }

    @Test func retryAfterIsSecondsOrADateAndAtMostADay() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(WebPush.retryAfter("30", now: now) == now.addingTimeInterval(30))
        #expect(WebPush.retryAfter("999999", now: now) == now.addingTimeInterval(86_400))
        let date = Date(timeIntervalSince1970: 1_792_567_680)  // Wed, 21 Oct 2026 07:28:00 GMT
        #expect(WebPush.retryAfter("Wed, 21 Oct 2026 07:28:00 GMT", now: date.addingTimeInterval(-3600)) == date)
        #expect(WebPush.retryAfter("Wed, 21 Oct 2026 07:28:00 GMT", now: date.addingTimeInterval(-3 * 86_400)) == date.addingTimeInterval(-2 * 86_400),
                "a day ahead at most")
        #expect(WebPush.retryAfter("soon", now: now) == nil)
        #expect(WebPush.topic("like 6f1d2c3a-5b4e-4d7f-9a8b-1c2d3e4f5a6b").count == 32)
        #expect(WebPush.topic("a") != WebPush.topic("b"))
    }
}
