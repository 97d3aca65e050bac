import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiHTTP

/// Streamed request bodies: written to disk as they arrive, limited, and never left behind.
@Suite struct UploadTests {
    static func files(_ directory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    }

    @Test func aLargeBodyGoesToDiskAndIsRemovedAfterTheResponse() throws {
        let t = try TestServer()
        let payload = [UInt8]((0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let client = try RawClient(port: t.port, timeout: 20)
        client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(payload.count)\r\n\r\n")
        client.send(payload)
        let reply = try client.readResponse().json()
        #expect(reply["size"] as? Int == payload.count && reply["onDisk"] as? Int == payload.count)
        #expect(reply["memory"] as? Int == 0, "the body never sits in memory")
        let path = try #require(reply["path"] as? String)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(Self.files(t.uploads).isEmpty)
        // Chunked works the same way.
        client.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
        #expect(try client.readResponse().json()["size"] as? Int == 11)
    }

    @Test func aKeptUploadStays() throws {
        let t = try TestServer()
        let reply = try request(t.port, "POST", "/keep", body: "proof")
        let kept = try #require(try reply.json()["kept"] as? String)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "proof")
        #expect(Self.files(t.uploads).isEmpty)
    }

    @Test func tooLargeIs413AndLeavesNothing() throws {
        let t = try TestServer()
        let announced = try RawClient(port: t.port)
        announced.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(9 << 20)\r\n\r\n")
        #expect(try announced.readResponse().status == 413)
        #expect(Self.files(t.uploads).isEmpty)
        // Chunked: the limit is found only on the way.
        let chunked = try RawClient(port: t.port, timeout: 20)
        chunked.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = String(repeating: "z", count: 1 << 20)
        var status = 0
        for _ in 0..<10 {
            chunked.send(String(1 << 20, radix: 16) + "\r\n" + chunk + "\r\n")
        }
        status = (try? chunked.readResponse().status) ?? 0
        #expect(status == 413)
        #expect(eventually(timeout: 5) { Self.files(t.uploads).isEmpty })
        // Other routes keep the small in-memory limit.
        #expect(try request(t.port, "POST", "/size", body: String(repeating: "x", count: 2 << 20)).status == 413)
    }

    @Test func anInterruptedUploadLeavesNothing() throws {
        let t = try TestServer()
        do {
            let client = try RawClient(port: t.port)
            client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n" + String(repeating: "a", count: 300_000))
            #expect(eventually(timeout: 5) { Self.files(t.uploads).count == 1 }, "the part file exists while the body arrives")
        }  // the client goes away mid-body
        #expect(eventually(timeout: 5) { Self.files(t.uploads).isEmpty })
        // A body that stalls is cut off by the idle timeout, with the same result.
        let slow = try TestServer { $0.bodyIdleTimeout = 0.3 }
        let client = try RawClient(port: slow.port)
        client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nabc")
        #expect(try client.readResponse().status == 408)
        #expect(eventually(timeout: 5) { Self.files(slow.uploads).isEmpty })
    }
}
