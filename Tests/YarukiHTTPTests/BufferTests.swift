import Foundation
import Testing
@testable import YarukiHTTP

@Suite struct ByteBufferTests {
    @Test func writesNumbersTextAndGrows() {
        let b = ByteBuffer(capacity: 8)
        for n in [0, 7, 10, 99, 12345, -42, Int.max] {
            b.write(n)
            b.write(" " as StaticString)
        }
        b.write("ünïcode")
        #expect(b.string == "0 7 10 99 12345 -42 \(Int.max) ünïcode")
        b.clear()
        #expect(b.isEmpty)
        b.write("abcdef")
        b.removeFirst(2)
        #expect(b.string == "cdef")
    }

    @Test func refusesHeaderInjection() {
        let b = ByteBuffer()
        b.writeHeader("X-Ok", "fine")
        b.writeHeader("X-Bad", "a\r\nSet-Cookie: x=1")
        b.writeHeader("X\nBad", "v")
        b.writeHeader("X-Nul", "a\u{0}b")
        #expect(b.string == "X-Ok: fine\r\n")
    }

    @Test func escapesJSONStrings() {
        let b = ByteBuffer()
        b.writeJSONString("plain")
        b.writeJSONString("q\"b\\n\nt\u{1}")
        #expect(b.string == #""plain""q\"b\\n\nt\u0001""#)
    }
}

@Suite struct InputBufferTests {
    /// A socket pair stands in for a client: what one end sends, the buffer reads.
    private func pair() -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }

    @Test func findsTheEndOfAHeadWhereverItFalls() throws {
        let (reader, writer) = pair()
        defer { close(reader); close(writer) }
        let input = InputBuffer()
        #expect(input.read(from: reader) == .wouldBlock)
        let text = "GET / HTTP/1.1\r\nHost: x\r\n\r\nrest"
        _ = text.withCString { send(writer, $0, strlen($0), 0) }
        #expect(input.read(from: reader) == .data)
        #expect(input.count == text.utf8.count)
        #expect(input.endOfHead(limit: 1000) == 23)
        #expect(input.endOfHead(limit: 26) == nil)  // the terminator ends past the limit
        input.consume(27)
        #expect(String(decoding: input.bytes, as: UTF8.self) == "rest")
        #expect(input.endOfHead(limit: 1000) == nil)
        #expect(input.firstLineFeed() == nil)
        var body = Data()
        #expect(input.move(10, into: &body) == 4)
        #expect(input.isEmpty && body == Data("rest".utf8))
        close(writer)
        #expect(input.read(from: reader) == .closed)
    }

    @Test func keepsUnreadBytesAcrossManyReads() throws {
        let (reader, writer) = pair()
        defer { close(reader); close(writer) }
        let input = InputBuffer()
        var expected = [UInt8]()
        // Far more than the initial 16 KiB, consumed a little at a time: compaction and growth
        // must keep the unread bytes in order.
        for round in 0..<40 {
            let chunk = [UInt8](repeating: UInt8(round), count: 3000)
            expected += chunk
            _ = chunk.withUnsafeBytes { send(writer, $0.baseAddress, $0.count, 0) }
            while input.read(from: reader) == .data {}
            let take = 1000
            #expect(Array(input.bytes.prefix(take)) == Array(expected.prefix(take)))
            input.consume(take)
            expected.removeFirst(take)
        }
        #expect(Array(input.bytes) == expected)
    }
}
