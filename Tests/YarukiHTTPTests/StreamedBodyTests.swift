import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiHTTP

/// Bodies made while they are sent (`Response.Body.stream`): the length announced or chunked,
/// a producer held back by a slow reader, and a body that cannot be finished cut off.
@Suite struct StreamedBodyTests {
    static func expected(_ count: Int) -> [UInt8] { (0..<count).map(TestServer.pattern) }

    @Test func aLongBodyArrivesWholeWithItsLength() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port, timeout: 20)
        client.send("GET /produce?bytes=3000000&length=3000000&chunk=100000 HTTP/1.1\r\nHost: x\r\n\r\n")
        let reply = try client.readResponse()
        #expect(reply.status == 200)
        #expect(reply.headers["content-length"] == "3000000")
        #expect(reply.body == StreamedBodyTests.expected(3_000_000))
        // The connection stays usable for the next request.
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
    }

    /// A client that has its whole body asks again at once, before the producer has returned:
    /// that request waits for the exchange to end instead of being read as noise and lost.
    @Test func theNextRequestSentBeforeTheProducerReturnsIsAnswered() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port, timeout: 10)
        for body in [1000, 0] {
            client.send("GET /produce?bytes=\(body)&length=\(body)&linger=0.3 HTTP/1.1\r\nHost: x\r\n\r\n")
            let reply = try client.readResponse()
            #expect(reply.body == StreamedBodyTests.expected(body))
            client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
        // Chunked: the last chunk is only written once the producer returns.
        client.send("GET /produce?bytes=5000&linger=0.3 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().body == StreamedBodyTests.expected(5000))
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
    }

    @Test func withoutALengthItIsChunked() throws {
        let t = try TestServer()
        let reply = try request(t.port, "/produce?bytes=200001&chunk=7000")
        #expect(reply.headers["transfer-encoding"] == "chunked")
        #expect(reply.body == StreamedBodyTests.expected(200_001))
    }

    @Test func aReaderThatDoesNotReadHoldsTheProducerBack() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port, timeout: 20, receiveBuffer: 65536)
        let total = 64 << 20
        client.send("GET /produce?bytes=\(total)&length=\(total) HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try client.readUntil("\r\n\r\n")
        // Nothing more is read: the producer stops once the socket and the connection's buffer are
        // full, and stays stopped (the count holds still over half a second).
        var last = -1
        #expect(eventually(timeout: 30) {
            let now = t.production.written
            defer { last = now }
            Thread.sleep(forTimeInterval: 0.5)
            return now > 0 && now == last && t.production.written == now
        })
        #expect(last < 16 << 20, "the producer ran ahead of a reader that read nothing (\(last) of \(total) bytes)")
        client.disconnect()
        #expect(eventually(timeout: 10) { t.production.writeFailed }, "a write after the reader left must fail")
    }

    @Test func aProducerThatFailsCutsTheBodyOff() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port, timeout: 10)
        client.send("GET /produce?bytes=1000000&length=1000000&fail=300000 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(throws: RawClient.Failure.self) { try client.readResponse() }
        // As does a body shorter than it said.
        let short = try RawClient(port: t.port, timeout: 10)
        short.send("GET /produce?bytes=1000&length=2000 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(throws: RawClient.Failure.self) { try short.readResponse() }
        // The server goes on.
        #expect(try request(t.port, "/hello").status == 200)
    }
}
