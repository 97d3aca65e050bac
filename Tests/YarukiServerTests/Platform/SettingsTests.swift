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

    @Test(arguments: [
        (["--port", "http"], [String: String](), "--port", "whole number"),
        ([], ["YARUKI_PORT": "70000"], "YARUKI_PORT (--port)", "0 to 65535"),
        (["--loops", "0"], [:], "--loops", "1 to 64"),
        (["--db", "mysql://x"], [:], "--db", "sqlite: or postgres://"),
        (["--db", "sqlite:"], [:], "--db", "needs a file path"),
        (["--web-dir", "/nonexistent"], [:], "--web-dir", "no index.html"),
        (["--access-log", "maybe"], [:], "--access-log", "on or off"),
        (["--colour", "red"], [:], "--colour", "unknown option"),
        (["--port"], [:], "--port", "needs a value"),
        (["--data-dir", "/proc/version"], [:], "--data-dir", "is a file"),
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
