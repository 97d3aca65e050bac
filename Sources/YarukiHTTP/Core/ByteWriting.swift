import Foundation

/// A growable byte buffer for the per-request hot paths (response heads, access-log lines):
/// each write is a bounds check and a memcpy. One per loop, reused, so a request allocates none.
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    func clear() { count = 0 }

    /// Drops the first `n` bytes.
    func removeFirst(_ n: Int) {
        if n >= count {
            count = 0
        } else {
            memmove(base, base + n, count - n)
            count -= n
        }
    }

    /// Makes room for `extra` more bytes after the written ones.
    @inline(__always)
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let larger = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = larger
    }

    /// Counts `n` bytes that were written straight into the reserved space (by `recv`, say).
    func commit(_ n: Int) {
        precondition(count + n <= capacity)
        count += n
    }

    var spareCapacity: Int { capacity - count }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ source: UnsafeRawPointer, _ n: Int) {
        guard n > 0 else { return }
        reserve(n)
        memcpy(base + count, source, n)
        count += n
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        if let start = bytes.baseAddress { append(start, bytes.count) }
    }

    @inline(__always)
    func write(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    func write(_ number: Int) {
        if number < 0 {
            append(UInt8(ascii: "-"))
            write(number == Int.min ? Int.max : -number)  // Int.min cannot occur as a length or status
            return
        }
        if number < 10 {
            append(UInt8(48 + number))
            return
        }
        var n = number
        var digits = 0
        while n > 0 { digits += 1; n /= 10 }
        reserve(digits)
        n = number
        for i in stride(from: count + digits - 1, through: count, by: -1) {
            base[i] = UInt8(48 + n % 10)
            n /= 10
        }
        count += digits
    }

    /// `name: value` CRLF, or nothing when either holds CR, LF or NUL (no header injection).
    func writeHeader(_ name: String, _ value: String) {
        var name = name, value = value
        name.withUTF8 { n in
            value.withUTF8 { v in
                func safe(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
                    for c in b where c <= 13 && (c == 13 || c == 10 || c == 0) { return false }
                    return true
                }
                guard safe(n), safe(v) else { return }
                reserve(n.count + v.count + 4)
                append(UnsafeRawBufferPointer(n))
                append(58)
                append(32)
                append(UnsafeRawBufferPointer(v))
                append(13)
                append(10)
            }
        }
    }

    /// A JSON string literal; strings with nothing to escape are copied as they are.
    func writeJSONString(_ s: String) {
        append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            if bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
                append(UnsafeRawBufferPointer(bytes))
            } else {
                var quoted = JSONString.quote(String(decoding: bytes, as: UTF8.self))
                quoted.withUTF8 { append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer($0).dropFirst().dropLast())) }
            }
        }
        append(UInt8(ascii: "\""))
    }

    func append(_ data: some DataProtocol) {
        for region in data.regions { region.withUnsafeBytes { append($0) } }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
