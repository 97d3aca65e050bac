import Foundation

/// One plain-text mail, rendered as RFC 5322 with MIME: UTF-8 throughout (subjects and names
/// in RFC 2047 encoded words, the body in base64), so Japanese and Korean arrive intact.
struct MailMessage: Sendable, Equatable {
    var to: String
    var subject: String
    var body: String

    /// How the body travels: base64 over SMTP (any server takes it), 8bit UTF-8 in the mail
    /// folder (a person can read the file and its links with `cat`).
    enum BodyEncoding: Sendable { case base64, eightBit }

    /// The bytes an SMTP server receives (CRLF line ends, no bare LF, no header line over 78 characters).
    func rendered(from: MailAddress, date: Date, id: UUID, encoding: BodyEncoding = .base64) -> String {
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "localhost"
        let headers = [
            "From: \(from.header)",
            "To: <\(to)>",
            "Subject: \(MailMessage.encodedWords(subject))",
            "Date: \(MailMessage.dateHeader(date))",
            "Message-ID: <\(id.lowercasedString)@\(domain)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: \(encoding == .base64 ? "base64" : "8bit")",
            "Auto-Submitted: auto-generated",
        ]
        let text = body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        if encoding == .eightBit { return headers.joined(separator: "\r\n") + "\r\n\r\n" + text + "\r\n" }
        let encoded = Array(Data(text.utf8).base64EncodedString().utf8)
        let lines = stride(from: 0, to: encoded.count, by: 76).map { String(decoding: encoded[$0..<min($0 + 76, encoded.count)], as: UTF8.self) }
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + lines.joined(separator: "\r\n") + "\r\n"
    }

    /// ASCII stays as it is; anything else becomes `=?utf-8?B?…?=` words of at most 75 characters,
    /// split between characters, never inside one.
    static func encodedWords(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 }) { return text }
        var words: [String] = []
        var chunk = Data()
        for character in text {
            let bytes = Data(String(character).utf8)
            if (chunk.count + bytes.count + 2) / 3 * 4 > 75 - 12, !chunk.isEmpty {
                words.append("=?utf-8?B?\(chunk.base64EncodedString())?=")
                chunk = Data()
            }
            chunk.append(bytes)
        }
        if !chunk.isEmpty { words.append("=?utf-8?B?\(chunk.base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    static func dateHeader(_ date: Date) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return format.string(from: date)
    }
}

/// `Name <address>` or a bare address, as `--mail-from` gives it.
struct MailAddress: Sendable, Equatable {
    var name: String?
    var address: String

    /// Nil unless it is an address (local@domain, no spaces or angle brackets) with an optional name before it in <…>.
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var address = trimmed
        var name: String?
        if let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") {
            address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            let before = trimmed[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            name = before.isEmpty ? nil : before
        }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              address.allSatisfy({ !$0.isWhitespace && !"<>\",;".contains($0) && $0.isASCII }),
              name?.contains(where: { "\r\n<>\"".contains($0) }) != true else { return nil }
        self.name = name
        self.address = address
    }

    var header: String {
        guard let name else { return address }
        let plain = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == " " || $0.properties.numericType != nil) }
        return (plain ? "\"\(name)\"" : MailMessage.encodedWords(name)) + " <\(address)>"
    }
}
