import Foundation

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

    /// An RFC 3339 date-time (what JSON Schema's `date-time` format is): any year 0000–9999, `T`
    /// or `t`, seconds up to a leap second's 60, any number of fraction digits, `Z`, `z` or an
    /// offset up to ±23:59. Nil for anything else. Written out rather than left to a formatter,
    /// so the server takes exactly what the document's format says.
    public static func parseDate(_ text: String) -> Date? {
        let u = Array(text.utf8)
        guard u.count >= 20 else { return nil }
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= u.count else { return nil }
            var n = 0
            for i in at..<(at + count) { guard u[i] >= 48 && u[i] <= 57 else { return nil }; n = n * 10 + Int(u[i] - 48) }
            return n
        }
        guard let year = digits(0, 4), u[4] == 45, let month = digits(5, 2), u[7] == 45, let day = digits(8, 2),
              u[10] == 84 || u[10] == 116, let hour = digits(11, 2), u[13] == 58, let minute = digits(14, 2), u[16] == 58,
              let second = digits(17, 2), (1...12).contains(month), hour <= 23, minute <= 59, second <= 60 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        guard (1...[31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]).contains(day) else { return nil }
        var i = 19
        var fraction = 0.0
        if i < u.count, u[i] == 46 {
            i += 1
            var scale = 0.1
            let start = i
            while i < u.count, u[i] >= 48 && u[i] <= 57 { fraction += Double(u[i] - 48) * scale; scale /= 10; i += 1 }
            guard i > start else { return nil }
        }
        var offset = 0
        if i + 1 == u.count, u[i] == 90 || u[i] == 122 {
            offset = 0
        } else {
            guard i + 6 == u.count, u[i] == 43 || u[i] == 45, let h = digits(i + 1, 2), u[i + 3] == 58, let m = digits(i + 4, 2), h <= 23, m <= 59
            else { return nil }
            offset = (h * 3600 + m * 60) * (u[i] == 45 ? -1 : 1)
        }
        // Days since 1970-01-01 (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }
}

extension Request {
    /// Decodes the JSON body; every failure becomes a 400 problem that names the field.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        if let contentType = headers["Content-Type"]?.lowercased(),
           !contentType.hasPrefix("application/json"), !contentType.contains("+json") {
            throw HTTPError(415, detail: "Send the body as application/json.")
        }
        guard !body.isEmpty else { throw HTTPError.badRequest("The request needs a JSON body.") }
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
