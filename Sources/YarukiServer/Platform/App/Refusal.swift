import Foundation
import YarukiJSON

/// A service's "no", in its own terms: what kind of no it is, the sentence a person reads, and
/// the fields at fault. Services and the platform under the routes throw it; `ErrorMapping`
/// alone turns it into a problem with an HTTP status, so HTTP is spoken only where requests arrive.
struct Refusal: Error, Sendable, CustomStringConvertible {
    enum Reason: Sendable, Equatable {
        /// The request is malformed: a field that cannot be read, a word it does not know.
        case malformed
        /// Not signed in, or what was sent does not prove who it is.
        case unauthenticated
        /// Known, but not allowed to do this.
        case forbidden
        /// No such thing, or someone else's (which must look the same).
        case notFound
        /// The thing's state does not allow it now: full, started, taken, already done.
        case conflict
        /// Gone for good: an expired link, a token the server forgot.
        case gone
        /// Changed elsewhere since the version the caller holds.
        case stale
        /// Larger than allowed, or than the room left.
        case tooLarge
        /// Not a kind of file this takes.
        case unsupportedMedia
        /// Each field is fine, but they do not fit together.
        case unprocessable
        /// Too often: ask again after `retryAfter` seconds.
        case tooMany
        /// A state that should never happen.
        case bug
        /// A service this server depends on answered with nonsense.
        case badUpstream
        /// Busy, shutting down, or a service it depends on cannot be reached.
        case unavailable
        /// The server could not write what it had to keep.
        case cannotStore
    }

    /// A field at fault and what is wrong with it (`"must be one of …"`).
    struct Field: Sendable, Equatable {
        var field: String
        var message: String
    }

    var reason: Reason
    var detail: String
    /// Names this refusal among others of its reason where clients tell them apart (`class-full`).
    var code: String?
    var fields: [Field]?
    /// Seconds to wait before asking again.
    var retryAfter: Int?
    /// Asks the client for a bearer token (a `WWW-Authenticate` challenge).
    var challenge = false
    /// Members the problem carries beside the standard ones (a stale record's current version).
    var extensions: [String: any Encodable & JSONWritable & Sendable] = [:]

    init(_ reason: Reason, code: String? = nil, _ detail: String, fields: [Field]? = nil, retryAfter: Int? = nil) {
        self.reason = reason
        self.detail = detail
        self.code = code
        self.fields = fields
        self.retryAfter = retryAfter
    }

    static func malformed(_ detail: String, fields: [Field]? = nil) -> Refusal { Refusal(.malformed, detail, fields: fields) }
    static func notFound(_ detail: String = "Nothing is here.") -> Refusal { Refusal(.notFound, detail) }
    static func conflict(_ detail: String) -> Refusal { Refusal(.conflict, detail) }
    /// Fields that each read well but say something that cannot be.
    static func validation(_ fields: [Field], detail: String = "Some fields are not valid.") -> Refusal {
        Refusal(.unprocessable, code: "validation", detail, fields: fields)
    }
    /// Sign in (again): asks for a bearer token.
    static func unauthenticated(_ detail: String = "Sign in to continue.") -> Refusal {
        var refusal = Refusal(.unauthenticated, detail)
        refusal.challenge = true
        return refusal
    }
    /// The sentence, as the command line prints it.
    var description: String { detail }

    /// Whether the request is at fault (asking again unchanged will not help), rather than the server.
    var isTheRequests: Bool {
        switch reason {
        case .bug, .badUpstream, .unavailable, .cannotStore: false
        default: true
        }
    }

    static func bug() -> Refusal { Refusal(.bug, "Something went wrong on our side. It has been logged.") }
}
