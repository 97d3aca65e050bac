import Glibc

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

    /// Parses `bytes`, which end with the blank line (CRLF CRLF). Works on the bytes in place:
    /// this runs for every request, so it builds no intermediate arrays.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> RequestHead {
        let n = bytes.count - 2  // the final CRLF ends the block
        if memchr(bytes.baseAddress!, 0, n) != nil { throw Failure(status: 400, detail: "The request contains a NUL byte.") }
        var lf = 0
        while lf < n, let found = memchr(bytes.baseAddress! + lf, 10, n - lf) {
            lf = UnsafeRawPointer(found) - bytes.baseAddress!
            if lf == 0 || bytes[lf - 1] != 13 { throw Failure(status: 400, detail: "Lines of a request end with CR LF; a bare LF is not accepted.") }
            lf += 1
        }
        func lineEnd(from start: Int) -> Int {
            var i = start
            while i < n && !(bytes[i] == 13 && bytes[i + 1] == 10) { i += 1 }
            return i
        }
        // Request line: METHOD SP target SP HTTP/1.x
        let firstEnd = lineEnd(from: 0)
        guard let space1 = bytes[0..<firstEnd].firstIndex(of: 32),
              let space2 = bytes[(space1 + 1)..<firstEnd].firstIndex(of: 32),
              space1 > 0, space2 > space1 + 1, !bytes[(space2 + 1)..<firstEnd].contains(32) else {
            throw Failure(status: 400, detail: "The request line is not 'METHOD target HTTP/1.1'.")
        }
        let method = bytes[0..<space1]
        guard method.allSatisfy(isTokenByte) else { throw Failure(status: 400, detail: "The method is not a token.") }
        let version = bytes[(space2 + 1)..<firstEnd]
        let prefix: StaticString = "HTTP/1."
        let isHTTP1 = version.count == 8 && prefix.withUTF8Buffer { version.starts(with: $0) }
        guard isHTTP1, version.last == UInt8(ascii: "1") || version.last == UInt8(ascii: "0") else {
            let isHTTP = version.count >= 5 && version.prefix(5).elementsEqual("HTTP/".utf8)
            throw Failure(status: isHTTP ? 505 : 400,
                          detail: isHTTP ? "Only HTTP/1.0 and HTTP/1.1 are served here." : "The request line has no HTTP version.")
        }
        let rawTarget = bytes[(space1 + 1)..<space2]
        guard rawTarget.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw Failure(status: 400, detail: "The request target contains characters that must be percent-encoded.")
        }
        var target = String(decoding: rawTarget, as: UTF8.self)
        if rawTarget.first != UInt8(ascii: "/") {
            // absolute-form (http://host/path) is allowed; anything else is not a path.
            if let schemeEnd = target.firstRange(of: "://") {
                let afterHost = target[schemeEnd.upperBound...].firstIndex(of: "/")
                target = afterHost.map { String(target[$0...]) } ?? "/"
            } else if !(target == "*" && method.elementsEqual("OPTIONS".utf8)) {
                throw Failure(status: 400, detail: "The request target must be a path that starts with '/'.")
            }
        }

        var headers = HTTPHeaders()
        var start = firstEnd + 2
        while start < n {
            let end = lineEnd(from: start)
            defer { start = end + 2 }
            guard end > start else { continue }
            if bytes[start] == 32 || bytes[start] == 9 {
                throw Failure(status: 400, detail: "Folded header lines are not accepted.")
            }
            guard let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) else {
                throw Failure(status: 400, detail: "A header line has no ':'.")
            }
            guard colon > start, bytes[start..<colon].allSatisfy(isTokenByte) else {
                throw Failure(status: 400, detail: "A header name is not a token.")
            }
            var valueStart = colon + 1
            var valueEnd = end
            while valueStart < valueEnd && (bytes[valueStart] == 32 || bytes[valueStart] == 9) { valueStart += 1 }
            while valueEnd > valueStart && (bytes[valueEnd - 1] == 32 || bytes[valueEnd - 1] == 9) { valueEnd -= 1 }
            headers.add(String(decoding: bytes[start..<colon], as: UTF8.self),
                        String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self))
        }
        let head = RequestHead(method: HTTPMethod(rawValue: String(decoding: method, as: UTF8.self)), target: target,
                               minorVersion: version.last == UInt8(ascii: "1") ? 1 : 0, headers: headers)
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
        var close = false
        var keepAlive = false
        for (name, value) in headers where name.caseInsensitiveEquals("Connection") {
            for token in value.split(separator: ",") {
                let option = token.trimmingCharacters(in: " \t")
                if option.caseInsensitiveEquals("close") { close = true }
                if option.caseInsensitiveEquals("keep-alive") { keepAlive = true }
            }
        }
        return minorVersion == 0 ? keepAlive && !close : !close
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
