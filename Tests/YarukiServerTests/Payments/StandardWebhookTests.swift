import Foundation
import Testing
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// Standard Webhooks verification: the specification's published vector, its negative cases,
/// and agreement both ways with the `standardwebhooks` package from PyPI.
@Suite struct StandardWebhookTests {
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    static let stamp = 1_614_265_330
    static let body = Data(#"{"test": 2432232314}"#.utf8)
    static let signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="

    static func headers(id: String? = id, stamp: String? = String(stamp), signature: String? = signature) -> HTTPHeaders {
        var pairs: [(String, String)] = []
        if let id { pairs.append(("webhook-id", id)) }
        if let stamp { pairs.append(("Webhook-Timestamp", stamp)) }
        if let signature { pairs.append(("webhook-signature", signature)) }
        return HTTPHeaders(pairs)
    }

    static let signedAt = Date(timeIntervalSince1970: TimeInterval(stamp))

    @Test func theSpecificationsVectorSignsAndVerifies() throws {
        let hook = try StandardWebhook(secret: Self.secret)
        #expect(hook.sign(id: Self.id, timestamp: Self.stamp, body: Self.body) == Self.signature)
        #expect(try hook.verify(headers: Self.headers(), body: Self.body, now: Self.signedAt.addingTimeInterval(10)) == Self.id)
        // The secret pasted without its prefix is the same key.
        #expect(try StandardWebhook(secret: String(Self.secret.dropFirst(6))).verify(headers: Self.headers(), body: Self.body, now: Self.signedAt) == Self.id)
    }

    @Test func whatIsNotSignedBySecretNowIsRefused() throws {
        let hook = try StandardWebhook(secret: Self.secret)
        func failure(_ headers: HTTPHeaders, body: Data = Self.body, at now: Date = Self.signedAt) -> StandardWebhook.Failure? {
            do {
                _ = try hook.verify(headers: headers, body: body, now: now)
                return nil
            } catch { return error as? StandardWebhook.Failure }
        }
        #expect(failure(Self.headers(id: nil)) == .missingHeader("webhook-id"))
        #expect(failure(Self.headers(stamp: nil)) == .missingHeader("webhook-timestamp"))
        #expect(failure(Self.headers(signature: nil)) == .missingHeader("webhook-signature"))
        #expect(failure(Self.headers(stamp: "yesterday")) == .badTimestamp)
        #expect(failure(Self.headers(), at: Self.signedAt.addingTimeInterval(301)) == .stale)
        #expect(failure(Self.headers(), at: Self.signedAt.addingTimeInterval(-301)) == .stale)
        #expect(failure(Self.headers(), at: Self.signedAt.addingTimeInterval(299)) == nil)
        #expect(failure(Self.headers(signature: "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=")) == .noMatch)
        #expect(failure(Self.headers(signature: "v2," + Self.signature.dropFirst(3))) == .noMatch)
        #expect(failure(Self.headers(signature: "")) == .missingHeader("webhook-signature"))
        // Several signatures (a key being rotated): one valid is enough, wherever it stands.
        #expect(failure(Self.headers(signature: "v1,bm90IGl0 \(Self.signature) v1a,whatever")) == nil)
        #expect(failure(Self.headers(signature: "v1,bm90IGl0 v1,YWxzbyBub3Q=")) == .noMatch)
        // A body changed by a byte, or another message's id or time under the same signature.
        var changed = Self.body
        changed[changed.count - 2] ^= 1
        #expect(failure(Self.headers(), body: changed) == .noMatch)
        #expect(failure(Self.headers(id: "msg_other")) == .noMatch)
        #expect(failure(Self.headers(stamp: String(Self.stamp + 1)), at: Self.signedAt) == .noMatch)
        #expect(throws: StandardWebhook.Failure.badSecret) { try StandardWebhook(secret: "whsec_not base64!") }
    }

    @Test func thePyPIPackageAndThisAgreeBothWays() throws {
        let secret = StandardWebhook.newSecret()
        let hook = try StandardWebhook(secret: secret)
        let now = Int(Date().timeIntervalSince1970)
        let body = Data(#"{"type":"Transaction.Paid","timestamp":"2026-12-01T03:00:00Z","data":{"paymentId":"order-1","storeId":"store-1"}}"#.utf8)
        let ours = hook.sign(id: "msg_yaruki_1", timestamp: now, body: body)
        let script = """
            import sys, datetime
            from standardwebhooks.webhooks import Webhook
            secret, ours, stamp, body = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].encode()
            hook = Webhook(secret)
            hook.verify(body, {"webhook-id": "msg_yaruki_1", "webhook-timestamp": stamp, "webhook-signature": ours})
            print(hook.sign("msg_python_1", datetime.datetime.fromtimestamp(int(stamp), tz=datetime.timezone.utc), body.decode()))
            """
        let run = try Command.run(["/usr/bin/env", "python3", "-c", script, secret, ours, String(now), String(decoding: body, as: UTF8.self)])
        #expect(run.status == 0, "standardwebhooks refused Yaruki's signature: \(run.output)")
        let theirs = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let headers = HTTPHeaders([("webhook-id", "msg_python_1"), ("webhook-timestamp", String(now)), ("webhook-signature", theirs)])
        #expect(try hook.verify(headers: headers, body: body, now: Date()) == "msg_python_1")
    }
}
