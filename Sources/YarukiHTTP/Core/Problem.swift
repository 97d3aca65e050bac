import Foundation

/// An RFC 9457 problem: the one shape every error takes on the wire.
/// Thrown anywhere in a handler, it becomes the response as it is.
public struct HTTPError: Error, Sendable, Codable, Equatable {
    public struct FieldError: Sendable, Codable, Equatable {
        public var field: String
        public var message: String
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    public var type: String
    public var title: String
    public var status: Int
    public var detail: String?
    public var errors: [FieldError]?
    /// Extra response headers (Allow, Retry-After); not part of the body.
    public var headers: [String: String] = [:]
    /// RFC 9457 extension members written beside the standard ones (a 412's current record);
    /// not compared, not read back.
    public var extensions: [String: any Encodable & JSONWritable & Sendable] = [:]

    public static func == (a: HTTPError, b: HTTPError) -> Bool {
        a.type == b.type && a.title == b.title && a.status == b.status && a.detail == b.detail && a.errors == b.errors && a.headers == b.headers
    }

    enum CodingKeys: String, CodingKey { case type, title, status, detail, errors }

    private struct ExtensionKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(detail, forKey: .detail)
        try container.encodeIfPresent(errors, forKey: .errors)
        guard !extensions.isEmpty else { return }
        var more = encoder.container(keyedBy: ExtensionKey.self)
        for (key, value) in extensions.sorted(by: { $0.key < $1.key }) { try more.encode(value, forKey: ExtensionKey(stringValue: key)) }
    }

    public init(_ status: Int, slug: String? = nil, title: String? = nil, detail: String? = nil,
                errors: [FieldError]? = nil, headers: [String: String] = [:]) {
        self.status = status
        self.title = title ?? HTTPStatus.reason(status)
        self.type = "/problems/" + (slug ?? HTTPError.slug(for: status))
        self.detail = detail
        self.errors = errors
        self.headers = headers
    }

    static func slug(for status: Int) -> String {
        HTTPStatus.reason(status).lowercased().replacingOccurrences(of: " ", with: "-")
    }

    public static func badRequest(_ detail: String, errors: [FieldError]? = nil) -> HTTPError {
        HTTPError(400, detail: detail, errors: errors)
    }
    public static func validation(_ errors: [FieldError], detail: String = "Some fields are not valid.") -> HTTPError {
        HTTPError(422, slug: "validation", title: "Validation failed", detail: detail, errors: errors)
    }
    public static func notFound(_ detail: String = "Nothing is here.") -> HTTPError {
        HTTPError(404, detail: detail)
    }
    public static func methodNotAllowed(allow: [HTTPMethod]) -> HTTPError {
        let list = allow.map(\.rawValue).joined(separator: ", ")
        return HTTPError(405, detail: "This resource answers \(list).", headers: ["Allow": list])
    }
    public static func unauthorized(_ detail: String = "Sign in to continue.") -> HTTPError {
        HTTPError(401, detail: detail, headers: ["WWW-Authenticate": "Bearer"])
    }
    public static func conflict(_ detail: String) -> HTTPError { HTTPError(409, detail: detail) }
    public static func payloadTooLarge(limit: Int) -> HTTPError {
        HTTPError(413, detail: "The request body is larger than the limit of \(limit) bytes.")
    }
    public static func unavailable(_ detail: String) -> HTTPError { HTTPError(503, detail: detail) }
    public static func `internal`() -> HTTPError {
        HTTPError(500, detail: "Something went wrong on our side. It has been logged.")
    }

    public func encodedBody() -> Data {
        (try? JSONBytes.data(self)) ?? Data("{\"status\":\(status)}".utf8)  // the same problem is the same bytes
    }
}

/// Written by hand: the extension members go in key order among the standard ones.
extension HTTPError: JSONWritable {
    public func writeJSON(to w: inout JSONWriter) throws {
        var members: [(key: String, value: any JSONWritable)] = [("type", type), ("title", title), ("status", status)]
        if let detail { members.append(("detail", detail)) }
        if let errors { members.append(("errors", errors)) }
        for (key, value) in extensions { members.append((key, value)) }
        members.sort { JSONWriter.precedes($0.key, $1.key) }
        w.beginObject()
        for member in members {
            w.key(member.key)
            try member.value.writeJSON(to: &w)
        }
        w.endObject()
    }
}
