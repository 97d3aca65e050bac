import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// Blocking: once either of two people blocks the other, neither sees the other's posts or
/// comments anywhere (the feed queries leave them out). Reporting: a post or comment reported by
/// `reportThreshold` different people is hidden until an admin restores or deletes it; an admin's
/// deletion is the same deletion its author's would be (`PostService`).
struct SafetyService: Sendable {
    let posts: PostService
    let suspension: any AccountSuspension
    var context: AppContext { posts.context }
    var database: Database { context.database }

    func blocked(by me: Principal) async throws -> [BlockedPerson] {
        try await database.read { c in try SafetyStore.blocked(by: me.userID, c) }.map { BlockedPerson(id: $0.id, displayName: $0.displayName, since: $0.since) }
    }

    func block(_ user: UUID, by me: Principal) async throws {
        guard user != me.userID else { throw Refusal(.unprocessable, "You cannot block yourself.") }
        let now = context.now
        try await context.transaction(changing: PostService.tags) { c in
            guard try AccountStore.account(id: user, c) != nil else { throw Refusal.notFound("No such person.") }
            try SafetyStore.block(user, by: me.userID, at: now, c)
        }
    }

    func unblock(_ user: UUID, by me: Principal) async throws {
        _ = try await context.transaction(changing: PostService.tags) { c in try SafetyStore.unblock(user, by: me.userID, c) }
    }

    /// Whether the target is hidden now.
    func report(_ body: ReportBody, by me: Principal) async throws -> Bool {
        var check = FieldCheck()
        let kind = ReportStore.Kind(rawValue: body.kind)
        if kind == nil { check.fail("kind", "must be post or comment") }
        check.note(TextRule.check(body.reason ?? "", field: "reason", max: 500, required: false, paragraph: true))
        let reason = PostDraft.normalize(body.reason ?? "")
        try check.done()
        guard let kind else { throw Refusal.bug() }
        let (now, threshold) = (context.now, context.settings.reportThreshold)
        return try await context.transaction(changing: PostService.tags) { c -> Bool in
            guard let author = try ReportStore.author(of: kind, body.id, viewer: me.userID, c) else { throw Refusal.notFound("No such \(kind.rawValue).") }
            guard author != me.userID else { throw Refusal(.unprocessable, "You cannot report your own \(kind.rawValue).") }
            return try ReportStore.report(kind, body.id, by: me.userID, reason: reason, threshold: threshold, at: now, c)
        }
    }

    func reports() async throws -> [ReportedItem] {
        try await database.read { c in try ReportStore.pending(c) }.map {
            ReportedItem(kind: $0.kind.rawValue, id: $0.id, author: Person(id: $0.authorID, displayName: $0.authorName), body: $0.body,
                         hidden: $0.hidden, reports: $0.reports, reasons: $0.reasons, lastReportedAt: $0.lastReportedAt, authorBanned: $0.authorBanned)
        }
    }

    /// An admin decides on a reported post or comment: restores it (its reports cleared), hides
    /// it now, deletes it (the same deletion its author's would be), warns its author in their
    /// inbox, or bans its author (every session ended, signing in refused) and deletes it.
    func decide(_ decision: String, _ kind: ReportStore.Kind, _ id: UUID, by admin: Principal) async throws {
        guard DecisionBody.decisions.contains(decision) else {
            throw Refusal.malformed("Decide \(DecisionBody.decisions.joined(separator: ", ")).",
                                    fields: [.init(field: "decision", message: "must be one of \(DecisionBody.decisions.joined(separator: ", "))")])
        }
        let now = context.now
        switch decision {
        case "restore", "hide":
            guard try await context.transaction(changing: PostService.tags, { c in
                decision == "restore" ? try ReportStore.restore(kind, id, c) : try ReportStore.hide(kind, id, c)
            }) else { throw Refusal.notFound("No such \(kind.rawValue).") }
        case "warn":
            let notice = try await database.transaction { [posts] c -> Notice? in
                guard let target = try ReportStore.target(kind, id, c) else { throw Refusal.notFound("No such \(kind.rawValue).") }
                return try posts.inbox.add(CommunityNotices.warning, to: target.author, subject: target.post, at: now, c)
            }
            posts.inbox.deliver([notice])
        case "ban":
            guard let target = try await database.read({ c in try ReportStore.target(kind, id, c) }) else { throw Refusal.notFound("No such \(kind.rawValue).") }
            try await suspension.suspend(target.author, by: admin)
            try await delete(kind, id, admin)
        default:
            try await delete(kind, id, admin)
        }
    }

    private func delete(_ kind: ReportStore.Kind, _ id: UUID, _ admin: Principal) async throws {
        switch kind {
        case .post: try await posts.delete(id, admin)
        case .comment: try await posts.deleteComment(id, admin)
        }
    }
}
