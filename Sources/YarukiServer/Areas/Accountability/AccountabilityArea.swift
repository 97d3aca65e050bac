import Foundation
import YarukiStore

/// Accountability: proofs (self-recorded videos), groups with their weekly quota and standings,
/// cheers, group challenges, the crew's feed, and the calendar. Provides `ProofLog` and `GroupActivity`; reads
/// workouts through `WorkoutLog` and steps through `StepLog`.
struct AccountabilityArea: Area {
    static let demo = [DemoSeed.Step(name: "demo group and proofs") { context in try await AccountabilityDemo.seed(context) }]
    static let notificationKinds = [QuotaReminders.kind, ChallengeService.done] + CheerNotices.all

    let proofs: ProofService
    let groups: GroupService
    let routes: [any RouteCollection]
    let personalData: [any PersonalData]
    let jobs: [JobRunner.Kind]
    let reminders: QuotaReminders

    init(_ platform: AreaPlatform) throws {
        let context = platform.context
        let workouts = try platform.interfaces.need((any WorkoutLog).self)
        let crew = CrewFeed(context: context)
        let challenges = ChallengeService(context: context, workouts: workouts, steps: platform.interfaces.later((any StepLog).self), inbox: platform.inbox,
                                          crew: crew)
        let activity = GroupActivityHub(challenges: challenges, crew: crew, workouts: workouts)
        platform.interfaces.provide((any GroupActivity).self, activity)
        let events = StandingsEvents(context: context, activity: activity, crew: crew)
        proofs = ProofService(context: context, events: events, workouts: workouts)
        platform.interfaces.provide((any ProofLog).self, proofs)
        groups = GroupService(context: context, events: events)
        let calendar = CalendarService(context: context, proofs: proofs, workouts: workouts)
        routes = [ProofRoutes(proofs: proofs), CalendarRoutes(calendar: calendar),
                  GroupRoutes(groups: groups, standings: StandingsService(context: context)), ChallengeRoutes(challenges: challenges),
                  CheerRoutes(cheers: CheerService(context: context, inbox: platform.inbox, crew: crew)), CrewRoutes(crew: crew)]
        personalData = [AccountabilityData(proofs: proofs)]
        let reminders = QuotaReminders(context: context, inbox: platform.inbox)
        self.reminders = reminders
        jobs = [.recurring(QuotaReminders.jobName, every: 60) { try await reminders.sweep(at: context.now) }]
    }
}
