import Foundation
import YarukiAPI
import Testing
import YarukiHTTP
@testable import YarukiServer

@Suite struct SettingsTests {
    let dataDir = NSTemporaryDirectory() + "yaruki-settings-\(UUID().uuidString)"

    @Test func flagsWinOverEnvironmentAndDefaultsFillTheRest() throws {
        let s = try Settings(arguments: ["--port", "9000", "--data-dir", dataDir],
                             environment: ["YARUKI_PORT": "7000", "YARUKI_LOOPS": "3", "YARUKI_ACCESS_LOG": "off"])
        #expect(s.http.port == 9000)
        #expect(s.http.loops == 3)
        #expect(s.databaseURL == "sqlite:\(dataDir)/yaruki.sqlite")
        if case .none = s.http.accessLog {} else { Issue.record("access log should be off") }
        let inline = try Settings(arguments: ["--port=0", "--db=postgres://u@h/db", "--data-dir=\(dataDir)"], environment: [:])
        #expect(inline.http.port == 0)
        #expect(inline.databaseURL == "postgres://u@h/db")
    }

    @Test func mailSettingsAreReadAndThePasswordIsNeverShown() throws {
        let s = try Settings(arguments: ["--data-dir", dataDir, "--smtp-url", "smtps://mailer%40gym:p%40ss%20word@smtp.example:465",
                                         "--mail-from", "Yaruki Gym <gym@yaruki.example>", "--public-url", "https://yaruki.example/"],
                             environment: [:])
        #expect(s.smtp?.url == "smtps://smtp.example:465")
        #expect(s.smtp?.user == "mailer@gym" && s.smtp?.password == "p@ss word")
        #expect(s.mailFrom == MailAddress("Yaruki Gym <gym@yaruki.example>") && s.mailFrom?.name == "Yaruki Gym")
        #expect(s.publicURL == "https://yaruki.example")
        let defaults = try Settings(arguments: ["--data-dir", dataDir], environment: [:])
        #expect(defaults.smtp == nil && defaults.mailFrom?.address == "no-reply@localhost" && defaults.publicURL == nil)
        #expect(defaults.trustedProxies == AddressRange.loopback && defaults.http.maxConnectionsPerAddress == 256)
        do {
            _ = try Settings(arguments: ["--data-dir", dataDir, "--smtp-url", "ftp://user:topsecret@host"], environment: [:])
        } catch let error as SettingError {
            #expect(!error.description.contains("topsecret"))
        }
    }

    /// Payments are off until the operator chooses; the demo and tests choose the sandbox.
    @Test func paymentsAreOffUnlessChosen() throws {
        #expect(try Settings(arguments: ["--data-dir", dataDir], environment: [:]).payments == .off)
        #expect(try Settings(arguments: ["--data-dir", dataDir, "--payments", "sandbox"], environment: [:]).payments == .sandbox)
        let portone = try Settings(arguments: ["--data-dir", dataDir], environment: [
            "YARUKI_PAYMENTS": "portone", "YARUKI_PORTONE_API_SECRET": "secret", "YARUKI_PORTONE_STORE_ID": "store-1",
            "YARUKI_PORTONE_CHANNEL_KEY": "channel-key-card", "YARUKI_PORTONE_WEBHOOK_SECRET": "whsec_" + Data("x".utf8).base64EncodedString(),
            "YARUKI_PORTONE_NAVERPAY_CHANNEL_KEY": "channel-key-naver",
        ])
        guard case let .portone(p) = portone.payments else { Issue.record("portone expected"); return }
        #expect(p.channelKey == "channel-key-card" && p.easyPay.map(\.method) == ["naverpay"] && p.easyPay.map(\.channelKey) == ["channel-key-naver"])
    }

    /// `--help` prints every option and variable name whole, however long.
    @Test func helpNamesEveryOptionWhole() {
        let help = Settings.help
        for entry in Settings.flags {
            #expect(help.contains(" \(entry.flag) "), "\(entry.flag)")
            #expect(help.contains(" \(entry.env) "), "\(entry.env)")
        }
        #expect(help.contains("--max-connections-per-address  ") && help.contains("--max-health-import "))
    }

    @Test func addressRangesMatchTheirBlocks() {
        let v4 = AddressRange("10.0.0.0/8")!
        #expect(v4.contains("10.200.3.4") && v4.contains("::ffff:10.1.1.1") && !v4.contains("11.0.0.1") && !v4.contains("fd00::1"))
        let v6 = AddressRange("fd00::/8")!
        #expect(v6.contains("fd12:3456::1") && !v6.contains("fe80::1") && !v6.contains("10.0.0.1"))
        #expect(AddressRange("192.168.1.7")!.contains("192.168.1.7") && !AddressRange("192.168.1.7")!.contains("192.168.1.8"))
        #expect(AddressRange("0.0.0.0/0")!.contains("8.8.8.8"))
        #expect(AddressRange("10.0.0.0/33") == nil && AddressRange("nope") == nil && AddressRange("10.0.0.0/x") == nil)
        let proxies = AddressRange.loopback
        #expect(AddressRange.client(peer: "127.0.0.1", forwardedFor: "203.0.113.9", trusted: proxies) == "203.0.113.9")
        #expect(AddressRange.client(peer: "127.0.0.1", forwardedFor: "198.51.100.1, 203.0.113.9, 127.0.0.1", trusted: proxies) == "203.0.113.9",
                "the right-most address that is not a trusted proxy: the left is what the client wrote")
        #expect(AddressRange.client(peer: "198.51.100.2", forwardedFor: "203.0.113.9", trusted: proxies) == "198.51.100.2")
        #expect(AddressRange.client(peer: "127.0.0.1", forwardedFor: "garbage", trusted: proxies) == "127.0.0.1")
        #expect(AddressRange.client(peer: "127.0.0.1", forwardedFor: nil, trusted: proxies) == "127.0.0.1")
    }

    @Test(arguments: [
        (["--port", "http"], [String: String](), "--port", "whole number"),
        ([], ["YARUKI_PORT": "70000"], "YARUKI_PORT (--port)", "0 to 65535"),
        (["--loops", "0"], [:], "--loops", "1 to 64"),
        (["--db", "mysql://x"], [:], "--db", "sqlite: or postgres://"),
        (["--db", "sqlite:"], [:], "--db", "needs a file path"),
        (["--web-dir", "/nonexistent"], [:], "--web-dir", "no index.html"),
        (["--access-log", "maybe"], [:], "--access-log", "on, off, json or text"),
        (["--colour", "red"], [:], "--colour", "unknown option"),
        (["--port"], [:], "--port", "needs a value"),
        (["--data-dir", "/proc/version"], [:], "--data-dir", "is a file"),
        (["--smtp-url", "http://mail.example"], [:], "--smtp-url", "smtp://host:port"),
        (["--smtp-url", "smtp://u:secret@"], [:], "--smtp-url", "smtp://host:port"),
        ([], ["YARUKI_MAIL_FROM": "not an address"], "YARUKI_MAIL_FROM (--mail-from)", "not an address"),
        (["--smtp-ca-file", "/nonexistent.pem"], [:], "--smtp-ca-file", "not a readable file"),
        (["--public-url", "yaruki.example"], [:], "--public-url", "http(s) URL"),
        (["--trusted-proxies", "10.0.0.0/33"], [:], "--trusted-proxies", "CIDR block"),
        (["--metrics-allow", "everyone"], [:], "--metrics-allow", "CIDR block"),
        (["--metrics-token", "short"], [:], "--metrics-token", "16 or more"),
        (["--max-connections-per-address", "-1"], [:], "--max-connections-per-address", "whole number"),
        (["--signups-per-hour", "0"], [:], "--signups-per-hour", "1 to"),
        (["--payments", "paypal"], [:], "--payments", "portone, sandbox or off"),
        (["--portone-store-id", "store-1"], [:], "--portone-store-id", "--payments portone, which is not set"),
        (["--payments", "portone", "--portone-api-secret", "s", "--portone-store-id", "store-1", "--portone-channel-key", "channel-key-1",
          "--portone-webhook-secret", "whsec_" + Data("x".utf8).base64EncodedString(), "--portone-kakaopay-channel-key", "two words"],
         [:], "--portone-kakaopay-channel-key", "channel key"),
    ] as [([String], [String: String], String, String)])
    func badSettingsSayWhichAndWhy(arguments: [String], environment: [String: String], setting: String, reason: String) {
        let args = arguments.contains("--data-dir") ? arguments : arguments + ["--data-dir", dataDir]
        #expect {
            _ = try Settings(arguments: args, environment: environment)
        } throws: { error in
            guard let error = error as? SettingError else { return false }
            return error.setting == setting && error.reason.contains(reason) && !error.description.contains("\n")
        }
    }
}
