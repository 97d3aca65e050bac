import Foundation

/// One HTTP request. Its fields live in one copy-on-write box: a request passes through
/// middleware, router and handler by value, and each copy then costs one reference count.
public struct Request: Sendable {
    private var storage: Storage

    public var method: HTTPMethod {
        get { storage.method }
        set { unique().method = newValue }
    }
    /// The request target exactly as sent.
    public var target: String {
        get { storage.target }
        set {
            let s = unique()
            s.target = newValue
            (s.path, s.query) = Request.split(newValue)
            s.queryItems = Request.items(s.query)
        }
    }
    /// The path part of the target, still percent-encoded.
    public var path: String { storage.path }
    public var query: String? { storage.query }
    public var headers: HTTPHeaders {
        get { storage.headers }
        set { unique().headers = newValue }
    }
    public var body: Data {
        get { storage.body }
        set { unique().body = newValue }
    }
    /// A streamed body, already on disk (see `ServerConfiguration.streamedBody`). The file is
    /// removed after the response unless the handler moved it somewhere of its own.
    public var bodyFile: BodyFile? {
        get { storage.bodyFile }
        set { unique().bodyFile = newValue }
    }
    public var remoteAddress: String { storage.remoteAddress }
    public var requestID: String { storage.requestID }
    /// Path parameters filled in by the router (`{id}` → "…"), percent-decoded.
    public var parameters: [String: String] {
        get { storage.parameters }
        set { unique().parameters = newValue }
    }

    /// The pattern of the route that matched, for logs and metrics. Shared by every copy of
    /// this request, so what the router learns reaches the access log.
    public var route: String? {
        get { storage.context.route }
        nonmutating set { storage.context.route = newValue }
    }

    /// Set by the router when the route says its path holds a secret.
    var pathIsSecret: Bool {
        get { storage.context.pathIsSecret }
        nonmutating set { storage.context.pathIsSecret = newValue }
    }

    /// What a log may say of the path: the path itself, or the route's pattern where the path
    /// holds a secret.
    public var loggedPath: String {
        storage.context.pathIsSecret ? (storage.context.route ?? "(secret)") : path
    }

    public init(method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(),
                remoteAddress: String = "", requestID: String = "") {
        storage = Storage(method: method, target: target, headers: headers, body: body, remoteAddress: remoteAddress,
                          requestID: requestID)
    }

    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    static func split(_ target: String) -> (path: String, query: String?) {
        guard let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, nil) }
        return (String(target.utf8[..<q])!, String(target.utf8[target.utf8.index(after: q)...])!)
    }

    /// The query's name-value pairs in order, each decoded as `PercentDecoding.form` decodes it,
    /// read once: a route's declared items are checked, then read again by its handler.
    static func items(_ query: String?) -> [(name: String, value: String)] {
        guard var query, !query.isEmpty else { return [] }
        return query.withUTF8 { bytes in
            var items: [(name: String, value: String)] = []
            var from = 0
            while from < bytes.count {  // pair by pair; an empty pair ("a&&b") is no item
                var end = from
                while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
                if end > from {
                    var equals = from
                    while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                    let name = decoded(UnsafeBufferPointer(rebasing: bytes[from..<equals]))
                    let value = equals < end ? decoded(UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end])) : ""
                    items.append((name, value))
                }
                from = end + 1
            }
            return items
        }
    }

    /// A name or value of a query (split at ASCII bytes, so whole UTF-8): %XX and + decoded, or
    /// kept as written when an escape is malformed.
    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return text }
        return PercentDecoding.decode(text, plusAsSpace: true) ?? text
    }

    final class Storage: @unchecked Sendable {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: String?
        var queryItems: [(name: String, value: String)]
        var headers: HTTPHeaders
        var body: Data
        let remoteAddress: String
        let requestID: String
        var parameters: [String: String] = [:]
        var bodyFile: BodyFile?
        let context: RequestContext

        init(method: HTTPMethod, target: String, headers: HTTPHeaders, body: Data, remoteAddress: String, requestID: String,
             context: RequestContext = RequestContext()) {
            self.method = method
            self.target = target
            (path, query) = Request.split(target)
            queryItems = Request.items(query)
            self.headers = headers
            self.body = body
            self.remoteAddress = remoteAddress
            self.requestID = requestID
            self.context = context
        }

        func copy() -> Storage {
            let c = Storage(method: method, target: target, headers: headers, body: body, remoteAddress: remoteAddress,
                            requestID: requestID, context: context)
            c.parameters = parameters
            c.bodyFile = bodyFile
            return c
        }
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

    /// A cookie's value from the `Cookie` headers (RFC 6265 §5.4), or nil.
    public func cookie(_ name: String) -> String? {
        for header in headers.all("Cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: " ") == name {
                    return parts[1].trimmingCharacters(in: " \"")
                }
            }
        }
        return nil
    }

    /// The first value named `name`, percent-decoded (as `PercentDecoding.form` gives it).
    public func queryItem(_ name: String) -> String? {
        storage.queryItems.first { $0.name == name }?.value
    }
}

public enum PercentDecoding {
    /// The name-value pairs of a query or an `application/x-www-form-urlencoded` body, in order
    /// (a malformed escape is kept as written).
    public static func form(_ text: String) -> [(String, String)] {
        guard !text.isEmpty else { return [] }
        return text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(String(parts[0]), plusAsSpace: true) ?? String(parts[0])
            let value = parts.count > 1 ? (decode(String(parts[1]), plusAsSpace: true) ?? String(parts[1])) : ""
            return (name, value)
        }
    }

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

public struct BodyFile: Sendable, Equatable {
    public var path: String
    public var size: Int

    public init(path: String, size: Int) {
        self.path = path
        self.size = size
    }
}

final class RequestContext: @unchecked Sendable {
    var route: String?
    /// The path holds a secret (a calendar feed's token): logs write the route's pattern instead.
    var pathIsSecret = false
}
