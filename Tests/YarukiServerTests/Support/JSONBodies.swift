import Foundation
import YarukiHTTP

/// A value as the server's encoder writes it and as a pretty-printing client would (other
/// spacing, `.iso8601` dates): the two bodies every body reader's test reads.
enum JSONBodies {
    private static let pretty: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static func of<T: Encodable>(_ value: T) throws -> [Data] {
        [try JSONCoding.encoder.encode(value), try pretty.encode(value)]
    }
}
