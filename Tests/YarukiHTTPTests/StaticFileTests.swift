import Foundation
import Testing
import YarukiTestSupport
@testable import YarukiHTTP

@Suite struct StaticFileTests {
    @Test func servesFilesWithTypesAndIndex() throws {
        let t = try TestServer()
        let index = try request(t.port, "/")
        #expect(index.status == 200)
        #expect(index.headers["content-type"] == "text/html; charset=utf-8")
        #expect(index.text.contains("<title>Yaruki</title>"))
        #expect(try request(t.port, "/js/app.js").headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(try request(t.port, "/style.css").headers["content-type"] == "text/css; charset=utf-8")
        #expect(try request(t.port, "/data.bin").headers["content-type"] == "application/octet-stream")
        #expect(try request(t.port, "/missing.js").status == 404)
    }

    @Test func revalidatesWithETag() throws {
        let t = try TestServer()
        let first = try request(t.port, "/js/app.js")
        let etag = try #require(first.headers["etag"])
        #expect(first.headers["cache-control"] == "no-cache")
        let second = try request(t.port, "/js/app.js", headers: ["If-None-Match": etag])
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(try request(t.port, "/js/app.js", headers: ["If-None-Match": "\"other\""]).status == 200)
    }

    @Test func servesByteRanges() throws {
        let t = try TestServer()
        let whole = try request(t.port, "/data.bin")
        #expect(whole.body.count == 1000)
        let part = try request(t.port, "/data.bin", headers: ["Range": "bytes=10-19"])
        #expect(part.status == 206)
        #expect(part.headers["content-range"] == "bytes 10-19/1000")
        #expect(part.body == Array(whole.body[10...19]))
        let tail = try request(t.port, "/data.bin", headers: ["Range": "bytes=-5"])
        #expect(tail.body == Array(whole.body[995...]))
        let outside = try request(t.port, "/data.bin", headers: ["Range": "bytes=5000-"])
        #expect(outside.status == 416)
        #expect(outside.headers["content-range"] == "bytes */1000")
        let staleIfRange = try request(t.port, "/data.bin", headers: ["Range": "bytes=0-1", "If-Range": "\"old\""])
        #expect(staleIfRange.status == 200)
        #expect(staleIfRange.body.count == 1000)
    }

    @Test(arguments: [
        "/../etc/passwd", "/js/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd",
        "/js/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc/passwd", "/.env", "/link.txt", "/js/..%5c..%5cetc/passwd",
        "/%00index.html", "/%c0%ae%c0%ae/etc/passwd",
    ])
    func cannotLeaveTheFolder(path: String) throws {
        let t = try TestServer()
        let reply = try request(t.port, path)
        #expect(reply.status == 404 || reply.status == 400, "\(path) answered \(reply.status)")
        #expect(!reply.text.contains("root:") && !reply.text.contains("secret") && !reply.text.contains("outside"))
    }
}
