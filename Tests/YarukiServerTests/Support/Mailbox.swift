import Foundation
import Testing
import YarukiTestSupport

/// One mail as its reader sees it: who it is for, its subject and its text, decoded (RFC 2047
/// words, base64 or 8bit bodies), from an .eml file the server or an SMTP server wrote.
struct ReceivedMail: Equatable {
    var to: String
    var from: String
    var subject: String
    var body: String
    var headers: [String: String]

    init?(_ raw: String) {
        let text = raw.replacingOccurrences(of: "\r\n", with: "\n")
        guard let split = text.range(of: "\n\n") else { return nil }
        var headers: [String: String] = [:]
        var last: String?
        for line in text[..<split.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.first == " " || line.first == "\t", let name = last {
                headers[name, default: ""] += line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                last = name
            }
        }
        var body = String(text[split.upperBound...])
        if headers["content-transfer-encoding"]?.lowercased() == "base64" {
            body = String(decoding: Data(base64Encoded: body.filter { !$0.isWhitespace }) ?? Data(), as: UTF8.self)
        }
        self.headers = headers
        to = headers["to"]?.trimmingCharacters(in: CharacterSet(charactersIn: "<>")) ?? ""
        from = headers["from"] ?? ""
        subject = ReceivedMail.decodeWords(headers["subject"] ?? "")
        self.body = body.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// `=?utf-8?B?…?=` words back to text (adjacent words join without the space between them).
    static func decodeWords(_ header: String) -> String {
        let pattern = try! Regex(#"=\?utf-8\?B\?([A-Za-z0-9+/=]*)\?="#)
        guard header.contains("=?") else { return header }
        var bytes = Data()
        for match in header.matches(of: pattern) {
            bytes.append(match.output[1].substring.flatMap { Data(base64Encoded: String($0)) } ?? Data())
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The token of the first link to the app's `page` in the text.
    func token(for page: String) -> String? {
        let pattern = try! Regex("#/\(page)\\?token=([A-Za-z0-9_-]+)")
        guard let match = body.firstMatch(of: pattern), let token = match.output[1].substring else { return nil }
        return String(token)
    }
}

/// A folder of .eml files: the server's own (no SMTP) or the test SMTP server's.
struct Mailbox {
    let folder: String

    var all: [ReceivedMail] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".eml") }.sorted()
        return names.compactMap { name in
            (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)).flatMap(ReceivedMail.init)
        }
    }

    func mails(to address: String) -> [ReceivedMail] { all.filter { $0.to.lowercased() == address.lowercased() } }

    /// Waits (10 s at most) until `address` has `count` mails; returns them in the order they came.
    /// It sleeps between looks instead of blocking its thread, so the tests running beside it go on.
    func wait(for address: String, count: Int = 1) async throws -> [ReceivedMail] {
        for _ in 0..<200 where mails(to: address).count < count { try await Task.sleep(for: .milliseconds(50)) }
        let found = mails(to: address)
        try #require(found.count >= count, "\(address) has \(found.count) mails, expected \(count)")
        return found
    }
}

extension RunningApp {
    /// Where the server writes mail without an SMTP server.
    var mailbox: Mailbox { Mailbox(folder: dataDirectory + "/mail") }
}

/// aiosmtpd (tests/mail/smtp_server.py) on a free port, writing what it accepts into `mailbox`.
final class SMTPTestServer {
    let port: Int
    let mailbox: Mailbox
    private let child: Command.Child

    /// `tls` names a certificate and key: STARTTLS offered, and AUTH only after it.
    init(port: Int = 0, auth: String? = nil, tls: (cert: String, key: String)? = nil, reject: String? = nil,
         folder: String = NSTemporaryDirectory() + "yaruki-smtp-\(UUID().uuidString)") throws {
        var arguments = ["/usr/bin/env", "python3", repositoryRoot + "/tests/mail/smtp_server.py", folder]
        if port > 0 { arguments += ["--port", String(port)] }
        if let auth { arguments += ["--auth", auth] }
        if let tls { arguments += ["--tls", tls.cert, tls.key] }
        if let reject { arguments += ["--reject", reject] }
        child = try Command.spawn(arguments, captureOutput: true)
        let line = child.readOutput(until: "\n", timeout: 20)
        guard let number = line.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
              line.hasPrefix("ready") else {
            child.signal(SIGKILL)
            child.wait()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the SMTP server did not start (is aiosmtpd installed?): \(line)"])
        }
        self.port = number
        mailbox = Mailbox(folder: folder)
    }

    private var stopped = false

    func stop() {
        guard !stopped else { return }
        stopped = true
        child.signal(SIGTERM)
        if child.wait(timeout: 10) == nil {
            child.signal(SIGKILL)
            child.wait()
        }
    }

    deinit { stop() }

    /// A self-signed certificate for 127.0.0.1 and localhost, made with the openssl command.
    static func certificate() throws -> (cert: String, key: String) {
        let folder = NSTemporaryDirectory() + "yaruki-tls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (cert, key) = (folder + "/cert.pem", folder + "/key.pem")
        let made = try Command.run(["/usr/bin/openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-days", "1",
                                    "-keyout", key, "-out", cert])
        try #require(made.status == 0)
        return (cert, key)
    }
}
