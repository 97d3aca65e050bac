import Foundation
import YarukiAPI

enum JWTError: Error, Equatable {
    case malformed(String)
    /// `none`, the HMAC family, or anything not on the caller's list.
    case algorithmNotAllowed(String)
    case unknownKey(String?)
    case badSignature
    case expired
    case notYetValid
    case claim(String)
}

/// A compact JWS (RFC 7515 §7.1) with a JSON claims set, parsed but not yet trusted.
struct JWT {
    struct Header {
        var alg: String
        var kid: String?
        var typ: String?
    }

    let header: Header
    let claims: [String: Any]
    let signingInput: Data
    let signature: Data

    static let maxLength = 16 * 1024

    static func parse(_ token: String) throws(JWTError) -> JWT {
        guard token.utf8.count <= maxLength else { throw .malformed("the token is too long") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("a JWT has three dot-separated parts") }
        guard let headerData = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]) else { throw .malformed("a part is not base64url") }
        guard let headerObject = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
              let alg = headerObject["alg"] as? String else { throw .malformed("the header is not a JSON object with alg") }
        // Critical extensions this code does not understand make the token unusable (RFC 7515 §4.1.11).
        if headerObject["crit"] != nil { throw .malformed("the header has critical extensions") }
        guard let claims = try? JSONSerialization.jsonObject(with: payload) as? [String: Any] else {
            throw .malformed("the payload is not a JSON object")
        }
        return JWT(header: Header(alg: alg, kid: headerObject["kid"] as? String, typ: headerObject["typ"] as? String),
                   claims: claims, signingInput: Data(parts[0].utf8) + Data(".".utf8) + Data(parts[1].utf8), signature: signature)
    }

    /// Checks the signature with the key the header names, among `keys`, for an allowed algorithm.
    func verify(allowed: Set<JWSAlgorithm>, key lookup: (String?) -> EVPKey?) throws(JWTError) {
        guard let algorithm = JWSAlgorithm(rawValue: header.alg), allowed.contains(algorithm) else {
            throw .algorithmNotAllowed(header.alg)
        }
        guard let key = lookup(header.kid) else { throw .unknownKey(header.kid) }
        // The key decides the algorithm too: an RSA key never checks an ES256 token or the reverse.
        guard key.algorithm == algorithm, key.verify(signingInput, signature: signature) else { throw .badSignature }
    }

    /// `exp` and `nbf`/`iat` against `now`, with `leeway` seconds for clocks that disagree.
    func checkTimes(now: Date, leeway: TimeInterval, requireIssuedAt: Bool = true) throws(JWTError) {
        guard let exp = number("exp") else { throw .claim("exp is missing") }
        if now.timeIntervalSince1970 > exp + leeway { throw .expired }
        if let nbf = number("nbf"), now.timeIntervalSince1970 + leeway < nbf { throw .notYetValid }
        if let iat = number("iat") {
            if now.timeIntervalSince1970 + leeway < iat { throw .notYetValid }
        } else if requireIssuedAt {
            throw .claim("iat is missing")
        }
    }

    func string(_ name: String) -> String? { claims[name] as? String }

    func number(_ name: String) -> Double? {
        // A boolean here would read as 0 or 1: an expired or malformed token either way.
        (claims[name] as? NSNumber)?.doubleValue
    }

    /// `aud` as a list, whether the token holds one string or an array.
    var audiences: [String] {
        if let one = claims["aud"] as? String { return [one] }
        return claims["aud"] as? [String] ?? []
    }

    /// A compact ES256 JWS of `claims` (the key named by `kid` when the reader picks among several).
    static func sign(claims: [String: Any], kid: String?, typ: String, key: EVPKey) throws -> String {
        var fields = ["alg": "ES256", "typ": typ]
        fields["kid"] = kid
        let header = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        let payload = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys, .withoutEscapingSlashes])
        let input = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        let signature = try key.signES256(Data(input.utf8))
        return input + "." + Base64URL.encode(signature)
    }
}
