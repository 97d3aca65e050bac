import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiHTTP

@Suite struct ShutdownTests {
    @Test func finishesInFlightRequestThenRefusesNewConnections() throws {
        let t = try TestServer()
        let port = t.port
        let client = try RawClient(port: port)
        client.send("GET /slow?ms=600 HTTP/1.1\r\nHost: x\r\n\r\n")
        let stream = try RawClient(port: port)
        stream.send("GET /events?count=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try stream.readUntil("id: 1\n")
        usleep(100_000)
        let server = t.server
        let stopped = Thread.detachNewThreadWithResult { server.shutdown(grace: 5) }
        usleep(150_000)
        #expect(throws: RawClient.Failure.self) { _ = try RawClient(port: port) }
        let reply = try client.readResponse()
        #expect(reply.status == 200)
        #expect(try reply.json()["slept"] as? Int == 600)
        #expect(reply.headers["connection"] == "close")
        #expect(stream.isClosedByServer())
        #expect(stopped.wait(timeout: 5))
        #expect(t.closedStreams.count == 1)
    }

    @Test func graceDeadlineEndsAStuckRequest() throws {
        let t = try TestServer()
        let client = try RawClient(port: t.port)
        client.send("GET /slow?ms=30000 HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(100_000)
        t.server.shutdown(grace: 0.3)
        // Ended by the grace period, not by the request finishing (it would have been answered after 30 s).
        #expect((try? client.readResponse()) == nil, "the stuck request is cut off unanswered")
        #expect(client.isClosedByServer())
    }
}

extension Thread {
    final class Completion: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        func finish() { done.signal() }
        func wait(timeout: Double) -> Bool { done.wait(timeout: .now() + timeout) == .success }
    }

    static func detachNewThreadWithResult(_ work: @escaping @Sendable () -> Void) -> Completion {
        let completion = Completion()
        Thread.detachNewThread {
            work()
            completion.finish()
        }
        return completion
    }
}
