import Foundation

/// XML's character references in attribute text (`&amp;`, `&lt;`, `&#x2019;`…), replaced by what
/// they stand for; anything that is not one stays as written. Shared by the readers of
/// OpenStreetMap extracts and Apple Health exports, neither of which builds a document tree.
public enum XMLEntities {
    public static func decode(_ raw: String) -> String {
        guard raw.contains("&") else { return raw }
        var out = ""
        var rest = Substring(raw)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "lt": out += "<"
            case "gt": out += ">"
            case "amp": out += "&"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let code = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let code, let scalar = Unicode.Scalar(code) { out.unicodeScalars.append(scalar) } else { out += "&\(entity);" }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
