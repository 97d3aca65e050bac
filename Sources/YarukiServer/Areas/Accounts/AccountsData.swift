import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// What the accounts area holds for a person besides the account row itself (which the
/// deletion removes last): sessions and linked sign-ins.
struct AccountsData: PersonalData {
    let context: AppContext
    var area: String { "account" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        let (sessions, identities) = try AccountStore.deleteSignIns(of: user, c)
        let known = try SignInTrustStore.forget(user, c)
        return Removed(counts: ["sessions": sessions, "linkedSignIns": identities, "knownDevicesAndNetworks": known])
    }

    struct LinkedSignIn: Encodable {
        var provider: String
        var email: String?
        var linkedAt: Date
    }

    func export(user: UUID, into folder: ExportFolder) async throws {
        let cutoff = context.now.addingTimeInterval(-RefreshRule().idleLifetime)
        let (account, sessions, identities) = try await context.database.read { c in
            (try AccountStore.account(id: user, c),
             try AccountStore.activeSessions(user: user, usedSince: cutoff, c),
             try AccountStore.identities(of: user, c))
        }
        try folder.write("account.json", account)
        try folder.write("sessions.json", sessions.map {
            SessionInfo(id: $0.id, device: $0.device, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt, current: false)
        })
        try folder.write("linked-sign-ins.json", identities.map { LinkedSignIn(provider: $0.provider, email: $0.email, linkedAt: $0.linkedAt) })
    }
}
