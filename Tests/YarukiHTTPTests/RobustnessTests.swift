import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiHTTP

@Suite struct RobustnessTests {
    static func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    /// Connections opened in a burst are spread over the loops. The loop that woke first used to
    /// accept every one waiting and serve them alone while the other idled (wrk's 64 connections
    /// on one loop ran a page at half the rate of the same run spread over both).
    @Test func aBurstOfConnectionsIsSpreadOverTheLoops() throws {
        let t = try TestServer()
        let clients = try (0..<40).map { _ in try RawClient(port: t.port) }
        #expect(eventually(timeout: 10) { t.server.connectionCount == 40 })
        let perLoop = t.server.connectionsPerLoop()
        #expect(perLoop.count == 2 && abs(perLoop[0] - perLoop[1]) <= 1, "connections per loop: \(perLoop)")
        // Each is served by the loop it was handed to.
        for client in clients {
            client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func survivesMalformedTrafficAndKeepsServing() throws {
        let t = try TestServer { $0.headTimeout = 0.5 }
        let port = t.port
        // Warm up so the baseline includes the loops' steady-state allocations.
        for _ in 0..<50 { _ = try request(port, "/hello") }
        let before = Self.residentKilobytes()

        let garbage: [String] = [
            "\u{00}\u{01}\u{02}\u{ff}\r\n\r\n",
            "HELLO\r\n\r\n",
            "GET\r\n\r\n",
            "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
            "GET nohost HTTP/1.1\r\n\r\n",
            "G\u{7f}T / HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1\r\n Host: folded\r\n\r\n",
            "GET / HTTP/1.1\r\nBad Header: x\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n",
            "POST /size HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            String(repeating: "A", count: 70_000),
        ]
        for bytes in garbage {
            let client = try RawClient(port: port)
            client.send(bytes)
            let reply = try? client.readResponse()
            if let reply { #expect((400..<600).contains(reply.status), "\(bytes.prefix(30).debugDescription) → \(reply.status)") }
        }
        // Half requests, then the client vanishes.
        for i in 0..<200 {
            let client = try RawClient(port: port)
            client.send(String("GET /hello HTTP/1.1\r\nHost: x\r\nX-Part: ".prefix(5 + i % 30)))
        }
        // 100 kB of headers.
        for _ in 0..<20 {
            let client = try RawClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-Fill: aaaaaaaaaaaaaaaaaaaa\r\n", count: 4000) + "\r\n")
            #expect((try? client.readResponse().status) == 431)
        }
        // A body longer than its Content-Length: the rest is a bad next request, never a crash.
        for _ in 0..<50 {
            let client = try RawClient(port: port)
            client.send("POST /size HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nabcdEXTRA-BYTES-THAT-ARE-NOT-HTTP\r\n\r\n")
            #expect(try client.readResponse().json()["bytes"] as? Int == 4)
            #expect((try? client.readResponse().status) == 400)
        }
        // 1,000 connections opened and dropped.
        for _ in 0..<1000 { _ = try RawClient(port: port) }

        let reply = try request(port, "/hello")
        #expect(reply.status == 200)
        #expect(try reply.json()["hello"] as? String == "world")
        // Every half-open connection is cut off by the head timeout, not kept forever. The bound is
        // generous: the whole suite runs in parallel on two cores.
        let closedAll = eventually(timeout: 15) { t.server.connectionCount == 0 }
        #expect(closedAll, "still open, by phase: \(t.server.connectionPhases())")
        let grownMB = Double(Self.residentKilobytes() - before) / 1024
        #expect(grownMB < 64, "resident memory grew by \(grownMB) MB")
    }
}
