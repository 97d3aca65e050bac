import Foundation

/// JSON written by hand, byte for byte what `JSONCoding.encoder` writes for the same value
/// (sorted keys, unescaped slashes), for the few large replies where Foundation's encoder is the
/// cost: it built a thousand-member standings page in 13 of its 35 ms. Callers write keys in
/// sorted order; a test compares each hand-written reply with the encoder's.
public struct JSONOutput {
    public private(set) var bytes: [UInt8] = []
    private var first = true

    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func comma() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
    }

    public mutating func object(_ body: (inout JSONOutput) -> Void) {
        comma()
        bytes.append(UInt8(ascii: "{"))
        first = true
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    public mutating func array<S: Sequence>(_ items: S, _ each: (inout JSONOutput, S.Element) -> Void) {
        comma()
        bytes.append(UInt8(ascii: "["))
        first = true
        for item in items { each(&self, item) }
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    /// The next value belongs to `key`.
    public mutating func key(_ key: StaticString) {
        comma()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        first = true
    }

    public mutating func string(_ text: String) {
        comma()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
                case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [92, UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [92, UInt8(ascii: "f")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// As `JSONEncoder` writes a UUID: its upper-case string.
    public mutating func uuid(_ id: UUID) { string(id.uuidString) }

    public mutating func int(_ n: Int) {
        comma()
        if n == 0 { bytes.append(48); return }
        var value = n.magnitude
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: [UInt8] = []
        while value > 0 {
            digits.append(UInt8(48 + value % 10))
            value /= 10
        }
        bytes.append(contentsOf: digits.reversed())
    }

    public mutating func bool(_ value: Bool) {
        comma()
        bytes.append(contentsOf: Array((value ? "true" : "false").utf8))
    }

    public mutating func null() {
        comma()
        bytes.append(contentsOf: Array("null".utf8))
    }
}

extension Response {
    public static func json(_ output: JSONOutput, status: Int = 200) -> Response {
        Response(status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .data(Data(output.bytes)))
    }
}
