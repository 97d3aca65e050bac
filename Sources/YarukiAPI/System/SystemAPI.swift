import Foundation
import YarukiCore

/// `GET /healthz`.
public struct Health: APIModel, Equatable {
    public var status: String
    public var database: String

    public init(status: String, database: String) {
        self.status = status
        self.database = database
    }

    public static let example = Health(status: "ok", database: "sqlite")
}

/// `GET /v1/meta`: what a client needs to know of the server before it signs in.
public struct ServerMeta: APIModel, Equatable {
    public var name: String
    public var version: String
    public var languages: [String]
    public var database: String
    /// Told to clients so they can refuse a too-large file before sending it.
    public var maxUploadBytes: Int
    public var maxPhotoBytes: Int
    public var maxHealthImportBytes: Int
    /// Sign in with Apple or Google in the browser: the providers the operator set up for it.
    public var webSignIn: [IdentityProviderName]
    /// How class seats are paid for: portone, sandbox (a test checkout) or off (seats cannot be bought here).
    public var payments: String

    public init(name: String, version: String, languages: [String], database: String, maxUploadBytes: Int, maxPhotoBytes: Int,
                maxHealthImportBytes: Int, webSignIn: [IdentityProviderName] = [], payments: String = "off") {
        self.name = name
        self.version = version
        self.languages = languages
        self.database = database
        self.maxUploadBytes = maxUploadBytes
        self.maxPhotoBytes = maxPhotoBytes
        self.maxHealthImportBytes = maxHealthImportBytes
        self.webSignIn = webSignIn
        self.payments = payments
    }

    public static let example = ServerMeta(name: "Yaruki", version: YarukiVersion.current, languages: ["en", "ja", "ko"], database: "sqlite",
                                           maxUploadBytes: 524_288_000, maxPhotoBytes: 26_214_400,
                                           maxHealthImportBytes: 4_294_967_296, webSignIn: [.apple, .google], payments: "portone")
}
