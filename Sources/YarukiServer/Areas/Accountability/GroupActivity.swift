import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// What other areas tell Accountability about what a person did that their groups see: something
/// a challenge may count (a workout saved, health days reported), a training session finished
/// (for the crew's feed), a workout deleted (out of the feeds again). Accountability provides it.
protocol GroupActivity: Sendable {
    /// The person's workouts or health days changed: their challenges are counted again.
    func moved(_ user: UUID)
    /// In the caller's transaction of a write to the person's workouts: whether `moved` will
    /// have anything to count (they are in a challenge around now), sent with the write's own
    /// statements. After the commit, call `moved` only if so.
    func countsLater(_ user: UUID, _ c: SQLConnection) throws -> Later<Bool>
    /// A training session was finished into `workout`: it goes into the person's groups' feeds.
    func finished(_ workout: Workout, summary: SessionSummary, by user: UUID) async
    /// A workout was deleted, in the caller's transaction: it leaves the feeds (the groups come back, for `told`).
    func withdraw(workout: UUID, _ c: SQLConnection) throws -> [UUID]
    /// After the commit: the groups whose feeds changed are told.
    func told(_ groups: [UUID])
}

/// Accountability's side: challenges counted again, the crew's feed written.
struct GroupActivityHub: GroupActivity {
    let challenges: ChallengeService
    let crew: CrewFeed
    let workouts: any WorkoutLog

    func moved(_ user: UUID) { challenges.moved(user) }

    func countsLater(_ user: UUID, _ c: SQLConnection) throws -> Later<Bool> { try challenges.inAnyLater(user, c) }

    func finished(_ workout: Workout, summary: SessionSummary, by user: UUID) async {
        try? await crew.finished(workout, summary: summary, by: user, workouts: workouts)
    }

    func withdraw(workout: UUID, _ c: SQLConnection) throws -> [UUID] { try CrewFeed.withdraw(workout, c) }

    func told(_ groups: [UUID]) {
        guard !groups.isEmpty else { return }
        let crew = crew
        Task { await crew.tell(groups) }
    }
}
