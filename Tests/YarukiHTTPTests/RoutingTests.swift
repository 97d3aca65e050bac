import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiHTTP

@Suite struct RoutingTests {
    /// `queryItem` reads the pairs parsed once with the request; it must find what decoding the
    /// whole query finds, and what a new target says.
    @Test func aQueryItemIsWhatTheDecodedQueryHolds() {
        let queries = ["", "a=1", "a=1&a=2", "b=2&a=", "a", "x=%41&%61=encoded-name", "a+b=c+d&a%20b=no", "a=%ZZ&%ZZ=bad", "q=%E3%83%99%E3%83%B3%E3%83%81&limit=20&n=3-9",
                       "&&a=&=b", "a=b=c", "a=%E3%83&b=%", "a=caf%C3%A9+au+lait&", "from=2026-11-01&to=2026-11-30&cursor=MTc2NDUwMDAwMDAwMC4w"]
        for query in queries {
            let request = Request(method: .get, target: "/x?\(query)")
            for name in ["a", "b", "x", "a b", "%ZZ", "q", "limit", "n", "", "to", "cursor", "missing"] {
                #expect(request.queryItem(name) == PercentDecoding.form(query).first { $0.0 == name }?.1, "\(name) in \(query)")
            }
        }
        #expect(Request(method: .get, target: "/x").queryItem("a") == nil)
        var moved = Request(method: .get, target: "/x?a=1")
        let kept = moved
        moved.target = "/y?a=2&b=3"
        #expect(moved.queryItem("a") == "2" && moved.queryItem("b") == "3" && kept.queryItem("a") == "1" && kept.queryItem("b") == nil)
        moved.target = "/z"
        #expect(moved.queryItem("a") == nil)
    }

    @Test func answersJSONWithRequestID() throws {
        let t = try TestServer()
        let reply = try request(t.port, "/hello")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "application/json")
        #expect(try reply.json()["hello"] as? String == "world")
        #expect(!(reply.headers["x-request-id"] ?? "").isEmpty)
        #expect(reply.headers["date"]?.hasSuffix("GMT") == true)
    }

    @Test func keepsAGoodIncomingRequestIDAndReplacesABadOne() throws {
        let t = try TestServer()
        #expect(try request(t.port, "/hello", headers: ["X-Request-Id": "abc-123"]).headers["x-request-id"] == "abc-123")
        let replaced = try request(t.port, "/hello", headers: ["X-Request-Id": "bad id\"<>"]).headers["x-request-id"]
        #expect(replaced != nil && replaced != "bad id\"<>")
    }

    @Test func unknownPathIs404Problem() throws {
        let t = try TestServer()
        let reply = try request(t.port, "POST", "/nowhere", body: "{}")
        #expect(reply.status == 404)
        #expect(reply.headers["content-type"] == "application/problem+json")
        let problem = try reply.json()
        #expect(problem["status"] as? Int == 404)
        #expect(problem["title"] as? String == "Not Found")
        #expect((problem["detail"] as? String)?.contains("/nowhere") == true)
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let t = try TestServer()
        let reply = try request(t.port, "PUT", "/items/7", body: "{}")
        #expect(reply.status == 405)
        #expect(reply.headers["allow"] == "DELETE, GET, HEAD, OPTIONS")
        let options = try request(t.port, "OPTIONS", "/items/7")
        #expect(options.status == 204)
        #expect(options.headers["allow"] == "DELETE, GET, HEAD, OPTIONS")
        #expect(reply.headers["content-type"] == "application/problem+json")
        #expect(try reply.json()["status"] as? Int == 405)
    }

    @Test func pathParametersAreDecodedAndLiteralsWin() throws {
        let t = try TestServer()
        #expect(try request(t.port, "/items/caf%C3%A9").json()["id"] as? String == "café")
        #expect(try request(t.port, "/items/special").json()["id"] as? String == "literal")
        #expect(try request(t.port, "/items/").status == 404)
    }

    @Test func headAnswersLikeGetWithoutBody() throws {
        let t = try TestServer()
        let reply = try request(t.port, "HEAD", "/hello")
        #expect(reply.status == 200)
        #expect(reply.headers["content-length"] == "17")
        #expect(reply.body.isEmpty)
    }

    @Test func unexpectedErrorIsA500ProblemWithoutDetailsLeaking() throws {
        let t = try TestServer()
        let reply = try request(t.port, "/fail")
        #expect(reply.status == 500)
        #expect(reply.headers["content-type"] == "application/problem+json")
        #expect(!reply.text.contains("NSCocoaErrorDomain") && !reply.text.contains("fileNoSuchFile"))
    }

    @Test func keepAliveServesSeveralRequestsAndPipelines() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port)
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\nGET /items/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /items/2 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(try client.readResponse().json()["id"] as? String == "1")
        #expect(try client.readResponse().json()["id"] as? String == "2")
        client.send("GET /items/3 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().json()["id"] as? String == "3")
    }

    @Test func http10ClosesUnlessKeepAliveAsked() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port)
        client.send("GET /hello HTTP/1.0\r\n\r\n")
        let reply = try client.readResponse()
        #expect(reply.status == 200)
        #expect(reply.headers["connection"] == "close")
        #expect(client.isClosedByServer())
    }

    @Test func answersAHalfClosedClient() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port)
        client.send("GET /slow?ms=100 HTTP/1.1\r\nHost: x\r\n\r\n")
        client.shutdownWrite()
        #expect(try client.readResponse().status == 200)
    }
}

@Suite struct RouterUnitTests {
    @Test func matchesAndReportsAllowedMethods() {
        var router = Router()
        router.get("/a/{x}/b") { _ in .noContent() }
        router.post("/a/{x}/b") { _ in .noContent() }
        router.get("/a/fixed/b") { _ in .noContent() }
        guard case let .found(route, parameters) = router.match(method: .get, path: "/a/42/b") else {
            Issue.record("no match")
            return
        }
        #expect(route.pattern == "/a/{x}/b")
        #expect(parameters == ["x": "42"])
        guard case let .found(fixed, _) = router.match(method: .get, path: "/a/fixed/b") else {
            Issue.record("no literal match")
            return
        }
        #expect(fixed.pattern == "/a/fixed/b")
        // The literal route shadows the parameter route: its lack of POST is a 405, not "fixed" as an x.
        guard case let .methodNotAllowed(shadowed) = router.match(method: .post, path: "/a/fixed/b") else {
            Issue.record("POST on the literal route should be a 405")
            return
        }
        #expect(shadowed == [.get, .head, .options])
        guard case let .methodNotAllowed(allow) = router.match(method: .delete, path: "/a/1/b") else {
            Issue.record("expected 405")
            return
        }
        #expect(allow == [.get, .head, .options, .post])
        // The literal route names its own methods, not those of the parameter route beside it.
        guard case let .methodNotAllowed(literal) = router.match(method: .delete, path: "/a/fixed/b") else {
            Issue.record("expected 405")
            return
        }
        #expect(literal == [.get, .head, .options])
        guard case .notFound = router.match(method: .get, path: "/a/1") else {
            Issue.record("expected 404")
            return
        }
        #expect(Router.parameterNames("/v1/groups/{group}/members/{member}") == ["group", "member"])
    }

    @Test func parsesByteRanges() {
        #expect(ByteRange.parse("bytes=0-9", size: 100) == .satisfiable(lower: 0, upper: 9))
        #expect(ByteRange.parse("bytes=90-", size: 100) == .satisfiable(lower: 90, upper: 99))
        #expect(ByteRange.parse("bytes=-10", size: 100) == .satisfiable(lower: 90, upper: 99))
        #expect(ByteRange.parse("bytes=50-500", size: 100) == .satisfiable(lower: 50, upper: 99))
        #expect(ByteRange.parse("bytes=100-", size: 100) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=0-1,5-6", size: 100) == .ignored)
        #expect(ByteRange.parse("items=0-1", size: 100) == .ignored)
        #expect(ByteRange.parse("bytes=9-3", size: 100) == .ignored)
    }

    @Test func encodesServerSentEvents() {
        let event = ServerSentEvent(id: "7\nx", event: "tick", data: "a\nb")
        #expect(String(decoding: event.encoded, as: UTF8.self) == "id: 7x\nevent: tick\ndata: a\ndata: b\n\n")
        // Without an id no id line at all: an empty one would reset the client's last id.
        #expect(String(decoding: ServerSentEvent(id: nil, event: "sync", data: "{}").encoded, as: UTF8.self) == "event: sync\ndata: {}\n\n")
    }
}

@Suite struct PipeliningTests {
    @Test func thousandsOfPipelinedRequestsAreAllAnsweredInOrder() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port, timeout: 20)
        let count = 5000
        let batch = (0..<count).map { "GET /items/\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        Thread.detachNewThread { client.send(batch) }
        for i in 0..<count {
            let reply = try client.readResponse()
            guard try reply.json()["id"] as? String == String(i) else {
                Issue.record("response \(i) out of order or missing")
                return
            }
        }
        #expect(try request(t.port, "/hello").status == 200)
    }
}

@Suite struct RequestHeadTests {
    func parse(_ text: String) throws(RequestHead.Failure) -> RequestHead {
        let bytes = Array(text.utf8)
        let result: Result<RequestHead, RequestHead.Failure> = bytes.withUnsafeBytes { raw in
            do throws(RequestHead.Failure) { return .success(try RequestHead.parse(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    @Test func readsMethodTargetVersionAndHeaders() throws {
        let head = try parse("POST /a?b=1 HTTP/1.1\r\nHost: x\r\nX-Thing:   padded value \t\r\n\r\n")
        #expect(head.method == .post)
        #expect(head.target == "/a?b=1")
        #expect(head.minorVersion == 1)
        #expect(head.headers["x-thing"] == "padded value")
        #expect(try parse("GET http://example.com/path?q HTTP/1.1\r\nHost: x\r\n\r\n").target == "/path?q")
    }

    @Test func decidesKeepAliveByVersionAndConnectionTokens() throws {
        #expect(try parse("GET / HTTP/1.1\r\nHost: x\r\n\r\n").wantsKeepAlive)
        #expect(try !parse("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, Close\r\n\r\n").wantsKeepAlive)
        #expect(try !parse("GET / HTTP/1.0\r\n\r\n").wantsKeepAlive)
        #expect(try parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").wantsKeepAlive)
    }

    @Test(arguments: [
        ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400),
        ("GET / FTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET relative HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n: empty\r\nHost: x\r\n\r\n", 400),
    ])
    func refusesMalformedHeads(text: String, status: Int) {
        #expect(throws: RequestHead.Failure.self) { _ = try parse(text) }
        do { _ = try parse(text) } catch { #expect(error.status == status, "\(text.debugDescription)") }
    }
}
