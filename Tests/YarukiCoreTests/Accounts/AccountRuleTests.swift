import Foundation
import Testing
@testable import YarukiCore

@Suite struct AccountRuleTests {
    @Test func emailsCompareCaseInsensitivelyAfterNormalizing() throws {
        let a = try EmailAddress("  Ana@Example.COM ")
        let b = try EmailAddress("ana@example.com")
        #expect(a.value == "Ana@Example.COM" && a.key == b.key)
        // NFC: "é" typed as e + combining accent is the same address as the precomposed one.
        #expect(try EmailAddress("jos\u{0065}\u{0301}@example.com").key == EmailAddress("jos\u{00e9}@example.com").key)
    }

    @Test(arguments: ["", "   ", "plain", "a@b", "a@@b.co", "@b.co", "a@.b.co", "a@b.co.", "a@b..co", "a b@c.co", "a\u{7}b@c.co",
                      "<a@b.co>", String(repeating: "x", count: 65) + "@b.co", "a@" + String(repeating: "b", count: 250) + ".co"])
    func badEmailsAreRefused(raw: String) {
        #expect(throws: FieldRuleError.self) { try EmailAddress(raw) }
    }

    @Test func namesAndPasswordsHaveLimits() throws {
        #expect(try DisplayName("  ピア ").value == "ピア")
        #expect(throws: FieldRuleError(field: "displayName", message: "is required")) { try DisplayName(" ") }
        #expect(throws: FieldRuleError.self) { try DisplayName(String(repeating: "あ", count: 51)) }
        #expect(try DisplayName(String(repeating: "あ", count: 50)).value.count == 50)
        #expect(throws: FieldRuleError.self) { try DisplayName("tab\there") }
        try PasswordRule.check("eight ch")
        #expect(throws: FieldRuleError.self) { try PasswordRule.check("seven c") }
        // Counted in characters (Unicode scalars), as the API document counts them.
        #expect(throws: FieldRuleError.self) { try PasswordRule.check(String(repeating: "p", count: 257)) }
        try PasswordRule.check(String(repeating: "あ", count: 256))
        try PasswordRule.check("e\u{301}e\u{301}e\u{301}e\u{301}")  // four letters, eight scalars
    }

    /// Bidirectional controls would turn the words beside a name around: they are dropped, and a
    /// name of nothing else is no name.
    @Test func namesCarryNoBidirectionalControls() throws {
        #expect(try DisplayName("Mina\u{202E}olleh").value == "Minaolleh")
        #expect(try DisplayName("\u{2067}Jiwoo\u{2069} \u{200F}").value == "Jiwoo")
        #expect(try DisplayName("\u{061C}سارة").value == "سارة", "Arabic letters themselves stay")
        #expect(throws: FieldRuleError.self) { try DisplayName("\u{202E}\u{202D}\u{200E}") }
        #expect(try DisplayName("한국 이름").value == "한국 이름")
    }

    @Test func languagesTimeZonesAndRoles() throws {
        #expect(AppLanguage(tag: "ja-JP") == .ja && AppLanguage(tag: "KO") == .ko && AppLanguage(tag: "fr-FR") == nil)
        #expect(try TimeZoneName("Asia/Tokyo").value == "Asia/Tokyo")
        #expect(throws: FieldRuleError.self) { try TimeZoneName("Mars/Olympus") }
        #expect(Role.member < Role.coach && Role.coach < Role.admin)
    }
}

/// Every state a refresh token can be in, against the rule that decides what presenting it does.
@Suite struct RefreshRuleTests {
    let rule = RefreshRule(grace: 10, idleLifetime: 30 * 24 * 3600)
    let now = Date(timeIntervalSince1970: 1_000_000)

    @Test func anUnspentTokenRotates() {
        #expect(rule.decide(spentAt: nil, sessionRevoked: false, sessionLastUsed: now.addingTimeInterval(-60), now: now) == .rotate)
    }

    @Test func aSpentTokenReplaysOnlyWithinTheGraceWindow() {
        for (age, expected) in [(0.0, RefreshDecision.replayWithinGrace), (9.9, .replayWithinGrace), (10, .replayWithinGrace),
                                (10.1, .reuseDetected), (3600, .reuseDetected), (-5, .replayWithinGrace)] {
            #expect(rule.decide(spentAt: now.addingTimeInterval(-age), sessionRevoked: false, sessionLastUsed: now, now: now) == expected,
                    "spent \(age) s ago")
        }
    }

    @Test func aRevokedOrIdleSessionEndsWhateverTheToken() {
        #expect(rule.decide(spentAt: nil, sessionRevoked: true, sessionLastUsed: now, now: now) == .sessionEnded)
        #expect(rule.decide(spentAt: now, sessionRevoked: true, sessionLastUsed: now, now: now) == .sessionEnded)
        let idle = now.addingTimeInterval(-(30 * 24 * 3600 + 1))
        #expect(rule.decide(spentAt: nil, sessionRevoked: false, sessionLastUsed: idle, now: now) == .sessionEnded)
        let almost = now.addingTimeInterval(-(30 * 24 * 3600 - 1))
        #expect(rule.decide(spentAt: nil, sessionRevoked: false, sessionLastUsed: almost, now: now) == .rotate)
    }
}
