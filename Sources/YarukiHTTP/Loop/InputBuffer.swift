import Foundation

/// A connection's unread input: read into with a single `recv` per readiness event, consumed
/// from the front. It replaces libevent's input evbuffer, whose reads cost an extra
/// `ioctl(FIONREAD)` per request.
final class InputBuffer {
    private let storage = ByteBuffer(capacity: 16 * 1024)
    /// Bytes before this offset are consumed.
    private var head = 0

    var count: Int { storage.count - head }
    var isEmpty: Bool { count == 0 }

    /// The unread bytes, valid until the next mutation.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage.base + head, count: count) }

    func consume(_ n: Int) {
        head += n
        if head >= storage.count {
            storage.clear()
            head = 0
        }
    }

    /// Moves up to `n` bytes to the end of `data`.
    func move(_ n: Int, into data: inout Data) -> Int {
        let take = min(n, count)
        data.append(storage.base + head, count: take)
        consume(take)
        return take
    }

    /// Position of the first CRLF CRLF, searching at most `limit` bytes.
    func endOfHead(limit: Int) -> Int? {
        let n = min(count, limit)
        guard n >= 4 else { return nil }
        let p = storage.base + head
        var i = 0
        while i + 3 < n {
            guard let found = memchr(p + i, 13, n - 3 - i) else { return nil }
            i = UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self) - p
            if p[i + 1] == 10 && p[i + 2] == 13 && p[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// True when, within the first `limit` bytes, a line ends with LF alone (no CR before it).
    func hasBareLineFeed(limit: Int) -> Bool {
        let n = min(count, limit)
        let p = storage.base + head
        var i = 0
        while i < n {
            guard let found = memchr(p + i, 10, n - i) else { return false }
            i = UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self) - p
            if i == 0 || p[i - 1] != 13 { return true }
            i += 1
        }
        return false
    }

    /// Offset of the first LF, or nil while there is none.
    func firstLineFeed() -> Int? {
        guard count > 0, let found = memchr(storage.base + head, 10, count) else { return nil }
        return UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self) - (storage.base + head)
    }

    enum ReadResult { case data, wouldBlock, closed, failed }

    /// One `recv` into the free space (made at least `chunk` bytes, compacting first).
    func read(from fd: Int32, chunk: Int = 16 * 1024) -> ReadResult {
        if storage.spareCapacity < chunk && head > 0 {
            storage.removeFirst(head)
            head = 0
        }
        storage.reserve(chunk)
        while true {
            let n = recv(fd, storage.base + storage.count, storage.spareCapacity, 0)
            if n > 0 {
                storage.commit(n)
                return .data
            }
            if n == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }
}
