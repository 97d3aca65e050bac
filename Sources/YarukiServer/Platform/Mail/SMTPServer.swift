import CCurl
import Foundation

/// An SMTP server to hand mail to, from `--smtp-url smtp[s]://user:pass@host:port`. With a user
/// and password on plain `smtp://` the connection must upgrade with STARTTLS before they are
/// sent; without them STARTTLS is used when offered. `smtps://` is TLS from the first byte.
struct SMTPServer: Sendable, Equatable {
    /// The URL without its user and password (those are never logged).
    var url: String
    var user: String?
    var password: String?
    var caFile: String?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Nil when `text` is not an smtp or smtps URL with a host.
    init?(_ text: String, caFile: String?) {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme),
              let host = parts.host, !host.isEmpty, parts.path.isEmpty || parts.path == "/", parts.query == nil else { return nil }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        url = "\(scheme)://\(shownHost)" + (parts.port.map { ":\($0)" } ?? "")
        user = parts.percentEncodedUser.flatMap { $0.removingPercentEncoding }
        password = parts.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        self.caFile = caFile
    }

    private static let initialized: Int32 = yaruki_curl_global_init()

    /// Hands one rendered message over; throws with the server's or the network's reason.
    func send(_ message: String, from: String, to recipients: [String], timeout: Int = 20) throws(Failure) {
        guard SMTPServer.initialized == 0 else { throw Failure(description: "libcurl could not start") }
        var error = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var response = 0
        let requireTLS: Int32 = url.hasPrefix("smtps://") || user != nil ? 1 : 0
        let code = withCStrings(recipients) { list in
            message.withCString { body in
                yaruki_smtp_send(url, user, password, from, list, Int32(recipients.count), body, strlen(body), timeout, requireTLS,
                                 caFile, &error, &response)
            }
        }
        guard code == 0 else {
            let detail = String(nulTerminated: error)
            let reason = detail.isEmpty ? String(cString: yaruki_curl_describe(code)) : detail
            throw Failure(description: response > 0 ? "\(reason) (the server answered \(response))" : reason)
        }
    }

    private func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { UnsafePointer(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
