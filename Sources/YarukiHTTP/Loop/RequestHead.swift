/// The parsed request line and header block of one HTTP/1.x request.
struct RequestHead {
    var method: HTTPMethod
    var target: String
    var minorVersion: Int
    var headers: HTTPHeaders

    enum Framing: Equatable {
        case none
        case length(Int)
        case chunked
    }

    struct Failure: Error {
        let status: Int
        let detail: String
    }

    /// Parses `bytes`, which end with the blank line (CRLF CRLF).
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> RequestHead {
        var lines: [Slice<UnsafeRawBufferPointer>] = []
        var start = 0
        var i = 0
        let n = bytes.count - 2  // the final CRLF ends the block
        while i < n {
            if bytes[i] == 13 && bytes[i + 1] == 10 {
                lines.append(bytes[start..<i])
                i += 2
                start = i
            } else {
                if bytes[i] == 0 { throw Failure(status: 400, detail: "The request contains a NUL byte.") }
                i += 1
            }
        }
        guard let requestLine = lines.first else { throw Failure(status: 400, detail: "The request line is missing.") }

        let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw Failure(status: 400, detail: "The request line is not 'METHOD target HTTP/1.1'.")
        }
        guard parts[0].allSatisfy(isTokenByte) else { throw Failure(status: 400, detail: "The method is not a token.") }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: Array("HTTP/1.".utf8)) else {
            if version.starts(with: Array("HTTP/".utf8)) {
                throw Failure(status: 505, detail: "Only HTTP/1.0 and HTTP/1.1 are served here.")
            }
            throw Failure(status: 400, detail: "The request line has no HTTP version.")
        }
        guard version[7] == UInt8(ascii: "1") || version[7] == UInt8(ascii: "0") else {
            throw Failure(status: 505, detail: "Only HTTP/1.0 and HTTP/1.1 are served here.")
        }
        guard parts[1].allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw Failure(status: 400, detail: "The request target contains characters that must be percent-encoded.")
        }
        var target = String(decoding: parts[1], as: UTF8.self)
        if !target.hasPrefix("/") {
            // absolute-form (http://host/path) is allowed; anything else is not a path.
            if let schemeEnd = target.range(of: "://") {
                let afterHost = target[schemeEnd.upperBound...].firstIndex(of: "/")
                target = afterHost.map { String(target[$0...]) } ?? "/"
            } else if !(target == "*" && parts[0].elementsEqual("OPTIONS".utf8)) {
                throw Failure(status: 400, detail: "The request target must be a path that starts with '/'.")
            }
        }

        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let first = line.first else { continue }
            if first == 32 || first == 9 {
                throw Failure(status: 400, detail: "Folded header lines are not accepted.")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                throw Failure(status: 400, detail: "A header line has no ':'.")
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                throw Failure(status: 400, detail: "A header name is not a token.")
            }
            var value = line[(colon + 1)...]
            while let f = value.first, f == 32 || f == 9 { value = value.dropFirst() }
            while let l = value.last, l == 32 || l == 9 { value = value.dropLast() }
            headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
        let head = RequestHead(method: HTTPMethod(rawValue: String(decoding: parts[0], as: UTF8.self)),
                               target: target, minorVersion: version[7] == UInt8(ascii: "1") ? 1 : 0, headers: headers)
        if head.minorVersion == 1 && headers["Host"] == nil {
            throw Failure(status: 400, detail: "HTTP/1.1 requests need a Host header.")
        }
        return head
    }

    /// How the body is delimited. Both Content-Length and Transfer-Encoding is a smuggling attempt.
    func framing() throws(Failure) -> Framing {
        let te = headers.all("Transfer-Encoding")
        let cl = headers.all("Content-Length")
        if !te.isEmpty {
            if !cl.isEmpty { throw Failure(status: 400, detail: "Content-Length and Transfer-Encoding together are not accepted.") }
            let codings = te.joined(separator: ",").split(separator: ",").map { $0.trimmingCharacters(in: " \t").lowercased() }
            guard codings == ["chunked"] else {
                throw Failure(status: 501, detail: "Only the chunked transfer coding is supported.")
            }
            return .chunked
        }
        guard !cl.isEmpty else { return .none }
        let values = Set(cl.joined(separator: ",").split(separator: ",").map { $0.trimmingCharacters(in: " \t") })
        guard values.count == 1, let v = values.first, !v.isEmpty, v.count <= 18, v.allSatisfy(\.isASCII),
              v.allSatisfy(\.isNumber), let length = Int(v) else {
            throw Failure(status: 400, detail: "Content-Length is not a single whole number.")
        }
        return length == 0 ? .none : .length(length)
    }

    var wantsKeepAlive: Bool {
        let connection = headers.all("Connection").joined(separator: ",").lowercased()
        if minorVersion == 0 { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }
}

private func isTokenByte(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    default:
        return "!#$%&'*+-.^_`|~".utf8.contains(c)
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
