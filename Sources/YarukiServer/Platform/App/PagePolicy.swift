import Foundation
import YarukiHTTP

/// The Content-Security-Policy the browser app is served with: scripts, styles, fonts and data
/// from this server only (no inline script or style anywhere), pictures also from the map tiles
/// named by `--tiles`, and no framing by other sites — except a wall screen's page, which a board
/// may let named sites frame (a gym's own dashboard). With PortOne as the payment provider, its
/// browser script (cdn.portone.io), its API and the card companies' checkout frames it opens are
/// allowed too; the sandbox needs nothing from elsewhere. Video and audio may also come over https
/// from elsewhere: a coach may link an exercise's follow-along video on another site (media
/// elements run no script).
enum PagePolicy {
    static func contentSecurity(tileURL: String?, frameAncestors: [String] = [], portone: Bool = false) -> String {
        var images = ["'self'", "data:", "blob:"]
        if let origin = tileURL.flatMap(tileOrigin) { images.append(origin) }
        let framing = frameAncestors.isEmpty ? "'none'" : frameAncestors.joined(separator: " ")
        let scripts = portone ? "script-src 'self' https://cdn.portone.io" : "script-src 'self'"
        let connect = portone ? "connect-src 'self' https://*.portone.io" : "connect-src 'self'"
        let frames = portone ? ["frame-src https:"] : []
        return (["default-src 'self'", scripts, "style-src 'self'", "img-src \(images.joined(separator: " "))",
                "media-src 'self' blob: https:", connect, "font-src 'self'", "worker-src 'self'", "manifest-src 'self'",
                "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors \(framing)"] + frames).joined(separator: "; ")
    }

    /// The origin a tile template loads from: `https://{s}.tile.example/{z}/{x}/{y}.png` → `https://*.tile.example`.
    static func tileOrigin(_ template: String) -> String? {
        guard let schemeEnd = template.range(of: "://") else { return nil }
        let rest = template[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" }
        guard !host.isEmpty else { return nil }
        let wildcard = host.replacingOccurrences(of: #"\{[a-z]+\}"#, with: "*", options: .regularExpression)
        return template[..<schemeEnd.upperBound] + wildcard
    }

    /// Headers on every response: no MIME sniffing, no full URLs leaked to other sites, the
    /// policy above, and (for browsers that know no frame-ancestors) no framing.
    static func responseHeaders(tileURL: String?, portone: Bool = false) -> HTTPHeaders {
        HTTPHeaders([("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
                     ("Content-Security-Policy", contentSecurity(tileURL: tileURL, portone: portone)), ("X-Frame-Options", "DENY")])
    }
}
