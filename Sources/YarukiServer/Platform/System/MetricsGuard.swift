import Foundation
import YarukiHTTP

/// Who may read `/metrics`, decided by the real client: the peer, or behind a trusted proxy the
/// address it forwards for (nodes listen on loopback behind nginx, so where the socket comes
/// from says nothing). A scraper shows `--metrics-token` as a bearer token, or comes from an
/// address in `--metrics-allow`; with neither set, only this machine may.
struct MetricsGuard: Sendable {
    let token: String?
    let allow: [AddressRange]

    init(settings: Settings) {
        token = settings.metricsToken
        allow = settings.metricsAllow
    }

    func check(_ request: Request, client: String) throws {
        if let token, let given = request.headers["Authorization"], given.hasPrefix("Bearer "),
           Crypto.constantTimeEqual(Data(given.dropFirst(7).utf8), Data(token.utf8)) { return }
        let allowed = allow.isEmpty && token == nil ? AddressRange.loopback : allow
        if allowed.contains(where: { $0.contains(client) }) { return }
        if token != nil {
            throw Refusal.unauthenticated("Send the metrics token (--metrics-token) as a bearer token.")
        }
        throw Refusal(.forbidden, allow.isEmpty ? "Metrics are served to this machine only; set --metrics-token or --metrics-allow for a scraper elsewhere."
                      : "Your address is not in --metrics-allow.")
    }
}
