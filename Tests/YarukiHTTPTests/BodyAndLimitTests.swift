import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiHTTP

@Suite struct BodyAndLimitTests {
    @Test func decodesJSONBody() throws {
        let t = try TestServer()
        let reply = try request(t.port, "POST", "/echo", headers: ["Content-Type": "application/json"],
                                body: #"{"name":"squat","reps":12}"#)
        #expect(reply.status == 201)
        #expect(try reply.json()["reps"] as? Int == 12)
    }

    @Test(arguments: [
        (#"{"reps":12}"#, "name", "is required"),
        (#"{"name":"squat","reps":"twelve"}"#, "reps", "must be an integer"),
        (#"{"name":"squat","reps":3,"tags":[1]}"#, "tags[0]", "must be a string"),
        (#"{"name":null,"reps":3}"#, "name", "not null"),
    ])
    func decodeErrorsNameTheField(body: String, field: String, message: String) throws {
        let t = try TestServer()
        let reply = try request(t.port, "POST", "/echo", headers: ["Content-Type": "application/json"], body: body)
        #expect(reply.status == 400)
        #expect(reply.headers["content-type"] == "application/problem+json")
        let errors = try reply.json()["errors"] as? [[String: String]]
        #expect(errors?.first?["field"] == field)
        #expect(errors?.first?["message"]?.contains(message) == true)
    }

    @Test func malformedJSONAndWrongTypeAreClear() throws {
        let t = try TestServer()
        let broken = try request(t.port, "POST", "/echo", headers: ["Content-Type": "application/json"], body: "{nope")
        #expect(broken.status == 400)
        #expect((try broken.json()["detail"] as? String)?.contains("not valid JSON") == true)
        let form = try request(t.port, "POST", "/echo", headers: ["Content-Type": "text/plain"], body: "{}")
        #expect(form.status == 415)
        let empty = try request(t.port, "POST", "/echo", headers: ["Content-Type": "application/json"], body: "")
        #expect(empty.status == 400)
    }

    @Test func bodyOverTheLimitIs413AndTheConnectionCloses() throws {
        let t = try TestServer { $0.maxBodyBytes = 1000 }
        let client = try RawClient(port: t.port)
        client.send("POST /size HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n")
        let reply = try client.readResponse()
        #expect(reply.status == 413)
        #expect(reply.headers["content-type"] == "application/problem+json")
        #expect(reply.headers["connection"] == "close")
        #expect(client.isClosedByServer())
        #expect(try request(t.port, "POST", "/size", body: String(repeating: "a", count: 1000)).json()["bytes"] as? Int == 1000)
    }

    @Test func chunkedBodiesAreDecodedAndLimited() throws {
        let t = try TestServer { $0.maxBodyBytes = 1000 }
        let client = try RawClient(port: t.port)
        client.send("POST /size HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\n\r\n")
        #expect(try client.readResponse().json()["bytes"] as? Int == 11)
        let big = try RawClient(port: t.port)
        big.send("POST /size HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<3 { big.send("190\r\n" + String(repeating: "z", count: 400) + "\r\n") }
        #expect(try big.readResponse().status == 413)
    }

    @Test func smugglingShapesAreRefused() throws {
        let t = try TestServer()
        let both = try RawClient(port: t.port)
        both.send("POST /size HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc")
        #expect(try both.readResponse().status == 400)
        let twoLengths = try RawClient(port: t.port)
        twoLengths.send("POST /size HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd")
        #expect(try twoLengths.readResponse().status == 400)
        let gzip = try RawClient(port: t.port)
        gzip.send("POST /size HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n")
        #expect(try gzip.readResponse().status == 501)
    }

    @Test func hugeHeadersAre431() throws {
        let t = try TestServer { $0.responseHeaders = HTTPHeaders([("X-Content-Type-Options", "nosniff")]) }
        let client = try RawClient(port: t.port)
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n")
        let reply = try client.readResponse()
        #expect(reply.status == 431)
        #expect(reply.headers["content-type"] == "application/problem+json")
        // The server's own headers reach answers that never got to a handler.
        #expect(reply.headers["x-content-type-options"] == "nosniff")
        #expect(client.isClosedByServer())
    }

    @Test func serverHeadersGiveWayToTheResponseOwn() throws {
        let t = try TestServer { $0.responseHeaders = HTTPHeaders([("X-Frame-Options", "DENY"), ("Content-Type", "text/plain")]) }
        let client = try RawClient(port: t.port)
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        let reply = try client.readResponse()
        #expect(reply.status == 200)
        #expect(reply.headers["x-frame-options"] == "DENY")
        #expect(reply.headers["content-type"] == "application/json")  // a repeated header would read "a, b"
    }

    @Test func slowHeadIsCutOffWith408() throws {
        let t = try TestServer { $0.headTimeout = 0.4 }
        let client = try RawClient(port: t.port)
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n")  // never finishes the head
        let reply = try client.readResponse()  // the client's own timeout (5 s) is the only ceiling
        #expect(reply.status == 408)
        #expect(client.isClosedByServer())
    }

    @Test func trickleOfHeaderBytesStillTimesOut() throws {
        // Slowloris: a byte every 100 ms keeps a read timeout alive but not a head deadline.
        let t = try TestServer { $0.headTimeout = 0.5 }
        let client = try RawClient(port: t.port)
        client.send("GET /hello HTTP/1.1\r\n")
        var got408 = false
        for _ in 0..<30 {
            client.send("X")
            usleep(100_000)
            client.setTimeout(0.01)
            if let reply = try? client.readResponse() { got408 = reply.status == 408; break }
        }
        #expect(got408)
    }

    @Test func stalledBodyIs408() throws {
        let t = try TestServer { $0.bodyIdleTimeout = 0.4 }
        let client = try RawClient(port: t.port)
        client.send("POST /size HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly a little")
        #expect(try client.readResponse().status == 408)
    }

    @Test func silentIdleConnectionIsClosedWithoutAnswer() throws {
        let t = try TestServer { $0.keepAliveTimeout = 0.3 }
        let client = try RawClient(port: t.port)
        #expect(client.isClosedByServer())
    }

    @Test func aConnectionThatSendsNothingGetsTheHeadTimeoutNotTheKeepAlive() throws {
        // Keep-alive far beyond the client's 5 s patience: only the head timeout can close it.
        let t = try TestServer { $0.headTimeout = 0.3; $0.keepAliveTimeout = 120 }
        let client = try RawClient(port: t.port)
        #expect(client.isClosedByServer())
    }

    @Test func bareLineFeedsAreABadRequest() throws {
        let t = try TestServer()
        for text in ["GET /hello HTTP/1.1\nHost: x\n\n", "GET /hello HTTP/1.1\r\nHost: x\nAccept: */*\r\n\r\n"] {
            let client = try RawClient(port: t.port)
            client.send(text)
            let reply = try client.readResponse()
            #expect(reply.status == 400)
            #expect(String(decoding: reply.body, as: UTF8.self).contains("bare LF"))
        }
    }

    @Test func oneAddressHoldsAtMostItsCapOfConnections() throws {
        let t = try TestServer { $0.maxConnectionsPerAddress = 3; $0.capLoopback = true }
        let held = try (0..<3).map { _ in try RawClient(port: t.port) }
        for client in held { client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n") }
        for client in held { #expect(try client.readResponse().status == 200) }
        let extra = try RawClient(port: t.port)
        let refused = try extra.readResponse()
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "5")
        #expect(extra.isClosedByServer())
        // The held ones still work, and a slot freed is a slot given.
        held[0].send("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(try held[0].readResponse().status == 200)
        #expect(held[0].isClosedByServer())
        #expect(eventually(timeout: 10) {
            guard let client = try? RawClient(port: t.port) else { return false }
            client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            return (try? client.readResponse())?.status == 200
        })
        #expect(t.server.metrics.render().contains("yaruki_http_connections_refused_total "))
    }

    @Test func loopbackIsNotCappedUnlessAsked() throws {
        let t = try TestServer { $0.maxConnectionsPerAddress = 2 }
        let held = try (0..<4).map { _ in try RawClient(port: t.port) }
        for client in held { client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n") }
        for client in held { #expect(try client.readResponse().status == 200) }
    }

    @Test func expectContinueIsHonoured() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port)
        client.send("POST /size HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        #expect(try client.readUntil("\r\n\r\n").hasPrefix("HTTP/1.1 100 Continue"))
        client.send("abcd")
        #expect(try client.readResponse().json()["bytes"] as? Int == 4)
    }
}
