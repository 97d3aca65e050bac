import Foundation

public struct Request: Sendable {
    public var method: HTTPMethod
    /// The request target exactly as sent.
    public var target: String
    /// The path part of the target, still percent-encoded.
    public var path: String
    public var query: String?
    public var headers: HTTPHeaders
    public var body: Data
    public var remoteAddress: String
    public var requestID: String
    /// Path parameters filled in by the router (`{id}` → "…"), percent-decoded.
    public var parameters: [String: String] = [:]
    /// Shared by every copy of this request, so what the router learns reaches the access log.
    let context = RequestContext()

    /// The pattern of the route that matched, for logs and metrics.
    public var route: String? {
        get { context.route }
        nonmutating set { context.route = newValue }
    }

    public init(method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(),
                remoteAddress: String = "", requestID: String = "") {
        self.method = method
        self.target = target
        if let q = target.firstIndex(of: "?") {
            path = String(target[..<q])
            query = String(target[target.index(after: q)...])
        } else {
            path = target
            query = nil
        }
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.requestID = requestID
    }

    /// A path parameter, converted; a bad value is a 400 that names it.
    public func parameter<T: LosslessStringConvertible>(_ name: String, as: T.Type = String.self) throws -> T {
        guard let raw = parameters[name] else { throw HTTPError.notFound() }
        guard let value = T(raw) else {
            throw HTTPError.badRequest("The path parameter '\(name)' is not valid.",
                                       errors: [.init(field: name, message: "is not a valid \(T.self)")])
        }
        return value
    }

    public var queryItems: [(String, String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(String(parts[0]), plusAsSpace: true) ?? String(parts[0])
            let value = parts.count > 1 ? (PercentDecoding.decode(String(parts[1]), plusAsSpace: true) ?? String(parts[1])) : ""
            return (name, value)
        }
    }

    public func queryItem(_ name: String) -> String? {
        queryItems.first { $0.0 == name }?.1
    }
}

public enum PercentDecoding {
    /// Decodes %XX escapes; nil when an escape is malformed or the result is not UTF-8.
    public static func decode(_ string: String, plusAsSpace: Bool = false) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        var it = string.utf8.makeIterator()
        while let c = it.next() {
            if c == UInt8(ascii: "%") {
                guard let h = it.next(), let l = it.next(), let hv = hex(h), let lv = hex(l) else { return nil }
                bytes.append(hv << 4 | lv)
            } else if plusAsSpace && c == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(c)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 65...70: c - 55
        case 97...102: c - 87
        default: nil
        }
    }
}

final class RequestContext: @unchecked Sendable {
    var route: String?
}
