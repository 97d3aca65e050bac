/// Appending text and numbers straight into bytes, for the per-request hot path
/// (response heads, access log lines) where String building dominated the profile.
extension Array where Element == UInt8 {
    @inline(__always)
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    mutating func write(_ number: Int) {
        if number < 0 {
            append(UInt8(ascii: "-"))
            write(-number)
            return
        }
        if number < 10 {
            append(UInt8(48 + number))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = number
        var count = 0
        Swift.withUnsafeMutableBytes(of: &digits) { raw in
            while n > 0 {
                raw[19 - count] = UInt8(48 + n % 10)
                n /= 10
                count += 1
            }
            append(contentsOf: raw[(20 - count)...])
        }
    }

    /// A JSON string literal; strings with nothing to escape are copied as they are.
    mutating func writeJSONString(_ s: String) {
        append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            if bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
                append(contentsOf: bytes)
            } else {
                let quoted = JSONString.quote(String(decoding: bytes, as: UTF8.self))
                append(contentsOf: quoted.utf8.dropFirst().dropLast())
            }
        }
        append(UInt8(ascii: "\""))
    }
}
