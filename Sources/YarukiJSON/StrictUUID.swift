import Foundation

extension UUID {
    /// The 36-character form only: 8-4-4-4-12 hex digits of either case, as JSON Schema's `uuid`
    /// format writes it. Foundation's `UUID(uuidString:)` here also takes a space, a dash or a
    /// sign where a digit belongs, and answers with another id than the one sent (a client's
    /// `PUT` then made a record under a name it never gave). Read by hand, which is also faster
    /// than Foundation's sscanf: into the UUID's own 16 bytes, with no branch per digit (a bad
    /// digit is noted and the id refused at the end).
    public init?(strict text: String) {
        var text = text
        guard let id = text.withUTF8(UUID.init(strictUTF8:)) else { return nil }
        self = id
    }

    /// `init(strict:)` from the text's UTF-8 bytes (a database's cell, read without a string).
    public init?(strictUTF8 u: UnsafeBufferPointer<UInt8>) {
        guard u.count == 36, u[8] == 45, u[13] == 45, u[18] == 45, u[23] == 45 else { return nil }
        var id: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var bad: UInt8 = 0
        withUnsafeMutableBytes(of: &id) { bytes in
            var i = 0
            for n in 0..<16 {
                if i == 8 || i == 13 || i == 18 || i == 23 { i += 1 }
                let (hi, lo) = (UUID.nibble(u[i]), UUID.nibble(u[i + 1]))
                bad |= hi | lo
                bytes[n] = hi &<< 4 | lo
                i += 2
            }
        }
        guard bad & 0xF0 == 0 else { return nil }
        self.init(uuid: id)
    }

    /// The 36-character form in lower case, as ids are stored and named in text (keys, cursors,
    /// paths, SQL values): written by hand into the string's own storage, where
    /// `uuidString.lowercased()` goes through sprintf and makes a second string (1.6% of a page
    /// of workouts made each time, for its cursor alone).
    public var lowercasedString: String {
        String(unsafeUninitializedCapacity: 36) { out in
            writeDigits(to: out, upper: false)
            return 36
        }
    }

    /// The 36-character form written into `out`'s first 36 bytes, its hex digits in either case
    /// (JSON writes them upper case, as `uuidString` does).
    @inline(__always) func writeDigits(to out: UnsafeMutableBufferPointer<UInt8>, upper: Bool) {
        let letters: UInt8 = upper ? 55 : 87  // "A" or "a", less 10
        withUnsafeBytes(of: uuid) { raw in
            var at = 0
            for i in 0..<16 {
                if i == 4 || i == 6 || i == 8 || i == 10 { out[at] = 45; at += 1 }
                let (high, low) = (raw[i] >> 4, raw[i] & 15)
                out[at] = high < 10 ? 48 + high : letters + high
                out[at + 1] = low < 10 ? 48 + low : letters + low
                at += 2
            }
        }
    }

    /// A hex digit's value (either case), or 0xFF.
    @inline(__always) private static func nibble(_ c: UInt8) -> UInt8 {
        let digit = c &- 48
        if digit < 10 { return digit }
        let letter = (c | 0x20) &- 97
        return letter < 6 ? letter &+ 10 : 0xFF
    }
}
