import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Request bodies parsed into checked values at the edge: a 400 names every field that is wrong.
enum AccountForms {
    static func signUp(_ body: SignUpBody) throws -> AccountService.SignUp {
        var check = FieldCheck()
        let email = check.attempt { () throws(FieldRuleError) in try EmailAddress(body.email) }
        let name = check.attempt { () throws(FieldRuleError) in try DisplayName(body.displayName) }
        check.attempt { () throws(FieldRuleError) in try PasswordRule.check(body.password) }
        let zone = check.attempt { () throws(FieldRuleError) in try TimeZoneName(body.timeZone ?? "UTC") }
        let locale = body.locale == nil ? AppLanguage.en : check.attempt(body.locale) { (tag) throws(FieldRuleError) in try AppLanguage.parse(tag) }
        check.device(body.device)
        try check.done()
        guard let email, let name, let zone, let locale else { throw Refusal.bug() }
        return AccountService.SignUp(email: email, password: body.password, displayName: name, timeZone: zone, locale: locale,
                                     weekStart: body.weekStart ?? .monday)
    }

    static func identity(_ body: IdentityBody, _ request: Request) throws -> AccountService.IdentitySignIn {
        var check = FieldCheck()
        check.token(body.idToken, nonce: body.nonce)
        check.device(body.device)
        let locale = check.attempt(body.locale) { (tag) throws(FieldRuleError) in try AppLanguage.parse(tag) }
        let name = check.attempt(body.displayName) { (v) throws(FieldRuleError) in try DisplayName(v) }
        let zone = check.attempt(body.timeZone) { (v) throws(FieldRuleError) in try TimeZoneName(v) }
        try check.done()
        return AccountService.IdentitySignIn(provider: body.provider.rawValue, idToken: body.idToken, nonce: body.nonce, displayName: name,
                                             timeZone: zone, locale: locale, device: device(body.device, request))
    }

    struct WebFinish {
        var timeZone: TimeZoneName?
        var locale: AppLanguage?
        var device: String
    }

    static func webFinish(_ body: WebSignInFinishBody, _ request: Request) throws -> WebFinish {
        var check = FieldCheck()
        if !(16...128).contains(body.binding.utf8.count) || !body.binding.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            check.fail("binding", "is not the binding the sign-in started with")
        }
        check.device(body.device)
        let locale = check.attempt(body.locale) { (tag) throws(FieldRuleError) in try AppLanguage.parse(tag) }
        let zone = check.attempt(body.timeZone) { (v) throws(FieldRuleError) in try TimeZoneName(v) }
        try check.done()
        return WebFinish(timeZone: zone, locale: locale, device: device(body.device, request))
    }

    static func profileChange(_ body: ProfileBody) throws -> AccountStore.ProfileChange {
        var check = FieldCheck()
        var change = AccountStore.ProfileChange()
        change.displayName = check.attempt(body.displayName) { (v) throws(FieldRuleError) in try DisplayName(v) }
        change.timeZone = check.attempt(body.timeZone) { (v) throws(FieldRuleError) in try TimeZoneName(v).value }
        change.locale = check.attempt(body.locale) { (v) throws(FieldRuleError) in try AppLanguage.parse(v) }
        change.weekStart = body.weekStart
        change.weightUnit = body.weightUnit
        try check.done()
        return change
    }

    /// The device a session is shown as: what the app says (checked by `FieldCheck.device`), else
    /// the browser's User-Agent (cleaned: a header is nobody's field to get wrong).
    static func device(_ named: String?, _ request: Request) -> String {
        let raw = named ?? request.headers["User-Agent"] ?? ""
        let clean = TextRule.trim(String(raw.unicodeScalars.filter { !TextRule.hasControl(String($0)) }))
        return clean.isEmpty ? "Unknown device" : String(clean.unicodeScalars.prefix(100))
    }
}

extension FieldCheck {
    /// A device name an app sends: one line of at most 100 characters.
    mutating func device(_ name: String?) {
        guard let name else { return }
        for error in TextRule.check(name, field: "device", max: 100, required: false) { fail(error.field, error.message) }
    }

    /// An ID token and its nonce: within `JWT.maxLength` and 256 characters.
    mutating func token(_ idToken: String, nonce: String?) {
        if idToken.unicodeScalars.count > JWT.maxLength { fail("idToken", "is longer than \(JWT.maxLength) characters") }
        if let nonce, nonce.unicodeScalars.count > 256 { fail("nonce", "is longer than 256 characters") }
    }
}
