import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// A person's proofs (and their videos), their place in groups, their quota and their calendar
/// feed, for their account's deletion and export.
struct AccountabilityData: PersonalData {
    let proofs: ProofService
    var area: String { "accountability" }
    var context: AppContext { proofs.context }

    /// Leaving a group as its owner passes it on; the last one out ends it (as leaving would).
    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        var removed = Removed()
        let (count, media) = try ProofStore.deleteAll(user: user, c)
        removed.counts["proofs"] = count
        removed.files = Set(media.compactMap { row in MediaFiles.Kind(rawValue: row.kind).map { StoredFile.media(sha256: row.sha256, kind: $0) } })
        var groups = 0
        for group in try GroupStore.groups(of: user, c) {
            guard let rest = try GroupStore.leave(group.id, user: user, c) else { continue }
            groups += 1
            let events = proofs.events
            removed.afterwards.append { events.left(user, group: group.id, notifying: rest) }
        }
        removed.counts["groups"] = groups
        removed.counts["quotaChanges"] = try GroupStore.deletePersonal(user, c)
        removed.counts["quotaBreaks"] = try PauseStore.deletePersonal(user, c)
        removed.counts["challengesJoined"] = try ChallengeStore.deletePersonal(user, c)
        try CalendarFeedStore.revoke(user: user, c)
        return removed
    }

    /// A streak is counted in the person's own weeks: a new week start or time zone makes it stale.
    func calendarChanged(user: UUID, _ c: SQLConnection) throws {
        try GroupStore.forgetStreak(user, c)
    }

    /// When the person first joined a group (their first week owed a prorated quota), and their breaks.
    struct QuotaBreaks: Encodable {
        var firstJoinedAt: Date?
        var breaks: [QuotaPause]
    }

    struct Membership: Encodable {
        var id: UUID
        var name: String
        var owner: Bool
        var joinedAt: Date?
    }

    func export(user: UUID, into folder: ExportFolder) async throws {
        let (groups, history, feed, pauses, started) = try await context.database.read { c in
            (try GroupStore.groups(of: user, c).map { g in
                Membership(id: g.id, name: g.name, owner: g.ownerID == user, joinedAt: try GroupStore.members(g.id, c).first { $0.account.id == user }?.joinedAt)
            }, try GroupStore.quotaHistory(user, c), try CalendarFeedStore.feed(user: user, c), try PauseStore.pauses(of: user, c),
             try PauseStore.started(user, c))
        }
        try folder.write("groups.json", groups)
        try folder.write("quota-history.json", history)
        try folder.write("quota-breaks.json", QuotaBreaks(firstJoinedAt: started, breaks: pauses))
        try folder.write("calendar-feed.json", CalendarFeedState(active: feed != nil, createdAt: feed?.createdAt, lastReadAt: feed?.lastReadAt))
        let (database, media) = (context.database, context.media)
        try await folder.writeArray("proofs.json", of: ProofInfo.self) { emit in
            var cursor: (Date, UUID)?
            while true {
                let page = try await database.read { c in try ProofStore.page(user: user, after: cursor, limit: 500, c) }
                for (proof, row) in page {
                    guard let kind = MediaFiles.Kind(rawValue: row.kind) else { continue }
                    let name = "videos/\(proof.id.lowercasedString).\(kind.rawValue)"
                    folder.addFile(name, from: media.path(row.sha256, kind))
                    var info = proofs.info(proof, row)
                    (info.videoURL, info.thumbnailURL) = (name, nil)
                    try emit(info)
                }
                guard page.count == 500, let last = page.last else { return }
                cursor = (last.0.recordedAt, last.0.id)
            }
        }
    }
}
