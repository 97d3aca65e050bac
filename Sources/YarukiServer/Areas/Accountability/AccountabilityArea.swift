import Foundation
import YarukiStore

/// Accountability: proofs (self-recorded videos), groups with their weekly quota and standings,
/// cheers, and the calendar. Provides `ProofLog`; reads workouts through `WorkoutLog`.
struct AccountabilityArea: Area {
    static let demo = [DemoSeed.Step(name: "demo group and proofs") { context in try await AccountabilityDemo.seed(context) }]
    static let notificationKinds = [QuotaReminders.kind] + CheerNotices.all

    let proofs: ProofService
    let groups: GroupService
    let routes: [any RouteCollection]
    let personalData: [any PersonalData]
    let jobs: [JobRunner.Kind]
    let reminders: QuotaReminders

    init(_ platform: AreaPlatform) throws {
        let context = platform.context
        let events = StandingsEvents(context: context)
        let workouts = try platform.interfaces.need((any WorkoutLog).self)
        proofs = ProofService(context: context, events: events, workouts: workouts)
        platform.interfaces.provide((any ProofLog).self, proofs)
        groups = GroupService(context: context, events: events)
        let calendar = CalendarService(context: context, proofs: proofs, workouts: workouts)
        routes = [ProofRoutes(proofs: proofs), CalendarRoutes(calendar: calendar),
                  GroupRoutes(groups: groups, standings: StandingsService(context: context)),
                  CheerRoutes(cheers: CheerService(context: context, inbox: platform.inbox))]
        personalData = [AccountabilityData(proofs: proofs)]
        let reminders = QuotaReminders(context: context, inbox: platform.inbox)
        self.reminders = reminders
        jobs = [.recurring(QuotaReminders.jobName, every: 60) { try await reminders.sweep(at: context.now) }]
    }
}
