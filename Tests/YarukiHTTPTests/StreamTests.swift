import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiHTTP

@Suite struct StreamTests {
    @Test func sendsEventsWithIDsAndResumes() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port)
        client.send("GET /events?count=2 HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 40\r\n\r\n")
        let head = try client.readUntil("\r\n\r\n")
        #expect(head.contains("200 OK"))
        #expect(head.contains("Content-Type: text/event-stream"))
        #expect(head.contains("Transfer-Encoding: chunked"))
        let events = try client.readUntil("id: 42\nevent: tick\ndata: xxxxxxxxxx\n\n")
        #expect(events.contains("id: 41\nevent: tick\ndata: xxxxxxxxxx\n\n"))
    }

    @Test func keepsAliveAndDetectsDisconnect() throws {
        let t = try TestServer { $0.sseKeepAlive = 0.2 }
        var client: RawClient? = try RawClient(port: t.port)
        client?.send("GET /events?count=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try client?.readUntil("id: 1\n")
        _ = try client?.readUntil(": keep-alive\n\n")
        #expect(eventually { t.server.metrics.openStreams == 1 })
        client = nil  // closes the socket
        #expect(eventually { t.closedStreams.count == 1 })
        #expect(eventually { t.server.metrics.openStreams == 0 })
    }

    @Test func aFanOutReachesEveryStreamInOrderWhileRequestsStillGetAnswers() throws {
        let t = try TestServer()
        // More streams than a loop writes in one turn, so every event goes out in slices.
        let clients = try (0..<2_600).map { _ in try RawClient(port: t.port, timeout: 10) }
        for client in clients { client.send("GET /room HTTP/1.1\r\nHost: x\r\n\r\n") }
        for client in clients { _ = try client.readUntil("\r\n\r\n") }
        #expect(eventually(timeout: 10) { t.room.streams.count == 2_600 })
        for i in 1...40 {
            EventStream.send(encoded: ServerSentEvent(id: String(i), event: "n", data: String(repeating: "z", count: 200)).encoded, to: t.room.streams)
        }
        // A request meanwhile is answered, not held behind 104,000 writes.
        #expect(try request(t.port, "/slow?ms=1").status == 200)
        for client in clients {
            let text = try client.readUntil("id: 40\n")
            let ids = text.components(separatedBy: "id: ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
            #expect(ids == Array(1...40))
        }
    }

    @Test func slowClientIsDroppedBeforeItsBufferGrowsWithoutLimit() throws {
        let t = try TestServer { $0.sseMaxBufferedBytes = 256 << 10 }
        let client = try RawClient(port: t.port)
        var size: Int32 = 4096
        setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        client.send("GET /flood HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try client.readUntil("\r\n\r\n")
        // Never read again: the server must give up on this client.
        #expect(eventually(timeout: 10) { t.closedStreams.count == 1 })
        #expect(t.server.metrics.openStreams == 0)
    }
}

@Suite struct StreamHTTP10Tests {
    @Test func http10ClientsGetAnUnchunkedStreamEndedByClose() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port)
        client.send("GET /events?count=1 HTTP/1.0\r\n\r\n")
        let head = try client.readUntil("\r\n\r\n")
        #expect(head.contains("Content-Type: text/event-stream"))
        #expect(!head.contains("chunked"))
        #expect(try client.readUntil("\n\n") == "id: 1\nevent: tick\ndata: xxxxxxxxxx\n\n")
    }
}
