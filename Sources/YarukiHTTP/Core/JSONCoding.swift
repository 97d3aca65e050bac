import Foundation
import YarukiJSON

/// The one JSON convention of the API: camelCase keys, RFC 3339 timestamps.
public enum JSONCoding {
    public static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        e.dateEncodingStrategy = .iso8601
        return e
    }()

    public static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { try decodeDate($0) }
        return d
    }()

    /// RFC 3339 with or without fractional seconds (browsers send milliseconds). Decoded here,
    /// not with `.iso8601`, whose errors leave the field's name out of the coding path.
    static func decodeDate(_ decoder: Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        guard let date = parseDate(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "is not an RFC 3339 date-time like 2026-11-29T08:00:00+09:00")
        }
        return date
    }

    /// An RFC 3339 date-time, as JSON Schema's `date-time` format says (`RFC3339.date`); nil for anything else.
    public static func parseDate(_ text: String) -> Date? { RFC3339.date(text) }
}

extension Request {
    /// Decodes the JSON body; every failure becomes a 400 problem that names the field.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        if let contentType = headers["Content-Type"]?.lowercased(),
           !contentType.hasPrefix("application/json"), !contentType.contains("+json") {
            throw HTTPError(415, detail: "Send the body as application/json.")
        }
        guard !body.isEmpty else { throw HTTPError.badRequest("The request needs a JSON body.") }
        if let readable = T.self as? JSONReadable.Type {
            do {
                if let value = try readable.read(json: body) as? T { return value }
            } catch let invalid as JSONReader.Invalid {
                throw HTTPError.badRequest("The field '\(invalid.field)' is not valid.", errors: [.init(field: invalid.field, message: invalid.message)])
            }
        }
        do {
            return try JSONCoding.decoder.decode(T.self, from: body)
        } catch let error as DecodingError {
            throw HTTPError(decoding: error)
        }
    }
}

extension HTTPError {
    init(decoding error: DecodingError) {
        func path(_ keys: [CodingKey]) -> String {
            var out = ""
            for key in keys {
                if let i = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(i)" {
                    out += "[\(i)]"
                } else {
                    out += out.isEmpty ? key.stringValue : "." + key.stringValue
                }
            }
            return out
        }
        switch error {
        case let .keyNotFound(key, context):
            let field = path(context.codingPath + [key])
            self = .badRequest("The field '\(field)' is required.", errors: [.init(field: field, message: "is required")])
        case let .typeMismatch(type, context):
            let field = path(context.codingPath)
            self = .badRequest("The field '\(field)' has the wrong type.",
                               errors: [.init(field: field, message: "must be \(HTTPError.describe(type))")])
        case let .valueNotFound(type, context):
            let field = path(context.codingPath)
            self = .badRequest("The field '\(field)' must not be null.",
                               errors: [.init(field: field, message: "must be \(HTTPError.describe(type)), not null")])
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                self = .badRequest("The body is not valid JSON.")
            } else {
                let field = path(context.codingPath)
                self = .badRequest("The field '\(field)' is not valid.",
                                   errors: [.init(field: field, message: context.debugDescription)])
            }
        @unknown default:
            self = .badRequest("The body could not be read.")
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Int32.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object or value of type \(type)"
        }
    }
}
