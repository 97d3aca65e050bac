import Foundation

/// An IP address or a CIDR block (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`), for allowlists and
/// trusted proxies. IPv4 addresses mapped into IPv6 (`::ffff:10.1.2.3`) match IPv4 blocks.
public struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    let bytes: [UInt8]
    let prefix: Int
    public let description: String

    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "/", maxSplits: 1).map(String.init)
        guard let first = parts.first, let bytes = AddressRange.parse(first) else { return nil }
        let width = bytes.count * 8
        if parts.count == 2 {
            guard let prefix = Int(parts[1]), (0...width).contains(prefix) else { return nil }
            self.prefix = prefix
        } else {
            prefix = width
        }
        self.bytes = bytes
        description = trimmed
    }

    /// Four bytes for IPv4 (also when mapped into IPv6), sixteen for IPv6; nil for anything else.
    public static func parse(_ address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }

    public func contains(_ address: String) -> Bool {
        guard let other = AddressRange.parse(address), other.count == bytes.count else { return false }
        var left = prefix
        for i in bytes.indices where left > 0 {
            let bits = min(8, left)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if bytes[i] & mask != other[i] & mask { return false }
            left -= bits
        }
        return true
    }

    public static let loopback = [AddressRange("127.0.0.0/8")!, AddressRange("::1")!]

    /// The network an address stands for when counting what one client does: an IPv4 address
    /// itself, and for IPv6 its /64 (one subscriber's line, home or phone, gets a whole /64, so
    /// counting single IPv6 addresses would give one person 2^64 fresh ones). Text that is not an
    /// address is returned as it is.
    public static func network(of address: String) -> String {
        guard let bytes = parse(address) else { return address }
        guard bytes.count == 16 else { return bytes.map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The client behind `peer`: when the peer is a trusted proxy, the right-most address of
    /// `X-Forwarded-For` that is not itself a trusted proxy; otherwise the peer.
    public static func client(peer: String, forwardedFor: String?, trusted: [AddressRange]) -> String {
        guard let forwardedFor, trusted.contains(where: { $0.contains(peer) }) else { return peer }
        for hop in forwardedFor.split(separator: ",").reversed() {
            let address = hop.trimmingCharacters(in: " \t")
            guard AddressRange.parse(address) != nil else { return peer }  // a hop that is no address: trust stops here
            if !trusted.contains(where: { $0.contains(address) }) { return address }
        }
        return peer
    }
}
