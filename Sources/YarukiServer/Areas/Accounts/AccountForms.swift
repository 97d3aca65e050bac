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
        if let device = body.device, device.count > 100 { check.fail("device", "is longer than 100 characters") }
        try check.done()
        guard let email, let name, let zone, let locale else { throw HTTPError.internal() }
        return AccountService.SignUp(email: email, password: body.password, displayName: name, timeZone: zone, locale: locale,
                                     weekStart: body.weekStart ?? .monday)
    }

    static func identity(_ body: IdentityBody, _ request: Request) throws -> AccountService.IdentitySignIn {
        guard body.idToken.utf8.count <= JWT.maxLength else {
            throw HTTPError.badRequest("The ID token is too long.", errors: [.init(field: "idToken", message: "is too long")])
        }
        guard body.nonce.map({ $0.utf8.count <= 256 }) ?? true else {
            throw HTTPError.badRequest("The nonce is too long.", errors: [.init(field: "nonce", message: "is too long")])
        }
        var check = FieldCheck()
        let locale = check.attempt(body.locale) { (tag) throws(FieldRuleError) in try AppLanguage.parse(tag) }
        let name = check.attempt(body.displayName) { (v) throws(FieldRuleError) in try DisplayName(v) }
        let zone = check.attempt(body.timeZone) { (v) throws(FieldRuleError) in try TimeZoneName(v) }
        try check.done()
        return AccountService.IdentitySignIn(provider: body.provider, idToken: body.idToken, nonce: body.nonce, displayName: name,
                                             timeZone: zone, locale: locale, device: device(body.device, request))
    }

    static func profileChange(_ body: ProfileBody) throws -> AccountStore.ProfileChange {
        var check = FieldCheck()
        var change = AccountStore.ProfileChange()
        change.displayName = check.attempt(body.displayName) { (v) throws(FieldRuleError) in try DisplayName(v) }
        change.timeZone = check.attempt(body.timeZone) { (v) throws(FieldRuleError) in try TimeZoneName(v).value }
        change.locale = check.attempt(body.locale) { (v) throws(FieldRuleError) in try AppLanguage.parse(v) }
        change.weekStart = body.weekStart
        try check.done()
        return change
    }

    /// The device a session is shown as: what the app says, else the browser's User-Agent.
    static func device(_ named: String?, _ request: Request) -> String {
        let raw = named ?? request.headers["User-Agent"] ?? ""
        let clean = String(raw.unicodeScalars.filter { $0.properties.generalCategory != .control }).trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? "Unknown device" : String(clean.prefix(100))
    }
}
