import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiStore

/// The crew's feed: what a group's members did, newest first, a page at a time by keyset. Items
/// are written as things happen (a proof filed, a session finished, a challenge's milestone, a
/// cheer, a break), into the feed of each group the doer is in, in the same transaction as the
/// thing itself; what is withdrawn (a proof or workout deleted, a break called off) leaves every
/// feed with it, and a member who leaves takes theirs along. Each change is told to the group's
/// members as `crew` on their event stream.
///
/// Privacy is decided here, not in the page: a proof is only ever seen by its owner, so only the
/// owner's own feed carries its thumbnail (groupmates read "recorded"); a break shows its weeks,
/// never its reason; records of a person's own exercises stay theirs; nudges are not shown.
struct CrewFeed: Sendable {
    let context: AppContext
    var database: Database { context.database }

    // MARK: writing (inside the caller's transaction; the groups whose feed changed come back)

    static func facts(_ part: some JSONWritable) throws -> String {
        try JSONBytes.text(part)
    }

    static func proofFiled(_ proof: Proof, backdated: Bool, by user: UUID, _ c: SQLConnection) throws -> [UUID] {
        let part = CrewProof(proofId: proof.id, day: proof.recordedDay, backdated: backdated, exerciseId: proof.exerciseId)
        return try CrewStore.add(by: user, .proof, subject: proof.id.uuidString, facts: facts(part), at: proof.uploadedAt, c)
    }

    static func paused(_ pause: QuotaPause, by user: UUID, _ c: SQLConnection) throws -> [UUID] {
        try CrewStore.add(by: user, .pause, subject: pause.id.uuidString, facts: facts(CrewPause(firstWeek: pause.firstWeek, until: pause.until)),
                          at: pause.createdAt, c)
    }

    static func cheered(_ id: UUID, group: UUID, from sender: UUID, to receiver: UUID, at now: Date, _ c: SQLConnection) throws -> [UUID] {
        try CrewStore.add(group: group, by: sender, .cheer, subject: id.uuidString, facts: "{}", target: receiver, at: now, c) ? [group] : []
    }

    /// A challenge's milestone, told once to its group (`proposed` by its proposer; the halfway
    /// and the finish are everyone's).
    static func milestone(_ milestone: ChallengeMilestone, of row: ChallengeStore.ChallengeRow, at now: Date, _ c: SQLConnection) throws -> [UUID] {
        let part = CrewChallenge(challengeId: row.id, metric: row.metric, goal: row.goal, month: row.month, milestone: milestone)
        return try CrewStore.add(group: row.groupID, by: milestone == .proposed ? row.proposedBy : nil, .challenge,
                                 subject: "\(row.id.uuidString).\(milestone.rawValue)", facts: facts(part), at: now, c) ? [row.groupID] : []
    }

    static func withdraw(_ subject: UUID, _ c: SQLConnection) throws -> [UUID] {
        try CrewStore.withdraw(subject.uuidString, c)
    }

    /// A training session finished: its summary, with the records of catalog exercises only.
    func finished(_ workout: Workout, summary: SessionSummary, by user: UUID, workouts: any WorkoutLog) async throws {
        let now = context.now
        let groups = try await database.transaction { c in
            let own = try workouts.ownExerciseIDs(of: user, c)
            let part = CrewSession(workoutId: workout.id, title: workout.notes, durationSeconds: summary.durationSeconds, sets: summary.sets,
                                   volumeKg: summary.volumeKg, records: summary.records.filter { !own.contains($0.exerciseId) })
            return try CrewStore.add(by: user, .session, subject: workout.id.uuidString, facts: CrewFeed.facts(part), at: workout.endedAt ?? now, c)
        }
        await tell(groups)
    }

    /// Tells the members of each group that its feed changed.
    func tell(_ groups: [UUID]) async {
        for group in Set(groups) {
            guard let members = try? await database.read({ c in try GroupStore.memberIDs(group, c) }) else { continue }
            context.events.publish("crew", CrewChange(group: group), to: members)
        }
    }

    // MARK: reading

    /// A page of one of my groups' feed (404 when it is not mine).
    func page(group id: UUID, _ principal: Principal, before cursor: (Date, UUID)?, limit: Int) async throws -> Page<CrewItem> {
        let viewer = principal.userID
        let (entries, proofs) = try await database.read { c in
            _ = try GroupService.memberGroup(id, principal, c)
            let entries = try CrewStore.page(group: id, viewer: viewer, before: cursor, limit: limit + 1, c)
            // My own proofs on the page, for their thumbnails.
            var proofs: [String: (Proof, MediaRow)] = [:]
            for entry in entries where entry.kind == .proof && entry.actor?.id == viewer {
                if let uuid = UUID(strict: entry.subject), let found = try ProofStore.proof(uuid, user: viewer, c) { proofs[entry.subject] = found }
            }
            return (entries, proofs)
        }
        let decoder = JSONDecoder()
        return Paging.page(entries, limit: limit, key: { ($0.at, $0.id) }) { entry in
            var item = CrewItem(id: entry.id, kind: entry.kind, at: entry.at, by: entry.actor.map { Person(id: $0.id, displayName: $0.name) },
                                to: entry.target.map { Person(id: $0.id, displayName: $0.name) })
            let facts = Data(entry.facts.utf8)
            switch entry.kind {
            case .proof:
                item.proof = try? decoder.decode(CrewProof.self, from: facts)
                if let (proof, media) = proofs[entry.subject], media.hasThumbnail {
                    item.proof?.thumbnailUrl = context.links.link("/v1/proofs/\(proof.id.lowercasedString)/thumbnail",
                                                                  lifetime: ProofService.linkLifetime)
                }
            case .session: item.session = try? decoder.decode(CrewSession.self, from: facts)
            case .challenge: item.challenge = try? decoder.decode(CrewChallenge.self, from: facts)
            case .pause: item.pause = try? decoder.decode(CrewPause.self, from: facts)
            case .cheer: break
            }
            return item
        }
    }
}
